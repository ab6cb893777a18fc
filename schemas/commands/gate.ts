/** The gate actor's verbs: human gates and the threads they are asked in. */
import { GateCloseReply, GateCloseRequest, GateMessageRequest, GateOpenReply, GateOpenRequest, PostMessageReply } from '../gates.js';
import { verb } from './verb.js';

export const gateVerbs = {
  open: verb(GateOpenRequest, GateOpenReply),
  message: verb(GateMessageRequest, PostMessageReply),
  close: verb(GateCloseRequest, GateCloseReply),
};
