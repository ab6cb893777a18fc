/**
 * The delivery ledger's reads on PostgreSQL probe the unique (trigger id, delivery key) index
 * once the log has grown, although their plan was made while it was empty. The statements are
 * prepared once per connection, and PostgreSQL keeps the generic plan it settles on after a few
 * executions until the table's statistics change: on a server without autovacuum (this one) or
 * before autovacuum first gets to a new table, a plan that suited the empty log, a scan, is
 * what every later batch runs, reading every row of the log for each (a gateway accepting
 * thousands of deliveries a second was held to a few hundred).
 */
import t from 'tap';
import { engines, pgQuery } from '../../helpers/store-engines.js';
import { saveFlow } from '../../helpers/triggers.js';
import { withConnection } from '../../../store/knex.js';
import { triggersOf, type TriggerRecord } from '../../../store/triggers/index.js';
import { deliveriesOf } from '../../../store/deliveries/index.js';

const pgEngine = engines.find((e) => e.engine === 'postgres')!;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

t.test(
  'a plan made on the empty log still probes the index once it holds 20,000 rows',
  { skip: (await pgEngine.skip()) ?? false },
  async (t) => {
    const store = await pgEngine.open(t);
    const schema = store.orm.config.get('schema') as string;
    await saveFlow(store, 'wf', 'webhook');
    const now = new Date();
    await triggersOf(store).insert({
      id: 'trg_plan',
      flowId: 'wf',
      principal: 'operator',
      scheme: 'svc',
      events: [],
      input: null,
      release: null,
      config: null,
      sealedSecret: 'sealed',
      secretVersion: 1,
      enabled: true,
      createdBy: 'operator',
      createdAt: now,
      updatedAt: now,
    } as TriggerRecord);
    const deliveries = deliveriesOf(store);
    const keys = (n: number) => Array.from({ length: n }, (_, i) => ({ triggerId: 'trg_plan', deliveryKey: `k-${(i + 1) * 997}` }));
    // One at a time, so every read runs on the one pooled connection and settles its plans there.
    for (let i = 0; i < 10; i++) {
      await deliveries.triggersAndLedger(['trg_plan'], keys(8));
      await deliveries.acceptedAt(keys(8));
    }
    await pgQuery(
      `insert into "${schema}".webhook_delivery (id, trigger_id, delivery_key, status, reason, bytes, run_id, event_type, sent, at)
     select gen_random_uuid()::text, 'trg_plan', 'k-' || g, 'accepted', null, 7, 'run-' || g, null, true, now() from generate_series(1, 20000) g`,
    );
    const found = await deliveries.triggersAndLedger(['trg_plan'], keys(8));
    t.equal(found.accepted.size, 8, 'the keys the grown log holds are found');

    const plans = await withConnection(store.orm, async (c) => {
      const client = c as { query(text: string): Promise<{ rows: Record<string, unknown>[] }> };
      const prepared = (
        await client.query(
          "select name, cardinality(parameter_types) as params from pg_prepared_statements where statement like '%webhook_delivery%' and statement not like '%insert into%'",
        )
      ).rows;
      const out: { name: string; plan: PlanNode }[] = [];
      for (const p of prepared) {
        // The keys are the last array, their trigger ids the one before; the trigger read also takes the trigger ids first.
        const args = [...(Number(p.params) === 3 ? ["'{trg_plan}'"] : []), "'{trg_plan,trg_plan}'", "'{k-5,k-7}'"];
        const res = await client.query(`explain (format json) execute ${String(p.name)}(${args.join(', ')})`);
        out.push({ name: String(p.name), plan: (res.rows[0]!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan });
      }
      return out;
    });
    t.equal(plans.length, 2, 'both ledger reads were prepared on the connection');
    for (const { name, plan } of plans) {
      const onLog = nodes(plan).filter((n) => n['Relation Name'] === 'webhook_delivery');
      t.ok(onLog.length > 0, `${name} reads the log`);
      t.same(
        onLog.filter((n) => !n['Node Type'].startsWith('Index')).map((n) => n['Node Type']),
        [],
        `${name}: the log is read through its index, not scanned`,
      );
    }
  },
);
