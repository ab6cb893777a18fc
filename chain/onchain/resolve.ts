/**
 * Resolving an escalated spend intent (docs/chain.md "Resolving escalated intents"): the seat the router waits
 * on sends `resolve(id, approved)` with a key this process holds for it; nobody else can, so
 * without one the answer is 409 `no_signer_for_approver` and nothing is sent.
 *
 * Root depth (the root, or a HumanRoot, waits) is the human's decision. With SVC_ROOT_AUTH unset
 * it is open and recorded `authorizedBy: unauthenticated`; with it set the request must carry a
 * root proof, checked by the caller's `authorizeRoot` (the gateway's root authority) after the
 * intent is read pending at root depth and before anything is sent; without one it is refused
 * (403 `root_proof_required`). Agent tools (`svc_approve`) never settle root depth.
 *
 * After the send the intent is read back: still open means it climbed to the next seat;
 * IntentDenied means the approver's own stack said DENY, which binds (`approved: false`,
 * `reason: policy_deny`). Each resolution is recorded in the history and audited.
 */
import { randomUUID } from 'node:crypto';
import { getAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { EscalationRouter, OrgRegistry } from '../artifacts/index.js';
import { AppError } from '../../schemas/errors.js';
import type { IntentHistoryView } from '../../schemas/chain-reads.js';
import type { ChainIntentRepository, IntentOutcome } from '../../store/chain-intents/types.js';
import type { ChainBinding, ChainWallet } from './binding.js';
import type { CurrentBinding } from './current.js';
import type { IntentConfirmation } from '../../schemas/intents.js';
import { confirmMultisigResolution, type ConfirmRequest } from './multisig-confirm.js';
import { resolveThroughMultisig, type MultisigAuthorize } from './multisig-resolve.js';
import { send, type Sent } from './tx.js';
import type { PendingIntent } from './pending-intent.js';
import type { ResolverDeps } from './resolver-deps.js';

export type { PendingIntent } from './pending-intent.js';
export type { ResolverDeps } from './resolver-deps.js';

const HUMAN_ROOT = 1;

export interface ResolveRequest {
  readonly intentId: string;
  readonly approved: boolean;
  readonly asset?: string | undefined;
  /** `tool`: an agent's svc_approve, which never settles root depth. */
  readonly via: 'route' | 'tool';
  /** The seat resolving: refused unless the intent waits on it when read just before sending. */
  readonly as?: Address | undefined;
  readonly traceId?: string | undefined;
  /** Checks the root's proof for this intent (consuming its challenge); called only at root depth
   * with SVC_ROOT_AUTH set, after the signer is known and before the send. */
  readonly authorizeRoot?: ((intent: PendingIntent) => Promise<'root:passkey' | 'root:wallet' | 'root:multisig-passkey'>) | undefined;
  /** SVC_ROOT_AUTH=multisig-passkey: verifies the root's assertion (consuming its challenge) and hands it back for the multisig's signature. */
  readonly authorizeMultisig?: MultisigAuthorize | undefined;
}

export interface Resolution {
  readonly asset: string;
  readonly intentId: string;
  /** What the chain decided: false for a rejection and for a DENY at the approver's stack. */
  readonly approved: boolean;
  readonly outcome: IntentOutcome;
  readonly approver: Address;
  readonly authorizedBy: 'approver' | 'unauthenticated' | 'root:passkey' | 'root:wallet' | 'root:multisig-passkey';
  /** The seat the intent now waits on, after a climb. */
  readonly awaitingApprover?: Address;
  readonly reason?: 'policy_deny';
  readonly txHash: Hex;
}

export interface IntentResolver {
  resolve(req: ResolveRequest): Promise<Resolution>;
  /** Records a multisig root's resolution once the chain shows it (`POST /intents/confirm`). */
  confirm?(req: ConfirmRequest): Promise<IntentConfirmation>;
}

/**
 * Reads the intent the router holds under `intentId` and the depth of the seat it waits on:
 * 400 for a malformed id, 404 `intent_not_found` for one the router never had, 409
 * `intent_not_pending` for one already resolved.
 */
export async function pendingIntent(b: ChainBinding, assetSymbol: string | undefined, intentId: string): Promise<PendingIntent> {
  const asset = b.asset(assetSymbol);
  if (!/^[1-9][0-9]{0,30}$/.test(intentId))
    throw new AppError('invalid_request', { message: `intentId must be a positive integer (got ${JSON.stringify(intentId)})` });
  const id = BigInt(intentId);
  const r = { address: asset.router as Address, abi: EscalationRouter.abi } as const;
  const next = await b.client.readContract({ ...r, functionName: 'nextIntentId' });
  if (id >= next) throw new AppError('intent_not_found', { message: `no intent ${id} on the ${asset.symbol} router` });
  const before = await b.client.readContract({ ...r, functionName: 'getIntent', args: [id] });
  if (before.resolved)
    throw new AppError('intent_not_pending', {
      message: `intent ${id} on ${asset.symbol} is already resolved; the chain has nothing pending to resolve`,
    });
  const approver = getAddress(before.awaitingApprover);
  const org = { address: b.deployment.org as Address, abi: OrgRegistry.abi } as const;
  const [parent, kind] = await Promise.all([
    b.client.readContract({ ...org, functionName: 'parentOf', args: [approver] }),
    b.client.readContract({ ...org, functionName: 'kindOf', args: [approver] }),
  ]);
  const rootDepth = parent === '0x0000000000000000000000000000000000000000' || kind === HUMAN_ROOT;
  return { asset: asset.symbol, intentId: String(id), approver, rootDepth };
}

export function intentResolver(current: CurrentBinding, deps: ResolverDeps): IntentResolver {
  return {
    async confirm(req) {
      const b = current();
      if (!b) throw new AppError('chain_unavailable', { message: 'the chain is unavailable: no deployment is bound yet' });
      const ms = deps.multisigRoot?.();
      if (deps.rootAuthKind() !== 'multisig-passkey' || !ms)
        throw new AppError('root_auth_config_error', {
          message: `only a multisig root's resolutions are confirmed (SVC_ROOT_AUTH=multisig-passkey, complete); this root is ${deps.rootAuthKind() ?? 'not configured'} and svc sends its resolutions itself`,
        });
      return confirmMultisigResolution(b, deps, ms.safe, req);
    },

    async resolve(req) {
      const b = current();
      if (!b) throw new AppError('chain_unavailable', { message: 'the chain is unavailable: no deployment is bound yet' });
      const asset = b.asset(req.asset);
      const router = asset.router as Address;
      const pending = await pendingIntent(b, req.asset, req.intentId);
      const { approver, rootDepth } = pending;
      const id = BigInt(pending.intentId);
      const r = { address: router, abi: EscalationRouter.abi } as const;
      if (req.as !== undefined && getAddress(req.as) !== approver)
        throw new AppError('not_awaiting_approver', {
          message: `intent ${id} on ${asset.symbol} waits on ${approver}, not on ${getAddress(req.as)}; only the seat it waits on resolves it`,
        });

      if (rootDepth && req.via === 'tool')
        throw new AppError('root_proof_required', {
          message: `intent ${id} waits on the root ${approver}: an agent tool never settles root depth; a person resolves it (POST /intents/resolve)`,
        });
      const rootAuth = deps.rootAuthKind();
      const multisig = rootDepth && rootAuth === 'multisig-passkey' ? deps.multisigRoot?.() : undefined;
      if (rootDepth && rootAuth === 'multisig-passkey' && !multisig)
        throw new AppError('root_auth_config_error', {
          message: `intent ${id} waits on the root, and SVC_ROOT_AUTH=multisig-passkey is incomplete (see /health rootAuth.configError); nothing was sent`,
        });
      if (rootDepth && rootAuth !== undefined && (multisig ? req.authorizeMultisig : req.authorizeRoot) === undefined)
        throw new AppError('root_proof_required', {
          message: `intent ${id} waits on the root ${approver} and SVC_ROOT_AUTH=${rootAuth} requires a root proof; nothing was sent`,
        });

      let sent: Sent;
      let authorizedBy: Resolution['authorizedBy'];
      if (multisig) {
        sent = await resolveThroughMultisig(b, router, pending, req.approved, multisig, req.authorizeMultisig!);
        authorizedBy = 'root:multisig-passkey';
      } else {
        const signer = signerFor(approver, b.orchestrator, deps.heldKeys(), b.walletFor);
        if (!signer)
          throw new AppError('no_signer_for_approver', {
            message: `intent ${id} waits on ${approver}, and this process holds no key for that seat; nothing was sent`,
          });
        authorizedBy = !rootDepth ? 'approver' : rootAuth === undefined ? 'unauthenticated' : await req.authorizeRoot!(pending);
        sent = await send(
          b.client,
          signer,
          { ...r, functionName: 'resolve', args: [id, req.approved] },
          `EscalationRouter.resolve(${id}, ${req.approved})`,
        );
      }
      const after = await b.client.readContract({ ...r, functionName: 'getIntent', args: [id] });
      const denied = sent.events.some((e) => e.eventName === 'IntentDenied');
      const outcome: IntentOutcome = !after.resolved ? 'climbed' : denied ? 'denied' : after.approved ? 'settled' : 'rejected';
      const resolution: Resolution = {
        asset: asset.symbol,
        intentId: String(id),
        approved: outcome === 'climbed' || after.approved,
        outcome,
        approver,
        authorizedBy,
        ...(outcome === 'climbed' ? { awaitingApprover: getAddress(after.awaitingApprover) } : {}),
        ...(denied ? { reason: 'policy_deny' as const } : {}),
        txHash: sent.txHash,
      };
      await deps.history().record({
        id: randomUUID(),
        asset: asset.symbol,
        intentId: String(id),
        outcome,
        approved: resolution.approved,
        approver,
        authorizedBy,
        awaiting: resolution.awaitingApprover ?? null,
        txHash: sent.txHash,
        at: new Date(deps.now()),
      });
      await deps.audit.record('IntentResolved', { ...resolution }, req.traceId);
      return resolution;
    },
  };
}

/** The orchestrator's own wallet when it is the seat, else a held key whose address is. */
function signerFor(
  seat: Address,
  orchestrator: ChainWallet | undefined,
  held: readonly Hex[],
  walletFor: (k: Hex) => ChainWallet,
): ChainWallet | undefined {
  if (orchestrator && getAddress(orchestrator.account.address) === seat) return orchestrator;
  const key = held.find((k) => getAddress(privateKeyToAccount(k).address) === seat);
  return key === undefined ? undefined : walletFor(key);
}

/** `/intents/history` in chain mode: the recorded resolutions, newest first. */
export async function intentHistoryView(history: ChainIntentRepository, limit = 500): Promise<IntentHistoryView> {
  return {
    intents: (await history.list(limit)).map((r) => ({
      asset: r.asset,
      intentId: r.intentId,
      approved: r.approved,
      approver: r.approver,
      authorizedBy: r.authorizedBy,
      outcome: r.outcome,
      ...(r.awaiting !== null ? { awaitingApprover: r.awaiting } : {}),
      txHash: r.txHash,
      at: r.at.toISOString(),
    })),
  };
}

/** The registry's human root, read now: a wallet root must be it. */
export async function orgRoot(b: ChainBinding): Promise<Address> {
  return getAddress(await b.client.readContract({ address: b.deployment.org as Address, abi: OrgRegistry.abi, functionName: 'root' }));
}
