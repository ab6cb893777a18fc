/**
 * `svc migrate` on real PostgreSQL and NATS: two copies started at once both exit 0, the schema
 * holds every migration once, and the streams and consumers a worker needs are there.
 */
import t from 'tap';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { claimReal } from '../../helpers/system.js';
import { skipUnless, TEST_NATS_URL } from '../../helpers/services.js';
import { runCli } from '../../helpers/process.js';
import { pgQuery } from '../../helpers/store-engines.js';
import { ACTORS, names } from '../../../bus/index.js';
import { migrationsList } from '../../../store/migrations/index.js';

const skip = (await skipUnless('postgres', 'nats')) ?? false;

t.test('svc migrate twice at once: both exit 0; migrations and streams are there once', { skip }, async (t) => {
  const real = claimReal(t);
  const [a, b] = await Promise.all([runCli(['migrate'], real.env), runCli(['migrate'], real.env)]);
  t.equal(a.code, 0, a.stderr);
  t.equal(b.code, 0, b.stderr);
  t.match(a.stdout, new RegExp(`store: ${migrationsList.length} migrations applied`));
  t.match(a.stdout, /bus: streams .*_CMD/);
  const journal = await pgQuery<{ name: string }>(`select name from "${real.schema}".mikro_orm_migrations`);
  t.same(journal.map((r) => r.name).sort(), migrationsList.map((m) => m.name).sort(), 'each migration once');
  const nc = await connect({ servers: TEST_NATS_URL });
  t.teardown(() => nc.close());
  const jsm = await jetstreamManager(nc);
  const n = names(real.prefix);
  for (const s of [n.commandStream, n.eventStream, n.deadLetterStream, n.nakStream]) t.ok(await jsm.streams.info(s), `stream ${s}`);
  for (const actor of ACTORS) t.ok(await jsm.consumers.info(n.commandStream, n.consumer(actor)), `consumer ${n.consumer(actor)}`);
  const again = await runCli(['migrate'], real.env);
  t.equal(again.code, 0, 'and a third run changes nothing');
});

t.test('svc migrate with nothing configured exits 2', async (t) => {
  const r = await runCli(['migrate'], {});
  t.equal(r.code, 2);
  t.match(r.stderr, /nothing to migrate/);
});
