/**
 * The connectors double (docs/evals.md "The doubles"), behind the port `tool` steps call for
 * `<connector>.<route>`: every call is recorded, mocked or not; a mocked route answers its
 * scripted result and an unmocked one answers exactly what an offline run without that
 * connector answers (`noConnectorRegistered`), so an eval never reaches a connector's URL.
 */
import { noConnectorRegistered, type Connectors } from '../../connectors/index.js';
import type { ScenarioMocks } from '../../schemas/evals.js';
import type { EvalRecord } from './record.js';

type ToolMocks = NonNullable<ScenarioMocks['tools']>;

export function connectorsDouble(mocks: ToolMocks, record: EvalRecord): Connectors {
  return {
    has: (name) => Object.hasOwn(mocks, name),
    list: () => [],
    async call(name, args) {
      const mock = Object.hasOwn(mocks, name) ? mocks[name] : undefined;
      record.calls.push({ name, args: { ...args }, mocked: mock !== undefined });
      if (!mock) return noConnectorRegistered(name);
      return { ok: mock.result.ok, status: mock.result.ok ? 200 : 500, body: mock.result.body ?? null };
    },
  };
}
