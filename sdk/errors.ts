/**
 * A definition that the flow language refuses. `code` is the error code the server answers with
 * (400 `invalid_flow`), and the message names the step, the same text either side.
 */
export class InvalidFlowError extends Error {
  readonly code = 'invalid_flow';

  constructor(message: string) {
    super(message);
    this.name = 'InvalidFlowError';
  }
}
