/**
 * Saved flow definitions: one row per flow id, the definition as one JSON document with its
 * trigger and scope lifted into columns. Who may see or change a definition is decided above the
 * store (identity/flows.ts); the repository stores and reads rows.
 */
import type { FlowDefinition } from '../entities/FlowDefinition.js';

export type DefinitionRow = FlowDefinition;

/** What a save writes; the store keeps the first save's `createdAt` and stamps `updatedAt`. */
export interface SavedDefinition {
  id: string;
  title: string | null;
  trigger: string;
  scopeLevel: string;
  scopeRef: string | null;
  definition: Record<string, unknown>;
  savedBy: string;
}

/** What a run start needs of a saved flow: the definition and the scope its visibility is judged by. */
export interface LoadedDefinition {
  definition: Record<string, unknown>;
  scopeLevel: string;
  scopeRef: string | null;
}

export interface DefinitionRepository {
  get(id: string): Promise<DefinitionRow | null>;
  /** Inserts the definition, or overwrites every field of the saved one but `createdAt`; the row as stored. */
  save(d: SavedDefinition, now: Date): Promise<DefinitionRow>;
  delete(id: string): Promise<boolean>;
  /** The first `limit` definitions by id. */
  list(limit: number): Promise<DefinitionRow[]>;
  /** Every definition with this trigger (`cron`, `epoch`, ...), by id. */
  byTrigger(trigger: string): Promise<DefinitionRow[]>;
  /** The run start's read (every start by id): definition and scope only. */
  load(id: string): Promise<LoadedDefinition | undefined>;
}
