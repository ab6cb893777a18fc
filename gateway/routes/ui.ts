import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../../schemas/errors.js';
import type { GatewayDeps } from '../types.js';

/** Where `npm run build` writes the console (ui/vite.config.ts): dist/ui, found from the compiled
 * gateway (dist/gateway/routes) or from its source (gateway/routes, when a test runs it so). */
const ABOVE = fileURLToPath(new URL('../../', import.meta.url));
const BUILT = ABOVE.endsWith('/dist/') ? `${ABOVE}ui/` : `${ABOVE}dist/ui/`;
const ASSET = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.(js|css|svg|woff2)$/;

/**
 * The page may load and talk to nothing but this origin: no inline script or style, no other
 * host, no framing, no plugins, no form posting elsewhere. A token typed into the page can then
 * leave it only in requests to this API.
 */
export const UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function guard(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', UI_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY');
}

/**
 * `/ui`: the console, a static single page that is one more client of the public API. Its
 * files hold no data and no secret, so they are served without the token (a browser navigation
 * cannot carry one); everything the page shows it fetches with the token it is given, through the
 * same routes and rules as any other client. Built files only: without `npm run build` the
 * routes say so.
 */
export const uiRoutes: FastifyPluginAsync<{ deps: GatewayDeps }> = async (app) => {
  const built = existsSync(`${BUILT}index.html`);
  // The replies reach the browser through reply.sendFile; the plugin's own routes stay off. The
  // build writes brotli and gzip copies beside each file (ui/precompress.ts): sent as the
  // browser accepts, never compressed per request.
  await app.register(fastifyStatic, { root: BUILT, serve: false, preCompressed: true });
  const missing = (): AppError => new AppError('not_found', { message: 'the console is not built: run npm run build' });
  const shared = { logLevel: 'warn' as const, config: { public: true }, schema: { hide: true } };

  app.get('/ui', shared, async (_req, reply) => reply.redirect('/ui/', 302));
  app.get('/ui/', shared, async (_req, reply) => {
    if (!built) throw missing();
    // The page names its hashed assets; it is itself never cached, so a new build is seen at once.
    return guard(reply).header('cache-control', 'no-cache').sendFile('index.html', BUILT, { cacheControl: false });
  });
  app.get<{ Params: { name: string } }>('/ui/assets/:name', shared, async (req, reply) => {
    if (!built || !ASSET.test(req.params.name)) throw new AppError('not_found', { message: `no console asset ${req.params.name}` });
    return guard(reply).sendFile(`assets/${req.params.name}`, BUILT, { immutable: true, maxAge: '365d' });
  });
};
