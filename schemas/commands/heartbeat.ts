/**
 * The heartbeat actor's verbs: its records, each asked with the caller the gateway authenticated
 * (who may see or change which heartbeat is identity/heartbeats.ts), the tick ledger, and `tick`,
 * one window of one heartbeat, sent by the minute sweep or by `POST /heartbeats/run`.
 */
import { Type } from 'typebox';
import { Caller } from '../caller.js';
import { HeartbeatDeleted, HeartbeatInput, HeartbeatList, HeartbeatView, TickCommand, TickList, TickView } from '../heartbeats.js';
import { verb } from './verb.js';

const ByCaller = <P extends Parameters<typeof Type.Object>[0]>(props: P) => Type.Object({ caller: Caller, ...props });

export const heartbeatVerbs = {
  list: verb(ByCaller({}), HeartbeatList),
  save: verb(ByCaller({ heartbeat: HeartbeatInput }), HeartbeatView),
  enable: verb(ByCaller({ crewId: Type.String(), enabled: Type.Boolean() }), HeartbeatView),
  delete: verb(ByCaller({ crewId: Type.String() }), HeartbeatDeleted),
  /** Works the checklist now under its own window key (never the scheduled one). */
  run: verb(ByCaller({ crewId: Type.String() }), TickView),
  ticks: verb(ByCaller({ crewId: Type.Optional(Type.String()), limit: Type.Integer() }), TickList),
  tick: verb(TickCommand, Type.Union([TickView, Type.Null()])),
};
