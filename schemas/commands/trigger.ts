/**
 * The trigger actor's verbs: its records, each asked with the caller the gateway authenticated
 * (who may name which principal is identity/triggers.ts), and `epoch`, what `POST /epoch` asks a
 * worker to do. A minted or rotated secret travels only in the answer of `create` or `rotate`.
 */
import { Type } from 'typebox';
import { Caller } from '../../identity/caller.js';
import { CreateTriggerBody, DeliveryList, EpochReply, TriggerDeleted, TriggerList, TriggerMinted, TriggerReply } from '../triggers.js';
import { verb } from './verb.js';

const ByCaller = <P extends Parameters<typeof Type.Object>[0]>(props: P) => Type.Object({ caller: Caller, ...props });

export const triggerVerbs = {
  list: verb(ByCaller({}), TriggerList),
  create: verb(ByCaller({ body: CreateTriggerBody }), TriggerMinted),
  rotate: verb(ByCaller({ id: Type.String() }), TriggerMinted),
  enable: verb(ByCaller({ id: Type.String(), enabled: Type.Boolean() }), TriggerReply),
  delete: verb(ByCaller({ id: Type.String() }), TriggerDeleted),
  deliveries: verb(ByCaller({ triggerId: Type.Optional(Type.String()), limit: Type.Integer() }), DeliveryList),
  /** `epochId` names this epoch (run ids derive from it; default the command's msgId). */
  epoch: verb(
    Type.Object({ epochId: Type.Optional(Type.String()), by: Type.Optional(Type.String()), asset: Type.Optional(Type.String()) }),
    EpochReply,
  ),
};
