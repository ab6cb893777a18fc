/** The gate repository of a store: the ORM path on both engines (orm.ts says why). */
import { perStore } from '../per-store.js';
import { ormGates } from './orm.js';
import type { GateRepository } from './types.js';

export type * from './types.js';

export const gatesOf = perStore((store): GateRepository => ormGates(store));
