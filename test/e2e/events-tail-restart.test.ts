/**
 * `svc events tail` across a real restart of the server, on NATS and PostgreSQL: the tail loses
 * the stream when the process is killed, reconnects to the new process with the last id it
 * printed, and prints exactly what the event stream holds from its first line on (nothing twice,
 * nothing missed, including what was published while it was away). With the server gone for
 * good, a tail exits 1 once its retry budget is spent, saying why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import t, { type Test } from 'tap';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { BIN, ROOT, startSvc } from '../helpers/process.js';
import { skipUnless, TEST_NATS_URL } from '../helpers/services.js';
import { claimReal } from '../helpers/system.js';
import { until } from '../helpers/poll.js';
import { names } from '../../bus/subjects.js';

const skip = (await skipUnless('nats', 'postgres')) ?? false;
const TOKEN = 'events-tail-restart-token-0123456789';

interface Tail {
  readonly proc: ChildProcess;
  readonly events: { traceId: string; data: { window: number } }[];
  stderr: string;
  readonly exit: Promise<number | null>;
}

function startTail(t: Test, url: string, retryFor: string): Tail {
  const proc = spawn(process.execPath, [BIN, 'events', 'tail', 'ClockMinute', '--retry-for', retryFor], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', SVC_URL: url, SVC_ORCH_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: Tail = { proc, events: [], stderr: '', exit: new Promise((r) => proc.once('exit', (code) => r(code))) };
  let buf = '';
  proc.stdout!.on('data', (c: Buffer) => {
    buf += c.toString();
    const parts = buf.split('\n');
    buf = parts.pop() ?? '';
    for (const p of parts) if (p) tail.events.push(JSON.parse(p));
  });
  proc.stderr!.on('data', (c: Buffer) => void (tail.stderr += c.toString()));
  t.teardown(() => void proc.kill('SIGKILL'));
  return tail;
}

/** Every ClockMinute event the stream holds, in stream order, as `traceId/window`. */
async function stored(prefix: string): Promise<string[]> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    const n = names(prefix);
    const info = await jsm.streams.info(n.eventStream);
    const out: string[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage(n.eventStream, { seq }).catch(() => null);
      if (m?.subject !== n.event('ClockMinute')) continue;
      const evt = m.json<{ traceId: string; data: { window: number } }>();
      out.push(`${evt.traceId}/${evt.data.window}`);
    }
    return out;
  } finally {
    await nc.close();
  }
}

t.test(
  'the tail reconnects across a server restart, resumes without duplicates or gaps, and gives up past its budget',
  { skip, timeout: 400_000 },
  async (t) => {
    const { env, prefix } = claimReal(t);
    const base = { ...env, SVC_ORCH_TOKEN: TOKEN, SVC_CLOCK_TICK_MS: '300' };
    const first = await startSvc(t, ['serve'], base);
    const url = first.url!;
    const tail = startTail(t, url, '180s');
    await until('3 events before the restart', () => tail.events.length >= 3, { timeoutMs: 60_000 });

    first.proc.kill('SIGKILL');
    await first.exited();
    const atKill = tail.events.length;
    const second = await startSvc(t, ['serve'], { ...base, SVC_ORCH_PORT: new URL(url).port });
    await until('5 events from the new process', () => tail.events.length >= atKill + 5, { timeoutMs: 120_000 });
    t.equal(tail.proc.exitCode, null, 'the tail kept running through the restart');
    t.match(tail.stderr, /^svc: events stream lost \(.+\); reconnecting for up to 180 s\n/);
    t.match(tail.stderr, /\nsvc: events stream back; resuming after [0-9a-f]+-[0-9]+\n/);

    const printed = tail.events.map((e) => `${e.traceId}/${e.data.window}`);
    t.equal(new Set(printed).size, printed.length, 'no event printed twice');
    const all = await stored(prefix);
    const from = all.indexOf(printed[0]!);
    t.ok(from >= 0, 'the first line is a stored event');
    t.same(printed, all.slice(from, from + printed.length), 'exactly the stored events, in stream order, across the restart');

    const short = startTail(t, url, '2s');
    await until('the short tail is reading', () => short.events.length >= 1, { timeoutMs: 60_000 });
    second.proc.kill('SIGTERM');
    t.same(await second.exited(), { code: 0, signal: null });
    const gone = Date.now();
    t.equal(await short.exit, 1, 'the tail exits 1 once the server stays away past --retry-for');
    t.ok(Date.now() - gone < 30_000, 'and promptly');
    t.match(short.stderr, /\nsvc: events stream lost \(.+\); not back within 2 s\n$/);
  },
);
