/**
 * Crew heartbeats over HTTP on the embedded defaults (docs/heartbeats.md, the `/heartbeats`
 * routes): every refusal at save, who sees which heartbeat and crew thread, ticks whose items run
 * as heartbeat-tagged runs of the seat, the one summary per tick in `crew:<crewId>`, the ledger,
 * `POST /heartbeats/run` under its own window key, quiet windows, idle guards, the circuit breaker
 * and the receipts of windows no worker handled. Model calls go to a local OpenAI-compatible
 * server that reports usage, or none, or fails, by prompt.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { pino } from 'pino';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { clientOf } from '../../../bus/verbs.js';
import { AuditEvent, ModelCall } from '../../../store/entities/index.js';
import { heartbeatsOf } from '../../../store/heartbeats/index.js';
import { dueSweep } from '../../../actors/heartbeat/sweep.js';
import type { HeartbeatDeps } from '../../../actors/heartbeat/deps.js';

const model = http.createServer((rq, rs) => {
  let body = '';
  rq.on('data', (c: Buffer) => (body += c.toString()));
  rq.on('end', () => {
    const parsed = JSON.parse(body) as { model: string; messages: { content: string }[] };
    const prompt = parsed.messages[parsed.messages.length - 1]!.content;
    if (prompt.includes('FAIL')) {
      rs.writeHead(500).end('{}');
      return;
    }
    const usage = prompt.includes('NOUSAGE') ? {} : { usage: { prompt_tokens: 100, completion_tokens: 20 } };
    rs.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({ model: parsed.model, choices: [{ message: { content: `done: ${prompt}` } }], ...usage }),
    );
  });
});
await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
t.teardown(() => new Promise((r) => model.close(r)));

const OP = 'operator-token-0123456789';
const TOKENS = { ann: 'seat-token-ann-0123456789', carl: 'seat-token-carl-012345678' } as const;
const sys = await startSystem(t, {
  env: {
    SVC_ORCH_TOKEN: OP,
    SVC_IDENTITIES: JSON.stringify(Object.entries(TOKENS).map(([seat, token]) => ({ token, seat, kind: 'agent' }))),
    SVC_ORG: JSON.stringify({ ann: { crews: ['ops'], skills: ['triage', 'mute'] }, carl: { crews: ['other'] } }),
    SVC_SKILLS: JSON.stringify({
      triage: { title: 'Triage', prompt: 'Summarize open work' },
      mute: { title: 'Mute', prompt: 'NOUSAGE say nothing' },
    }),
    OPENAI_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
    SVC_MODEL_PRICES: JSON.stringify({ priced: { inputPerMTok: 1, outputPerMTok: 2 } }),
    SVC_HEARTBEAT_MAX_FAILURES: '2',
    LOG_LEVEL: 'warn',
  },
});
type Who = keyof typeof TOKENS | 'op';
const as = (who: Who) => (method: string, path: string, body?: unknown) =>
  req(sys.url, method, path, body, who === 'op' ? OP : TOKENS[who]);
const op = as('op');

const flows = [
  { id: 'check', steps: [{ id: 'm', kind: 'model', prompt: 'check the inbox', model: 'priced-1' }] },
  { id: 'boom', steps: [{ id: 'm', kind: 'model', prompt: 'FAIL loudly', model: 'priced-1' }] },
  { id: 'park', steps: [{ id: 'w', kind: 'wait', for: 'human' }] },
  { id: 'plain', steps: [{ id: 'b', kind: 'branch', input: '{{input}}', op: 'truthy', onTrue: null, onFalse: null }] },
  { id: 'carl-only', scope: { level: 'agent', ref: 'carl' }, steps: [{ id: 'm', kind: 'model', prompt: 'x' }] },
];
for (const flow of flows) {
  const r = await op('POST', '/flows', { flow });
  if (r.status !== 200) throw new Error(`save ${flow.id}: ${r.status} ${r.text}`);
}

const hb = (crewId: string, extra: Record<string, unknown> = {}) => ({
  crewId,
  schedule: '0 9 * * *',
  timezone: 'Europe/Berlin',
  seat: 'ann',
  items: [{ kind: 'flow', id: 'check' }],
  ...extra,
});
const save = async (h: Record<string, unknown>, who: Who = 'op') => as(who)('POST', '/heartbeats', { heartbeat: h });
const saved = async (h: Record<string, unknown>) => {
  const r = await save(h);
  if (r.status !== 200) throw new Error(`save heartbeat: ${r.status} ${r.text}`);
  return r.body;
};
const thread = async (crewId: string, who: Who = 'op') =>
  (await as(who)('GET', `/messages?thread=crew:${crewId}`)).body.messages as { kind: string; body: string }[];
const audit = async (type: string) => (await sys.store.em().find(AuditEvent, { type }, { orderBy: { id: 'asc' } })).map((a) => a.data);

t.test('every refusal at save: 400 with its own code and one clear message', async (t) => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['an unknown flow', hb('x', { items: [{ kind: 'flow', id: 'nope' }] }), 'heartbeat_unknown_item', /unknown flow nope/],
    [
      'a flow the seat may not see',
      hb('x', { items: [{ kind: 'flow', id: 'carl-only' }] }),
      'heartbeat_flow_not_visible',
      /not visible to seat ann/,
    ],
    ['an unknown skill', hb('x', { items: [{ kind: 'skill', id: 'nope' }] }), 'heartbeat_unknown_item', /unknown skill nope/],
    [
      'a skill the directive does not carry',
      hb('x', { seat: 'carl', items: [{ kind: 'skill', id: 'triage' }] }),
      'heartbeat_skill_not_carried',
      /carl does not carry skill triage/,
    ],
    ['4 fields', hb('x', { schedule: '0 9 * *' }), 'heartbeat_invalid_schedule', /4 fields/],
    ['an unknown zone', hb('x', { timezone: 'Europe/Atlantis' }), 'heartbeat_invalid_timezone', /Europe\/Atlantis/],
    ['a bad HH:MM', hb('x', { quietStart: '24:00', quietEnd: '06:00' }), 'heartbeat_invalid_time', /quietStart "24:00"/],
    ['half a quiet window', hb('x', { quietStart: '22:00' }), 'heartbeat_invalid_time', /both quietStart and quietEnd/],
    ['every 5 minutes', hb('x', { schedule: '*/5 * * * *' }), 'heartbeat_cadence_too_fast', /5 minutes apart/],
    ['0,5 9 * * *', hb('x', { schedule: '0,5 9 * * *' }), 'heartbeat_cadence_too_fast', /5 minutes apart/],
  ];
  for (const [what, body, code, message] of cases) {
    const r = await save(body);
    t.same([r.status, r.body.error], [400, code], what);
    t.match(r.body.message, message, `${what}: ${r.body.message}`);
  }
  const other = await save(hb('x', { seat: 'carl' }), 'ann');
  t.same([other.status, other.body.error], [403, 'heartbeat_forbidden'], 'a seat may not save a heartbeat that runs as another seat');
  t.same((await op('GET', '/heartbeats')).body.heartbeats, [], 'nothing was saved');
});

