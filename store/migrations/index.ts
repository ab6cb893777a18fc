/**
 * Every migration, in order, imported explicitly: the migrator gets this list instead of a glob,
 * so it runs the same from compiled `dist/` as from the sources. The `name` is what the journal
 * records; never rename one that has shipped. To add one, write the class and append it here.
 */
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20250601000000Init } from './Migration20250601000000Init.js';
import { Migration20261122010000Flows } from './Migration20261122010000Flows.js';
import { Migration20261122020000Gates } from './Migration20261122020000Gates.js';
import { Migration20261122030000Mcp } from './Migration20261122030000Mcp.js';
import { Migration20261122040000Triggers } from './Migration20261122040000Triggers.js';
import { Migration20261122050000AuditOutbox } from './Migration20261122050000AuditOutbox.js';
import { Migration20261123010000AuditOutboxTable } from './Migration20261123010000AuditOutboxTable.js';
import { Migration20261123020000RunRowUpdates } from './Migration20261123020000RunRowUpdates.js';
import { Migration20261125010000GateTrace } from './Migration20261125010000GateTrace.js';
import { Migration20261125020000Waits } from './Migration20261125020000Waits.js';
import { Migration20261126010000Heartbeats } from './Migration20261126010000Heartbeats.js';
import { Migration20261126020000ChainIndex } from './Migration20261126020000ChainIndex.js';
import { Migration20261126030000ChainSessions } from './Migration20261126030000ChainSessions.js';
import { Migration20261126040000ChainIntents } from './Migration20261126040000ChainIntents.js';
import { Migration20261128010000InferenceBudgets } from './Migration20261128010000InferenceBudgets.js';
import { Migration20261128010000RootChallenges } from './Migration20261128010000RootChallenges.js';
import { Migration20261128010000McpToolPins } from './Migration20261128010000McpToolPins.js';
import { Migration20261128010000RateWindows } from './Migration20261128010000RateWindows.js';
import { Migration20261128020000DeliveryLoggedTx } from './Migration20261128020000DeliveryLoggedTx.js';

export const migrationsList: MigrationObject[] = [
  { name: 'Migration20250601000000Init', class: Migration20250601000000Init },
  { name: 'Migration20261122010000Flows', class: Migration20261122010000Flows },
  { name: 'Migration20261122020000Gates', class: Migration20261122020000Gates },
  { name: 'Migration20261122030000Mcp', class: Migration20261122030000Mcp },
  { name: 'Migration20261122040000Triggers', class: Migration20261122040000Triggers },
  { name: 'Migration20261122050000AuditOutbox', class: Migration20261122050000AuditOutbox },
  { name: 'Migration20261123010000AuditOutboxTable', class: Migration20261123010000AuditOutboxTable },
  { name: 'Migration20261123020000RunRowUpdates', class: Migration20261123020000RunRowUpdates },
  { name: 'Migration20261125010000GateTrace', class: Migration20261125010000GateTrace },
  { name: 'Migration20261125020000Waits', class: Migration20261125020000Waits },
  { name: 'Migration20261126010000Heartbeats', class: Migration20261126010000Heartbeats },
  { name: 'Migration20261126020000ChainIndex', class: Migration20261126020000ChainIndex },
  { name: 'Migration20261126030000ChainSessions', class: Migration20261126030000ChainSessions },
  { name: 'Migration20261126040000ChainIntents', class: Migration20261126040000ChainIntents },
  { name: 'Migration20261128010000InferenceBudgets', class: Migration20261128010000InferenceBudgets },
  { name: 'Migration20261128010000RootChallenges', class: Migration20261128010000RootChallenges },
  { name: 'Migration20261128010000McpToolPins', class: Migration20261128010000McpToolPins },
  { name: 'Migration20261128010000RateWindows', class: Migration20261128010000RateWindows },
  { name: 'Migration20261128020000DeliveryLoggedTx', class: Migration20261128020000DeliveryLoggedTx },
];
