/**
 * The treasury indexer (docs/chain.md "The treasury indexer"): follows each asset token's transfers into
 * and out of its treasury from a stored block cursor and turns them into audit events,
 * `TreasuryDeposit`, `TreasuryOutflow` and, for an outflow no `AllowanceSpent` accounts for,
 * `TreasuryTheftSuspected`. A range's events, the keys of its logs and the cursor are one store
 * transaction (store/chain-index), published after it commits (the outbox re-sends what a crash
 * left unpublished), so a restart resumes after the last recorded range and never emits twice.
 *
 * One replica indexes at a time: every process running the trigger actor tries the lease (a
 * store claim renewed each pass) every SVC_CHAIN_INDEX_INTERVAL_MS; the holder reads, the others
 * wait for it to lapse. Without a chain binding (mock mode, a dev chain still deploying) a pass
 * does nothing and takes no lease.
 */
import type { Logger } from 'pino';
import { BaseError } from 'viem';
import type { CurrentBinding } from '../../chain/onchain/current.js';
import type { ChainBinding } from '../../chain/onchain/binding.js';
import { treasuryTransfers, unmatchedOutflows, type TreasuryTransfer } from '../../chain/onchain/treasury-logs.js';
import { rpcCause } from '../../chain/rpc.js';
import { auditEvent, type Audit } from '../../runtime/audit.js';
import { chainIndexOf, type IndexedLog } from '../../store/chain-index/index.js';
import { holdLease, releaseClaim } from '../../store/claims.js';
import type { Store } from '../../store/types.js';

/** Blocks per `eth_getLogs` range: inside what public RPCs accept. */
const RANGE_BLOCKS = 2_000n;
/** Ranges per pass, so a long backlog drains over a few passes and the lease is renewed between them. */
const RANGES_PER_PASS = 10;
const ANVIL_CHAIN_ID = 31337;
const DEFAULT_CONFIRMATIONS = 12;
const LEASE_KEY = 'chain-index:treasury';

export interface TreasuryIndexerDeps {
  readonly store: Store;
  readonly audit: Audit;
  readonly log: Logger;
  readonly binding: CurrentBinding;
  readonly workerId: string;
  readonly now: () => number;
  readonly intervalMs: number;
  /** Blocks kept behind the head; undefined: 0 on anvil (31337), else 12. */
  readonly confirmations: number | undefined;
}

export interface PassResult {
  readonly stream: string;
  /** The cursor after the pass: every block up to it is recorded. */
  readonly through: bigint | undefined;
  readonly emitted: number;
}

export interface TreasuryIndexer {
  /** Reads what is new up to the safe head (at most a few ranges) and records it; undefined without a chain. */
  pass(renew?: () => Promise<boolean>): Promise<PassResult | undefined>;
  /** Starts the lease loop of this process. */
  start(): void;
  /** Stops the loop, waits for a pass in flight and gives the lease back. */
  stop(): Promise<void>;
}

export function treasuryIndexer(deps: TreasuryIndexerDeps): TreasuryIndexer {
  const repo = chainIndexOf(deps.store);
  const leaseMs = Math.max(30_000, deps.intervalMs * 10);

  const pass: TreasuryIndexer['pass'] = async (renew) => {
    const b = deps.binding();
    if (!b) return undefined;
    const stream = `treasury:${b.chain.id}:${b.deployment.org.toLowerCase()}`;
    const confirmations = BigInt(deps.confirmations ?? (b.chain.id === ANVIL_CHAIN_ID ? 0 : DEFAULT_CONFIRMATIONS));
    const safe = (await b.client.getBlockNumber({ cacheTime: 0 })) - confirmations;
    const stored = await repo.cursor(stream);
    if (stored !== undefined && stored > safe + confirmations) {
      // A dev chain restarted under a kept store: its blocks are not the ones the cursor counted.
      deps.log.warn(
        { stream, cursor: stored.toString(), head: (safe + confirmations).toString() },
        'treasury index cursor is past the chain head; was the chain reset?',
      );
      return { stream, through: stored, emitted: 0 };
    }
    let cursor = stored ?? startBefore(b, safe);
    let emitted = 0;
    for (let i = 0; i < RANGES_PER_PASS && cursor < safe; i++) {
      if (renew && !(await renew())) break;
      const to = cursor + RANGE_BLOCKS < safe ? cursor + RANGE_BLOCKS : safe;
      const logs = await indexedLogs(b, cursor + 1n, to);
      const rows = await repo.record(stream, to, logs, new Date(deps.now()));
      for (const row of rows) await deps.audit.publish(row);
      emitted += rows.length;
      cursor = to;
    }
    if (emitted) deps.log.info({ stream, through: cursor.toString(), emitted }, 'treasury indexer recorded transfers');
    return { stream, through: cursor, emitted };
  };

  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let held = false;
  const lease = async () => (held = await holdLease(deps.store, LEASE_KEY, deps.workerId, leaseMs));
  const tick = async () => {
    if (!deps.binding()) return;
    if (!(await lease())) return;
    await pass(lease);
  };

  return {
    pass,
    start() {
      timer ??= setInterval(() => {
        inFlight ??= tick()
          .catch((err: unknown) =>
            // viem's messages quote the RPC URL (credentials included): a chain failure is logged in our own words.
            deps.log.warn(
              err instanceof BaseError ? { cause: `chain: ${rpcCause(err, 10_000)}` } : { err },
              'treasury indexer pass failed; the next one retries',
            ),
          )
          .finally(() => (inFlight = undefined));
      }, deps.intervalMs).unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await inFlight;
      if (held) await releaseClaim(deps.store, LEASE_KEY, deps.workerId).catch(() => undefined);
      held = false;
    },
  };
}

/** The cursor before the first range: the block before the deployment's, else the safe head (read from there on). */
function startBefore(b: ChainBinding, safe: bigint): bigint {
  const start = b.deployment.startBlock;
  return start !== undefined ? BigInt(start) - 1n : safe - 1n;
}

async function indexedLogs(b: ChainBinding, from: bigint, to: bigint): Promise<IndexedLog[]> {
  const transfers = await treasuryTransfers(b.client, b.deployment.assets, from, to);
  const theft = await unmatchedOutflows(b.client, transfers);
  return transfers.map((t) => ({
    txHash: t.txHash,
    logIndex: t.logIndex,
    block: t.block,
    kind: t.kind,
    events: eventsOf(t, theft.has(t)),
  }));
}

function eventsOf(t: TreasuryTransfer, theft: boolean): IndexedLog['events'] {
  const common = {
    amount: t.amount.toString(),
    token: t.asset.token,
    symbol: t.asset.symbol,
    decimals: t.asset.decimals,
    treasury: t.asset.treasury,
    txHash: t.txHash,
    time: t.time.toISOString(),
    block: t.block.toString(),
    logIndex: t.logIndex,
  };
  if (t.kind === 'deposit') return [auditEvent('TreasuryDeposit', { from: t.counterparty, ...common })];
  const outflow = auditEvent('TreasuryOutflow', { to: t.counterparty, ...common });
  if (!theft) return [outflow];
  return [
    outflow,
    auditEvent('TreasuryTheftSuspected', {
      to: t.counterparty,
      ...common,
      reason: 'no AllowanceSpent from this treasury to this recipient for this amount in the transaction',
    }),
  ];
}
