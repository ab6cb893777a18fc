/**
 * The gates inbox: the questions the signed-in caller sees (a seat: its runs' and those assigned
 * to it; the operator: all), the prompt and one button per option. An answer is a message
 * (`POST /messages` replying to the question) sent as the signed-in caller; what the gate's rule
 * made of it (resolved, assignee_mismatch, not_an_option, not_open) is shown as the API says.
 */
import { useState } from 'preact/hooks';
import { ApiError, get, post, type Reply } from '../api.js';
import { useLive } from '../live.js';
import { href } from '../router.js';
import { ErrorNote, Status, time, useLoad } from '../util.js';
import { isOperator, useWho } from '../who.js';

type Gate = Reply<'/flows/gates'>['gates'][number];
const TABS = [
  ['open', 'Open'],
  ['resolved', 'Answered'],
  ['timed_out', 'Timed out'],
  ['all', 'All'],
] as const;

const OUTCOME_TEXT: Record<string, string> = {
  resolved: 'resolved: the run resumes',
  not_an_option: 'not an option of this question: the gate stays open',
  assignee_mismatch: 'assignee_mismatch: only the assignee may answer',
  not_open: 'not open any more (answered or timed out)',
  agent_reply: 'recorded as an agent reply: the gate stays open',
};

function mine(g: Gate, seat: string): boolean {
  if (!g.assignee) return g.principal === seat;
  const a = g.assignee.replace(/^seat:/, '');
  return a === seat || a.toLowerCase() === seat.toLowerCase();
}

export function GatesPage() {
  const who = useWho();
  const [tab, setTab] = useState<(typeof TABS)[number][0]>('open');
  const gates = useLoad(() => get('/flows/gates', { status: tab, limit: 100 }), [tab]);
  const [outcomes, setOutcomes] = useState<Record<string, { text: string; ok: boolean }>>({});
  const [busy, setBusy] = useState<string | undefined>();
  useLive(gates.reload, (e) => e.type.startsWith('HumanGate'));

  const answer = async (g: Gate, optionId: string): Promise<void> => {
    setBusy(g.questionId);
    try {
      const reply = await post('/messages', { replyTo: g.questionId, body: optionId });
      const o = reply.gate?.outcome;
      setOutcomes((m) => ({ ...m, [g.questionId]: { text: o ? (OUTCOME_TEXT[o] ?? o) : 'stored as a note', ok: o === 'resolved' } }));
    } catch (err) {
      const text =
        err instanceof ApiError && err.code === 'gate_assignee_mismatch' ? OUTCOME_TEXT.assignee_mismatch! : String((err as Error).message);
      setOutcomes((m) => ({ ...m, [g.questionId]: { text, ok: false } }));
    } finally {
      setBusy(undefined);
      gates.reload();
    }
  };

  const list = gates.value?.gates ?? [];
  return (
    <section aria-labelledby="gates-h">
      <h1 id="gates-h">Gates</h1>
      <div role="tablist" aria-label="Which gates" class="tabs">
        {TABS.map(([id, label]) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
      <ErrorNote error={gates.error} />
      <ul class="outcomes" aria-live="polite">
        {Object.entries(outcomes).map(([q, o]) => (
          <li key={q} class={o.ok ? 'ok' : 'error'} data-testid="outcome">
            {q}: {o.text}
          </li>
        ))}
      </ul>
      {gates.value && list.length === 0 && <p>No {tab === 'all' ? '' : TABS.find((t) => t[0] === tab)![1].toLowerCase()} gates.</p>}
      <ul class="cards" data-testid="gates">
        {list.map((g) => {
          const mayAnswer = g.status === 'open' && (isOperator(who) || mine(g, who.seat));
          return (
            <li key={g.questionId} class="card" data-question={g.questionId}>
              <p class="meta">
                <Status status={g.status} /> run <a href={href(`run/${encodeURIComponent(g.runId)}`)}>{g.runId.slice(0, 16)}…</a> step{' '}
                {g.stepId} · asked of {g.assignee ?? `${g.principal} (the run's principal)`} · due {time(g.deadlineAt)}
              </p>
              <p class="prompt">{g.prompt}</p>
              {g.status === 'open' ? (
                <div class="options" role="group" aria-label={`Answer question ${g.questionId}`}>
                  {g.options.map((o) => (
                    <button key={o.id} type="button" disabled={busy === g.questionId} onClick={() => answer(g, o.id)} data-option={o.id}>
                      {o.label}
                    </button>
                  ))}
                  {!mayAnswer && <small> assigned to someone else: the gate will refuse your answer</small>}
                </div>
              ) : (
                <p>
                  {g.status === 'resolved'
                    ? `Answered ${g.optionId ?? ''} by ${g.answeredBy ?? '?'}`
                    : g.status === 'timed_out'
                      ? 'Timed out'
                      : g.status}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
