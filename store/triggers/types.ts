/**
 * The webhook trigger aggregate: the record that holds a
 * trigger's sealed secret, principal, event filter and input mapping, and owns its delivery log
 * (deleting a trigger deletes its log). The rules (sealing, who may see or mint what) are the
 * trigger actor's; this is what it reads and writes. One implementation, the ORM path
 * (orm.ts), serves both engines: none of this is on a hot path (a delivery reads its trigger
 * through the delivery repository, store/deliveries/).
 */
import type { WebhookTrigger } from '../entities/WebhookTrigger.js';

export type TriggerRecord = WebhookTrigger;

/** What a trigger needs to know of its flow to judge whether a delivery may run it. */
export interface TriggerFlow {
  readonly trigger: string;
  readonly scopeLevel: string;
  readonly scopeRef: string | null;
}

/** The flow as minting judges it: with its definition, since a releaser needs a `wait` step with a key. */
export type SavedFlow = TriggerFlow & { readonly definition: Record<string, unknown> };

export interface TriggerRepository {
  get(id: string): Promise<TriggerRecord | undefined>;
  exists(id: string): Promise<boolean>;
  /** Whether any trigger runs this flow (`flowId`) or runs as this seat (`principal`). */
  referenced(by: { flowId?: string; principal?: string }): Promise<boolean>;
  /** Every trigger, or only those of `principal`, newest first. */
  list(principal?: string): Promise<TriggerRecord[]>;
  /** The saved flow a trigger would run, as a trigger judges it; undefined when no flow of that id is saved. */
  flow(flowId: string): Promise<SavedFlow | undefined>;
  insert(row: TriggerRecord): Promise<void>;
  /** A new sealed secret at `version`, only while the stored version is `version - 1`: of two
   * concurrent rotations exactly one wins. */
  rotate(id: string, version: number, sealedSecret: string, now: Date): Promise<boolean>;
  /** False when there is no such trigger. */
  setEnabled(id: string, enabled: boolean, now: Date): Promise<boolean>;
  /** Deletes the trigger and its delivery log in one transaction; false when there was no such trigger. */
  delete(id: string): Promise<boolean>;
}
