/** The ops actor's verbs: a ping through the work queue, and one metered model completion. */
import { Type } from 'typebox';
import { ModelCompleteReply } from '../connectors.js';
import { verb } from './verb.js';

export const opsVerbs = {
  ping: verb(
    Type.Object({ note: Type.Optional(Type.String()) }),
    Type.Object({ worker: Type.String(), note: Type.Optional(Type.String()), deliveryCount: Type.Integer() }),
  ),
  complete: verb(
    Type.Object({ prompt: Type.String(), system: Type.Optional(Type.String()), model: Type.Optional(Type.String()) }),
    ModelCompleteReply,
  ),
};
