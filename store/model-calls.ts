/**
 * The model-call ledger: one row per completed model call, inserted and never changed. Its own
 * aggregate, not the run's: a call from `POST /model/complete` has no run, and no run write waits
 * on it. One insert per call on both engines, so the ORM path serves both.
 */
import { randomUUID } from 'node:crypto';
import { ModelCall } from './entities/ModelCall.js';
import type { Store } from './types.js';

export interface NewModelCall {
  at: Date;
  provider: string;
  model: string;
  /** null: the provider reported no usage (unmetered). */
  inputTokens: number | null;
  outputTokens: number | null;
  /** null: no price matched (unpriced). */
  microDollars: number | null;
  runId: string | null;
  stepId: string | null;
}

export interface ModelCallLedger {
  record(c: NewModelCall): Promise<void>;
}

export function modelCallsOf(store: Store): ModelCallLedger {
  return {
    async record(c) {
      await store.em().insert(ModelCall, { id: randomUUID(), ...c });
    },
  };
}
