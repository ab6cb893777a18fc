/**
 * The gate repository's contract (and the model-call ledger's), once, against both engines: one
 * question per (run, step) however many opens race, one winner of racing answers, expiries and
 * closes, a posting recorded once, the sweep's due and owed lists, the gateway's filters, and a
 * thread read in order.
 */
import t from 'tap';
import { engines } from '../helpers/store-engines.js';
import { gatesOf, type NewMessage, type NewQuestion } from '../../store/gates/index.js';
import { modelCallsOf } from '../../store/model-calls.js';
import { ModelCall } from '../../store/entities/ModelCall.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 1);
const OPTIONS = [
  { id: 'yes', label: 'Yes', port: 'go' },
  { id: 'no', label: 'No', port: null },
];

const question = (id: string, over: Partial<NewQuestion> = {}): NewQuestion => ({
  id,
  runId: `run-${id}`,
  stepId: 'ask',
  purpose: 'human_gate',
  principal: 'alice',
  thread: 'agent:alice',
  prompt: 'Pay?',
  options: OPTIONS,
  assignee: null,
  deadlineAt: new Date(T0 + 10 * MIN),
  createdAt: new Date(T0),
  traceId: `trace-${id}`,
  ...over,
});

const message = (thread: string, body: string, over: Partial<NewMessage> = {}): NewMessage => ({
  thread,
  replyTo: null,
  questionId: null,
  kind: 'note',
  authorKind: 'human',
  author: 'alice',
  authorId: 'alice',
  body,
  createdAt: new Date(T0),
  outcome: null,
  ...over,
});

