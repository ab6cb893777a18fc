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
import { Caller } from '../caller.js';
import { verb } from './verb.js';

/** `caller` steers: the run's principal or the operator may (identity/runs.ts). */
const RunRef = Type.Object({
  runId: Type.String({ minLength: 1 }),
  reason: Type.Optional(Type.String()),
  caller: Caller,
});

export const runVerbs = {
  /** Saved by `caller` (the operator may change any flow). The flow itself is validated by the
   * actor, so a refusal names the step. */
  save: verb(Type.Object({ flow: Type.Unknown(), caller: Caller }), FlowRecord),
  delete: verb(Type.Object({ id: Type.String(), caller: Caller }), DeleteFlowReply),
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
    Type.Object({ agent: Type.String({ minLength: 1 }), reason: Type.Optional(Type.String()), caller: Caller }),
    AgentPauseReply,
  ),
  /** Who may lift a pause is judged by the gateway first (identity/agents.ts). */
  agentUnpause: verb(Type.Object({ agent: Type.String({ minLength: 1 }) }), AgentUnpauseReply),
};
