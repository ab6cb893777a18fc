/**
 * For the POST routes whose whole body is optional (`/epoch`, `/tick`, `/flows/eval`): a request
 * with no body at all is the empty request. Only an absent body; an empty or malformed JSON one is
 * still refused by the parser.
 */
export function absentBodyIsEmpty(req: { body: unknown }, _reply: unknown, done: () => void): void {
  req.body ??= {};
  done();
}
