/**
 * The flow builder: open a saved flow, a template or an empty one; add, remove and reorder
 * steps of every kind; edit each step in a form made from the schema; see the validator's error on
 * the step it names while editing. The JSON view is the same definition: editing either updates
 * the other, and an untouched flow shows, and saves, exactly the JSON the API returned (key order
 * included). Save, then run with an input and go to the run.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, get, messageOf, post } from '../api.js';
import { go, href } from '../router.js';
import { FlowGraph } from '../graph.js';
import { KINDS, newStep, StepForm, withProp } from '../flow-form.js';
import { validateFlow } from '../../../sdk/validate.js';
import { ErrorNote } from '../util.js';

type Obj = Record<string, unknown>;
const EMPTY: Obj = { id: 'new-flow', title: 'new flow', trigger: 'manual', scope: { level: 'org' }, steps: [] };
const show = (f: Obj): string => JSON.stringify(f, null, 2);

/** The validator's first complaint, and the step it names when it names one. */
function check(flow: Obj): { message: string; stepId?: string } | undefined {
  try {
    validateFlow(flow);
    return undefined;
  } catch (err) {
    const message = (err as Error).message;
    const m = /^step ([^:]+): /.exec(message);
    return m ? { message, stepId: m[1]! } : { message };
  }
}

