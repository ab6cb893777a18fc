/**
 * Flows as code: `flow('id').model('think', {...}).gate('pay', {...}).build()` gives the same
 * definition a visual builder saves, checked by the validation the server itself runs (the TypeBox
 * `Flow` schema plus edges, cycles and the rest), so a definition that builds also saves.
 */
import type { Flow, Step, StepKind } from './schema.js';
import { validateFlow } from './validate.js';

/** A step's own fields: everything but its id and kind, which the method names. */
export type StepParams<K extends StepKind> = Omit<Extract<Step, { kind: K }>, 'id' | 'kind'>;
/** The flow's own fields besides its id and steps. */
export type FlowOptions = Omit<Flow, 'id' | 'steps'>;

export class FlowBuilder {
  readonly #id: string;
  readonly #options: FlowOptions;
  readonly #steps: Step[] = [];

  constructor(id: string, options: FlowOptions = {}) {
    this.#id = id;
    this.#options = options;
  }

  #add(step: Step): this {
    this.#steps.push(step);
    return this;
  }

  model(id: string, params: StepParams<'model'>): this {
    return this.#add({ id, kind: 'model', ...params });
  }
  tool(id: string, params: StepParams<'tool'>): this {
    return this.#add({ id, kind: 'tool', ...params });
  }
  gate(id: string, params: StepParams<'gate'>): this {
    return this.#add({ id, kind: 'gate', ...params });
  }
  branch(id: string, params: StepParams<'branch'>): this {
    return this.#add({ id, kind: 'branch', ...params });
  }
  switch(id: string, params: StepParams<'switch'>): this {
    return this.#add({ id, kind: 'switch', ...params });
  }
  agent(id: string, params: StepParams<'agent'>): this {
    return this.#add({ id, kind: 'agent', ...params });
  }
  org(id: string, params: StepParams<'org'>): this {
    return this.#add({ id, kind: 'org', ...params });
  }
  budget(id: string, params: StepParams<'budget'>): this {
    return this.#add({ id, kind: 'budget', ...params });
  }
  governance(id: string, params: StepParams<'governance'>): this {
    return this.#add({ id, kind: 'governance', ...params });
  }
  human(id: string, params: StepParams<'human'>): this {
    return this.#add({ id, kind: 'human', ...params });
  }
  wait(id: string, params: StepParams<'wait'>): this {
    return this.#add({ id, kind: 'wait', ...params });
  }

  /** The definition, or an `InvalidFlowError` naming the step, with the message `POST /flows` would answer. */
  build(): Flow {
    return validateFlow({ id: this.#id, ...this.#options, steps: [...this.#steps] });
  }
}

export function flow(id: string, options?: FlowOptions): FlowBuilder {
  return new FlowBuilder(id, options);
}
