/**
 * Runs one scenario through the real flow engine (the step code a production run uses) on a
 * system of its own: the embedded bus and the SQLite-in-memory store, built fresh per scenario
 * so nothing one scenario leaves behind (a parked run, an audit row) is seen by the next. Every
 * outside effect goes through a double plugged into the port the engine already has: the model
 * provider, the connectors, the chain port, and the gate and mcp actors' verbs on this bus. This
 * is a second, smaller composition root than main/system.ts: no gateway, no clock, no sweeps, no
 * other actor, and the operator's configuration is not read (an eval reaches nothing it names).
 */
import { createBus, names } from '../bus/index.js';
import { clientsOf, serveVerbs } from '../bus/verbs.js';
import { openStore } from '../store/index.js';
import { AuditEvent } from '../store/entities/AuditEvent.js';
import { loadConfig } from '../runtime/config.js';
import { createLogger } from '../runtime/log.js';
import { createAudit } from '../runtime/audit.js';
import { saveFlow } from '../flows/store.js';
import { commandCaller } from '../identity/caller.js';
import { gateVerbs } from '../schemas/commands/gate.js';
import { mcpVerbs } from '../schemas/commands/mcp.js';
import { isAppError } from '../schemas/errors.js';
import type { Flow } from '../schemas/flows.js';
import type { RunView, StartRunCommand } from '../schemas/runs.js';
import type { Blueprint, Scenario } from '../schemas/evals.js';
import { newRecord, type EvalRecord } from './doubles/record.js';
import { modelDouble } from './doubles/model.js';
import { connectorsDouble } from './doubles/connectors.js';
import { policyDouble } from './doubles/policy.js';
import { gateDouble } from './doubles/gates.js';
import { mcpDouble } from './doubles/mcp.js';
import type { MeteredModelProvider } from '../model/index.js';
import type { Connectors } from '../connectors/index.js';
import type { ChainPort } from '../chain/port.js';
import type { Clients } from '../bus/verbs.js';
import type { ProcessDeps } from '../runtime/process-deps.js';

/** The seat a scenario runs as when it names none. */
export const DEFAULT_AGENT = 'eval-agent';

/** What one run did, as the assertions read it. */
export interface Observation {
  /** Absent when the run could not start (`startError` says why). */
  readonly run: RunView | undefined;
  readonly startError: string | undefined;
  readonly record: EvalRecord;
  /** Audit rows as `<type> <data JSON>`, oldest first. */
  readonly audit: readonly string[];
}

/** What the harness builds for the engine: the deps a worker gives its actors
 * (runtime/process-deps.ts) plus what the run actor adds, minus the delivery log (no webhook
 * delivery starts an eval run, so there is nothing to log). */
export interface EvalSystem extends ProcessDeps {
  readonly model: MeteredModelProvider;
  readonly connectors: Connectors;
  readonly chain: ChainPort;
  readonly clients: Clients;
  readonly bindings?: Readonly<Record<string, unknown>>;
  readonly childRunId: (parent: { readonly runId: string; readonly stepId: string }) => string;
}

/** The flow engine a production run uses, handed in by the process that hosts the suite (the
 * eval child's entry in main/), so this folder runs it without importing the run actor's. */
export type EvalEngine = (system: EvalSystem) => { start(cmd: StartRunCommand, traceId: string): Promise<RunView> };

export interface HarnessOptions {
  readonly engine: EvalEngine;
  readonly now: () => number;
  /** Saved definitions by id; those the flow delegates to are stored so an `agent` step's `flowId` finds them. */
  readonly definitions?: Readonly<Record<string, Flow>>;
  /** Replaces the model double (tests use it to stand for a port that reaches a network). */
  readonly model?: (record: EvalRecord) => MeteredModelProvider;
}

/** The run id a scenario's run gets: derived from the scenario, so two runs of it match. */
export const runIdOf = (scenarioId: string): string => `eval-${scenarioId}`;

/** `{{crew.*}}` and `{{target.<name>.*}}`, read by the engine's interpolation. */
function bindingsOf(blueprint: Blueprint): Readonly<Record<string, unknown>> {
  return { crew: blueprint.crew, target: blueprint.targets };
}

