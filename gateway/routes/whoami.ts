import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import { WhoAmI } from '../../schemas/caller.js';
import { OPERATOR } from '../../identity/caller.js';
import type { GatewayDeps } from '../types.js';

/** `/whoami`: who the bearer token makes the caller, so a client (the console's sign-in) can say
 * whose seat it acts as before it acts. It tells the caller only about itself. */
export const whoamiRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.get(
    '/whoami',
    {
      schema: { tags: ['runtime'], summary: 'the caller this token authenticates as', response: { 200: WhoAmI, 401: ErrorBody } },
    },
    async (req) => {
      const c = req.caller ?? OPERATOR;
      return {
        kind: c.kind,
        seat: c.seat,
        authorKind: c.authorKind,
        ...(c.workspace === undefined ? {} : { workspace: c.workspace }),
        authRequired: deps.config.token !== undefined,
      };
    },
  );
};