for (const e of engines) {
  const skip = (await e.skip()) ?? false;

  t.test(`gate repository on ${e.engine}`, { skip }, async (t) => {
    const store = await e.open(t);
    const gates = gatesOf(store);

    t.test('the repository of a store is one object', async (t) => {
      t.equal(gatesOf(store), gates);
    });

    t.test('one question per (run, step): 8 concurrent opens insert one row, every caller gets it', async (t) => {
      const opens = await Promise.all(
        Array.from({ length: 8 }, (_, i) => gates.insertOrFind(question(`race-${i}`, { runId: 'run-race', prompt: `p${i}` }))),
      );
      t.equal(opens.filter((o) => o.created).length, 1, 'created once');
      const ids = new Set(opens.map((o) => o.question.id));
      t.equal(ids.size, 1, 'one question id for all');
      const winner = opens.find((o) => o.created)!.question;
      t.match(winner, { runId: 'run-race', stepId: 'ask', status: 'open', messageId: null, signaledAt: null, options: OPTIONS });
      t.equal(winner.traceId, `trace-${winner.id}`, "the asking run's trace is stored");
      t.equal((await gates.listQuestions({ runId: 'run-race', limit: 10 })).length, 1, 'one row');

      const again = await gates.insertOrFind(question('later', { runId: 'run-race' }));
      t.same([again.created, again.question.id, again.question.prompt], [false, winner.id, winner.prompt], 'a re-open returns the first');
      const other = await gates.insertOrFind(question('other-step', { runId: 'run-race', stepId: 'ask2' }));
      t.equal(other.created, true, 'another step of the run has its own question');
      t.equal(await gates.findQuestion('missing'), null);
    });

    t.test('two concurrent answers: exactly one wins, and the row holds its answer', async (t) => {
      await gates.insertOrFind(question('ans'));
      const at = new Date(T0 + MIN);
      const won = await Promise.all([
        gates.transition('ans', 'resolved', { answeredAt: at, optionId: 'yes', answeredBy: 'alice' }),
        gates.transition('ans', 'resolved', { answeredAt: at, optionId: 'no', answeredBy: 'bob' }),
      ]);
      t.equal(won.filter(Boolean).length, 1, 'one winner');
      const row = (await gates.findQuestion('ans'))!;
      const [optionId, answeredBy] = won[0] ? ['yes', 'alice'] : ['no', 'bob'];
      t.match(row, { status: 'resolved', optionId, answeredBy });
      t.equal(row.answeredAt?.getTime(), at.getTime());
      t.equal(await gates.transition('ans', 'timed_out', { answeredAt: at }), false, 'an expiry after the answer changes nothing');
      t.equal((await gates.findQuestion('ans'))!.status, 'resolved');
    });

    t.test('an answer, an expiry and a close racing: one wins', async (t) => {
      await gates.insertOrFind(question('three'));
      const at = new Date(T0 + MIN);
      const won = await Promise.all([
        gates.transition('three', 'resolved', { answeredAt: at, optionId: 'yes', answeredBy: 'alice' }),
        gates.transition('three', 'timed_out', { answeredAt: at }),
        gates.transition('three', 'closed', { answeredAt: at, closeReason: 'cancelled' }),
      ]);
      t.equal(won.filter(Boolean).length, 1);
      t.equal((await gates.findQuestion('three'))!.status, (['resolved', 'timed_out', 'closed'] as const)[won.indexOf(true)]);
    });

    t.test('the posting is recorded once', async (t) => {
      await gates.insertOrFind(question('post'));
      const first = await Promise.all([gates.setMessageId('post', '1'), gates.setMessageId('post', '2')]);
      t.equal(first.filter(Boolean).length, 1, 'one of two concurrent postings recorded');
      const kept = (await gates.findQuestion('post'))!.messageId;
      t.ok(kept === '1' || kept === '2');
      t.equal(await gates.setMessageId('post', '3'), false);
      t.equal((await gates.findQuestion('post'))!.messageId, kept, 'the first posting is kept');
    });

    t.test('due questions: open ones past their deadline, earliest first, up to the limit', async (t) => {
      const run = 'run-due';
      for (const [id, m] of [
        ['due-c', 3],
        ['due-a', 1],
        ['due-b', 2],
        ['due-later', 30],
      ] as const)
        await gates.insertOrFind(question(id, { runId: run, stepId: id, deadlineAt: new Date(T0 + 100 * MIN + m * MIN) }));
      await gates.insertOrFind(question('due-answered', { runId: run, stepId: 'x', deadlineAt: new Date(T0 + 100 * MIN) }));
      await gates.transition('due-answered', 'resolved', { answeredAt: new Date(T0), optionId: 'yes', answeredBy: 'alice' });
      const now = new Date(T0 + 110 * MIN);
      const due = (await gates.expiredQuestions(now, 100)).filter((q) => q.runId === run);
      t.same(
        due.map((q) => q.id),
        ['due-a', 'due-b', 'due-c'],
        'earliest deadline first; not the answered one, not the one due later',
      );
      t.same(
        (await gates.expiredQuestions(new Date(T0 + 102 * MIN), 100)).filter((q) => q.runId === run).map((q) => q.id),
        ['due-a', 'due-b'],
        'a deadline equal to now is due',
      );
      const all = await gates.expiredQuestions(now, 100);
      t.same(
        (await gates.expiredQuestions(now, 2)).map((q) => q.id),
        all.slice(0, 2).map((q) => q.id),
        'the limit keeps the earliest',
      );
      t.same(
        (await gates.openQuestionsOfRun(run)).map((q) => q.id).sort(),
        ['due-a', 'due-b', 'due-c', 'due-later'],
        'the open questions of a run',
      );
    });

    t.test('owed signals: answered or expired, never marked, answered by the cut-off', async (t) => {
      const run = 'run-owed';
      for (const id of ['owed-r', 'owed-t', 'owed-late', 'owed-sent', 'owed-closed', 'owed-open'])
        await gates.insertOrFind(question(id, { runId: run, stepId: id }));
      await gates.transition('owed-r', 'resolved', { answeredAt: new Date(T0 + MIN), optionId: 'yes', answeredBy: 'alice' });
      await gates.transition('owed-t', 'timed_out', { answeredAt: new Date(T0 + 2 * MIN) });
      await gates.transition('owed-late', 'resolved', { answeredAt: new Date(T0 + 9 * MIN), optionId: 'no', answeredBy: 'alice' });
      await gates.transition('owed-sent', 'resolved', { answeredAt: new Date(T0 + MIN), optionId: 'yes', answeredBy: 'alice' });
      await gates.markSignaled('owed-sent', new Date(T0 + MIN));
      await gates.transition('owed-closed', 'closed', { answeredAt: new Date(T0 + MIN), closeReason: 'cancelled' });
      const owed = async (before: number, limit = 100) =>
        (await gates.unsignaledQuestions(new Date(before), limit))
          .filter((q) => q.runId === run)
          .map((q) => q.id)
          .sort();
      t.same(await owed(T0 + 5 * MIN), ['owed-r', 'owed-t']);
      t.same(await owed(T0 + 9 * MIN), ['owed-late', 'owed-r', 'owed-t'], 'an answer at the cut-off is owed');
      await gates.markSignaled('owed-r', new Date(T0 + 10 * MIN));
      t.same(await owed(T0 + 9 * MIN), ['owed-late', 'owed-t'], 'a sent signal is owed no more');
      t.equal((await gates.findQuestion('owed-r'))!.signaledAt?.getTime(), T0 + 10 * MIN);
      t.equal((await gates.unsignaledQuestions(new Date(T0 + 9 * MIN), 1)).length, 1, 'the limit holds');
    });

    t.test('the list: newest first, by status, run and who may see it, up to the limit', async (t) => {
      const s = await e.open(t);
      const g = gatesOf(s);
      const at = (m: number) => new Date(T0 + m * MIN);
      await g.insertOrFind(question('l1', { runId: 'r1', principal: 'alice', createdAt: at(1) }));
      await g.insertOrFind(question('l2', { runId: 'r2', principal: 'bob', assignee: 'seat:0xAbC1', createdAt: at(2) }));
      await g.insertOrFind(question('l3', { runId: 'r2', stepId: 'b', principal: 'bob', assignee: 'carol', createdAt: at(3) }));
      await g.insertOrFind(question('l4', { runId: 'r3', principal: 'bob', createdAt: at(4) }));
      await g.transition('l4', 'closed', { answeredAt: at(5), closeReason: 'cancelled' });
      const ids = async (f: Parameters<typeof g.listQuestions>[0]) => (await g.listQuestions(f)).map((q) => q.id);
      t.same(await ids({ limit: 10 }), ['l4', 'l3', 'l2', 'l1'], 'newest first');
      t.same(await ids({ limit: 2 }), ['l4', 'l3'], 'the limit keeps the newest');
      t.same(await ids({ status: 'open', limit: 10 }), ['l3', 'l2', 'l1']);
      t.same(await ids({ status: 'closed', limit: 10 }), ['l4']);
      t.same(await ids({ runId: 'r2', limit: 10 }), ['l3', 'l2']);
      t.same(await ids({ runId: 'r2', status: 'closed', limit: 10 }), []);
      t.same(await ids({ visibleTo: { principal: 'alice', assignees: ['alice', 'seat:alice'] }, limit: 10 }), ['l1'], 'its own run only');
      t.same(await ids({ visibleTo: { principal: 'carol', assignees: ['carol', 'seat:carol'] }, limit: 10 }), ['l3'], 'assigned to it');
      t.same(
        await ids({ visibleTo: { principal: 'dave', assignees: ['seat:0xAbC1'] }, limit: 10 }),
        ['l2'],
        'an assignee is matched as stored (the caller passes every spelling)',
      );
      t.same(await ids({ visibleTo: { principal: 'dave', assignees: ['0xabc1', 'seat:0xabc1'] }, limit: 10 }), []);
      t.same(await ids({ visibleTo: { principal: 'bob', assignees: [] }, limit: 10 }), ['l4', 'l3', 'l2'], 'no assignee spellings');
      t.same(
        await ids({ visibleTo: { principal: 'bob', assignees: ['carol'] }, status: 'open', runId: 'r2', limit: 1 }),
        ['l3'],
        'filters combine',
      );
      const same = await g.insertOrFind(question('l0', { runId: 'r4', createdAt: at(4) }));
      t.ok(same.created);
      t.same(await ids({ limit: 2 }), ['l0', 'l4'], 'equal creation times: by id');
    });

    t.test('a thread: messages in insertion order, the last `limit`, or those after an id', async (t) => {
      const posted = [];
      for (let i = 0; i < 5; i++) posted.push(await gates.insertMessage(message('agent:dora', `m${i}`)));
      await gates.insertMessage(message('agent:eve', 'elsewhere'));
      const reply = await gates.insertMessage(
        message('agent:dora', 'yes', { replyTo: 'q-1', kind: 'answer', authorId: null, outcome: 'resolved' }),
      );
      t.type(reply.id, 'string', 'the id comes back as a string');
      t.match(reply, { thread: 'agent:dora', replyTo: 'q-1', kind: 'answer', authorId: null, outcome: 'resolved', body: 'yes' });
      const ids = posted.map((m) => BigInt(m.id));
      t.ok(
        ids.every((id, i) => i === 0 || id > ids[i - 1]!),
        'ids grow',
      );
      const bodies = async (limit: number, after?: string) => (await gates.threadMessages('agent:dora', limit, after)).map((m) => m.body);
      t.same(await bodies(3), ['m3', 'm4', 'yes'], 'the last three, oldest first');
      t.same(await bodies(10), ['m0', 'm1', 'm2', 'm3', 'm4', 'yes'], 'not another thread');
      t.same(await bodies(2, posted[1]!.id), ['m2', 'm3'], 'after an id: the next ones, oldest first');
      t.same(await bodies(10, reply.id), []);
      t.same(await gates.threadMessages('agent:nobody', 10), []);
      const read = (await gates.threadMessages('agent:dora', 1))[0]!;
      t.equal(read.createdAt.getTime(), T0);
      t.equal(read.id, reply.id);
    });
  });

  t.test(`model-call ledger on ${e.engine}`, { skip }, async (t) => {
    const store = await e.open(t);
    const ledger = modelCallsOf(store);
    const base = { at: new Date(T0), provider: 'openai', model: 'gpt-4o-mini', runId: null, stepId: null };
    await ledger.record({ ...base, inputTokens: 9, outputTokens: 1, microDollars: 1.95, runId: 'r', stepId: 's' });
    await ledger.record({ ...base, inputTokens: null, outputTokens: null, microDollars: null });
    const rows = await store.em().find(ModelCall, {}, { orderBy: { runId: 'asc' } });
    t.equal(rows.length, 2, 'one row per call, each its own id');
    t.not(rows[0]!.id, rows[1]!.id);
    const metered = rows.find((r) => r.runId === 'r')!;
    t.match(metered, { provider: 'openai', model: 'gpt-4o-mini', inputTokens: 9, outputTokens: 1, microDollars: 1.95, stepId: 's' });
    t.equal(metered.at.getTime(), T0);
    t.match(
      rows.find((r) => r.runId === null),
      { inputTokens: null, outputTokens: null, microDollars: null },
      'unknown stays null, never 0',
    );
  });
}
