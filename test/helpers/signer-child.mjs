// One process sending TEST_SENDS transactions with the orchestrator's key, half as plain value
// transfers and half as contract calls (a governance proposal), the way svc's own chain code
// sends them (dist/chain/onchain). With TEST_SHARED_LOCK=1 it joins the per-sender lock in
// PostgreSQL, as `svc` does on a database; with 0 it has only its own in-process queue. It waits
// for a line on stdin before sending, so two of them start together, then prints one JSON line
// per send ({ok, hash} or {error}). Needs `npm run build`.
import { createInterface } from 'node:readline';
import { zeroAddress } from 'viem';
import { chainBinding } from '../../dist/chain/onchain/binding.js';
import { processSerial, shareSenders } from '../../dist/chain/onchain/serial.js';
import { pay } from '../../dist/chain/onchain/transact.js';
import { send } from '../../dist/chain/onchain/tx.js';
import { GovernanceModule } from '../../dist/chain/artifacts/index.js';
import { openStore } from '../../dist/store/index.js';
import { senderLock } from '../../dist/store/sender-lock.js';

const env = process.env;
const store = await openStore({ databaseUrl: env.DATABASE_URL, schema: env.DATABASE_SCHEMA });
if (env.TEST_SHARED_LOCK === '1') shareSenders(senderLock(store));
const deployment = JSON.parse(env.SVC_CHAIN_DEPLOYMENT);
const b = chainBinding({ rpcUrl: env.SVC_CHAIN_RPC, chainId: 31337, deployment, orchestratorKey: env.SVC_ORCH_PRIVATE_KEY });
const wallet = b.orchestrator;
const sink = `0x${'5e'.repeat(20)}`;

process.stdout.write('ready\n');
const input = createInterface({ input: process.stdin });
await new Promise((resolve) => input.once('line', resolve));
input.close();
const n = Number(env.TEST_SENDS);
await Promise.all(
  Array.from({ length: n }, async (_, i) => {
    try {
      const hash =
        i % 2 === 0
          ? (await pay(b.client, processSerial, wallet, sink, 1n)).hash
          : (
              await send(
                b.client,
                wallet,
                { address: deployment.governance, abi: GovernanceModule.abi, functionName: 'propose', args: [0, zeroAddress, '0x'] },
                'propose',
              )
            ).txHash;
      process.stdout.write(`${JSON.stringify({ ok: true, hash })}\n`);
    } catch (err) {
      process.stdout.write(`${JSON.stringify({ ok: false, error: String(err?.message ?? err).split('\n')[0] })}\n`);
    }
  }),
);
await store.close();
process.exit(0);
