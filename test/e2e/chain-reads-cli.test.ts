/**
 * The chain read commands print real rows against `svc serve` bound to the demo org on anvil (the
 * deployment file `svc chain dev` writes, passed as SVC_CHAIN_DEPLOYMENT): the tree, a worker's
 * stack, the treasury after an epoch, issued keys (one with its own window and rate limit), and an
 * escalated intent with its measured changes, every amount in mUSD (6 decimals) while --json keeps
 * the API's base units; a seat SVC_ORG gives a role shows it.
 */
import t from 'tap';
import { chainFixture } from '../helpers/chain-fixture.js';
import { runCli, startSvc } from '../helpers/process.js';
import { deploymentFile } from '../../chain/dev/deployment-file.js';
import { anvilPrivateKey } from '../../chain/dev/accounts.js';

const TOKEN = 'chain-reads-cli-token-0123456789';
const USD = 1_000_000n;

t.test('svc org, policies, treasury, sessions, intents: tables of the chain', async (t) => {
  const fx = await chainFixture(t);
  const { deployment, asset, vendor } = fx;
  const [w1, w2] = fx.workers as [`0x${string}`, `0x${string}`];
  const { root, manager } = deployment.seed;
  await fx.runEpoch();
  const { key } = await fx.sessionKey(w1, { targets: [vendor] });
  const { key: capped } = await fx.sessionKey(w2, { maxValue: 12_500_000n });
  await fx.c.router.write(key, 'propose', [w1, vendor, 100n * USD, '0x']);
  const timed = await fx.sessionKey(w1, { window: [32_400, 61_200], rate: [5, 600] });

  const serve = await startSvc(t, ['serve'], {
    SVC_ORCH_TOKEN: TOKEN,
    SVC_CHAIN_RPC: fx.chain.anvil.url,
    SVC_CHAIN_ID: '31337',
    SVC_CHAIN_DEPLOYMENT: JSON.stringify(deploymentFile(deployment, fx.chain.anvil.url)),
    SVC_ORG: JSON.stringify({ [manager]: { crews: [], role: 'treasurer' } }),
    // The keys `svc tick` needs: the root pays a session key's gas, the issuer issues it.
    SVC_ORCH_PRIVATE_KEY: anvilPrivateKey(0),
    SVC_ISSUER_PRIVATE_KEY: anvilPrivateKey(2),
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
    new RegExp(`^${manager} +ManagerAgent +${root} +yes +treasurer$`),
    new RegExp(`^${w1} +WorkerAgent +${manager} +yes +-$`),
    new RegExp(`^0x[0-9a-fA-F]{40} +WorkerAgent +${manager} +yes +-$`),
  ]);
  t.equal(org.length, 5);

  const policies = await run(['policies', '--node', w1]);
  const stack = `^${w1} +${asset.policies.workerStack} \\(default\\) +`;
  t.match(policies.slice(1), [
    new RegExp(`${stack}time_window +- +UTC second 0-86400 of the day +-$`),
    new RegExp(`${stack}whitelist +- +- +${vendor}$`),
    new RegExp(`${stack}spend_cap +50 mUSD +- +-$`),
    new RegExp(`${stack}rate_limit +- +10 per 3600 s \\(1 used\\) +-$`),
  ]);

  const rootPolicies = await run(['policies', '--node', root]);
  t.match(
    rootPolicies.join('\n'),
    new RegExp(`^${root} +\\S+ \\(default\\) +spend_cap +unlimited +- +-$`, 'm'),
    'uint256 max is unlimited',
  );

  const treasury = await run(['treasury']);
  t.match(treasury[1], new RegExp(`^mUSD +${asset.treasury} +100,000 mUSD +99,600 mUSD +400 mUSD$`));
  const json = await runCli(['treasury', '--json'], env);
  t.match(JSON.parse(json.stdout), {
    balances: [{ asset: 'mUSD', balance: '100000000000', liquid: '99600000000', reserved: '400000000' }],
  });

  const sessions = await run(['sessions']);
  // Listed by agent, then by id: w1's two keys (1, 3), then w2's (2).
  const keyRow = (id: number, agent: string, address: string, max: string) =>
    `^${id} +${agent} +${address} +propose:intent, ?spend:whitelist +${max} +(in \\d+[smhd]|\\d{4}-\\d\\d-\\d\\d) +no +`;
  t.match(sessions[1], new RegExp(`${keyRow(1, w1, key.account.address, 'unlimited')}-$`));
  t.match(sessions[2], new RegExp(`${keyRow(3, w1, timed.key.account.address, 'unlimited')}UTC second 32400-61200, 5 per 600 s$`));
  t.match(sessions[3], new RegExp(`${keyRow(2, w2, capped.account.address, '12\\.5 mUSD')}-$`));

  const intents = await run(['intents']);
  t.match(
    intents[1],
    new RegExp(`^mUSD +1 +${w1} +${vendor} +100 mUSD +${manager} +ALLOW +.*${asset.treasury}: -100 mUSD;.*${vendor}: \\+100 mUSD`),
  );

  const balances = await run(['balances']);
  t.match(balances[0], /^CHAIN +READ +ACCOUNT +NATIVE \(ETHER\) +TOKENS$/);
  t.match(balances[1], new RegExp(`^31337 +yes +${root} +[0-9,]+(\\.[0-9]+)? +[0-9,]+(\\.[0-9]+)? mUSD$`));

  const idle = await run(['tick']);
  t.match(idle[0], /^tick \S+: 1 mUSD per worker$/);
  t.match(idle.slice(2).join('\n'), new RegExp(`^${w1} +- +- +skipped +no_session$`, 'm'), 'keys this process does not hold are not used');

  const boot = await fetch(`${serve.url}/boot`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ agent: w1, targets: [vendor] }),
  });
  t.equal(boot.status, 200, await boot.clone().text());
  const ticked = await run(['tick', '--value', String(2n * USD)]);
  t.match(ticked[0], /^tick \S+: 2 mUSD per worker$/);
  t.match(ticked.join('\n'), new RegExp(`^${w1} +2 mUSD +${vendor} +ALLOW +paid \\(tx 0x[0-9a-f]{64}\\)$`, 'm'));
  t.match(ticked.join('\n'), new RegExp(`^${w2} +- +- +skipped +no_session$`, 'm'));
});
