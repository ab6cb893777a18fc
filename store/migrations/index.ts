/**
 * Every migration, in order, imported explicitly: the migrator gets this list instead of a glob,
 * so it runs the same from compiled `dist/` as from the sources. The `name` is what the journal
 * records; never rename one that has shipped. To add one, write the class and append it here.
 */
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20250601000000Init } from './Migration20250601000000Init.js';

export const migrationsList: MigrationObject[] = [
  { name: 'Migration20250601000000Init', class: Migration20250601000000Init },
];
