/** The clock actor's verb: one `minute` per window, sent by every worker's clock and deduplicated. */
import { Type } from 'typebox';
import { verb } from './verb.js';

export const clockVerbs = {
  minute: verb(
    Type.Object({ window: Type.Integer(), at: Type.String() }),
    Type.Object({ window: Type.Integer(), handled: Type.Boolean() }),
  ),
};
