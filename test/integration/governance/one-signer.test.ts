/**
 * One signer, many processes: two processes sending with the orchestrator's key at the same
 * moment (svc's own send paths: a value transfer and a contract call, 50 tries between them)
 * never sign the same nonce when they share the per-sender lock in PostgreSQL: every send lands,
 * each on its own nonce. The same two processes without the shared lock (each with only its own
 * queue) do collide, which is what the lock is there for.
 */
import { spawn } from 'node:child_process';
import t, { type Test } from 'tap';
import type { Hex } from 'viem';
import { chainEnv, chainFixture } from '../../helpers/chain-fixture.js';
import { repoPath } from '../../helpers/paths.js';
import { until } from '../../helpers/poll.js';
import { skipUnless, TEST_DATABASE_URL, uniqueName } from '../../helpers/services.js';
import { dropSchema } from '../../helpers/system.js';

const CHILD = repoPath('test/helpers/signer-child.mjs');
const TRIES = 50;

type Result = { ok: true; hash: Hex } | { ok: false; error: string };

/** Two signer processes, released together; what each send came to. */
async function race(t: Test, env: Record<string, string>): Promise<Result[]> {
  const kids = [0, 1].map(() => {
    const proc = spawn(process.execPath, [CHILD], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env, TEST_SENDS: String(TRIES / 2) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    t.teardown(() => void proc.kill('SIGKILL'));
    const lines: string[] = [];
    let buf = '';
    let err = '';
    proc.stdout.on('data', (c: Buffer) => {
      buf += c.toString();
      const parts = buf.split('\n');
      buf = parts.pop()!;
      lines.push(...parts);
    });
    proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));
    return { proc, lines, exited, stderr: () => err };
  });
  await until('both signers ready', () => kids.every((k) => k.lines.includes('ready')), { timeoutMs: 60_000 });
  for (const k of kids) k.proc.stdin.write('go\n');
  for (const k of kids) t.equal(await k.exited, 0, `a signer exits cleanly ${k.stderr().slice(-300)}`);
  return kids.flatMap((k) => k.lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Result));
}

t.test('two processes signing with the orchestrator key', { skip: (await skipUnless('postgres')) ?? false }, async (t) => {
  const fx = await chainFixture(t);
  const schema = uniqueName('t_');
  t.teardown(() => dropSchema(schema));
  const env = { ...chainEnv(fx), DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema };
  const orchestrator = fx.root.account.address;

  const before = await fx.chain.public.getTransactionCount({ address: orchestrator });
  const shared = await race(t, { ...env, TEST_SHARED_LOCK: '1' });
  t.equal(shared.length, TRIES);
  t.same(
    shared.filter((r) => !r.ok),
    [],
    'no send failed',
  );
  const landed = await Promise.all(
    shared.map(async (r) => {
      const hash = (r as { hash: Hex }).hash;
      const receipt = await fx.chain.public.getTransactionReceipt({ hash });
      return { status: receipt.status, nonce: (await fx.chain.public.getTransaction({ hash })).nonce };
    }),
  );
  t.same(
    landed.filter((l) => l.status !== 'success'),
    [],
    'every receipt is a success',
  );
  const nonces = landed.map((l) => l.nonce);
  t.equal(new Set(nonces).size, TRIES, 'every send signed its own nonce');
  t.equal(await fx.chain.public.getTransactionCount({ address: orchestrator }), before + TRIES, 'and all of them landed');

  const alone = await race(t, { ...env, TEST_SHARED_LOCK: '0' });
  t.ok(
    alone.some((r) => !r.ok),
    `without the shared lock the two processes collide (${alone.filter((r) => !r.ok).length} of ${TRIES} sends failed)`,
  );
});