t.test('save, list, enable, delete: visibility and CrewHeartbeatChanged', async (t) => {
  const created = await saved(hb('ops', { quietStart: '22:00', quietEnd: '06:00', notifyOnOk: true }));
  t.match(created, { crewId: 'ops', seat: 'ann', notifyOnOk: true, stopOnError: false, enabled: true, quietStart: '22:00' });
  const mine = await save(hb('ops', { schedule: '30 9 * * 1-5' }), 'ann');
  t.same([mine.status, mine.body.schedule, mine.body.updatedBy], [200, '30 9 * * 1-5', 'ann'], 'ann edits the heartbeat of her crew');
  const list = (await as('ann')('GET', '/heartbeats')).body;
  t.same(
    list.heartbeats.map((h: { crewId: string }) => h.crewId),
    ['ops'],
  );
  t.equal(list.floor.minutes, 10);
  t.ok(
    list.presets.some((p: { schedule: string }) => p.schedule === '*/10 * * * *'),
    'the presets',
  );
  t.same((await as('carl')('GET', '/heartbeats')).body.heartbeats, [], 'carl sees none');
  t.equal((await as('carl')('POST', '/heartbeats/enabled', { crewId: 'ops', enabled: false })).status, 404, 'nor may he disable it');
  t.same((await as('carl')('POST', '/heartbeats/delete', { crewId: 'ops' })).body, { crewId: 'ops', deleted: false }, 'or remove it');
  t.equal((await as('carl')('POST', '/heartbeats/run', { crewId: 'ops' })).status, 404, 'or run it');
  t.equal((await as('carl')('GET', '/heartbeats/ticks?crewId=ops')).status, 404, 'or read its ledger');
  const off = await as('ann')('POST', '/heartbeats/enabled', { crewId: 'ops', enabled: false });
  t.equal(off.body.enabled, false);
  t.equal((await op('POST', '/heartbeats/enabled', { crewId: 'ops', enabled: true })).body.enabled, true);
  await saved(hb('gone'));
  t.same((await op('POST', '/heartbeats/delete', { crewId: 'gone' })).body, { crewId: 'gone', deleted: true });
  const changes = (await audit('CrewHeartbeatChanged')).map((d) => `${d.crewId}:${d.change}:${d.by}`);
  t.same(changes, [
    'ops:created:operator',
    'ops:edited:ann',
    'ops:disabled:ann',
    'ops:enabled:operator',
    'gone:created:operator',
    'gone:removed:operator',
  ]);
});

