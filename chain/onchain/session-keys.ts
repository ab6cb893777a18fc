/**
 * Session keys: a random secp256k1 key per (agent, maxValue, pins, mask), issued on
 * SessionRegistry for 4 h by the issuer key when the registry names it issuer, else by the root
 * (the orchestrator's wallet), pinned to its targets, audited as SessionIssued, and reused while it
 * is unrevoked with more than 5 minutes left. The private half is sealed at rest under
 * SVC_SESSION_KEY; without one it lives in this process's memory only (a restart issues new keys,
 * the old ones expire on their own). The orchestrator tops up a key's gas before it sends.
 *
 * A key's gas is read from the chain when it is first handed out and then followed here (its
 * balance less what each of its receipts paid), so a step reads the balance again only once the
 * key is estimated to be short; a send that still meets a key short of funds reads it again then.
 */
import { getAddress, parseEventLogs, type Address, type Hex, type TransactionReceipt } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { SessionRegistry } from '../artifacts/index.js';
import { AppError } from '../../schemas/errors.js';
import type { Audit } from '../../runtime/audit.js';
import { seal, unseal } from '../../kernel/seal.js';
import { chainSessionsOf, type SessionBounds, type SessionRow } from '../../store/chain-sessions/index.js';
import type { Store } from '../../store/types.js';
import type { ChainBinding, ChainWallet } from './binding.js';
import { chainFailure } from './failure.js';
import type { Serial } from './serial.js';
import { pay, write } from './transact.js';

export const SESSION_TTL_SECONDS = 4n * 3600n;
/** A key with less left than this is not handed out: a slow send must not outlive it. */
export const MIN_LEFT_SECONDS = 5n * 60n;
export const PROPOSE_ONLY = 1;
export const PROPOSE_AND_SPEND = 3;
/** Gas units a key should be able to pay for (a proposal costs well under half of this). */
const GAS_BUDGET = 600_000n;
/** A key short of its budget is paid up to this many budgets, so a busy key is topped up every
 * several proposals rather than every few (each top-up is a transaction of the orchestrator's). */
const TOP_UP_BUDGETS = 4n;
/** How old a block header may be before `recent` reads chain time from a new one instead of carrying
 * the last one forward by this process's clock. */
const CHAIN_CLOCK_MS = 30_000;

export interface SessionKey {
  readonly sessionId: bigint;
  readonly wallet: ChainWallet;
  readonly expiresAt: bigint;
  /** Handed out from the cache rather than issued now. */
  readonly reused: boolean;
}

export interface SessionKeysDeps {
  readonly store: Store;
  readonly audit: Audit;
  readonly serial: Serial;
  /** SVC_SESSION_KEY; undefined keeps keys in memory only. */
  readonly sealingKey: Buffer | undefined;
  /** SVC_ISSUER_PRIVATE_KEY (anvil account 2 on the dev chain). */
  readonly issuerKey: Hex | undefined;
}

/** A key `keyFor` handed out before, offered without asking the chain; `live` asks. */
export interface RecentKey extends SessionKey {
  /** Still valid on chain (one read) and more than the minimum left by chain time (a block header
   * read at most half a minute ago, carried forward by this process's clock). */
  live(): Promise<boolean>;
}

export interface SessionKeys {
  /** A live key for these bounds, issued when none is cached; its gas topped up. */
  keyFor(b: ChainBinding, bounds: Omit<SessionBounds, 'registry'>, traceId?: string): Promise<SessionKey>;
  /** The key `keyFor` last handed out for these bounds, if this process still holds it and its gas
   * is estimated to suffice; undefined otherwise. Nothing is read: `live()` must be true before it is used. */
  recent(b: ChainBinding, bounds: Omit<SessionBounds, 'registry'>): RecentKey | undefined;
  /** What a receipt of the key's own transaction paid, taken off the key's estimated balance. */
  spent(key: Address, receipt: TransactionReceipt): void;
  /** The key's gas read from the chain again and topped up (a send found it short). */
  refuel(b: ChainBinding, key: Address): Promise<void>;
  /** The agent's newest live key that may propose, with the bounds it was issued under; undefined when it holds none. */
  heldKeyOf(b: ChainBinding, agent: Address): Promise<(SessionKey & { readonly row: SessionRow }) | undefined>;
  /** One key revoked on chain by the issuer key (else the root), recorded and audited; 404 `session_not_found`, 409 `session_not_live`. */
  revokeOne(
    b: ChainBinding,
    sessionId: bigint,
    authorizedBy: string,
    traceId?: string,
  ): Promise<{ agent: Address; key: Address; txHash: Hex }>;
  /** A new key issued with exactly these bounds and expiry (and the optional window and rate), held like `keyFor`'s. */
  issueExact(b: ChainBinding, spec: ExactIssue, traceId?: string): Promise<{ sessionId: bigint; key: Address; txHash: Hex }>;
  /** Every live key of the agent revoked on chain (whoever issued it), its copies here dropped; the ids revoked. */
  revokeAll(b: ChainBinding, agent: Address, authorizedBy: string, traceId?: string): Promise<bigint[]>;
}

