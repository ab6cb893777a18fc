/**
 * Shapes of SVC_CONNECTORS and SVC_MODEL_PRICES, and of what `GET /connectors` and
 * `POST /model/complete` answer. A connector names env vars, never values: credentials are
 * read at call time from the named variables and never leave the process except toward the
 * connector's own base URL.
 */
import { Type, type Static } from 'typebox';
import { IdString } from './text.js';

const Name = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const EnvVarName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' });
const Templates = Type.Record(Type.String({ minLength: 1 }), Type.String({ maxLength: 4000 }));

export const ConnectorRouteConfig = Type.Object(
  {
    method: Type.Union(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => Type.Literal(m))),
    /** Appended to baseUrl; `{{args.x}}` placeholders are filled (URL-encoded) from the call's args. */
    path: Type.String({ pattern: '^/', maxLength: 2000 }),
    /** Route headers, on top of the connector's; `{{env.x}}` and `{{args.x}}` are filled. */
    headers: Type.Optional(Templates),
    /** Where the args the path did not consume go: a JSON object body, a form body, the query
     * string, or nowhere. Default: query-args for GET and DELETE, json-args otherwise. */
    body: Type.Optional(
      Type.Union([Type.Literal('json-args'), Type.Literal('form-args'), Type.Literal('query-args'), Type.Literal('none')]),
    ),
  },
  { additionalProperties: false },
);
export type ConnectorRouteConfig = Static<typeof ConnectorRouteConfig>;

export const ConnectorConfig = Type.Object(
  {
    id: Name,
    baseUrl: Type.String({ pattern: '^https?://[^\\s]+$' }),
    /** Placeholder name to the env var holding its value: `{"token": "GITHUB_TOKEN"}` makes
     * `{{env.token}}` usable in headers. */
    env: Type.Optional(Type.Record(Name, EnvVarName)),
    /** Headers sent on every route, e.g. `{"authorization": "Bearer {{env.token}}"}`. */
    headers: Type.Optional(Templates),
    routes: Type.Record(Name, ConnectorRouteConfig),
  },
  { additionalProperties: false },
);
export type ConnectorConfig = Static<typeof ConnectorConfig>;

export const ConnectorsConfig = Type.Array(ConnectorConfig);

export const ModelPrice = Type.Object(
  {
    inputPerMTok: Type.Number({ minimum: 0 }),
    outputPerMTok: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type ModelPrice = Static<typeof ModelPrice>;

export const ModelPrices = Type.Record(Type.String({ minLength: 1 }), ModelPrice);

export const ConnectorView = Type.Object({
  id: Type.String(),
  baseUrl: Type.String(),
  routes: Type.Array(
    Type.Object({ name: Type.String({ description: '<connector>.<route>, the tool name' }), method: Type.String(), path: Type.String() }),
  ),
  env: Type.Array(
    Type.Object({
      placeholder: Type.String(),
      variable: Type.String({ description: 'the env var read at call time' }),
      set: Type.Boolean({ description: 'whether the variable is set; its value is never shown' }),
    }),
  ),
});
export const ConnectorList = Type.Object({ connectors: Type.Array(ConnectorView) });
export type ConnectorList = Static<typeof ConnectorList>;

export const ModelCompleteRequest = Type.Object(
  {
    prompt: Type.String({ minLength: 1, maxLength: 100_000 }),
    system: Type.Optional(Type.String({ maxLength: 20_000 })),
    model: Type.Optional(IdString({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type ModelCompleteRequest = Static<typeof ModelCompleteRequest>;

export const ModelCompleteReply = Type.Object({
  text: Type.String(),
  provider: Type.String(),
  model: Type.String(),
  usage: Type.Union([Type.Object({ inputTokens: Type.Integer(), outputTokens: Type.Integer() }), Type.Null()], {
    description: 'null when the provider reported no usage (unmetered, not free)',
  }),
  microDollars: Type.Union([Type.Number(), Type.Null()], { description: 'null when the model matched no price (unpriced, never free)' }),
});
export type ModelCompleteReply = Static<typeof ModelCompleteReply>;