t.test('a run: items as heartbeat-tagged runs of the seat, HEARTBEAT_OK with the Spend line, the ledger', async (t) => {
  await saved(
    hb('ops', {
      items: [
        { kind: 'flow', id: 'check' },
        { kind: 'skill', id: 'triage' },
      ],
      model: 'priced-2',
    }),
  );
  const r = await as('ann')('POST', '/heartbeats/run', { crewId: 'ops' });
  t.equal(r.status, 200, r.text);
  t.match(r.body, { crewId: 'ops', kind: 'manual', status: 'ran' });
  t.same(
    r.body.items.map((i: { id: string; outcome: string; seat: string }) => `${i.id}:${i.outcome}:${i.seat}`),
    ['check:ok:ann', 'triage:ok:ann'],
  );
  t.same(r.body.usage, { calls: 2, inputTokens: 200, outputTokens: 40, microDollars: 280, unpricedCalls: 0, unmeteredCalls: 0 });
  for (const runId of r.body.runs) {
    const run = (await op('GET', `/flows/runs/state?runId=${runId}`)).body.run;
    t.match(run, { trigger: 'heartbeat', principal: 'ann', status: 'completed' }, `${runId} ran as ann, tagged heartbeat`);
  }
  const calls = await sys.store.em().find(ModelCall, { runId: r.body.runs[1] });
  t.same(
    calls.map((c) => c.model),
    ['priced-2'],
    "the skill ran as one model step with the heartbeat's model",
  );
  const msgs = await thread('ops', 'ann');
  t.equal(msgs.length, 1, 'one summary, readable by a member of the crew');
  t.equal(msgs[0]!.kind, 'heartbeat_ok');
  t.match(msgs[0]!.body, /^HEARTBEAT_OK crew ops/);
  t.match(msgs[0]!.body, new RegExp(r.body.runs[0]));
  t.match(msgs[0]!.body, /Spend: 200 tokens in, 40 tokens out, 280 micro-dollars/);
  t.equal((await as('carl')('GET', '/messages?thread=crew:ops')).status, 404, 'carl cannot read the crew thread');
  const ticks = (await as('ann')('GET', '/heartbeats/ticks?crewId=ops')).body.ticks;
  t.equal(ticks[0].id, r.body.id, 'the ledger has it');
  const beat = (await audit('CrewHeartbeat')).at(-1)!;
  t.match(beat, { crewId: 'ops', status: 'ran', itemsRun: 2, needsPerson: 0, runs: r.body.runs });
  t.match((await op('GET', '/heartbeats')).body.heartbeats[0].lastTick, { id: r.body.id }, 'GET /heartbeats shows the last tick');
});

t.test('a failing item: reported with stop-on-error off (the next item runs) and on (the tick stops)', async (t) => {
  await saved(
    hb('fail-off', {
      notifyOnOk: false,
      items: [
        { kind: 'flow', id: 'boom' },
        { kind: 'flow', id: 'check' },
      ],
    }),
  );
  const off = (await op('POST', '/heartbeats/run', { crewId: 'fail-off' })).body;
  t.equal(off.status, 'failed');
  t.same(
    off.items.map((i: { outcome: string }) => i.outcome),
    ['failed', 'ok'],
  );
  const offMsg = await thread('fail-off');
  t.equal(offMsg.length, 1, 'reported though notifyOnOk is off');
  t.match(offMsg[0]!.body, /- flow boom as ann: FAILED: /);
  t.match(offMsg[0]!.body, /- flow check as ann: ok/);
  await saved(
    hb('fail-on', {
      stopOnError: true,
      items: [
        { kind: 'flow', id: 'boom' },
        { kind: 'flow', id: 'check' },
      ],
    }),
  );
  const on = (await op('POST', '/heartbeats/run', { crewId: 'fail-on' })).body;
  t.equal(on.status, 'stopped');
  t.same(
    on.items.map((i: { outcome: string }) => i.outcome),
    ['failed', 'not_run'],
  );
  t.equal(on.runs.length, 1, 'the second item caused no run');
  t.match((await thread('fail-on'))[0]!.body, /stopped on error/);
});

