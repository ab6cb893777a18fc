/** The chain-index repository of a store: one ORM implementation, the same on PostgreSQL and the embedded engine. */
import { perStore } from '../per-store.js';
import { ormChainIndex } from './orm.js';
import type { ChainIndexRepository } from './types.js';

export type * from './types.js';

export const chainIndexOf = perStore((store): ChainIndexRepository => ormChainIndex(store));
