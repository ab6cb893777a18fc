/**
 * Resources, resource templates, prompts and completions of attached servers, for `/mcp`. Lists
 * ask only the servers where the seat has something allowed of that kind and keep only what the
 * rules admit (admission.ts); a server that fails a list is left out of it, so one broken server
 * does not hide the others. A read, get or completion is decided before anything is sent, like a
 * tool call (parse the name, find the server the caller may see, resolve its rules), and leaves one
 * ExternalMcpCalled row with its `kind`, refusals included. Names and URIs leave in svc's namespace
 * (names.ts, resource-uri.ts).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { HandlerContext } from '../../../bus/types.js';
import { AppError, isAppError } from '../../../schemas/errors.js';
import type { CompleteReply, CompleteRequest, PromptReply, ReadReply } from '../../../schemas/mcp-federation.js';
import type { EventData } from '../../../schemas/events.js';
import type { Caller } from '../../../identity/caller.js';
import { findVisible, visibleServers, type McpContext, type ServerEntry } from '../context.js';
import { boundsFor, withClient } from '../session.js';
import { externalName, parseToolName } from '../../../schemas/mcp-names.js';
import { parseSvcUri, svcTemplate, svcUri } from '../../../schemas/mcp-uri.js';
import { admissionOf, type Admission } from '../admission.js';

type Called = EventData<'ExternalMcpCalled'>;
type Item = Record<string, unknown>;
const PAGES = 100;

/** One bounded exchange with a server, within its concurrency limit, like a tool call. */
async function ask<T>(ctx: McpContext, s: ServerEntry, fn: (client: Client, signal: AbortSignal, timeout: number) => Promise<T>) {
  const b = boundsFor(s.config);
  const out = { wentOut: () => b.wentOut };
  try {
    return { ...out, value: await ctx.limits.run(s, b, () => withClient(ctx.session, s, b, (c, signal) => fn(c, signal, b.timeoutMs))) };
  } catch (err) {
    throw Object.assign(isAppError(err) ? err : new AppError('mcp_server_unreachable', { detail: s.config.id }), { wentOut: b.wentOut });
  } finally {
    b.done();
  }
}

/** Every page of one list. */
async function pages(list: (cursor: string | undefined) => Promise<{ items: Item[]; nextCursor?: string | undefined }>) {
  const out: Item[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < PAGES; page++) {
    const r = await list(cursor);
    out.push(...r.items);
    cursor = r.nextCursor;
    if (!cursor) break;
  }
  return out;
}

type Listed = 'resources' | 'resourceTemplates' | 'prompts';

async function listAll(
  ctx: McpContext,
  h: HandlerContext,
  caller: Caller,
  what: Listed,
  keep: (a: Admission, item: Item) => Item | undefined,
): Promise<Item[]> {
  const kind = what === 'prompts' ? 'prompt' : 'resource';
  // Servers are asked side by side, so one slow server costs the list its own timeout, not the sum.
  const one = async (s: ServerEntry): Promise<Item[]> => {
    const a = await admissionOf(ctx, s, caller.seat);
    if (!a.any(kind)) return [];
    try {
      const { value } = await ask(ctx, s, async (client, signal, timeout) => {
        const caps = client.getServerCapabilities();
        if (!(what === 'prompts' ? caps?.prompts : caps?.resources)) return [];
        const opts = { signal, timeout };
        return pages(async (cursor) => {
          const params = cursor === undefined ? {} : { cursor };
          if (what === 'resources') {
            const r = await client.listResources(params, opts);
            return { items: r.resources, nextCursor: r.nextCursor };
          }
          if (what === 'resourceTemplates') {
            const r = await client.listResourceTemplates(params, opts);
            return { items: r.resourceTemplates, nextCursor: r.nextCursor };
          }
          const r = await client.listPrompts(params, opts);
          return { items: r.prompts, nextCursor: r.nextCursor };
        });
      });
      return value.map((item) => keep(a, item)).filter((x): x is Item => x !== undefined);
    } catch (err) {
      h.log.warn(
        { server: s.config.id, list: what, error: isAppError(err) ? err.wireCode : 'failed' },
        `mcp: ${what} of ${s.config.id} left out`,
      );
      return [];
    }
  };
  return (await Promise.all((await visibleServers(ctx, caller.workspace)).map(one))).flat();
}

const withMeta = (item: Item, server: string, extra: Item): Item => ({
  ...item,
  _meta: { ...(item._meta as Item | undefined), 'svc/server': server, 'svc/untrusted': true, ...extra },
});

/** Resource URIs inside a prompt's messages or a read's contents, moved into svc's namespace. */
function mapContent(server: string, c: unknown): unknown {
  if (c === null || typeof c !== 'object') return c;
  const x = c as Item;
  if (x.type === 'resource_link' && typeof x.uri === 'string') return { ...x, uri: svcUri(server, x.uri) };
  if (x.type === 'resource' && x.resource && typeof (x.resource as Item).uri === 'string')
    return { ...x, resource: { ...(x.resource as Item), uri: svcUri(server, (x.resource as Item).uri as string) } };
  return c;
}

