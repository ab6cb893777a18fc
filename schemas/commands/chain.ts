/** The chain actor's verbs: what a worker's agent loop asks of the chain port. */
import { BootBody, BootReply, TickBody, TickReply } from '../chain-sessions.js';
import { verb } from './verb.js';

export const chainVerbs = {
  /** A session key for a worker, issued where the chain port is (the gateway checked the caller). */
  boot: verb(BootBody, BootReply),
  /** One tick of the agent loop; the command's message id names the tick, so a redelivery resumes it. */
  tick: verb(TickBody, TickReply),
};
