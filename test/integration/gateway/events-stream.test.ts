/**
 * GET /events/stream: a bad filter is refused before the stream starts, and an open stream
 * does not hold up a SIGTERM drain.
 */
import t from 'tap';
import { startSvc } from '../../helpers/process.js';

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