export function federationHandlers(ctx: McpContext) {
  /**
   * Decides one read, get or completion and runs it: refused (and recorded) unless the caller sees
   * the server and the seat's rules admit `name`; every outcome leaves one row.
   */
  async function decided<T>(
    h: HandlerContext,
    caller: Caller,
    kind: NonNullable<Called['kind']>,
    target: { server: string; name: string } | undefined,
    shown: string,
    admitted: (a: Admission, name: string) => boolean,
    run: (client: Client, signal: AbortSignal, timeout: number, name: string) => Promise<T>,
  ): Promise<T> {
    const started = performance.now();
    const record = (outcome: Called['outcome'], wentOut: boolean, error?: string) =>
      ctx.calls.write(
        'ExternalMcpCalled',
        {
          server: target?.server ?? '',
          tool: target?.name ?? shown,
          kind,
          seat: caller.seat,
          owner: caller.workspace ?? null,
          effect: 'read',
          mode: null,
          askSurface: false,
          outcome,
          wentOut,
          durationMs: Math.round((performance.now() - started) * 1000) / 1000,
          ...(error === undefined ? {} : { error }),
        },
        h.traceId,
      );
    const s = target && (await findVisible(ctx, caller.workspace, target.server));
    if (!target || !s || !admitted(await admissionOf(ctx, s, caller.seat), target.name)) {
      const err = new AppError('mcp_not_allowlisted', { detail: shown, message: `${shown} is not allowlisted for this seat` });
      record('refused', false, err.wireCode);
      throw err;
    }
    try {
      const { value } = await ask(ctx, s, (client, signal, timeout) => run(client, signal, timeout, target.name));
      record('ok', true);
      return value;
    } catch (err) {
      const e = isAppError(err) ? err : new AppError('mcp_server_unreachable', { detail: target.server });
      record((err as { wentOut?: boolean }).wentOut ? 'failed' : 'refused', (err as { wentOut?: boolean }).wentOut === true, e.wireCode);
      throw e;
    }
  }

  const promptTarget = (name: string) => {
    const p = parseToolName(name);
    return p.kind === 'external' ? { server: p.server, name: p.tool } : undefined;
  };
  const resourceTarget = (uri: string) => {
    const p = parseSvcUri(uri);
    return p ? { server: p.server, name: p.uri } : undefined;
  };

  return {
    resources: async (h: HandlerContext, p: { caller: Caller }) => ({
      resources: (await listAll(ctx, h, p.caller, 'resources', (a, r) =>
        typeof r.uri === 'string' && a.reads(r.uri)
          ? withMeta({ ...r, uri: svcUri(a.server.config.id, r.uri) }, a.server.config.id, { 'svc/uri': r.uri })
          : undefined,
      )) as { uri: string; name: string }[],
    }),

    resourceTemplates: async (h: HandlerContext, p: { caller: Caller }) => ({
      resourceTemplates: (await listAll(ctx, h, p.caller, 'resourceTemplates', (a, r) =>
        typeof r.uriTemplate === 'string' && a.admits('resource', r.uriTemplate)
          ? withMeta({ ...r, uriTemplate: svcTemplate(a.server.config.id, r.uriTemplate) }, a.server.config.id, {
              'svc/uriTemplate': r.uriTemplate,
            })
          : undefined,
      )) as { uriTemplate: string; name: string }[],
    }),

    prompts: async (h: HandlerContext, p: { caller: Caller }) => ({
      prompts: (await listAll(ctx, h, p.caller, 'prompts', (a, r) =>
        typeof r.name === 'string' && a.admits('prompt', r.name)
          ? withMeta({ ...r, name: externalName(a.server.config.id, r.name) }, a.server.config.id, { 'svc/prompt': r.name })
          : undefined,
      )) as { name: string }[],
    }),

    readResource: async (h: HandlerContext, p: { caller: Caller; uri: string }): Promise<ReadReply> => {
      const target = resourceTarget(p.uri);
      const r = await decided(
        h,
        p.caller,
        'resource',
        target,
        p.uri,
        (a, uri) => a.reads(uri),
        (client, signal, timeout, uri) => client.readResource({ uri }, { signal, timeout }),
      );
      const server = target!.server;
      return {
        ...r,
        contents: r.contents.map((c) => ({ ...c, uri: svcUri(server, c.uri) })),
        _meta: { ...r._meta, 'svc/untrusted': true },
      };
    },

    getPrompt: async (h: HandlerContext, p: { caller: Caller; name: string; arguments?: Record<string, string> }): Promise<PromptReply> => {
      const target = promptTarget(p.name);
      const r = await decided(
        h,
        p.caller,
        'prompt',
        target,
        p.name,
        (a, name) => a.admits('prompt', name),
        (client, signal, timeout, name) =>
          client.getPrompt({ name, ...(p.arguments ? { arguments: p.arguments } : {}) }, { signal, timeout }),
      );
      const server = target!.server;
      return {
        ...r,
        messages: r.messages.map((m) => ({ ...m, content: mapContent(server, m.content) })),
        _meta: { ...r._meta, 'svc/untrusted': true },
      };
    },

    complete: async (h: HandlerContext, p: { caller: Caller; request: CompleteRequest }): Promise<CompleteReply> => {
      const ref = p.request.ref;
      const target = ref.type === 'ref/prompt' ? promptTarget(ref.name) : resourceTarget(ref.uri);
      const shown = ref.type === 'ref/prompt' ? ref.name : ref.uri;
      return decided(
        h,
        p.caller,
        'completion',
        target,
        shown,
        (a, name) => a.admits(ref.type === 'ref/prompt' ? 'prompt' : 'resource', name),
        (client, signal, timeout, name) =>
          client.complete(
            {
              ref: ref.type === 'ref/prompt' ? { type: 'ref/prompt', name } : { type: 'ref/resource', uri: name },
              argument: p.request.argument,
              ...(p.request.context ? { context: p.request.context } : {}),
            },
            { signal, timeout },
          ),
      );
    },
  };
}
