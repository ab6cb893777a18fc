/** The root challenge repository of a store: one implementation, the same statements on PostgreSQL and the embedded engine. */
import { perStore } from '../per-store.js';
import { sqlRootChallenges } from './sql.js';

export type * from './types.js';

export const rootChallengesOf = perStore(sqlRootChallenges);