/** What a rotation re-issues: the bounds, the expiry (chain seconds) and the key's own window and rate (0 for none). */
export interface ExactIssue extends Omit<SessionBounds, 'registry'> {
  readonly expiresAt: bigint;
  readonly window: readonly [number, number];
  readonly rate: readonly [number, number];
}

const registryOf = (b: ChainBinding): Address => getAddress(b.deployment.sessions);
const boundsKey = (bounds: SessionBounds): string =>
  [bounds.registry, bounds.agent, bounds.maxValue, bounds.mask, ...bounds.pins].join('|').toLowerCase();
const sealLabel = (registry: string, keyAddress: string) => `session/${registry.toLowerCase()}/${keyAddress.toLowerCase()}`;

export function sessionKeys(deps: SessionKeysDeps): SessionKeys {
  const repo = chainSessionsOf(deps.store);
  /** Private keys by key address: the only copy without a sealing key, a decrypted one with it. */
  const held = new Map<string, Hex>();
  /** The key last handed out per bounds (see `recent`). */
  const lastKey = new Map<string, SessionKey>();
  /** Per key address: its balance as last read less what its receipts since paid, and the gas price they paid. */
  const gas = new Map<string, { balance: bigint; price: bigint }>();
  const enough = (g: { balance: bigint; price: bigint } | undefined): boolean => g !== undefined && g.balance >= g.price * GAS_BUDGET;
  /** Per binding: the newest block header's time and when this process read it. */
  const clocks = new WeakMap<ChainBinding, { timestamp: bigint; readAt: number }>();
  /** Chain time, not ours (a dev chain may run ahead): from a header read now, or from one read
   * less than `maxAgeMs` ago plus the seconds since. */
  const chainNow = async (b: ChainBinding, maxAgeMs = 0): Promise<bigint> => {
    const last = clocks.get(b);
    const age = last === undefined ? Infinity : Date.now() - last.readAt;
    if (last !== undefined && age < maxAgeMs) return last.timestamp + BigInt(Math.floor(age / 1000));
    const readAt = Date.now();
    const { timestamp } = await b.client.getBlock();
    clocks.set(b, { timestamp, readAt });
    return timestamp;
  };

  const privateOf = (row: SessionRow): Hex | undefined => {
    const mem = held.get(row.keyAddress.toLowerCase());
    if (mem !== undefined || row.sealedKey === null || deps.sealingKey === undefined) return mem;
    const opened = unseal(deps.sealingKey, row.sealedKey, sealLabel(row.registry, row.keyAddress)) as Hex | undefined;
    if (opened !== undefined) held.set(row.keyAddress.toLowerCase(), opened);
    return opened;
  };

  const issuerWallet = async (b: ChainBinding): Promise<ChainWallet> => {
    const root = b.orchestrator;
    if (deps.issuerKey !== undefined) {
      const issuer = b.walletFor(deps.issuerKey);
      const named = await b.client.readContract({ address: registryOf(b), abi: SessionRegistry.abi, functionName: 'issuer' });
      if (named.toLowerCase() === issuer.account.address.toLowerCase()) return issuer;
    }
    if (!root)
      throw new AppError('chain_unavailable', {
        message: 'no key may issue session keys: SVC_ORCH_PRIVATE_KEY is not set and no issuer key is the registry issuer',
      });
    return root;
  };

  const topUp = async (b: ChainBinding, key: Address, fresh = false): Promise<void> => {
    const id = key.toLowerCase();
    if (!fresh && enough(gas.get(id))) return;
    const [balance, price] = await Promise.all([b.client.getBalance({ address: key }), b.client.getGasPrice()]);
    const need = price * GAS_BUDGET;
    if (balance >= need) {
      gas.set(id, { balance, price });
      return;
    }
    if (!b.orchestrator)
      throw new AppError('chain_unavailable', { message: 'no orchestrator key (SVC_ORCH_PRIVATE_KEY) to pay a session key its gas' });
    gas.delete(id);
    await pay(b.client, deps.serial, b.orchestrator, key, need * TOP_UP_BUDGETS - balance);
    gas.set(id, { balance: need * TOP_UP_BUDGETS, price });
  };

  /** The first row whose private half this process holds and which the chain still counts valid. */
  const firstValid = async (b: ChainBinding, rows: readonly SessionRow[]): Promise<SessionKey | undefined> => {
    for (const row of rows) {
      const privateKey = privateOf(row);
      if (privateKey === undefined) continue;
      // Revoked from elsewhere (the root's own wallet) is only known to the chain.
      const valid = await b.read<boolean>({
        address: registryOf(b),
        abi: SessionRegistry.abi,
        functionName: 'isValid',
        args: [row.sessionId],
      });
      if (!valid) continue;
      return { sessionId: row.sessionId, wallet: b.walletFor(privateKey), expiresAt: BigInt(row.expiresAt.getTime() / 1000), reused: true };
    }
    return undefined;
  };

  const issue = async (
    b: ChainBinding,
    bounds: SessionBounds,
    now: bigint,
    traceId?: string,
    exact?: Pick<ExactIssue, 'expiresAt' | 'window' | 'rate'>,
  ): Promise<SessionKey & { txHash: Hex }> => {
    const issuer = await issuerWallet(b);
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    const expiresAt = exact?.expiresAt ?? now + SESSION_TTL_SECONDS;
    const r = { address: registryOf(b), abi: SessionRegistry.abi } as const;
    const w = exact
      ? await write(b.client, deps.serial, issuer, {
          ...r,
          functionName: 'issueScopedTimed',
          args: [bounds.agent, account.address, expiresAt, bounds.mask, bounds.maxValue, bounds.pins, ...exact.window, ...exact.rate],
        })
      : await write(b.client, deps.serial, issuer, {
          ...r,
          functionName: 'issueScoped',
          args: [bounds.agent, account.address, expiresAt, bounds.mask, bounds.maxValue, bounds.pins],
        });
    const event = parseEventLogs({ abi: SessionRegistry.abi, logs: w.receipt.logs, eventName: 'SessionIssued' })[0];
    if (!event) throw new AppError('flow_step_failed', { message: `issueScoped (tx ${w.hash}) emitted no SessionIssued` });
    const sessionId = event.args.id;
    held.set(account.address.toLowerCase(), privateKey);
    await repo.issued({
      ...bounds,
      sessionId,
      keyAddress: account.address,
      expiresAt: new Date(Number(expiresAt) * 1000),
      sealedKey: deps.sealingKey === undefined ? null : seal(deps.sealingKey, privateKey, sealLabel(bounds.registry, account.address)),
      issuedBy: issuer.account.address,
      issuedTx: w.hash,
      issuedAt: new Date(),
      revokedAt: null,
      revokedBy: null,
      revokedTx: null,
    });
    await deps.audit.record(
      'SessionIssued',
      {
        sessionId: String(sessionId),
        agent: bounds.agent,
        key: account.address,
        maxValue: String(bounds.maxValue),
        scopeMask: bounds.mask,
        targets: [...bounds.pins],
        expiresAt: new Date(Number(expiresAt) * 1000).toISOString(),
        issuedBy: issuer.account.address,
        txHash: w.hash,
      },
      traceId,
    );
    return { sessionId, wallet: b.walletFor(privateKey), expiresAt, reused: false, txHash: w.hash };
  };

  return {
    async revokeOne(b, sessionId, authorizedBy, traceId) {
      const registry = registryOf(b);
      const r = { address: registry, abi: SessionRegistry.abi } as const;
      const [agent, key, , , revoked] = await b.client.readContract({ ...r, functionName: 'sessions', args: [sessionId] });
      if (agent === '0x0000000000000000000000000000000000000000')
        throw new AppError('session_not_found', { message: `no session key ${sessionId} on the registry` });
      if (revoked) throw new AppError('session_not_live', { message: `session key ${sessionId} is already revoked` });
      try {
        const w = await write(b.client, deps.serial, await issuerWallet(b), { ...r, functionName: 'revoke', args: [sessionId] });
        held.delete(key.toLowerCase());
        gas.delete(key.toLowerCase());
        for (const [k, v] of lastKey) if (v.sessionId === sessionId) lastKey.delete(k);
        await repo.revoked(registry, sessionId, authorizedBy, w.hash, new Date());
        await deps.audit.record('SessionRevoked', { sessionId: String(sessionId), agent, key, authorizedBy, txHash: w.hash }, traceId);
        return { agent: getAddress(agent), key: getAddress(key), txHash: w.hash };
      } catch (err) {
        throw chainFailure(err, `revoking session key ${sessionId}`);
      }
    },

    async issueExact(b, spec, traceId) {
      const { expiresAt, window, rate, ...partial } = spec;
      try {
        const issued = await issue(b, { ...partial, registry: registryOf(b) }, 0n, traceId, { expiresAt, window, rate });
        return { sessionId: issued.sessionId, key: issued.wallet.account.address, txHash: issued.txHash };
      } catch (err) {
        throw chainFailure(err, `issuing a session key for ${spec.agent}`);
      }
    },

    async revokeAll(b, agent, authorizedBy, traceId) {
      const registry = registryOf(b);
      const r = { address: registry, abi: SessionRegistry.abi } as const;
      try {
        const revoked: bigint[] = [];
        for (const id of await b.client.readContract({ ...r, functionName: 'sessionsOf', args: [agent] })) {
          if (!(await b.client.readContract({ ...r, functionName: 'isValid', args: [id] }))) continue;
          const [, key] = await b.client.readContract({ ...r, functionName: 'sessions', args: [id] });
          const w = await write(b.client, deps.serial, await issuerWallet(b), { ...r, functionName: 'revoke', args: [id] });
          held.delete(key.toLowerCase());
          gas.delete(key.toLowerCase());
          await repo.revoked(registry, id, authorizedBy, w.hash, new Date());
          await deps.audit.record('SessionRevoked', { sessionId: String(id), agent, key, authorizedBy, txHash: w.hash }, traceId);
          revoked.push(id);
        }
        return revoked;
      } catch (err) {
        throw chainFailure(err, `revoking the session keys of ${agent}`);
      }
    },

    async heldKeyOf(b, agent) {
      try {
        const now = await chainNow(b);
        const rows = await repo.liveOf(registryOf(b), agent, new Date(Number(now + MIN_LEFT_SECONDS) * 1000));
        const proposing = rows.filter((r) => (r.mask & PROPOSE_ONLY) !== 0).sort((x, y) => y.expiresAt.getTime() - x.expiresAt.getTime());
        for (const row of proposing) {
          const key = await firstValid(b, [row]);
          if (!key) continue;
          await topUp(b, key.wallet.account.address);
          return { ...key, row };
        }
        return undefined;
      } catch (err) {
        throw chainFailure(err, `finding a session key of ${agent}`);
      }
    },

    async keyFor(b, partial, traceId) {
      const bounds: SessionBounds = { ...partial, registry: registryOf(b) };
      try {
        // Expiry is judged by the chain's time, read now: a key is issued or picked here.
        const now = await chainNow(b);
        const cutoff = new Date(Number(now + MIN_LEFT_SECONDS) * 1000);
        const key = (await firstValid(b, await repo.live(bounds, cutoff))) ?? (await issue(b, bounds, now, traceId));
        await topUp(b, key.wallet.account.address);
        lastKey.set(boundsKey(bounds), key);
        return key;
      } catch (err) {
        throw chainFailure(err, 'getting a session key');
      }
    },

    recent(b, partial) {
      const bounds: SessionBounds = { ...partial, registry: registryOf(b) };
      const key = lastKey.get(boundsKey(bounds));
      const address = key?.wallet.account.address.toLowerCase();
      if (!key || address === undefined || !held.has(address) || !enough(gas.get(address))) return undefined;
      return {
        ...key,
        reused: true,
        live: async () => {
          // Revocation and expiry themselves are read live (isValid); only the margin left is judged
          // on a header up to half a minute old. A chain whose time jumped ahead since (a dev chain
          // moved forward by hand) may hand out a key with less than the margin left, never an
          // expired one: expiry is the chain's own check.
          const [valid, now] = await Promise.all([
            b.read<boolean>({ address: bounds.registry, abi: SessionRegistry.abi, functionName: 'isValid', args: [key.sessionId] }),
            chainNow(b, CHAIN_CLOCK_MS),
          ]);
          return valid && key.expiresAt - now > MIN_LEFT_SECONDS;
        },
      };
    },

    spent(key, receipt) {
      const g = gas.get(key.toLowerCase());
      if (!g) return;
      const paid = receipt.gasUsed * receipt.effectiveGasPrice;
      gas.set(key.toLowerCase(), { balance: g.balance > paid ? g.balance - paid : 0n, price: receipt.effectiveGasPrice });
    },

    async refuel(b, key) {
      try {
        await topUp(b, key, true);
      } catch (err) {
        throw chainFailure(err, `topping up the gas of ${key}`);
      }
    },
  };
}
