/**
 * Every entity the store knows, in one list: `openStore` registers exactly these. To add an
 * entity, create its file here, append it below and write a migration for it.
 */
import { AuditEvent } from './AuditEvent.js';
import { Claim } from './Claim.js';

export { AuditEvent } from './AuditEvent.js';
export { Claim } from './Claim.js';

export const entities = [AuditEvent, Claim];
