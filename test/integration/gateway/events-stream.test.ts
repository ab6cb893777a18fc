/**
 * GET /events/stream: a bad filter is refused before the stream starts, an open stream does not
 * hold up a SIGTERM drain, and a client that lost the stream resumes with Last-Event-ID.
 */
import t from 'tap';
import { createParser } from 'eventsource-parser';
import { startSvc } from '../../helpers/process.js';
import { until } from '../../helpers/poll.js';

const TOKEN = 'events-stream-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

t.test('a bad filter is a 400 invalid_request, not a silent 200 stream', async (t) => {
  const serve = await startSvc(t, ['serve'], { SVC_ORCH_TOKEN: TOKEN });
  for (const filter of ['Flow*', 'a..b', '>.x']) {
    const res = await fetch(`${serve.url}/events/stream?filter=${encodeURIComponent(filter)}`, {
      headers: auth,
      signal: AbortSignal.timeout(5000),
    });
    t.equal(res.status, 400, filter);
    t.match(res.headers.get('content-type'), /^application\/json/);
    t.match(await res.json(), { error: 'invalid_request', message: /not a valid subject filter/ });
  }
  serve.proc.kill('SIGTERM');
  t.same(await serve.exited(), { code: 0, signal: null });
});

t.test('SIGTERM with an open stream ends the stream and exits 0 promptly', async (t) => {
  const serve = await startSvc(t, ['serve'], { SVC_ORCH_TOKEN: TOKEN, SVC_CLOCK_TICK_MS: '200' });
  const res = await fetch(`${serve.url}/events/stream?filter=ClockMinute`, { headers: auth });
  t.equal(res.status, 200);
  const reader = res.body!.getReader();
  const first = await reader.read();
  t.match(new TextDecoder().decode(first.value), /^: tailing/);
  const began = Date.now();
  serve.proc.kill('SIGTERM');
  let ended: boolean;
  // The stream must end from the server side; reading to the end proves it.
  for (;;) {
    const chunk = await reader.read().catch(() => ({ done: true }));
    if (chunk.done) {
      ended = true;
      break;
    }
  }
  t.ok(ended, 'the server ended the stream');
  t.same(await serve.exited(), { code: 0, signal: null }, 'drained and exited 0');
  t.ok(Date.now() - began < 10_000, `exited well inside the 30 s drain limit (${Date.now() - began} ms)`);
  t.notOk(serve.lines.some((l) => l.includes('drain took longer')));
});

t.test("a seat's token cannot read the feed: every run's events are the operator's to watch", async (t) => {
  const seatToken = 'events-seat-token-0123456789';
  const serve = await startSvc(t, ['serve'], {
    SVC_ORCH_TOKEN: TOKEN,
    SVC_IDENTITIES: JSON.stringify([{ token: seatToken, seat: 'alice', kind: 'human' }]),
  });
  const seat = await fetch(`${serve.url}/events/stream?filter=FlowRun`, {
    headers: { authorization: `Bearer ${seatToken}` },
    signal: AbortSignal.timeout(5000),
  });
  t.equal(seat.status, 403);
  t.match(await seat.json(), { error: 'operator_only' });
  const operator = await fetch(`${serve.url}/events/stream?filter=FlowRun`, { headers: auth });
  t.equal(operator.status, 200, 'the operator still tails');
  await operator.body!.cancel();
  serve.proc.kill('SIGTERM');
  t.same(await serve.exited(), { code: 0, signal: null });
});

/** Reads a stream's frames as {id, window} into `into` until `stop` aborts it. */
async function readFrames(url: string, headers: Record<string, string>, into: { id: string; window: number }[], stop: AbortSignal) {
  const res = await fetch(url, { headers, signal: stop });
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const parser = createParser({ onEvent: (e) => into.push({ id: e.id ?? '', window: JSON.parse(e.data).data.window }) });
  const done = (async () => {
    for await (const chunk of res.body!) parser.feed(new TextDecoder().decode(chunk as Uint8Array));
  })();
  done.catch(() => undefined);
}

t.test('Last-Event-ID: a client that reconnects gets what it missed, once and in order, then the live events', async (t) => {
  const serve = await startSvc(t, ['serve'], { SVC_ORCH_TOKEN: TOKEN, SVC_CLOCK_TICK_MS: '200' });
  const url = `${serve.url}/events/stream?filter=ClockMinute`;
  const whole: { id: string; window: number }[] = [];
  const steady = new AbortController();
  t.teardown(() => steady.abort());
  await readFrames(url, auth, whole, steady.signal);

  const before: { id: string; window: number }[] = [];
  const first = new AbortController();
  await readFrames(url, auth, before, first.signal);
  await until('two events before the drop', () => before.length >= 2);
  first.abort();
  const seenBefore = before.length;
  await new Promise((r) => setTimeout(r, 1_000));
  const after: { id: string; window: number }[] = [];
  const second = new AbortController();
  t.teardown(() => second.abort());
  await readFrames(url, { ...auth, 'last-event-id': before[seenBefore - 1]!.id }, after, second.signal);
  await until('the missed events and two live ones', () => after.length >= 6);
  second.abort();

  const resumed = [...before.slice(0, seenBefore), ...after];
  t.ok(
    resumed.every((f) => /^[0-9a-f]+-[0-9]+$/.test(f.id)),
    'every frame has an id',
  );
  await until('the steady stream has them all', () => whole.some((f) => f.id === resumed.at(-1)!.id));
  const from = whole.findIndex((f) => f.id === resumed[0]!.id);
  t.ok(from >= 0, 'the steady stream saw the first one too');
  t.same(
    resumed.map((f) => f.id),
    whole.slice(from, from + resumed.length).map((f) => f.id),
    'dropped and resumed, the client saw exactly what a client that never dropped saw',
  );
  t.ok(after[0]!.window > before[seenBefore - 1]!.window, 'nothing before the id came again');
});
