/**
 * PostgreSQL migrations at start: they land in the configured schema (tables and journal), run
 * once however often or however concurrently the store is opened, leave `public` alone, and
 * produce exactly the schema the entities describe. A store that cannot connect fails with one
 * clear line.
 */
import t, { type Test } from 'tap';
import type { Migrator } from '@mikro-orm/migrations';
import { AppError } from '../../schemas/errors.js';
import { entities, openStore, type Store } from '../../store/index.js';
import { migrationsList } from '../../store/migrations/index.js';
import { freshSchema, pgQuery } from '../helpers/store-engines.js';
import { skipUnless, TEST_DATABASE_URL, uniqueName } from '../helpers/services.js';
import { listTablesFromCatalog } from '../../store/pg-catalog.js';

// Each module appends its own tables; the assertion sorts, so order here does not matter.
const SVC_TABLES = [
  'audit_event',
  'audit_outbox',
  'claim',
  'mikro_orm_migrations',
  'gate_question',
  'inference_budget', // inference budgets
  'message',
  'model_call', // gates and the model ledger
  'mcp_catalog',
  'mcp_rule',
  'mcp_secret',
  'mcp_server', // attached MCP servers
  'mcp_tool_pin', // pinned tool definitions
  'paused_agent',
  'webhook_delivery',
  'webhook_trigger', // triggers and paused agents
  'flow_attempt',
  'flow_checkpoint',
  'flow_definition',
  'flow_run', // flows and runs
  'flow_wait',
  'wait_event', // waits released by events
  'heartbeat',
  'heartbeat_tick', // crew heartbeats
  'chain_cursor',
  'chain_log', // the treasury indexer
  'chain_send',
  'chain_session', // session keys and signed chain transactions
  'chain_intent', // the intent history
  'root_challenge', // pending root challenges
  'rate_window', // rate-limit counts shared by gateway replicas
].sort();
const MIGRATIONS = migrationsList.map((m) => m.name);

async function tablesIn(schema: string): Promise<string[]> {
  const rows = await pgQuery<{ table_name: string }>(
    'select table_name from information_schema.tables where table_schema = $1 order by table_name',
    [schema],
  );
  return rows.map((r) => r.table_name);
}

async function journal(schema: string): Promise<string[]> {
  const rows = await pgQuery<{ name: string }>(`select name from "${schema}".mikro_orm_migrations order by id`);
  return rows.map((r) => r.name);
}

async function open(t: Test, schema: string): Promise<Store> {
  const store = await openStore({ databaseUrl: TEST_DATABASE_URL, schema });
  t.teardown(() => store.close());
  return store;
}

