/**
 * One run: its flow as a graph with the path taken, each step's trace (status, summary,
 * verdict, port, attempt key, output), checkpoints, attempts (an open one needs reconciling),
 * parent and children, and pause/resume/cancel. Live from the stream, else polled.
 */
import { useState } from 'preact/hooks';
import { get, messageOf, post, type Reply } from '../api.js';
import { useLive } from '../live.js';
import { href } from '../router.js';
import { FlowGraph, type StepState } from '../graph.js';
import type { Flow } from '../../../sdk/schema.js';
import { confirmAction, ErrorNote, Json, Status, time, useLoad } from '../util.js';

type State = Reply<'/flows/runs/state'>;

/** Step states and the edges the run took, read from its trace and open attempts. */
function pathOf(s: State): { states: Record<string, StepState>; taken: Set<string> } {
  const states: Record<string, StepState> = {};
  const taken = new Set<string>();
  const trace = s.run.steps;
  trace.forEach((t, i) => {
    states[t.stepId] = t.status as StepState;
    const next = trace[i + 1];
    if (next && next.stepId !== t.stepId) taken.add(`${t.stepId}→${next.stepId}`);
    else if (typeof t.port === 'string') taken.add(`${t.stepId}→${t.port}`);
  });
  if (s.run.waiting) states[s.run.waiting.stepId] = 'parked';
  else if (s.run.status === 'running' && s.run.cursor) states[s.run.cursor] ??= 'current';
  for (const a of s.attempts) if (!a.closedAt) states[a.stepId] = 'reconcile';
  return { states, taken };
}

