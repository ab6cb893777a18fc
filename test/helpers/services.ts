/**
 * Where the real servers are. Integration tests run against them; when one is absent a test
 * skips and says why, except in CI (CI=true), where .ci/run started them and absence is a failure.
 */
import net from 'node:net';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

function connectOnce(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ host, port });
    sock.setTimeout(timeoutMs);
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => {
      sock.destroy();
      resolve(false);
    });
    sock.once('timeout', () => {
      sock.destroy();
      resolve(false);
    });
  });
}

/**
 * A full test run starts dozens of processes at once; on 2 cores one probe's connect can miss a
 * short timeout while the server is up, so a service only counts as absent after several tries.
 */
async function reachable(host: string, port: number): Promise<boolean> {
  for (let attempt = 0; attempt < 4; attempt++) {
    if (await connectOnce(host, port, 3000)) return true;
    await new Promise((r) => setTimeout(r, 250 * (attempt + 1)));
  }
  return false;
}

export async function servicesAvailable(): Promise<{ postgres: boolean; nats: boolean }> {
  const pg = new URL(TEST_DATABASE_URL);
  const nats = new URL(TEST_NATS_URL.replace(/^nats:/, 'http:'));
  const [postgres, natsUp] = await Promise.all([
    reachable(pg.hostname, Number(pg.port || 5432)),
    reachable(nats.hostname, Number(nats.port || 4222)),
  ]);
  return { postgres, nats: natsUp };
}

/** Returns a skip reason, or undefined when the named services answer. Throws in CI. */
export async function skipUnless(...needed: ('postgres' | 'nats')[]): Promise<string | undefined> {
  const up = await servicesAvailable();
  const missing = needed.filter((n) => !up[n]);
  if (missing.length === 0) return undefined;
  const reason = `${missing.join(' and ')} not reachable (${TEST_DATABASE_URL}, ${TEST_NATS_URL})`;
  if (process.env.CI === 'true') throw new Error(`CI needs ${reason}`);
  return reason;
}

export function uniqueName(prefix = 't'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
