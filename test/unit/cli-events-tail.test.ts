/**
 * The tail's reconnect loop against a loopback SSE server it does not know is a test double:
 * a dropped stream is reopened with the last id printed, a server gone past the budget ends the
 * tail with the reason, and a refusal is final at once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { CliError } from '../../cli/client.js';
import { FeedLost } from '../../cli/events.js';
import { parseDuration, tailEvents } from '../../cli/events-tail.js';

type Reply = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function serve(t: Test, replies: Reply[]): Promise<{ url: string; seen: (string | undefined)[]; stop(): void }> {
  const seen: (string | undefined)[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers['last-event-id'] as string | undefined);
    (replies.shift() ?? ((_q, r) => r.destroy()))(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const stop = (): void => {
    server.close();
    server.closeAllConnections();
  };
  t.teardown(stop);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, stop };
}

const frame = (id: number): string => `event: E\nid: ep-${id}\ndata: ${JSON.stringify({ type: 'E', data: { n: id } })}\n\n`;
const sse = (res: http.ServerResponse): void => void res.writeHead(200, { 'content-type': 'text/event-stream' });

t.test('a dropped stream resumes after the last id; gone past the budget, the tail says why', async (t) => {
  const srv: Awaited<ReturnType<typeof serve>> = await serve(t, [
    (_q, res) => {
      sse(res);
      res.end(frame(1) + frame(2)); // a drain: the server ends the stream
    },
    (_q, res) => {
      sse(res);
      res.write(frame(3));
      setTimeout(() => srv.stop(), 50); // then the server goes away for good
    },
  ]);
  const printed: unknown[] = [];
  const notes: string[] = [];
  const began = Date.now();
  const err = await tailEvents({ url: srv.url, token: undefined, natsUrl: undefined, natsEnv: {}, busPrefix: 'svc' }, '>', {
    retryForMs: 1_500,
    firstDelayMs: 50,
    print: (e) => printed.push(e.data.n),
    note: (l) => notes.push(l),
  }).catch((e: unknown) => e);
  t.same(printed, [1, 2, 3], 'each event once, in order');
  t.same(srv.seen.slice(0, 2), [undefined, 'ep-2'], 'the second request resumed after the last id printed');
  t.ok(srv.seen.length === 2, 'the server was gone for the later tries');
  t.type(err, CliError);
  t.match((err as Error).message, /^events stream lost \(.+\); not back within 1\.5 s$/);
  const took = Date.now() - began;
  t.ok(took >= 1_500 && took < 5_000, `gave up once the budget was spent (${took} ms)`);
  t.match(notes, [
    /^events stream lost \(the server ended the stream\); reconnecting for up to 1\.5 s$/,
    /^events stream back; resuming after ep-2$/,
  ]);
});

t.test('a refusal is final: no retry', async (t) => {
  const srv = await serve(t, [
    (_q, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'unauthorized', message: 'missing or wrong bearer token' }));
    },
  ]);
  const err = await tailEvents({ url: srv.url, token: 'x', natsUrl: undefined, natsEnv: {}, busPrefix: 'svc' }, '>', {
    retryForMs: 10_000,
    print: () => undefined,
    note: () => undefined,
  }).catch((e: unknown) => e);
  t.notOk(err instanceof FeedLost);
  t.match(err, { message: 'unauthorized: missing or wrong bearer token' });
  t.equal(srv.seen.length, 1);
});

t.test('durations', async (t) => {
  t.equal(parseDuration('60s'), 60_000);
  t.equal(parseDuration('2m'), 120_000);
  t.equal(parseDuration('500ms'), 500);
  t.equal(parseDuration('1.5'), 1_500);
  t.equal(parseDuration('0'), 0);
  t.throws(() => parseDuration('5x'));
  t.throws(() => parseDuration('-1s'));
});