export function BuilderPage({ flowId, template }: { flowId?: string | undefined; template?: string | undefined }) {
  const [flow, setFlowState] = useState<Obj>(EMPTY);
  const [text, setText] = useState(show(EMPTY));
  const [jsonError, setJsonError] = useState<string | undefined>();
  const [selected, setSelected] = useState(0);
  const [kind, setKind] = useState('model');
  const [status, setStatus] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [input, setInput] = useState('');
  const [saved, setSaved] = useState<string | undefined>();
  const [catalog, setCatalog] = useState<{ flows: string[]; templates: { id: string; title: string }[] }>({ flows: [], templates: [] });

  const load = (f: Obj, from: string): void => {
    setFlowState(f);
    setText(show(f));
    setJsonError(undefined);
    setSelected(0);
    setStatus(`Opened ${from}.`);
    setSaved(undefined);
  };

  useEffect(() => {
    void Promise.all([get('/flows'), get('/flows/templates')]).then(
      ([f, t]) => {
        setCatalog({ flows: f.flows.map((x) => x.id), templates: t.templates.map((x) => ({ id: x.id, title: x.title })) });
        if (flowId) {
          const rec = f.flows.find((x) => x.id === flowId);
          if (rec) load(rec.flow as Obj, `saved flow ${flowId}`);
          else setError(`No saved flow ${flowId} is visible to you.`);
        } else if (template) {
          const t2 = t.templates.find((x) => x.id === template);
          if (t2) load(t2.flow as Obj, `template ${template}`);
        } else load(EMPTY, 'an empty flow');
      },
      (err) => setError(messageOf(err)),
    );
  }, [flowId, template]);

  /** A change made in the form: the JSON view follows. */
  const setFlow = (f: Obj): void => {
    setFlowState(f);
    setText(show(f));
    setJsonError(undefined);
    setSaved(undefined);
  };
  const steps = (Array.isArray(flow.steps) ? flow.steps : []) as Obj[];
  const setSteps = (s: Obj[]): void => setFlow(withProp(flow, 'steps', s));
  const stepIds = steps.map((s) => String(s.id));
  const problem = useMemo(() => check(flow), [flow]);
  const errorStep = problem?.stepId;

  const add = (): void => {
    let n = steps.length + 1;
    while (stepIds.includes(`${kind}${n}`)) n++;
    setSteps([...steps, newStep(kind, `${kind}${n}`)]);
    setSelected(steps.length);
    setStatus(`Added step ${kind}${n}.`);
  };
  const move = (i: number, by: number): void => {
    const j = i + by;
    if (j < 0 || j >= steps.length) return;
    const s = [...steps];
    [s[i], s[j]] = [s[j]!, s[i]!];
    setSteps(s);
    setSelected(j);
    setStatus(`Moved ${String(s[j]!.id)} to position ${j + 1}.`);
  };
  const remove = (i: number): void => {
    const id = String(steps[i]!.id);
    setSteps(steps.filter((_, k) => k !== i));
    setSelected(Math.max(0, i - 1));
    setStatus(`Removed step ${id}.`);
  };

  const onJson = (t: string): void => {
    setText(t);
    try {
      const v = JSON.parse(t) as unknown;
      if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('a flow is a JSON object');
      setFlowState(v as Obj);
      setJsonError(undefined);
      setSaved(undefined);
    } catch (err) {
      setJsonError((err as Error).message);
    }
  };

  const save = async (): Promise<void> => {
    setError(undefined);
    try {
      const rec = await post('/flows', { flow: flow as never });
      setSaved(rec.id);
      setStatus(`Saved ${rec.id}.`);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const run = async (): Promise<void> => {
    setError(undefined);
    try {
      const r = await post('/flows/run', { id: String(flow.id), ...(input ? { input } : {}) });
      go(`run/${encodeURIComponent(r.id)}`);
    } catch (err) {
      setError(err instanceof ApiError && err.code === 'flow_step_failed' ? `${err.message} (see the runs list)` : messageOf(err));
    }
  };

  const sel = steps[selected];
  return (
    <section aria-labelledby="b-h">
      <h1 id="b-h">Flow builder</h1>
      <div class="filters" role="group" aria-label="Open">
        <label for="open-flow">
          Open saved flow
          <select
            id="open-flow"
            onChange={(e) =>
              (e.target as HTMLSelectElement).value && go(`builder/${encodeURIComponent((e.target as HTMLSelectElement).value)}`)
            }
          >
            <option value="">(choose)</option>
            {catalog.flows.map((id) => (
              <option key={id} value={id} selected={id === flowId}>
                {id}
              </option>
            ))}
          </select>
        </label>
        <label for="open-template">
          Open template
          <select
            id="open-template"
            onChange={(e) => (e.target as HTMLSelectElement).value && go('builder', { template: (e.target as HTMLSelectElement).value })}
          >
            <option value="">(choose)</option>
            {catalog.templates.map((t) => (
              <option key={t.id} value={t.id} selected={t.id === template}>
                {t.title}
              </option>
            ))}
          </select>
        </label>
        <a class="button" href={href('builder', { new: String(Date.now()) })} onClick={() => load(EMPTY, 'an empty flow')}>
          Start empty
        </a>
      </div>
      <p role="status" class="hint" data-testid="builder-status">
        {status}
      </p>
      <ErrorNote error={error} />
      <div class="builder">
        <div class="col">
          <h2>Flow</h2>
          <div class="step-form">
            {(['id', 'title'] as const).map((p) => (
              <label for={`flow-${p}`} key={p}>
                {p}
                <input
                  id={`flow-${p}`}
                  value={String(flow[p] ?? '')}
                  onInput={(e) => setFlow(withProp(flow, p, (e.target as HTMLInputElement).value || (p === 'id' ? '' : undefined)))}
                />
              </label>
            ))}
            <label for="flow-trigger">
              trigger
              <select
                id="flow-trigger"
                onChange={(e) => setFlow(withProp(flow, 'trigger', (e.target as HTMLSelectElement).value || undefined))}
              >
                {['', 'manual', 'webhook', 'cron', 'epoch'].map((t) => (
                  <option key={t} value={t} selected={(flow.trigger ?? '') === t}>
                    {t || '(none)'}
                  </option>
                ))}
              </select>
            </label>
            {flow.trigger === 'cron' && (
              <label for="flow-schedule">
                schedule (UTC cron)
                <input
                  id="flow-schedule"
                  value={String(flow.schedule ?? '')}
                  onInput={(e) => setFlow(withProp(flow, 'schedule', (e.target as HTMLInputElement).value || undefined))}
                />
              </label>
            )}
          </div>
          <h2>Steps</h2>
          <ol class="steps" data-testid="steps">
            {steps.map((s, i) => (
              <li
                key={i}
                class={[i === selected ? 'selected' : '', errorStep === s.id ? 'invalid' : ''].join(' ')}
                data-step={String(s.id)}
              >
                <button type="button" class="link" aria-pressed={i === selected} onClick={() => setSelected(i)}>
                  {String(s.id)} <small>{String(s.kind)}</small>
                </button>
                <span class="row-actions">
                  <button type="button" aria-label={`Move ${String(s.id)} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${String(s.id)} down`}
                    disabled={i === steps.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    ↓
                  </button>
                  <button type="button" aria-label={`Remove ${String(s.id)}`} onClick={() => remove(i)}>
                    ✕
                  </button>
                </span>
              </li>
            ))}
          </ol>
          <div class="row">
            <label for="add-kind">
              New step kind
              <select id="add-kind" onChange={(e) => setKind((e.target as HTMLSelectElement).value)}>
                {KINDS.map((k) => (
                  <option key={k} value={k} selected={k === kind}>
                    {k}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" onClick={add}>
              Add step
            </button>
          </div>
        </div>
        <div class="col">
          {sel ? (
            <>
              <h2>
                Step {String(sel.id)} ({String(sel.kind)})
              </h2>
              {errorStep === sel.id && (
                <p role="alert" class="error" data-testid="step-error">
                  {problem!.message}
                </p>
              )}
              <StepForm
                key={`${selected}-${String(sel.kind)}`}
                step={sel}
                stepIds={stepIds}
                onChange={(s) => setSteps(steps.map((x, k) => (k === selected ? s : x)))}
              />
            </>
          ) : (
            <p>No step yet: choose a kind and add one.</p>
          )}
          {problem && !problem.stepId && (
            <p role="alert" class="error" data-testid="flow-error">
              {problem.message}
            </p>
          )}
          {problem?.stepId && problem.stepId !== sel?.id && (
            <p class="error">
              Step {problem.stepId}: fix it before saving ({problem.message}).
            </p>
          )}
          <div class="row">
            <button type="button" onClick={save} disabled={problem !== undefined || jsonError !== undefined}>
              Save
            </button>
            <label for="run-input">
              Input
              <input id="run-input" value={input} onInput={(e) => setInput((e.target as HTMLInputElement).value)} />
            </label>
            <button type="button" onClick={run} disabled={saved === undefined}>
              Run
            </button>
          </div>
          {steps.length > 0 && (
            <FlowGraph
              flow={{ steps } as never}
              selected={String(sel?.id)}
              errors={new Set(errorStep ? [errorStep] : [])}
              onSelect={(id) => setSelected(stepIds.indexOf(id))}
              label={`flow ${String(flow.id)}`}
            />
          )}
        </div>
        <div class="col">
          <h2>
            <label for="json">JSON</label>
          </h2>
          <textarea
            id="json"
            class="json-edit"
            rows={28}
            spellcheck={false}
            value={text}
            onInput={(e) => onJson((e.target as HTMLTextAreaElement).value)}
            aria-invalid={jsonError !== undefined}
          />
          {jsonError && (
            <p role="alert" class="error">
              JSON: {jsonError}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
