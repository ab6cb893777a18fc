/**
 * `svc heartbeat` driven as a user would, on JetStream + PostgreSQL: `svc gateway` and two workers
 * (a shortened clock, test/helpers/scaled-clock-worker.mjs), the built bin for every command.
 * A checklist of a flow and a skill is set, a scheduled tick posts its summary in `crew:<id>`, the
 * ledger is read; every refusal is a non-zero exit with one line on stderr.
 */
import t from 'tap';
import { repoPath } from '../helpers/paths.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startSvc } from '../helpers/process.js';
import { skipUnless, TEST_DATABASE_URL, TEST_NATS_URL, uniqueName } from '../helpers/services.js';
import { dropSchema, dropStreams } from '../helpers/system.js';
import { pollFor } from '../helpers/poll.js';
import { req } from '../helpers/http.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;
// Every command is a process of its own: on a loaded machine the file needs more than the default.
t.setTimeout(600_000);
const WORKER = repoPath('test/helpers/scaled-clock-worker.mjs');
const TOKEN = 'heartbeat-cli-operator-0123456789';

t.test('svc heartbeat end to end with two workers', { skip: realSkip, timeout: 600_000 }, async (t) => {
  const prefix = uniqueName('t');
  const schema = uniqueName('t_');
  t.teardown(() => dropStreams(prefix));
  t.teardown(() => dropSchema(schema));
  const base = {
    NATS_URL: TEST_NATS_URL,
    DATABASE_URL: TEST_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    SVC_BUS_PREFIX: prefix,
    SVC_ORCH_TOKEN: TOKEN,
    SVC_SKILLS: JSON.stringify({ triage: { title: 'Triage', prompt: 'List what is open' } }),
    SVC_ORG: JSON.stringify({ ann: { crews: ['ops'], skills: ['triage'] } }),
    LOG_LEVEL: 'info',
  };
  const real0 = Date.now();
  const workerEnv = {
    ...base,
    SVC_CLOCK_TICK_MS: '100',
    TEST_CLOCK_T0: String(Date.UTC(2030, 0, 1, 3, 55, 0)),
    TEST_CLOCK_REAL0: String(real0),
    TEST_CLOCK_SCALE: '150',
  };
  const w1 = await startSvc(t, [], workerEnv, WORKER);
  const gw = await startSvc(t, ['gateway'], base);
  const w2 = await startSvc(t, [], workerEnv, WORKER);
  t.not(w1.workerId, w2.workerId, 'two workers');
  const env = { SVC_URL: gw.url!, SVC_ORCH_TOKEN: TOKEN };
  const cli = (...args: string[]) => runCli(args, env);
  const dir = t.testdir({});
  const flowFile = join(dir, 'plain.json');
  writeFileSync(
    flowFile,
    JSON.stringify({ id: 'plain', steps: [{ id: 'b', kind: 'branch', input: '{{input}}', op: 'truthy', onTrue: null, onFalse: null }] }),
  );
  t.equal((await cli('flows', 'save', flowFile)).code, 0);

  const presets = await cli('heartbeat', 'presets');
  t.equal(presets.code, 0, presets.stderr);
  t.match(presets.stdout, /^NAME\s+SCHEDULE\s+DESCRIPTION/);
  t.match(presets.stdout, /every-10-minutes\s+\*\/10 \* \* \* \*/);
  t.match(presets.stdout, /floor: no more often than every 10 minutes/);

  const fast = await cli('heartbeat', 'set', '--crew', 'ops', '--schedule', '0,5 9 * * *', '--timezone', 'UTC', '--flow', 'plain');
  t.not(fast.code, 0, 'a cadence under the floor is refused');
  t.match(fast.stderr, /^svc: heartbeat_cadence_too_fast: .*5 minutes apart.*\n$/);
  t.equal(fast.stderr.split('\n').length, 2, 'one line');

  // 03:55 UTC on the workers' clock is 09:25 in Kolkata: the next firing is 09:30 IST, minutes away.
  const set = await cli(
    'heartbeat',
    'set',
    '--crew',
    'ops',
    // A preset's name, as svc heartbeat presets lists it: saved as its cron expression.
    '--schedule',
    'every-10-minutes',
    '--timezone',
    'Asia/Kolkata',
    '--quiet-start',
    '23:00',
    '--quiet-end',
    '06:00',
    '--flow',
    'plain',
    '--skill',
    'triage',
    '--as',
    'ann',
    '--model',
    'local',
    '--enable',
  );
  t.equal(set.code, 0, set.stderr);
  t.match(set.stdout, /saved heartbeat ops: \*\/10 \* \* \* \* in Asia\/Kolkata, 2 items, enabled/);

  // Watched through the API (a CLI process per look would load the machine); read with the CLI below.
  await pollFor(
    'a scheduled tick in the ledger',
    async () => {
      const r = await req(gw.url!, 'GET', '/heartbeats/ticks?crewId=ops', undefined, TOKEN);
      return (r.body.ticks as { kind: string; status: string }[]).some((x) => x.kind === 'scheduled' && x.status === 'ran') || undefined;
    },
    { timeoutMs: 90_000, everyMs: 300 },
  );
  const ledger = await cli('heartbeat', 'ticks', 'ops', '--json');
  const scheduled = (JSON.parse(ledger.stdout).ticks as { kind: string; status: string; window: string; runs: string[] }[]).find(
    (x) => x.kind === 'scheduled' && x.status === 'ran',
  )!;
  t.equal(new Date(scheduled.window).getUTCMinutes() % 10, 0, 'at a minute the schedule names');
  t.equal(scheduled.runs.length, 2, 'a run for the flow and one for the skill');
  t.equal((await cli('heartbeat', 'off', 'ops')).stdout, 'heartbeat ops disabled\n');

  const thread = await cli('messages', '--thread', 'crew:ops', '--json');
  t.equal(thread.code, 0, thread.stderr);
  const bodies = (JSON.parse(thread.stdout).messages as { body: string }[]).map((m) => m.body);
  t.ok(
    bodies.some((b) => b.startsWith('HEARTBEAT_OK crew ops') && b.includes(scheduled.runs[0]!) && /Spend: \d+ tokens in/.test(b)),
    'the scheduled tick posted its summary in crew:ops',
  );

  const table = await cli('heartbeat', 'ticks', 'ops');
  t.match(table.stdout, /^WINDOW\s+CREW\s+KIND\s+STATUS\s+ITEMS/);
  t.match(table.stdout, /scheduled\s+ran\s+plain:ok,triage:ok/);

  const list = await cli('heartbeat', 'list');
  // The last tick column shows the newest receipt: on a slow machine a window after the one that
  // ran may have been missed (the clock runs 150 times fast) before the heartbeat was switched off.
  const newest = (JSON.parse((await cli('heartbeat', 'ticks', 'ops', '--json')).stdout).ticks as { status: string }[])[0]!;
  t.match(
    list.stdout,
    new RegExp(`ops\\s+\\*/10 \\* \\* \\* \\*\\s+Asia/Kolkata\\s+23:00-06:00\\s+ann\\s+flow:plain,skill:triage\\s+no\\s+${newest.status}`),
  );
  const show = await cli('heartbeat', 'show', 'ops', '--json');
  t.match(JSON.parse(show.stdout), { crewId: 'ops', seat: 'ann', model: 'local', enabled: false, notifyOnOk: true });

  const run = await cli('heartbeat', 'run', 'ops');
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, /^ops manual .*: ran\n {2}flow plain as ann: ok/);
  const edit = await cli('heartbeat', 'set', '--crew', 'ops', '--stop-on-error', '--quiet-on-ok', '--json');
  t.match(JSON.parse(edit.stdout), {
    schedule: '*/10 * * * *',
    items: [{ id: 'plain' }, { id: 'triage' }],
    stopOnError: true,
    notifyOnOk: false,
  });

  t.equal((await cli('heartbeat', 'remove', 'ops')).stdout, 'removed heartbeat ops\n');
  const again = await cli('heartbeat', 'remove', 'ops');
  t.match([again.code, again.stderr], [1, /^svc: record_not_found: no heartbeat for crew ops/]);
});
