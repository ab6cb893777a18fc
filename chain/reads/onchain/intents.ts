/**
 * GET /intents: every router's open intents (ids 1..nextIntentId-1 not yet resolved), tagged by
 * asset. `verdict` is what the waiting seat's own stack says now (the check `resolve` would run
 * for it); a stack that reverts leaves it absent. measure.ts adds what an approval would do.
 */
import { getAddress, type Address, type PublicClient } from 'viem';
import { EscalationRouter, IPolicyModule } from '../../artifacts/index.js';
import type { DeployedAsset } from '../../../schemas/chain-config.js';
import type { IntentsView } from '../../../schemas/chain-reads.js';
import { unlessRefused } from './guard.js';
import { measureApproval } from './measure.js';

type PendingIntent = IntentsView['intents'][number];

const VERDICTS = ['ALLOW', 'ESCALATE', 'DENY'] as const;

export async function readPendingIntents(client: PublicClient, asset: DeployedAsset): Promise<PendingIntent[]> {
  const router = asset.router as Address;
  const r = { address: router, abi: EscalationRouter.abi } as const;
  const next = await client.readContract({ ...r, functionName: 'nextIntentId' });
  const all = await Promise.all(
    Array.from({ length: Number(next) - 1 }, async (_, i) => {
      const id = BigInt(i + 1);
      return { id, intent: await client.readContract({ ...r, functionName: 'getIntent', args: [id] }) };
    }),
  );
  const open = all.filter(({ intent }) => !intent.resolved);
  return Promise.all(
    open.map(async ({ id, intent }) => {
      const approver = intent.awaitingApprover;
      const [verdict, measured] = await Promise.all([
        verdictOf(client, router, approver, intent),
        measureApproval(client, asset, id, { approver, agent: intent.agent, target: intent.target }),
      ]);
      return {
        asset: asset.symbol,
        intentId: id.toString(),
        agent: getAddress(intent.agent),
        target: getAddress(intent.target),
        value: intent.value.toString(),
        data: intent.data,
        awaitingApprover: getAddress(approver),
        ...(verdict !== undefined ? { verdict } : {}),
        ...measured,
      };
    }),
  );
}

async function verdictOf(
  client: PublicClient,
  router: Address,
  approver: Address,
  intent: { target: Address; value: bigint; data: `0x${string}` },
): Promise<PendingIntent['verdict']> {
  const stack = await client.readContract({ address: router, abi: EscalationRouter.abi, functionName: 'policyOf', args: [approver] });
  const v = await unlessRefused(
    client.readContract({
      address: stack,
      abi: IPolicyModule.abi,
      functionName: 'check',
      args: [approver, intent.target, intent.value, intent.data],
    }),
  );
  return v === undefined ? undefined : VERDICTS[v];
}
