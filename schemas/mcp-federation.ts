/**
 * What `/mcp` serves of attached servers besides tools: resources, resource templates, prompts
 * and completions, as the `mcp` actor answers them. Items keep the fields the server sent (the
 * SDK's shapes, unknown fields included) with their names and URIs already in svc's namespace.
 */
import { Type, type Static } from 'typebox';

const Open = <P extends Parameters<typeof Type.Object>[0]>(props: P) => Type.Object(props, { additionalProperties: true });

/** A resource as listed: `uri` is `svc-mcp://<server>/<encoded original uri>`. */
export const FederatedResource = Open({ uri: Type.String(), name: Type.String(), _meta: Type.Optional(Type.Unknown()) });
export const FederatedTemplate = Open({ uriTemplate: Type.String(), name: Type.String(), _meta: Type.Optional(Type.Unknown()) });
/** A prompt as listed: `name` is `mcp__<server>__<prompt>`. */
export const FederatedPrompt = Open({ name: Type.String(), _meta: Type.Optional(Type.Unknown()) });

export const ResourcesReply = Type.Object({ resources: Type.Array(FederatedResource) });
export const TemplatesReply = Type.Object({ resourceTemplates: Type.Array(FederatedTemplate) });
export const PromptsReply = Type.Object({ prompts: Type.Array(FederatedPrompt) });

/** `resources/read`'s result, contents carrying svc URIs. */
export const ReadReply = Open({ contents: Type.Array(Open({ uri: Type.String() })), _meta: Type.Optional(Type.Unknown()) });
export type ReadReply = Static<typeof ReadReply>;
/** `prompts/get`'s result as the server gave it. */
export const PromptReply = Open({ messages: Type.Array(Type.Unknown()), _meta: Type.Optional(Type.Unknown()) });
export type PromptReply = Static<typeof PromptReply>;

export const CompleteRef = Type.Union([
  Type.Object({ type: Type.Literal('ref/prompt'), name: Type.String() }),
  Type.Object({ type: Type.Literal('ref/resource'), uri: Type.String() }),
]);
export type CompleteRef = Static<typeof CompleteRef>;
export const CompleteRequest = Type.Object({
  ref: CompleteRef,
  argument: Type.Object({ name: Type.String(), value: Type.String() }),
  context: Type.Optional(Type.Object({ arguments: Type.Optional(Type.Record(Type.String(), Type.String())) })),
});
export type CompleteRequest = Static<typeof CompleteRequest>;
export const CompleteReply = Open({
  completion: Open({
    values: Type.Array(Type.String()),
    total: Type.Optional(Type.Integer()),
    hasMore: Type.Optional(Type.Boolean()),
  }),
});
export type CompleteReply = Static<typeof CompleteReply>;