export function RunPage({ runId }: { runId: string }) {
  const state = useLoad<State>(() => get('/flows/runs/state', { runId }), [runId]);
  const [selected, setSelected] = useState<string | undefined>();
  const [actionError, setActionError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useLive(state.reload, (e) => e.data.runId === runId || e.data.childRunId === runId);

  const s = state.value;
  if (!s) return <section>{state.error ? <ErrorNote error={state.error} /> : <p>Loading run…</p>}</section>;
  const run = s.run;
  const flow = s.flow as Pick<Flow, 'steps'> | undefined;
  const { states, taken } = pathOf(s);
  const open = s.attempts.filter((a) => !a.closedAt);

  const steer = async (action: 'pause' | 'resume' | 'cancel'): Promise<void> => {
    if (!confirmAction(`${action[0]!.toUpperCase()}${action.slice(1)} run ${run.id}?`)) return;
    setBusy(true);
    setActionError(undefined);
    try {
      if (action === 'resume') await post('/flows/runs/resume', { runId: run.id });
      else if (action === 'pause') await post('/flows/runs/pause', { runId: run.id });
      else await post('/flows/runs/cancel', { runId: run.id });
    } catch (err) {
      setActionError(messageOf(err));
    } finally {
      setBusy(false);
      state.reload();
    }
  };
  const live = run.status === 'running' || run.status === 'waiting';

  return (
    <section aria-labelledby="run-h">
      <h1 id="run-h">
        Run <code>{run.id}</code>
      </h1>
      <p class="meta">
        <Status status={run.status} /> flow <a href={href(`builder/${encodeURIComponent(run.flowId)}`)}>{run.flowId}</a> as {run.principal}{' '}
        · {run.trigger} · started {time(run.createdAt)}
        {run.endedAt && ` · ended ${time(run.endedAt)}`}
      </p>
      {run.waiting && (
        <p class="note" data-testid="waiting">
          Waiting: {run.waiting.reason} at step <strong>{run.waiting.stepId}</strong>
          {run.waiting.reason === 'human_gate' && (
            <>
              {' '}
              · <a href={href('gates')}>answer it in Gates</a>
            </>
          )}
        </p>
      )}
      {run.error && (
        <p role="alert" class="error">
          {run.error.code}: {run.error.message}
        </p>
      )}
      {open.map((a) => (
        <p class="warn" key={a.key} data-testid="reconcile">
          Step <strong>{a.stepId}</strong> needs reconcile: attempt <code>{a.key}</code> opened {time(a.openedAt)} by {a.worker} and never
          closed.
        </p>
      ))}
      <div class="actions">
        <button type="button" disabled={busy || run.status !== 'running'} onClick={() => steer('pause')}>
          Pause
        </button>
        <button type="button" disabled={busy || run.status !== 'waiting'} onClick={() => steer('resume')}>
          Resume
        </button>
        <button type="button" class="danger" disabled={busy || !live} onClick={() => steer('cancel')}>
          Cancel
        </button>
      </div>
      <ErrorNote error={actionError} />
      {run.parent && (
        <p>
          Parent: <a href={href(`run/${encodeURIComponent(run.parent.runId)}`)}>{run.parent.runId}</a> (step {run.parent.stepId})
        </p>
      )}
      {s.children.length > 0 && (
        <p>
          Children:{' '}
          {s.children.map((c) => (
            <span key={c.id}>
              <a href={href(`run/${encodeURIComponent(c.id)}`)}>{c.id}</a> ({c.stepId}, {c.status}){' '}
            </span>
          ))}
        </p>
      )}
      <div class="split">
        {flow && (
          <div class="graph-box" data-testid="graph">
            <FlowGraph
              flow={flow}
              states={states}
              taken={taken}
              selected={selected}
              onSelect={setSelected}
              label={`flow ${run.flowId}: the path this run took`}
            />
          </div>
        )}
        <div>
          <h2>Steps</h2>
          <table class="list" data-testid="trace">
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Status</th>
                <th scope="col">Summary</th>
                <th scope="col">Verdict</th>
                <th scope="col">Port</th>
                <th scope="col">Attempt</th>
              </tr>
            </thead>
            <tbody>
              {run.steps.map((t, i) => (
                <tr key={i} class={selected === t.stepId ? 'selected' : ''}>
                  <td>
                    <button type="button" class="link" onClick={() => setSelected(t.stepId)}>
                      {t.stepId}
                    </button>{' '}
                    <small>{t.kind}</small>
                  </td>
                  <td>
                    <Status status={t.status} />
                  </td>
                  <td>{t.summary}</td>
                  <td>{t.verdict ?? ''}</td>
                  <td>{t.port === undefined ? '' : (t.port ?? 'stop')}</td>
                  <td>{t.attemptKey ? <code>{t.attemptKey}</code> : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {selected && (
            <>
              <h2>Output of {selected}</h2>
              {s.outputs[selected] === undefined ? <p>No output yet.</p> : <Json value={s.outputs[selected]} />}
            </>
          )}
        </div>
      </div>
      <details>
        <summary>Checkpoint trail ({s.checkpoints.length})</summary>
        <table class="list">
          <thead>
            <tr>
              <th scope="col">Seq</th>
              <th scope="col">After step</th>
              <th scope="col">Next</th>
              <th scope="col">As</th>
              <th scope="col">At</th>
            </tr>
          </thead>
          <tbody>
            {s.checkpoints.map((c) => (
              <tr key={c.seq}>
                <td>{c.seq}</td>
                <td>{c.stepId ?? '(start)'}</td>
                <td>{c.cursor ?? '(end)'}</td>
                <td>{c.principal}</td>
                <td>{time(c.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <details>
        <summary>Attempts ({s.attempts.length})</summary>
        <ul>
          {s.attempts.map((a) => (
            <li key={a.key}>
              <code>{a.key}</code> step {a.stepId}: {a.closedAt ? (a.outcome ?? 'closed') : 'open: needs reconcile'}
            </li>
          ))}
        </ul>
      </details>
      {run.input !== undefined && (
        <details>
          <summary>Input</summary>
          <Json value={run.input} />
        </details>
      )}
    </section>
  );
}
