/** The wire shape of every error, as a schema: the routes' error responses and the API documents. */
import { Type } from 'typebox';
import type { ErrorBody as Body } from './errors.js';

export const ErrorBody = Type.Object({ error: Type.String(), message: Type.String() }, { $id: 'ErrorBody', additionalProperties: false });

// The schema and the interface errors.ts declares must describe one shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same: Same<import('typebox').Static<typeof ErrorBody>, Body> = true;
void same;
