/**
 * Opened trigger secrets, cached per process by (trigger id, secret version, envelope): a
 * rotation changes the version and the envelope, so the next delivery misses the cache and opens
 * the new one; the rotated-away secret is never consulted again (rotation takes effect at once
 * on every gateway, because every delivery reads the row). The cache only saves the AES-GCM open.
 */
import type { Config } from '../schemas/config.js';
import type { TriggerRecord } from '../store/triggers/index.js';
import { openAtRest } from './sealing.js';

const MAX = 10_000;
const opened = new Map<string, string | undefined>();

export function openSecretCached(config: Config, row: TriggerRecord): string | undefined {
  if (row.sealedSecret === null || row.sealedSecret === undefined) return undefined;
  const k = `${row.id}/${row.secretVersion}/${row.sealedSecret}`;
  if (opened.has(k)) return opened.get(k);
  const secret = openAtRest(config, row);
  if (opened.size >= MAX) opened.clear();
  opened.set(k, secret);
  return secret;
}
