/**
 * The chain read commands print real rows against `svc serve` bound to the demo org on anvil (the
 * deployment file `svc chain dev` writes, passed as SVC_CHAIN_DEPLOYMENT): the tree, a worker's
 * stack, the treasury after an epoch, an issued key, and an escalated intent with its measured
 * changes.
 */
import t from 'tap';
import { chainFixture } from '../helpers/chain-fixture.js';
import { runCli, startSvc } from '../helpers/process.js';
import { deploymentFile } from '../../chain/dev/deployment-file.js';

const TOKEN = 'chain-reads-cli-token-0123456789';
const USD = 1_000_000n;

t.test('svc org, policies, treasury, sessions, intents: tables of the chain', async (t) => {
  const fx = await chainFixture(t);
  const { deployment, asset, vendor } = fx;
  const [w1] = fx.workers as [`0x${string}`];
  const { root, manager } = deployment.seed;
  await fx.runEpoch();
  const { key } = await fx.sessionKey(w1, { targets: [vendor] });
  await fx.c.router.write(key, 'propose', [w1, vendor, 100n * USD, '0x']);

  const serve = await startSvc(t, ['serve'], {
    SVC_ORCH_TOKEN: TOKEN,
    SVC_CHAIN_RPC: fx.chain.anvil.url,
    SVC_CHAIN_ID: '31337',
    SVC_CHAIN_DEPLOYMENT: JSON.stringify(deploymentFile(deployment, fx.chain.anvil.url)),
  });
  const env = { SVC_URL: serve.url!, SVC_ORCH_TOKEN: TOKEN };
  const run = async (args: string[]) => {
    const res = await runCli(args, env);
    t.equal(res.code, 0, `svc ${args.join(' ')}: ${res.stderr}`);
    return res.stdout.split('\n').filter((l) => l !== '');
  };

  const org = await run(['org']);
  t.match(org[0], /^ADDRESS +KIND +PARENT +ACTIVE +ROLE$/);
  t.match(org.slice(1), [
    new RegExp(`^${root} +HumanRoot +- +yes +-$`),
    new RegExp(`^${manager} +ManagerAgent +${root} +yes +-$`),
    new RegExp(`^${w1} +WorkerAgent +${manager} +yes +-$`),
    new RegExp(`^0x[0-9a-fA-F]{40} +WorkerAgent +${manager} +yes +-$`),
  ]);
  t.equal(org.length, 5);

  const policies = await run(['policies', '--node', w1]);
  const stack = `^${w1} +${asset.policies.workerStack} \\(default\\) +`;
  t.match(policies.slice(1), [
    new RegExp(`${stack}time_window +- +UTC second 0-86400 of the day +-$`),
    new RegExp(`${stack}whitelist +- +- +${vendor}$`),
    new RegExp(`${stack}spend_cap +50000000 +- +-$`),
    new RegExp(`${stack}rate_limit +- +10 per 3600 s \\(1 used\\) +-$`),
  ]);

  const treasury = await run(['treasury']);
  t.match(treasury[1], new RegExp(`^mUSD +${asset.treasury} +100000000000 +99600000000 +400000000$`));

  const sessions = await run(['sessions']);
  t.match(sessions[1], new RegExp(`^1 +${w1} +${key.account.address} +propose:intent, ?spend:whitelist +unlimited +\\d{4}-\\d\\d-\\d\\dT`));

  const intents = await run(['intents']);
  t.match(
    intents[1],
    new RegExp(`^mUSD +1 +${w1} +${vendor} +100000000 +${manager} +ALLOW +.*${asset.treasury.slice(0, 10)}.*:-100000000`),
  );
});
