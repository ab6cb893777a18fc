/** The definition repository of a store: the ORM for saves and lists, one prepared statement for the run start's read. */
import { perStore } from '../per-store.js';
import { loadStatement } from './load.js';
import { ormDefinitions } from './orm.js';
import type { DefinitionRepository } from './types.js';

export type * from './types.js';

export const definitionsOf = perStore((store): DefinitionRepository => ({ ...ormDefinitions(store), load: loadStatement(store) }));
