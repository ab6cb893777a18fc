/**
 * Reply targets for chat bridges: with a channel key, an open gate and its question message carry
 * a signed reply target; a reply relayed with it answers that question (as the caller); a target
 * that was edited, made up or signed by another key is refused and nothing is stored; with no
 * key at all (neither SVC_CHANNEL_SECRET nor SVC_SESSION_KEY) no target is handed out and every
 * chat reply is refused. A key derived from SVC_SESSION_KEY signs just as well.
 */
import t from 'tap';
import { Message } from '../../store/entities/Message.js';
import { startSystem, type TestSystem } from '../helpers/system.js';

const OPERATOR = 'operator-token-0123456789abcdef';
const SECRET = 'chat-channel-secret-0123456789abcdef';
const SESSION_KEY = 'a'.repeat(64);

async function call(sys: TestSystem, method: string, path: string, body?: unknown) {
  const res = await fetch(sys.url + path, {
    method,
    headers: { authorization: `Bearer ${OPERATOR}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as any };
}

const ASK = {
  id: 'ask',
  steps: [
    {
      id: 'ok',
      kind: 'human',
      prompt: 'Ship it?',
      options: [
        { id: 'yes', label: 'Ship', port: null },
        { id: 'no', label: 'Hold', port: null },
      ],
    },
  ],
};

/** Parks a run on a gate; its open gate as /flows/gates lists it. */
async function openGate(sys: TestSystem): Promise<any> {
  const run = await call(sys, 'POST', '/flows/run', { flow: ASK });
  t.equal(run.json.status, 'waiting');
  const gates = await call(sys, 'GET', `/flows/gates?runId=${run.json.id}`);
  return gates.json.gates[0];
}

const withSecret = await startSystem(t, { env: { SVC_ORCH_TOKEN: OPERATOR, SVC_CHANNEL_SECRET: SECRET } });

t.test('a signed target answers its question; a tampered one is refused', async (t) => {
  t.same((await call(withSecret, 'GET', '/health')).json.chatReplies, { signed: true, key: 'channel_secret' });
  const gate = await openGate(withSecret);
  t.match(gate.replyTarget, /^rt1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  const thread = await call(withSecret, 'GET', `/messages?thread=${encodeURIComponent(gate.thread)}`);
  const question = thread.json.messages.find((m: any) => m.questionId === gate.questionId);
  t.equal(question.replyTarget, gate.replyTarget, 'the question message carries the same target');

  const other = await openGate(withSecret);
  const [prefix, , sig] = gate.replyTarget.split('.');
  const otherPayload = other.replyTarget.split('.')[1];
  const before = await withSecret.store.em().count(Message, {});
  for (const bad of [
    `${prefix}.${otherPayload}.${sig}`, // another question's payload under this signature
    `${gate.replyTarget.slice(0, -2)}${gate.replyTarget.endsWith('AA') ? 'BB' : 'AA'}`, // a changed signature
    `${prefix}.${Buffer.from(JSON.stringify({ q: gate.questionId, t: gate.thread })).toString('base64url')}.${'A'.repeat(43)}`,
    'not-a-target',
  ]) {
    const r = await call(withSecret, 'POST', '/messages/chat', { replyTarget: bad, body: 'yes' });
    t.equal(r.status, 403, bad);
    t.equal(r.json.error, 'chat_reply_target_invalid');
  }
  t.equal(await withSecret.store.em().count(Message, {}), before, 'no refused reply was stored');

  const ok = await call(withSecret, 'POST', '/messages/chat', { replyTarget: gate.replyTarget, body: 'yes' });
  t.equal(ok.status, 200);
  t.match(ok.json.gate, { questionId: gate.questionId, outcome: 'resolved', optionId: 'yes' });
  t.match(ok.json.message, { thread: gate.thread, replyTo: gate.questionId, kind: 'answer', author: 'operator' });
  const open = await call(withSecret, 'GET', `/flows/gates?runId=${other.runId}`);
  t.equal(open.json.gates[0].status, 'open', 'the other question is untouched');
});

t.test('a key derived from SVC_SESSION_KEY signs; another key does not verify', async (t) => {
  const derived = await startSystem(t, { env: { SVC_ORCH_TOKEN: OPERATOR, SVC_SESSION_KEY: SESSION_KEY } });
  t.same((await call(derived, 'GET', '/health')).json.chatReplies, { signed: true, key: 'session_key' });
  const gate = await openGate(derived);
  t.ok(gate.replyTarget);
  const foreign = await openGate(withSecret);
  const r = await call(derived, 'POST', '/messages/chat', { replyTarget: foreign.replyTarget, body: 'yes' });
  t.equal(r.json.error, 'chat_reply_target_invalid', "a target signed with the other process's key");
  const ok = await call(derived, 'POST', '/messages/chat', { replyTarget: gate.replyTarget, body: 'no' });
  t.equal(ok.json.gate?.outcome, 'resolved');
});

t.test('without any key no target is handed out and chat replies are refused', async (t) => {
  const bare = await startSystem(t, { env: { SVC_ORCH_TOKEN: OPERATOR } });
  t.same((await call(bare, 'GET', '/health')).json.chatReplies, { signed: false });
  t.ok(
    bare.logs.some((l) => l.includes('every reply from chat is refused')),
    'the boot log says so',
  );
  const gate = await openGate(bare);
  t.equal(gate.replyTarget, undefined);
  const signedElsewhere = await openGate(withSecret);
  const r = await call(bare, 'POST', '/messages/chat', { replyTarget: signedElsewhere.replyTarget, body: 'yes' });
  t.equal(r.status, 403);
  t.equal(r.json.error, 'chat_reply_unsigned');
  t.equal((await call(bare, 'GET', `/flows/gates?runId=${gate.runId}`)).json.gates[0].status, 'open');
});
