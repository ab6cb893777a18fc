/** The refusals a route declares: each status answered with the one error body. */
import { ErrorBody } from '../schemas/error-body.js';

export function errorReplies<const S extends number>(...statuses: S[]): Record<S, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBody])) as Record<S, typeof ErrorBody>;
}

/**
 * What a chain write that may need a root proof refuses: a bad body (400), no token or a caller
 * who is not the operator (401, 403), an unknown key or intent (404), no chain or a state that
 * forbids the write (409), a proof or a call the chain turns down (422), a root that cannot
 * verify proofs (501), and a chain that does not answer (503).
 */
export const ROOT_GATED_REFUSALS = errorReplies(400, 401, 403, 404, 409, 422, 501, 503);