t.test('a paused seat skips its items by name; a parked run needs a person', async (t) => {
  await saved(hb('parked', { items: [{ kind: 'flow', id: 'park' }] }));
  const parked = (await op('POST', '/heartbeats/run', { crewId: 'parked' })).body;
  t.same(
    parked.items.map((i: { outcome: string }) => i.outcome),
    ['needs_person'],
  );
  t.equal((await op('GET', `/flows/runs/state?runId=${parked.runs[0]}`)).body.run.status, 'waiting');
  const m = (await thread('parked'))[0]!;
  t.equal(m.kind, 'heartbeat_result', 'a result, not an OK note');
  t.match(m.body, /1 needs a person/);
  t.notMatch(m.body, /Spend:/, 'no model call, no Spend line');
  await op('POST', '/agents/pause', { agent: 'ann', reason: 'test' });
  t.teardown(() => op('POST', '/agents/unpause', { agent: 'ann' }));
  await saved(hb('paused', { items: [{ kind: 'flow', id: 'check' }] }));
  const skipped = (await op('POST', '/heartbeats/run', { crewId: 'paused' })).body;
  t.same(
    skipped.items.map((i: { outcome: string }) => i.outcome),
    ['skipped_paused'],
  );
  t.match((await thread('paused'))[0]!.body, /- flow check as ann: skipped \(seat paused\): seat ann is paused/);
  await op('POST', '/agents/unpause', { agent: 'ann' });
});

t.test('the Spend line: unpriced is a floor, no usage is unmeasured', async (t) => {
  await saved(hb('cheap', { model: 'cheap-1', items: [{ kind: 'skill', id: 'triage' }] }));
  await op('POST', '/heartbeats/run', { crewId: 'cheap' });
  t.match(
    (await thread('cheap'))[0]!.body,
    /Spend: 100 tokens in, 20 tokens out, at least 0 micro-dollars \(a floor: 1 call had no known price\)/,
  );
  await saved(hb('mute', { model: 'priced-1', items: [{ kind: 'skill', id: 'mute' }] }));
  await op('POST', '/heartbeats/run', { crewId: 'mute' });
  t.match((await thread('mute'))[0]!.body, /Spend: unmeasured \(1 model call reported no usage\)/);
});

t.test('an idle guard costs no model call', async (t) => {
  await saved(hb('idle', { items: [{ kind: 'flow', id: 'check', when: 'openGates' }] }));
  const before = await sys.store.em().count(ModelCall, {});
  const r = (await op('POST', '/heartbeats/run', { crewId: 'idle' })).body;
  t.same(
    r.items.map((i: { outcome: string }) => i.outcome),
    ['idle'],
  );
  t.same(r.runs, [], 'no run');
  t.notOk(r.usage, 'no usage');
  t.equal(await sys.store.em().count(ModelCall, {}), before, 'no model call was made');
  t.match((await thread('idle'))[0]!.body, /^HEARTBEAT_OK/);
});

