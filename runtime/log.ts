/**
 * One pino logger for the process. Secrets never reach a log line: the authorization header,
 * cookies and any property whose name says it holds a secret are censored at every depth we log.
 */
import { pino, type Logger } from 'pino';

const SECRET_KEYS = ['authorization', 'cookie', 'set-cookie', 'x-api-key', 'secret', 'token', 'password', 'apiKey', 'sessionKey', 'privateKey', 'value'];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-hub-signature-256"]',
  'req.headers["x-svc-signature"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const opts = {
    level,
    base: { pid: process.pid },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(opts, destination as any) : pino(opts);
}
