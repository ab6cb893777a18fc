/** The trigger repository of a store (one ORM implementation for both engines: orm.ts). */
import { perStore } from '../per-store.js';
import { ormTriggers } from './orm.js';
import type { TriggerRepository } from './types.js';

export type * from './types.js';

export const triggersOf = perStore((store): TriggerRepository => ormTriggers(store));