t.test('scheduled windows: a manual run never consumes one; a copy coalesces; quiet is skipped', async (t) => {
  const tick = clientOf(sys.bus, 'heartbeat').tick;
  await saved(hb('win', { items: [{ kind: 'flow', id: 'plain' }] }));
  const minute = Math.floor(Date.now() / 60_000);
  const manual = (await op('POST', '/heartbeats/run', { crewId: 'win' })).body;
  t.equal(manual.kind, 'manual');
  const first = await tick({ crewId: 'win', minute }, { timeoutMs: 20_000 });
  t.match(first, { kind: 'scheduled', status: 'ran', window: new Date(minute * 60_000).toISOString() }, 'the scheduled window still runs');
  const copy = await tick({ crewId: 'win', minute }, { timeoutMs: 20_000 });
  t.equal(copy?.status, 'coalesced', 'a copy of the same window coalesces');
  const again = (await op('POST', '/heartbeats/run', { crewId: 'win' })).body;
  t.equal(again.status, 'ran', 'and a manual run after it still runs');
  const ran = (await op('GET', '/heartbeats/ticks?crewId=win')).body.ticks.filter((x: { status: string }) => x.status === 'ran');
  t.equal(ran.length, 3);

  // 03:00 in Berlin is inside 22:00-06:00.
  await saved(hb('quiet', { quietStart: '22:00', quietEnd: '06:00' }));
  const night = Math.floor(Date.parse('2026-12-01T02:00:00Z') / 60_000);
  t.match(await tick({ crewId: 'quiet', minute: night }, { timeoutMs: 20_000 }), { status: 'skipped_quiet' });
  t.equal(await tick({ crewId: 'quiet', minute: night }, { timeoutMs: 20_000 }), null, 'skipped once; a copy leaves nothing');
  const day = Math.floor(Date.parse('2026-12-01T08:00:00Z') / 60_000);
  t.match(await tick({ crewId: 'quiet', minute: day }, { timeoutMs: 20_000 }), { status: 'ran' }, '09:00 in Berlin runs');
});

t.test('the circuit breaker disables a heartbeat after SVC_HEARTBEAT_MAX_FAILURES failed ticks', async (t) => {
  const tick = clientOf(sys.bus, 'heartbeat').tick;
  await saved(hb('flaky', { items: [{ kind: 'flow', id: 'boom' }] }));
  const m0 = Math.floor(Date.parse('2026-12-02T08:00:00Z') / 60_000);
  t.equal((await tick({ crewId: 'flaky', minute: m0 }, { timeoutMs: 20_000 }))?.status, 'failed');
  t.equal(
    (await op('GET', '/heartbeats')).body.heartbeats.find((h: { crewId: string }) => h.crewId === 'flaky').enabled,
    true,
    'one failure',
  );
  t.equal((await tick({ crewId: 'flaky', minute: m0 + 1440 }, { timeoutMs: 20_000 }))?.status, 'failed');
  const after = (await op('GET', '/heartbeats')).body.heartbeats.find((h: { crewId: string }) => h.crewId === 'flaky');
  t.equal(after.enabled, false, 'two in a row: disabled');
  t.match((await thread('flaky')).at(-1)!.body, /disabled itself after 2 failed ticks in a row/);
  t.match((await audit('CrewHeartbeatChanged')).at(-1), { crewId: 'flaky', change: 'disabled', by: 'circuit-breaker' });
  t.equal(
    (await tick({ crewId: 'flaky', minute: m0 + 2880 }, { timeoutMs: 20_000 }))?.status,
    'skipped_disabled',
    'its next window is a receipt',
  );
});

t.test('the due sweep: one tick per firing minute in the zone, receipts for windows no worker handled', async (t) => {
  await saved({ ...hb('sweep'), schedule: '*/10 * * * *', timezone: 'Asia/Kolkata' });
  const sent: { crewId: string; minute?: number }[] = [];
  const deps = {
    store: sys.store,
    log: pino({ level: 'silent' }),
    workerId: 'test',
    now: Date.now,
    clients: { heartbeat: { tick: { send: async (p: { crewId: string; minute?: number }) => (sent.push(p), { duplicate: false }) } } },
  } as unknown as HeartbeatDeps;
  const sweep = dueSweep(deps);
  const at = (iso: string) => sweep.run(0, new Date(iso));
  const mine = () => sent.filter((s) => s.crewId === 'sweep').map((s) => new Date(s.minute! * 60_000).toISOString());
  await at('2026-12-03T10:00:20Z');
  t.same(mine(), ['2026-12-03T10:00:00.000Z'], 'fires at :00 (15:30 IST)');
  await at('2026-12-03T10:01:00Z');
  t.same(mine(), ['2026-12-03T10:00:00.000Z'], 'not at :01');
  await at('2026-12-03T10:45:00Z');
  const missed = (await heartbeatsOf(sys.store).ticks(['sweep'], 10))
    .filter((x) => x.status === 'missed')
    .map((x) => x.window.toISOString());
  t.same(
    missed.sort(),
    ['2026-12-03T10:10:00.000Z', '2026-12-03T10:20:00.000Z', '2026-12-03T10:30:00.000Z', '2026-12-03T10:40:00.000Z'],
    'the four windows between are recorded as missed, not run',
  );
  t.equal(mine().length, 1, 'and nothing is caught up');
});
