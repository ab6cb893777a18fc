/** The definition repository on the ORM, both engines: saves, deletes and lists are rare. */
import { FlowDefinition } from '../entities/FlowDefinition.js';
import type { Store } from '../types.js';
import type { DefinitionRepository } from './types.js';

export type OrmDefinitions = Omit<DefinitionRepository, 'load'>;

export function ormDefinitions(store: Store): OrmDefinitions {
  return {
    get: (id) => store.em().findOne(FlowDefinition, { id }),

    async save(d, now) {
      await store.em().upsert(
        FlowDefinition,
        { ...d, createdAt: now, updatedAt: now },
        {
          onConflictFields: ['id'],
          onConflictAction: 'merge',
          onConflictMergeFields: ['title', 'trigger', 'scopeLevel', 'scopeRef', 'definition', 'savedBy', 'updatedAt'],
        },
      );
      return store.em().findOneOrFail(FlowDefinition, { id: d.id });
    },

    delete: async (id) => (await store.em().nativeDelete(FlowDefinition, { id })) > 0,

    list: (limit) => store.em().find(FlowDefinition, {}, { orderBy: { id: 'asc' }, limit }),

    byTrigger: (trigger) => store.em().find(FlowDefinition, { trigger }, { orderBy: { id: 'asc' } }),
  };
}
