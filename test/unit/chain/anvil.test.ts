/**
 * The dev chain process (chain/dev/anvil.ts): anvil from node_modules on a loopback port the
 * kernel picked, answering the chain id it was given when startAnvil returns, gone after stop,
 * and gone when its parent is killed with SIGKILL (no handler runs then: the guard sees its pipe close).
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { startAnvil } from '../../../chain/dev/anvil.js';
import { ROOT, requireBuild } from '../../helpers/process.js';
import { until } from '../../helpers/poll.js';

async function chainIdAt(url: string): Promise<number | undefined> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    return Number((await res.json()).result);
  } catch {
    return undefined;
  }
}

t.test('starts on 127.0.0.1 with the chain id asked for, answers at once, and stops', async (t) => {
  const a = await startAnvil({ chainId: 4242 });
  t.teardown(() => a.stop());
  t.match(a.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  t.not(a.port, 0, 'the port the kernel picked, read back');
  t.equal(await chainIdAt(a.url), 4242);
  const b = await startAnvil();
  t.teardown(() => b.stop());
  t.not(b.port, a.port, 'two chains, two ports');
  t.equal(await chainIdAt(b.url), 31337, 'the dev chain id by default');
  await a.stop();
  t.equal(await chainIdAt(a.url), undefined, 'stopped: nothing answers');
  await a.stop();
  t.pass('stop twice is harmless');
});

t.test('a parent killed with SIGKILL leaves no anvil behind', async (t) => {
  requireBuild();
  const script = `import { startAnvil } from ${JSON.stringify(`${ROOT}dist/chain/dev/anvil.js`)};
const c = await startAnvil();
console.log(JSON.stringify({ url: c.url }));
setInterval(() => {}, 1000);`;
  const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.teardown(() => parent.kill('SIGKILL'));
  const line = await new Promise<string>((resolve) => createInterface({ input: parent.stdout! }).once('line', resolve));
  const { url } = JSON.parse(line) as { url: string };
  t.equal(await chainIdAt(url), 31337, 'the child chain answers');
  parent.kill('SIGKILL');
  await until('anvil to go with its parent', async () => (await chainIdAt(url)) === undefined, { timeoutMs: 10_000, everyMs: 100 });
  t.pass('anvil stopped answering after its parent was killed');
});
