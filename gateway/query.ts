/**
 * Every route's query string is declared and closed, so a parameter a route does not take is a
 * 400 instead of being ignored (`POST /mcp/call?as=<seat>` once ran as the operator because `as`
 * belonged in the body there). A route without a `querystring` schema takes none; one that
 * declares a query string must refuse what it does not list, or the gateway does not start.
 * CORS preflights are left alone: they carry the query of the request they ask about.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

export const NoQuery = Type.Object({}, { additionalProperties: false });

export function closeQueryStrings(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('OPTIONS')) return;
    const schema = (route.schema ??= {});
    if (schema.querystring === undefined) schema.querystring = NoQuery;
    else if ((schema.querystring as { additionalProperties?: unknown }).additionalProperties !== false)
      throw new Error(`${methods.join(',')} ${route.url}: a querystring schema must set additionalProperties: false`);
  });
}
