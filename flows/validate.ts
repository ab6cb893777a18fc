/**
 * The server's side of flow validation. The rules live with the flow language in the SDK package,
 * so a definition that builds in code is one the server saves; here a refusal becomes the
 * catalogue's `invalid_flow` (400) with the same message, and repeats on the hot path are cached.
 */
import { InvalidFlowError, validateFlow as validateDefinition } from '@svc/sdk/flows';
import { AppError } from '../schemas/errors.js';
import type { Flow } from '../schemas/flows.js';

/** Validates a definition (save or inline run); returns it typed, or throws `invalid_flow`. */
export function validateFlow(raw: unknown): Flow {
  try {
    return validateDefinition(raw);
  } catch (err) {
    if (err instanceof InvalidFlowError) throw new AppError('invalid_flow', { message: err.message });
    throw err;
  }
}

/** JSON texts of flows found valid. Validity is a function of the text alone (no configuration
 * is consulted), so an entry never goes stale; only small flows are kept, and not too many. */
const knownValid = new Set<string>();
const KNOWN_MAX = 256;
const KNOWN_TEXT_MAX = 16_384;

/** `validateFlow` for the inline-run hot path, where clients send the same flow again and again:
 * a repeat is recognised by its text. The caller's own object is returned, never a shared one. */
export function validateFlowRepeated(raw: unknown): Flow {
  const text = JSON.stringify(raw);
  if (text !== undefined && knownValid.has(text)) return raw as Flow;
  const flow = validateFlow(raw);
  if (text !== undefined && text.length <= KNOWN_TEXT_MAX) {
    if (knownValid.size >= KNOWN_MAX) knownValid.delete(knownValid.values().next().value!);
    knownValid.add(text);
  }
  return flow;
}
