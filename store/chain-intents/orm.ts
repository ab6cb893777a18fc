/** The intent history on the ORM: the same statements on both engines. */
import { ChainIntent } from '../entities/ChainIntent.js';
import type { Store } from '../types.js';
import type { ChainIntentRepository, IntentOutcome, IntentResolutionRow } from './types.js';

export function ormChainIntents(store: Store): ChainIntentRepository {
  return {
    async record(row) {
      await store.em().insert(ChainIntent, { ...row });
    },
    async list(limit) {
      const rows = await store.em().find(ChainIntent, {}, { orderBy: [{ at: 'desc' }, { id: 'desc' }], limit });
      return rows.map(rowOf);
    },
    async byTx(asset, intentId, txHash) {
      const r = await store.em().findOne(ChainIntent, { asset, intentId, txHash });
      return r ? rowOf(r) : undefined;
    },
  };
}

function rowOf(r: ChainIntent): IntentResolutionRow {
  return {
    id: r.id,
    asset: r.asset,
    intentId: r.intentId,
    outcome: r.outcome as IntentOutcome,
    approved: r.approved,
    approver: r.approver,
    authorizedBy: r.authorizedBy,
    awaiting: r.awaiting ?? null,
    txHash: r.txHash,
    at: r.at,
  };
}
