import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../schemas/errors.js';
import { ErrorBody } from '../../schemas/error-body.js';
import { HookReply, TriggerId } from '../../schemas/triggers.js';
import { webhookIngress } from '../../ingress/webhook.js';
import type { GatewayDeps } from '../types.js';
import { hookRateLimit } from '../rate-limit.js';

/**
 * Webhook deliveries (docs/triggers.md): public (the trigger's scheme authenticates,
 * not the bearer token) and raw (any content type; the signature covers the exact bytes). This
 * plugin reads the body itself so the cap (SVC_WEBHOOK_MAX_BYTES) is enforced before buffering:
 * a declared Content-Length over it is refused at once, and a body without one is cut off the
 * moment it passes the cap. Verification and the run command are the trigger actor's ingress
 * (ingress/webhook.ts, which says why it runs in the gateway).
 */
export const hookRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const max = deps.config.triggers.maxBytes;
  const ingress = webhookIngress(deps);
  app.addHook('onClose', async () => ingress.close());

  // Scoped to this plugin: every content type arrives as a stream we read under the cap.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (req, payload, done) => {
    readCapped(payload, max).then(
      (buf) => done(null, buf),
      (err: Error & { size?: number }) => {
        if (err instanceof AppError && err.code === 'webhook_body_too_large') {
          void ingress
            .oversize((req.params as { triggerId: string }).triggerId, (err as { size?: number }).size ?? max + 1)
            .catch(() => undefined);
        }
        done(err, undefined);
      },
    );
  });

  app.post(
    '/hooks/:triggerId',
    {
      // Not request-logged (two synchronous log writes per delivery were ~6% of the gateway's CPU
      // under load): every delivery that names a trigger already has its line in the delivery log
      // (accepted, duplicate, skipped or rejected with its reason), and 5xx answers still log a warning.
      logLevel: 'warn',
      // Limited per trigger (SVC_RATE_LIMIT_HOOKS), before the body is read.
      config: { public: true, rawBody: true, rateLimit: hookRateLimit(deps.config) },
      // The declared length is judged before any byte is read.
      onRequest: async (req) => {
        const declared = req.headers['content-length'];
        if (declared !== undefined && Number(declared) > max) {
          await ingress.oversize((req.params as { triggerId: string }).triggerId, Number(declared)).catch(() => undefined);
          throw new AppError('webhook_body_too_large');
        }
      },
      bodyLimit: max + 1,
      schema: {
        tags: ['triggers'],
        summary: 'webhook delivery, verified by the trigger scheme (svc, codehost, pubsub)',
        params: Type.Object({ triggerId: TriggerId }),
        response: {
          200: HookReply,
          202: HookReply,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          413: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const out = await ingress.accept({ triggerId: req.params.triggerId, headers: req.headers, raw, traceId: traceIdOf(req) });
      return reply.code(out.status).send(out.body);
    },
  );
};

/** Reads the body, refusing (and no longer reading) the moment it passes `max` bytes. */
function readCapped(stream: NodeJS.ReadableStream, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const onData = (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > max) {
        done = true;
        stream.removeListener('data', onData);
        stream.pause();
        return reject(Object.assign(new AppError('webhook_body_too_large'), { size }));
      }
      chunks.push(chunk);
    };
    stream.on('data', onData);
    stream.once('end', () => {
      if (!done) {
        done = true;
        resolve(Buffer.concat(chunks, size));
      }
    });
    stream.once('error', (err: Error) => {
      if (!done) {
        done = true;
        reject(err);
      }
    });
  });
}
