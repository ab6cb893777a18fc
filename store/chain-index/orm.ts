/**
 * The chain-index repository on the ORM: the same statements on both engines. A range is rare
 * (one every few seconds, usually empty), so the audit rows go through the ORM inside the
 * transaction rather than the audit repository's raw hot path, which cannot join one.
 */
import { AuditEvent } from '../entities/AuditEvent.js';
import { AuditOutbox } from '../entities/AuditOutbox.js';
import { ChainCursor } from '../entities/ChainCursor.js';
import { ChainLog } from '../entities/ChainLog.js';
import type { SqlEntityManager } from '../knex.js';
import type { StoredAudit } from '../audit/types.js';
import type { Store } from '../types.js';
import type { ChainIndexRepository } from './types.js';

export function ormChainIndex(store: Store): ChainIndexRepository {
  return {
    async cursor(stream) {
      const row = await store.em().findOne(ChainCursor, { stream });
      return row ? BigInt(row.block) : undefined;
    },

    record: (stream, through, logs, at) =>
      store.em().transactional(async (em) => {
        const tem = em as SqlEntityManager;
        const written: StoredAudit[] = [];
        for (const log of logs) {
          // The key first: a log another holder (or an earlier try) recorded inserts nothing, so its events are not written again.
          const res = await tem
            .createQueryBuilder(ChainLog)
            .insert({ txHash: log.txHash, logIndex: log.logIndex, block: log.block.toString(), kind: log.kind, recordedAt: at })
            .onConflict(['txHash', 'logIndex'])
            .ignore()
            .execute('run');
          if (res.affectedRows !== 1) continue;
          for (const e of log.events) {
            const row = { type: e.type, at: e.at ?? at, traceId: e.traceId ?? null, data: e.data };
            const id = String(await tem.insert(AuditEvent, row));
            await tem.insert(AuditOutbox, { id });
            written.push({ id, ...row });
          }
        }
        const moved = await tem.nativeUpdate(
          ChainCursor,
          { stream, block: { $lt: through.toString() } },
          { block: through.toString(), updatedAt: at },
        );
        // Nothing moved: either the cursor is already there (or past it), or this is the stream's first range.
        if (moved === 0 && (await tem.count(ChainCursor, { stream })) === 0)
          await tem.insert(ChainCursor, { stream, block: through.toString(), updatedAt: at });
        return written;
      }),
  };
}
