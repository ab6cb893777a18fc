import { Type, type Static } from 'typebox';

const Component = Type.Object({ ready: Type.Boolean(), error: Type.Optional(Type.String()) });

export const Health = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')], {
      description: 'degraded when NATS or the database does not answer (HTTP 503)',
    }),
    version: Type.String(),
    role: Type.Union([Type.Literal('serve'), Type.Literal('gateway'), Type.Literal('worker')]),
    mode: Type.Union([Type.Literal('mock'), Type.Literal('chain'), Type.Literal('unavailable')], {
      description:
        'mock: no chain configured (chain reads are empty lists); unavailable: configured but not answering (chain reads are 503)',
    }),
    chain: Type.Object({
      reason: Type.Optional(
        Type.String({
          description:
            'unavailable only: a code (rpc_unreachable, chain_id_mismatch, deployment_missing, deployment_code_missing) and what failed',
        }),
      ),
      chainId: Type.Optional(Type.Integer()),
      rpc: Type.Optional(Type.String({ description: 'the RPC URL with every credential masked' })),
    }),
    down: Type.Array(Type.Union([Type.Literal('nats'), Type.Literal('database')])),
    db: Type.Intersect([Component, Type.Object({ engine: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]) })]),
    queue: Type.Intersect([Component, Type.Object({ provider: Type.Union([Type.Literal('embedded'), Type.Literal('jetstream')]) })]),
    auth: Type.Object({ required: Type.Boolean() }),
    rootAuth: Type.Object({ required: Type.Boolean(), kind: Type.Optional(Type.String()), configError: Type.Optional(Type.String()) }),
    flows: Type.Object({ store: Type.Union([Type.Literal('memory'), Type.Literal('postgres')]) }),
    model: Type.Object({ provider: Type.String(), configured: Type.Boolean() }),
    budgets: Type.Object({
      inference: Type.Object({
        counters: Type.Union([Type.Literal('postgres'), Type.Literal('process')], {
          description: 'where inference budget counters live: postgres (every replica, kept across restarts) or this process only',
        }),
        floorMicroDollars: Type.Number({ description: 'what a model call of unknown cost (unpriced or unmetered) is charged' }),
      }),
    }),
    planRequired: Type.Object({
      mode: Type.Union([Type.Literal('off'), Type.Literal('spends_only'), Type.Literal('side_effects')]),
      windowMinutes: Type.Integer(),
      configError: Type.Optional(Type.String({ description: 'the rule set was unreadable, so the mode is off (it fails open)' })),
    }),
    chatReplies: Type.Object({
      signed: Type.Boolean({ description: 'false: no key signs reply targets, so every reply from chat is refused' }),
      key: Type.Optional(Type.Union([Type.Literal('channel_secret'), Type.Literal('session_key')])),
    }),
    governance: Type.Object({
      /** True only when this process runs the sweep that executes cleared proposals. */
      autoExecute: Type.Boolean(),
      /** Why SVC_AUTO_EXECUTE=1 executes nothing here (no chain, no orchestrator key, no clock in this role). */
      reason: Type.Optional(Type.String()),
    }),
    actors: Type.Record(
      Type.String(),
      Type.Object({
        live: Type.Boolean(),
        waiting: Type.Optional(Type.Integer()),
        lastActive: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      }),
      { description: 'per actor: whether some worker on the bus is consuming its work queue now (not part of status)' },
    ),
  },
  { $id: 'Health' },
);
export type Health = Static<typeof Health>;

const Check = Type.Object({ ready: Type.Boolean(), error: Type.Optional(Type.String()) }, { additionalProperties: false });

/** GET /readyz: whether this process can serve now (503 when not), and which part holds it back. */
export const Readiness = Type.Object(
  {
    ready: Type.Boolean(),
    checks: Type.Object(
      {
        store: Check,
        bus: Check,
        chain: Type.Object(
          {
            ready: Type.Boolean(),
            configured: Type.Boolean(),
            error: Type.Optional(Type.String()),
          },
          {
            additionalProperties: false,
            description:
              'a configured chain must have answered once since start (a dev chain still deploying is not ready); a later chain outage shows in /health mode, not here',
          },
        ),
        migrations: Type.Object(
          { ready: Type.Boolean() },
          { additionalProperties: false, description: 'the store opens only once its migrations are applied' },
        ),
      },
      { additionalProperties: false },
    ),
  },
  { $id: 'Readiness', additionalProperties: false },
);
export type Readiness = Static<typeof Readiness>;

/** GET /livez: the process answers; it checks nothing else, so a dependency outage never restarts it. */
export const Liveness = Type.Object({ live: Type.Literal(true) }, { $id: 'Liveness', additionalProperties: false });
