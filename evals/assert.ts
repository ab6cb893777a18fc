/**
 * The eleven assertions of an eval scenario (docs/evals.md "Assertions"), each read off what the run and the doubles
 * recorded. A failed one is one line, `<assertion>: expected X, got Y`, so a CI log says what
 * broke without opening the trace.
 */
import type { ScenarioExpect } from '../schemas/evals.js';
import type { TraceEntry } from '../schemas/runs.js';
import { parseConnectorName } from '../connectors/index.js';
import type { Observation } from './harness.js';

const list = (xs: readonly string[]): string => (xs.length ? xs.join(', ') : 'none');
const times = (n: number): string => `${n} call${n === 1 ? '' : 's'}`;

/** Step ids in the order they ran, a re-entered step once per entry. */
function ranIds(trace: readonly TraceEntry[]): string[] {
  return trace.filter((e) => e.status !== 'resumed').map((e) => e.stepId);
}

/** Whether `want` appears in `got` in order, other steps allowed between. */
function inOrder(want: readonly string[], got: readonly string[]): boolean {
  let i = 0;
  for (const id of got) if (i < want.length && id === want[i]) i += 1;
  return i === want.length;
}

/** Calls per tool name, and `model` for completions. */
export function callCounts(obs: Observation): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of obs.record.calls) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  counts.set('model', obs.record.modelCalls);
  return counts;
}

/** Where a step routed, as a failure line shows it. */
function routed(e: TraceEntry): string {
  if (e.status === 'parked') return 'it parked there';
  if (e.status === 'failed') return 'it failed there';
  return e.port === null ? 'null' : (e.port ?? 'nothing');
}

export function check(expect: ScenarioExpect, obs: Observation): string[] {
  const out: string[] = [];
  const run = obs.run;
  const trace = run?.steps ?? [];
  const ran = ranIds(trace);
  const last = (stepId: string) => trace.filter((e) => e.stepId === stepId && e.status !== 'resumed').at(-1);
  const counts = callCounts(obs);

  if (expect.status !== undefined && run?.status !== expect.status)
    out.push(`status: expected ${expect.status}, got ${run?.status ?? 'no run'}`);
  if (expect.waiting !== undefined) {
    const w = run?.waiting;
    if (w?.reason !== expect.waiting.reason || w.stepId !== expect.waiting.stepId)
      out.push(
        `waiting: expected ${expect.waiting.reason} at ${expect.waiting.stepId}, got ${w ? `${w.reason} at ${w.stepId}` : `not waiting (${run?.status ?? 'no run'})`}`,
      );
  }
  if (expect.ran !== undefined && !inOrder(expect.ran, ran)) out.push(`ran: expected ${list(expect.ran)} in this order, got ${list(ran)}`);
  for (const id of expect.notRan ?? []) if (ran.includes(id)) out.push(`notRan: expected ${id} never to run, got it ran (${list(ran)})`);
  for (const [id, want] of Object.entries(expect.port ?? {})) {
    const e = last(id);
    if (!e) out.push(`port: expected ${id} → ${want ?? 'null'}, got ${id} never ran`);
    else if (want === null ? !stoppedAt(e, trace) : e.status !== 'done' || e.port !== want)
      out.push(`port: expected ${id} → ${want ?? 'null (stopped there)'}, got ${routed(e)}`);
  }
  for (const [id, want] of Object.entries(expect.verdict ?? {})) {
    const e = last(id);
    if (e?.verdict !== want) out.push(`verdict: expected ${id} ${want}, got ${e ? (e.verdict ?? 'no verdict') : `${id} never ran`}`);
  }
  for (const [name, want] of Object.entries(expect.called ?? {})) {
    const got = counts.get(name) ?? 0;
    if (got !== want) out.push(`called: expected ${name} ${times(want)}, got ${times(got)}`);
  }
  for (const name of expect.notCalled ?? []) {
    const got = counts.get(name) ?? 0;
    if (got > 0) out.push(`notCalled: expected ${name} never called, got ${times(got)}`);
  }
  if (expect.noConnectorCalls !== undefined) {
    const routes = obs.record.calls.filter((c) => parseConnectorName(c.name) !== undefined).map((c) => c.name);
    if (expect.noConnectorCalls && routes.length > 0) out.push(`noConnectorCalls: expected no connector call, got ${list(routes)}`);
    if (!expect.noConnectorCalls && routes.length === 0) out.push('noConnectorCalls: expected at least one connector call, got none');
  }
  if (expect.questionOpen !== undefined) {
    const open = [...obs.record.questions].filter(([, q]) => q.open).map(([step]) => step);
    if (expect.questionOpen && open.length === 0) out.push('questionOpen: expected a human gate left open, got none open');
    if (!expect.questionOpen && open.length > 0) out.push(`questionOpen: expected no human gate left open, got ${list(open)} open`);
  }
  const wanted =
    expect.auditIncludes === undefined ? [] : typeof expect.auditIncludes === 'string' ? [expect.auditIncludes] : expect.auditIncludes;
  for (const s of wanted)
    if (!obs.audit.some((row) => row.includes(s)))
      out.push(`auditIncludes: expected ${JSON.stringify(s)} on the audit trail, got it in none of ${obs.audit.length} rows`);
  return out;
}

/** The run stopped at this entry: it routed to null, or parked or failed there as the last step. */
function stoppedAt(e: TraceEntry, trace: readonly TraceEntry[]): boolean {
  if (e.status === 'done') return e.port === null;
  return trace.at(-1) === e;
}
