/**
 * The trigger actor's verbs: its records, each asked with the caller the gateway authenticated
 * (who may name which principal is identity/triggers.ts), and `epoch`, what `POST /epoch` asks a
 * worker to do. No secret travels in clear: the gateway mints a trigger's secret where the caller
 * is, sends only its sealed envelope (`sealed`, absent when the gateway cannot seal) and shows
 * the secret to the caller itself, so `create` and `rotate` answer with the record alone.
 */
import { Type } from 'typebox';
import { Caller } from '../caller.js';
import { CreateTriggerBody, DeliveryList, EpochReply, NewTriggerId, TriggerDeleted, TriggerList, TriggerReply } from '../triggers.js';
import { verb } from './verb.js';

const ByCaller = <P extends Parameters<typeof Type.Object>[0]>(props: P) => Type.Object({ caller: Caller, ...props });

export const triggerVerbs = {
  list: verb(ByCaller({}), TriggerList),
  /** `id` is the new trigger's, chosen where its secret was sealed (the envelope is bound to it). */
  create: verb(ByCaller({ body: CreateTriggerBody, id: NewTriggerId, sealed: Type.Optional(Type.String()) }), TriggerReply),
  rotate: verb(ByCaller({ id: Type.String(), sealed: Type.Optional(Type.String()) }), TriggerReply),
  enable: verb(ByCaller({ id: Type.String(), enabled: Type.Boolean() }), TriggerReply),
  delete: verb(ByCaller({ id: Type.String() }), TriggerDeleted),
  deliveries: verb(ByCaller({ triggerId: Type.Optional(Type.String()), limit: Type.Integer() }), DeliveryList),
  /** `epochId` names this epoch (run ids derive from it; default the command's msgId). Without a
   * `caller` the epoch schedule sent it, and the chain is asked as principal `schedule`. */
  epoch: verb(
    Type.Object({ epochId: Type.Optional(Type.String()), caller: Type.Optional(Caller), asset: Type.Optional(Type.String()) }),
    EpochReply,
  ),
};