t.test('openStore on PostgreSQL', { skip: (await skipUnless('postgres')) ?? false }, async (t) => {
  t.test('a fresh schema gets the tables and the journal; public gets nothing', async (t) => {
    const publicBefore = await tablesIn('public');
    const schema = freshSchema(t);
    t.same(await tablesIn(schema), [], 'nothing there before');
    const store = await open(t, schema);
    t.equal(await store.ready(), true);
    t.same(await tablesIn(schema), SVC_TABLES, 'tables and journal live in the schema');
    t.same(await journal(schema), MIGRATIONS, 'one journal row per migration');
    t.same(await tablesIn('public'), publicBefore, 'public is untouched');
    t.same(
      SVC_TABLES.filter((n) => publicBefore.includes(n)),
      [],
      'and holds no svc tables',
    );
    const indexes = await pgQuery<{ indexname: string }>('select indexname from pg_indexes where schemaname = $1 order by indexname', [
      schema,
    ]);
    t.same(
      indexes.map((r) => r.indexname),
      [
        'audit_event_at_index',
        'audit_event_pkey',
        'audit_event_type_index',
        'audit_outbox_pkey',
        'chain_cursor_pkey',
        'chain_log_pkey',
        // session keys and signed chain transactions
        'chain_send_pkey',
        'chain_session_agent_max_value_mask_index',
        'chain_session_pkey',
        'claim_pkey',
        'mikro_orm_migrations_pkey',
        // gates and the model ledger
        'gate_question_pkey',
        'gate_question_run_id_step_id_unique',
        'gate_question_status_deadline_at_index',
        'heartbeat_pkey',
        'heartbeat_tick_crew_id_started_at_index',
        'heartbeat_tick_pkey',
        'inference_budget_pkey', // inference budgets
        'message_pkey',
        'message_reply_to_index',
        'message_thread_id_index',
        'model_call_at_index',
        'model_call_pkey',
        'model_call_run_id_index',
        'paused_agent_pkey',
        'webhook_delivery_logged_tx_index',
        'webhook_delivery_pkey',
        'webhook_delivery_trigger_id_at_index',
        'webhook_delivery_trigger_id_delivery_key_unique',
        'webhook_trigger_flow_id_index',
        'webhook_trigger_pkey',
        // attached MCP servers
        'mcp_catalog_pkey',
        'mcp_rule_owner_index',
        'mcp_rule_pkey',
        'mcp_secret_pkey',
        'mcp_server_pkey',
        'mcp_tool_pin_owner_index',
        'mcp_tool_pin_pkey',
        // flows and runs
        'flow_attempt_pkey',
        'flow_attempt_run_id_index',
        'flow_checkpoint_pkey',
        'flow_checkpoint_run_id_seq_unique',
        'flow_definition_pkey',
        'flow_run_created_at_index',
        'flow_run_lease_expires_at_index',
        'flow_run_parent_key_unique',
        'flow_run_parent_run_id_index',
        'flow_run_pkey',
        'flow_run_principal_index',
        'flow_run_status_index',
        // waits released by events
        'flow_wait_event_id_unique',
        'flow_wait_flow_id_principal_key_status_index',
        'flow_wait_pkey',
        'flow_wait_status_deadline_at_index',
        'wait_event_expires_at_index',
        'wait_event_flow_id_principal_key_expires_at_index',
        'wait_event_pkey',
        'wait_event_wait_id_unique',
        // the intent history
        'chain_intent_asset_intent_id_index',
        'chain_intent_at_index',
        'chain_intent_pkey',
        // pending root challenges
        'root_challenge_created_at_index',
        'root_challenge_pkey',
        // rate-limit windows
        'rate_window_pkey',
      ].sort(),
    );
  });

  t.test('the migrations build exactly the schema the entities describe', async (t) => {
    const schema = freshSchema(t);
    const store = await open(t, schema);
    // Diff only this schema: other runtimes' schemas in the same database are not ours.
    // The introspection lists the tables of every schema in the database first, so a schema that
    // a concurrent test drops in between fails it ("schema ... does not exist"): read again then.
    const diff = async (attempt: number): Promise<string> => {
      try {
        return await store.orm.schema.getUpdateSchemaSQL({ wrap: false, schema });
      } catch (err) {
        const gone = /schema "([^"]+)" does not exist/.exec((err as Error).message)?.[1];
        if (attempt >= 5 || gone === undefined || gone === schema) throw err;
        return diff(attempt + 1);
      }
    };
    const drift = await diff(1);
    t.equal(drift.trim(), '', 'no pending schema difference');
  });

  t.test('events still owed when the outbox became a table are carried into it', async (t) => {
    const schema = freshSchema(t);
    await pgQuery(`create schema "${schema}"`);
    // The schema as the previous release left it: migrated up to the `published` flag.
    const { MikroORM } = await import('@mikro-orm/postgresql');
    const { Migrator } = await import('@mikro-orm/migrations');
    const old = await MikroORM.init({
      entities,
      clientUrl: TEST_DATABASE_URL,
      schema,
      ensureDatabase: false,
      extensions: [Migrator],
      migrations: {
        migrationsList,
        tableName: 'mikro_orm_migrations',
        transactional: true,
        allOrNothing: true,
        disableForeignKeys: false,
        snapshot: false,
        silent: true,
      },
    });
    // As the store does (store/pg-catalog.ts): the ORM's own table listing fails when another
    // test drops its schema during the statement.
    listTablesFromCatalog(old);
    try {
      await old.getMigrator<Migrator>().up({ to: 'Migration20261122050000AuditOutbox' });
    } finally {
      await old.close(true);
    }
    const [owed, sent] = await pgQuery<{ id: string }>(
      `insert into "${schema}".audit_event ("type", "at", "data", "published") values ('FlowSaved', now(), '{}', false), ('FlowSaved', now(), '{}', true) returning "id"`,
    );
    await open(t, schema);
    t.ok(owed && sent, 'two rows written the old way');
    t.same(
      (await pgQuery<{ id: string }>(`select "id" from "${schema}".audit_outbox`)).map((r) => r.id),
      [owed!.id],
      'the unpublished row is owed, the published one is not',
    );
    const columns = await pgQuery<{ column_name: string }>(
      'select column_name from information_schema.columns where table_schema = $1 and table_name = $2',
      [schema, 'audit_event'],
    );
    t.notOk(
      columns.some((c) => c.column_name === 'published'),
      'the flag column is gone',
    );
  });

  t.test('opening again is a no-op', async (t) => {
    const schema = freshSchema(t);
    await (await open(t, schema)).close();
    const again = await open(t, schema);
    t.same(await journal(schema), MIGRATIONS, 'still one journal row per migration');
    t.same(await again.orm.getMigrator<Migrator>().getPendingMigrations(), [], 'nothing pending');
  });

  t.test('concurrent starts on one new schema migrate it once', async (t) => {
    const schema = freshSchema(t);
    const stores = await Promise.all([1, 2, 3, 4].map(() => open(t, schema)));
    t.equal(stores.length, 4, 'all four started');
    t.same(await journal(schema), MIGRATIONS);
  });

  t.test('the schema name is used as given, and each schema is migrated on its own', async (t) => {
    const a = freshSchema(t);
    const b = freshSchema(t);
    await open(t, a);
    await open(t, b);
    const schemata = await pgQuery<{ schema_name: string }>(
      'select schema_name from information_schema.schemata where schema_name = any($1) order by schema_name',
      [[a, b]],
    );
    t.same(
      schemata.map((r) => r.schema_name),
      [a, b].sort(),
    );
    t.same(await tablesIn(b), SVC_TABLES);
    t.same(await journal(b), MIGRATIONS);
  });

  t.test('a store opens while tables in other schemas are being dropped', async (t) => {
    // The migrator lists every table of the database; tables vanishing elsewhere in the meantime
    // (other tenants, other test files) must not fail the start.
    let churning = true;
    const churn = async () => {
      while (churning) {
        const other = uniqueName('churn_');
        await pgQuery(
          `create schema "${other}"; ${Array.from({ length: 100 }, (_, i) => `create table "${other}".t${i} (id int)`).join('; ')}`,
        );
        await pgQuery(`drop schema "${other}" cascade`);
      }
    };
    const churners = [churn(), churn(), churn()];
    try {
      for (let i = 0; i < 12; i++) {
        const store = await open(t, freshSchema(t));
        t.equal(await store.ready(), true, `start ${i + 1}`);
      }
    } finally {
      churning = false;
      await Promise.all(churners);
    }
  });

  t.test('an unreachable database fails with one clear line, credentials left out', async (t) => {
    const schema = freshSchema(t);
    const err = await openStore({ databaseUrl: 'postgres://svc:hunter2@127.0.0.1:1/nowhere', schema }).then(
      () => undefined,
      (x: unknown) => x,
    );
    t.ok(err instanceof AppError, 'an AppError');
    t.match(err, { code: 'store_unavailable', status: 503 });
    const message = (err as Error).message;
    t.match(message, /^cannot open the PostgreSQL store at 127\.0\.0\.1:1\/nowhere: .*ECONNREFUSED/);
    t.notMatch(message, /\n/, 'one line');
    t.notMatch(message, /hunter2/, 'no password');
  });
});
