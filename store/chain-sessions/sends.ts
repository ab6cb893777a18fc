/**
 * The two statements a chain send makes on its path, as prepared statements instead of ORM query
 * building (the record is written between signing and broadcasting, so its cost is on every
 * gate step's latency): the first send recorded under an attempt wins and every later try gets it
 * back; a send is looked up by its attempt.
 */
import { rawSql } from '../raw.js';
import type { Store } from '../types.js';
import type { ChainSessionRepository, SendRow } from './types.js';

type Hex = `0x${string}`;
const COLUMNS = '"attempt", "tx_hash", "raw_tx", "sender", "session_id", "created_at"';

function toSend(r: Record<string, unknown>): SendRow {
  return {
    attempt: r.attempt as string,
    txHash: r.tx_hash as Hex,
    rawTx: r.raw_tx as Hex,
    sender: r.sender as Hex,
    sessionId: r.session_id === null || r.session_id === undefined ? null : BigInt(r.session_id as string),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(Number(r.created_at)),
  };
}

export function rawSends(store: Store): Pick<ChainSessionRepository, 'recordSend' | 'sendOf'> {
  const sql = rawSql(store);
  const T = sql.table('chain_send');
  const insert = `insert into ${T} (${COLUMNS}) values ($1, $2, $3, $4, $5, $6) on conflict ("attempt") do nothing`;
  const select = `select ${COLUMNS} from ${T} where "attempt" = $1`;
  const sendOf = async (attempt: string) => {
    const [row] = await sql.rows(select, [attempt]);
    return row ? toSend(row) : undefined;
  };
  return {
    async recordSend(s) {
      const values = [
        s.attempt,
        s.txHash,
        s.rawTx,
        s.sender.toLowerCase(),
        s.sessionId === null ? null : String(s.sessionId),
        sql.date(s.createdAt),
      ];
      const inserted =
        sql.dialect === 'postgres' ? (await sql.pg(insert, values)).rowCount : await sql.sqlite((prep) => prep(insert).run(values).changes);
      if (inserted === 1) return s;
      // Another try of the attempt recorded first: its row is the one.
      const stored = await sendOf(s.attempt);
      if (!stored) throw new Error(`chain_send ${s.attempt}: the insert conflicted but no row is there`);
      return stored;
    },
    sendOf,
  };
}
