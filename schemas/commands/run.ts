/** The run actor's verbs: flow definitions, runs and their wake-ups. */
import { Type } from 'typebox';
import {
  AgentPauseReply,
  AgentUnpauseReply,
  DeleteFlowReply,
  FlowRecord,
  ReleaseCommand,
  ReleaseOutcome,
  ResumeSignal,
  RunView,
  StartRunCommand,
} from '../runs.js';
import { verb } from './verb.js';

/** `by` is the caller's seat; `operator` whether it is the operator (may steer any run). */
const RunRef = Type.Object({
  runId: Type.String({ minLength: 1 }),
  reason: Type.Optional(Type.String()),
  by: Type.Optional(Type.String()),
  operator: Type.Optional(Type.Boolean()),
});

export const runVerbs = {
  /** `savedBy` is the caller's seat; `operator` whether it is the operator (may change any flow). The
   * flow itself is validated by the actor, so a refusal names the step. */
  save: verb(Type.Object({ flow: Type.Unknown(), savedBy: Type.String(), operator: Type.Optional(Type.Boolean()) }), FlowRecord),
  delete: verb(
    Type.Object({ id: Type.String(), by: Type.Optional(Type.String()), operator: Type.Optional(Type.Boolean()) }),
    DeleteFlowReply,
  ),
  /** A late copy of a logged webhook delivery answers as a duplicate and starts nothing. */
  start: verb(StartRunCommand, Type.Union([RunView, Type.Object({ runId: Type.String(), duplicate: Type.Literal(true) })])),
  /** A releaser trigger's event: releases the wait parked on its key, or is kept for one that parks later. */
  release: verb(ReleaseCommand, ReleaseOutcome),
  resume: verb(RunRef, RunView),
  pause: verb(RunRef, RunView),
  cancel: verb(RunRef, RunView),
  signal: verb(
    Type.Object({ runId: Type.String({ minLength: 1 }), stepId: Type.String({ minLength: 1 }), signal: ResumeSignal }),
    Type.Object({ applied: Type.Boolean(), status: Type.Optional(Type.String()) }),
  ),
  recover: verb(
    Type.Object({ runId: Type.String({ minLength: 1 }), force: Type.Optional(Type.Boolean()) }),
    Type.Object({ recovered: Type.Boolean(), status: Type.Optional(Type.String()) }),
  ),
  agentPause: verb(
    Type.Object({ agent: Type.String({ minLength: 1 }), reason: Type.Optional(Type.String()), by: Type.Optional(Type.String()) }),
    AgentPauseReply,
  ),
  /** Who may lift a pause is judged by the gateway first (identity/agents.ts). */
  agentUnpause: verb(Type.Object({ agent: Type.String({ minLength: 1 }) }), AgentUnpauseReply),
};
