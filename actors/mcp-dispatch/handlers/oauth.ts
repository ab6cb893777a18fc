/**
 * OAuth login for an attached server (docs/mcp.md "OAuth"): `oauthLogin` starts the authorization
 * code flow for the caller's own server and answers the authorization URL; `oauthCallback`
 * finishes it from the state alone (the browser that comes back carries no svc token). The code
 * arrives sealed by the gateway; the tokens never leave this actor.
 */
import type { HandlerContext } from '../../../bus/types.js';
import type { Caller } from '../../../identity/caller.js';
import { requireHuman } from '../../../identity/mcp.js';
import { AppError } from '../../../schemas/errors.js';
import { oauthCodeLabel, type CallbackReply, type LoginReply } from '../../../schemas/mcp-oauth.js';
import { unseal } from '../../../kernel/seal.js';
import { findVisible, ownerOf, type McpContext } from '../context.js';
import { discover } from '../discovery.js';
import { attacherOf, checkServer } from '../egress.js';
import { poolGroup } from '../pool.js';
import type { Target } from '../session.js';
import { visibleRuntimeServer } from '../store.js';
import { unknownServer } from './servers.js';

/** The flow (SDK client auth) is loaded at the first login or callback. */
const flow = () => import('../oauth/flow.js');

export function oauthHandlers(ctx: McpContext) {
  /** The server of `owner` named `id`, as it is attached now. */
  const find = async (owner: string, id: string): Promise<Target | undefined> => {
    if (owner === '') {
      const boot = ctx.boot.find((b) => b.config.id === id);
      if (boot) return boot;
    }
    const found = await visibleRuntimeServer(ctx.deps.store, owner, id);
    return found && found.owner === owner ? { owner, config: found.config, runtime: true } : undefined;
  };

  return {
    oauthLogin: async (h: HandlerContext, p: { caller: Caller; id: string; redirectUri: string }): Promise<LoginReply> => {
      requireHuman(p.caller);
      const s = await findVisible(ctx, p.caller.workspace, p.id);
      if (!s || s.owner !== ownerOf(p.caller)) throw unknownServer(p.id);
      if (s.config.auth?.kind !== 'oauth')
        throw new AppError('invalid_request', { message: `server ${p.id} does not use OAuth (auth.kind is not "oauth")` });
      checkServer(ctx.policy, s.config, attacherOf(s));
      const reply = await (await flow()).startLogin(ctx.session, s, p.redirectUri);
      h.log.info({ server: p.id, owner: s.owner || null, by: p.caller.seat }, `mcp: OAuth login started for server ${p.id}`);
      return reply;
    },

    oauthCallback: async (h: HandlerContext, p: { state: string; sealedCode: string }): Promise<CallbackReply> => {
      const key = ctx.session.sessionKey;
      if (key === undefined) throw new AppError('sealing_key_unavailable');
      const done = await (
        await flow()
      ).finishLogin(ctx.session, p.state, p.sealedCode, (sealed) => unseal(key, sealed, oauthCodeLabel(p.state)), find);
      // Connections opened with the old token go: the next call sends the new one.
      ctx.session.pool?.evict(poolGroup(done.owner, done.server));
      h.log.info({ server: done.server, owner: done.owner || null }, `mcp: OAuth login completed for server ${done.server}`);
      const t = await find(done.owner, done.server);
      const discovery = t
        ? await discover(ctx, { ...t, origin: t.runtime ? 'runtime' : 'boot' }, 'refresh', h.traceId)
        : { server: done.server, ok: false, added: [], removed: [], unchanged: [], error: 'unknown_external_mcp_tool' };
      return { server: done.server, authorized: true, discovery };
    },
  };
}
