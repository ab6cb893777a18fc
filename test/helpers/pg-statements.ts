/**
 * Every statement a PostgreSQL store's connections are handed from now on (the ORM's and the raw
 * ones alike), by its text and values, passed through `before` first: it may hold a statement back, as a
 * loaded database would answer, or fail it, as a lost connection would.
 */
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import type { Store } from '../../store/types.js';

export function onStatements(store: Store, before: (text: string, values: unknown[]) => Promise<void>): void {
  const client = (store.orm.em.getConnection() as unknown as AbstractSqlConnection).getKnex().client as {
    acquireConnection(): Promise<{ query: (...args: unknown[]) => unknown }>;
  };
  const acquire = client.acquireConnection.bind(client);
  const seen = new WeakSet<object>();
  client.acquireConnection = async () => {
    const c = await acquire();
    if (!seen.has(c)) {
      seen.add(c);
      const query = c.query.bind(c);
      c.query = (...args: unknown[]) => {
        const q = args[0] as string | { text?: string; values?: unknown[] };
        const [text, values] = typeof q === 'string' ? [q, (args[1] as unknown[] | undefined) ?? []] : [q.text ?? '', q.values ?? []];
        return before(text, values).then(() => query(...args));
      };
    }
    return c;
  };
}

export interface Statement {
  text: string;
  values: unknown[];
}

/** Every statement from now on, each held `delayMs` before it is sent. */
export function recordStatements(store: Store, delayMs: number): Statement[] {
  const seen: Statement[] = [];
  onStatements(store, (text, values) => {
    seen.push({ text, values });
    return new Promise((r) => setTimeout(r, delayMs));
  });
  return seen;
}

/** A gateway's ledger filter reading the ledger: what was committed since its last read, or a chunk of its full load (store/deliveries/ledger-log.ts). */
export const isFilterRead = (s: Statement): boolean =>
  s.text.includes('pg_current_snapshot') || s.text.includes('order by trigger_id, delivery_key');

/** The delivery keys a statement asks the ledger about (store/deliveries/pg.ts: a ledger read, or a trigger read carrying one). */
export function ledgerKeysAsked(s: Statement): string[] {
  if (isFilterRead(s) || !s.text.includes('delivery_key') || /insert into/i.test(s.text)) return [];
  const keys = s.text.includes('webhook_trigger') ? s.values[2] : s.values[1];
  return Array.isArray(keys) ? (keys as string[]) : [];
}