export async function runScenario(
  scenario: Scenario,
  flow: Flow,
  blueprint: Blueprint | undefined,
  opts: HarnessOptions,
): Promise<Observation> {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const log = createLogger('silent');
  const record = newRecord();
  const mocks = scenario.mocks ?? {};
  const store = await openStore({});
  const bus = createBus({ names: names(`eval-${scenario.id}`), log });
  try {
    await bus.start();
    const audit = createAudit({ store, bus, log });
    const deps: EvalSystem = {
      config,
      bus,
      store,
      audit,
      log,
      workerId: 'eval',
      now: opts.now,
      model: opts.model?.(record) ?? modelDouble(mocks.model ?? [], record),
      connectors: connectorsDouble(mocks.tools ?? {}, record),
      chain: policyDouble(mocks.policy ?? {}, blueprint, record),
      clients: clientsOf(bus),
      ...(blueprint ? { bindings: bindingsOf(blueprint) } : {}),
      childRunId: (p) => `${p.runId}.${p.stepId}`,
    };
    const gates = gateDouble(mocks.gates ?? {}, record, { audit, now: opts.now, ttlMs: config.humanGateTtlMs });
    const gate = await serveVerbs(bus, 'gate', gateVerbs, gates, { log });
    const mcp = await serveVerbs(bus, 'mcp', { call: mcpVerbs.call }, mcpDouble(mocks.tools ?? {}, record), { log });
    await storeDefinitions(deps, flow, opts.definitions ?? {}, record);
    let run: RunView | undefined;
    let startError: string | undefined;
    const runId = runIdOf(scenario.id);
    try {
      run = await opts.engine(deps).start(
        {
          runId,
          flow: flow as unknown as Record<string, unknown>,
          principal: scenario.asAgent ?? DEFAULT_AGENT,
          trigger: 'manual',
          ...inputField(scenario),
        },
        runId,
      );
    } catch (err) {
      startError = isAppError(err) ? `${err.code}: ${err.message}` : String((err as Error)?.message ?? err);
    }
    await Promise.all([gate.stop(1000), mcp.stop(1000)]);
    recordSvcTools(flow, run, record);
    const rows = await store.em().find(AuditEvent, {}, { orderBy: { id: 'asc' } });
    return { run, startError, record, audit: rows.map((r) => `${r.type} ${JSON.stringify(r.data)}`) };
  } finally {
    await bus.close().catch(() => undefined);
    await store.close();
  }
}

/** The input a run receives: a string as it is, anything else as JSON text. */
function inputField(scenario: Scenario): { input?: string } {
  const { input } = scenario;
  if (input === undefined) return {};
  return { input: typeof input === 'string' ? input : JSON.stringify(input) };
}

/** First-party `svc_*` tools run inside the step, past every port, so their calls are read off the trace. */
function recordSvcTools(flow: Flow, run: RunView | undefined, record: EvalRecord): void {
  for (const e of run?.steps ?? []) {
    if (e.kind !== 'tool' || (e.status !== 'done' && e.status !== 'failed')) continue;
    const step = flow.steps.find((x) => x.id === e.stepId);
    if (step?.kind === 'tool' && step.tool.startsWith('svc_')) record.calls.push({ name: step.tool, args: step.args ?? {}, mocked: false });
  }
}

/**
 * The saved flows this run may delegate to (agent steps' `flowId`, followed through), stored as
 * the operator would have saved them so a delegate finds them as in production. Only those: one
 * that could not be stored then matters to this scenario, and is reported.
 */
async function storeDefinitions(
  deps: EvalSystem,
  flow: Flow,
  definitions: Readonly<Record<string, Flow>>,
  record: EvalRecord,
): Promise<void> {
  const wanted = new Set<string>();
  const visit = (f: Flow): void => {
    for (const step of f.steps) {
      if (step.kind !== 'agent' || step.flowId === undefined || wanted.has(step.flowId)) continue;
      wanted.add(step.flowId);
      if (Object.hasOwn(definitions, step.flowId)) visit(definitions[step.flowId]!);
    }
  };
  visit(flow);
  for (const id of wanted) {
    if (!Object.hasOwn(definitions, id)) continue; // the agent step says so itself: flow not saved
    try {
      await saveFlow(deps.store, definitions[id]!, commandCaller('operator', true), deps.config.org, new Date(deps.now()));
    } catch (err) {
      record.problems.push(`definitions: expected saved flow ${id} to be stored, got ${isAppError(err) ? err.message : String(err)}`);
    }
  }
}
