/**
 * `POST /epoch` in no-chain mode (streams nothing, says so, fires every trigger: epoch flow with
 * runs tagged `epoch`; `svc epoch` prints the same), and the CLI: `svc flows triggers create|list|curl|deliveries|rotate`,
 * where the printed curl command is executed and must be accepted.
 */
import { execFile } from 'node:child_process';
import t from 'tap';
import { startSystem } from '../../helpers/system.js';
import { runCli } from '../../helpers/process.js';
import { json, saveFlow } from '../../helpers/triggers.js';
import type { StartRunCommand } from '../../../schemas/runs.js';

t.test('POST /epoch', async (t) => {
  const sys = await startSystem(t, { actors: ['trigger', 'ops'] });
  const seen: StartRunCommand[] = [];
  await sys.bus.consume('run', {
    start: async (_ctx, p: StartRunCommand) => {
      seen.push(p);
      return {};
    },
  });
  await saveFlow(sys.store, 'pulse', 'epoch');
  await saveFlow(sys.store, 'other', 'webhook');
  const res = await json(`${sys.url}/epoch`, 'POST');
  t.equal(res.status, 200);
  t.match(res.body, {
    chain: false,
    streaming: /no chain is configured/,
    streamed: 0,
    flowRuns: [{ flowId: 'pulse', runId: /^run-epoch-pulse-/ }],
  });
  t.equal(res.body.flowRuns.length, 1);
  t.notOk('epoch' in res.body || 'epochError' in res.body, 'no chain: no epoch ran, and none failed');
  for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  t.match(seen, [{ flowId: 'pulse', trigger: 'epoch', runId: res.body.flowRuns[0].runId }]);

  const cli = await runCli(['epoch'], { SVC_URL: sys.url });
  t.equal(cli.code, 0, cli.stderr);
  t.match(cli.stdout, /no chain is configured[\s\S]*FLOW\s+RUN[\s\S]*pulse\s+run-epoch-pulse-/);
  const asJson = await runCli(['epoch', '--json'], { SVC_URL: sys.url });
  t.match(JSON.parse(asJson.stdout), { chain: false, flowRuns: [{ flowId: 'pulse' }] });
  const unknown = await json(`${sys.url}/epoch`, 'POST', { asset: 'x\u0000y' });
  t.equal(unknown.status, 400, 'the asset is an id-like field');
});

t.test('svc flows triggers', async (t) => {
  // The run actor is the one that logs an accepted delivery (ingress/accepted.ts).
  const sys = await startSystem(t, { actors: ['trigger', 'ops', 'run'] });
  await saveFlow(sys.store, 'wf', 'webhook');
  const env = { SVC_URL: sys.url };
  const created = await runCli(['flows', 'triggers', 'create', 'wf', '--events', 'push', '--field', 'ref=ref', '--json'], env);
  t.equal(created.code, 0, created.stderr);
  const minted = JSON.parse(created.stdout) as { trigger: { id: string }; secret: string };
  const list = await runCli(['flows', 'triggers', 'list', '--json'], env);
  t.equal(JSON.parse(list.stdout).triggers[0].id, minted.trigger.id);
  t.notOk(list.stdout.includes(minted.secret));

  const curl = await runCli(['flows', 'triggers', 'curl', minted.trigger.id, '--body', '{"ref":"main"}'], env, `${minted.secret}\n`);
  t.equal(curl.code, 0, curl.stderr);
  t.match(curl.stdout, /^curl -sS -X POST '.*\/hooks\/trg_/);
  t.notOk(curl.stdout.includes(minted.secret), 'the command carries a signature, not the secret');
  const out = await new Promise<string>((resolve, reject) =>
    execFile('sh', ['-c', curl.stdout], (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );
  t.match(JSON.parse(out), { accepted: true, runId: /^run-wh-/ });

  const fromEnv = await runCli(['flows', 'triggers', 'curl', minted.trigger.id, '--secret-env', 'HOOK_SECRET'], {
    ...env,
    HOOK_SECRET: minted.secret,
  });
  t.equal(fromEnv.code, 0);
  const rotated = await runCli(['flows', 'triggers', 'rotate', minted.trigger.id, '--json'], env);
  t.equal(JSON.parse(rotated.stdout).trigger.secretVersion, 2);
  const stale = await new Promise<string>((resolve) => execFile('sh', ['-c', fromEnv.stdout], (_e, stdout) => resolve(stdout)));
  t.equal(JSON.parse(stale).error, 'webhook_signature_invalid', 'the rotated-away secret no longer verifies');
  const log = await runCli(['flows', 'triggers', 'deliveries', minted.trigger.id, '--json'], env);
  t.equal(JSON.parse(log.stdout).deliveries.filter((d: { status: string }) => d.status === 'accepted').length, 1);
});

t.test('svc flows triggers create --release: a delivery releases the run parked on its key', async (t) => {
  const sys = await startSystem(t, { actors: ['trigger', 'ops', 'run'] });
  const env = { SVC_URL: sys.url };
  const order = {
    id: 'order',
    steps: [
      { id: 'paid', kind: 'wait', for: 'webhook', key: '{{input.orderId}}' },
      { id: 'ship', kind: 'tool', tool: 'svc_echo', args: { text: 'ship {{input.orderId}} for {{steps.paid.json.amount}}' }, next: null },
    ],
  };
  t.equal((await json(`${sys.url}/flows`, 'POST', { flow: order })).status, 200);
  const created = await runCli(
    ['flows', 'triggers', 'create', 'order', '--release', 'order.id', '--field', 'amount=order.amount', '--json'],
    env,
  );
  t.equal(created.code, 0, created.stderr);
  const minted = JSON.parse(created.stdout) as { trigger: { id: string; release: unknown }; secret: string };
  t.same(minted.trigger.release, { key: 'order.id' });
  const list = await runCli(['flows', 'triggers', 'list'], env);
  t.match(list.stdout, /wait on order\.id/, 'the table says what the trigger releases');

  const run = (await json(`${sys.url}/flows/run`, 'POST', { id: 'order', input: JSON.stringify({ orderId: 'o-7' }) })).body;
  t.equal(run.status, 'waiting');
  const body = JSON.stringify({ order: { id: 'o-7', amount: 12 } });
  const curl = await runCli(['flows', 'triggers', 'curl', minted.trigger.id, '--body', body], env, `${minted.secret}\n`);
  const out = await new Promise<string>((resolve, reject) =>
    execFile('sh', ['-c', curl.stdout], (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );
  t.same(JSON.parse(out), { accepted: true, release: { key: 'o-7' } });
  let state: any;
  for (let i = 0; i < 200; i++) {
    state = (await json(`${sys.url}/flows/runs/state?runId=${run.id}`, 'GET')).body;
    if (state.run.status !== 'waiting' && state.run.status !== 'running') break;
    await new Promise((r) => setTimeout(r, 25));
  }
  t.equal(state.run.status, 'completed');
  t.match(state.outputs.ship.text, 'ship o-7 for 12');
});
