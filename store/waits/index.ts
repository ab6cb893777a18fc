/** The waits repository of a store: one ORM implementation serves both engines. */
import { perStore } from '../per-store.js';
import { ormWaits } from './orm.js';
import type { WaitRepository } from './types.js';

export type * from './types.js';
export { WAIT_RETENTION_MS } from './types.js';

export const waitsOf = perStore((store): WaitRepository => ormWaits(store));
