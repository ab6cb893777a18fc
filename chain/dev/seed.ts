/**
 * Reads an org seed file (schemas/org-seed.ts) into the OrgSeed that chain/dev/deploy.ts deploys.
 * A missing field keeps the demo org's value, so `{}` is `demoOrgSeed()` exactly. Every problem is
 * one line naming the field: the file is hand-written, and a chain half-deployed from a typo costs
 * more than refusing it before anvil starts.
 */
import { readFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import { getAddress, maxUint256, parseUnits, type Address } from 'viem';
import { ADDRESS_PATTERN } from '../../schemas/chain-config.js';
import { AMOUNT_PATTERN, OrgSeedFile } from '../../schemas/org-seed.js';
import { demoOrgSeed, SEAT, type OrgSeed } from './deploy.js';

/** mUSD, the dev chain's token, has 6 decimals. */
const DECIMALS = 6;

export class OrgSeedError extends Error {}

export function readOrgSeedFile(path: string): OrgSeed {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new OrgSeedError(`cannot read org seed ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new OrgSeedError(`org seed ${path} is not JSON: ${(err as Error).message}`);
  }
  try {
    return parseOrgSeed(value);
  } catch (err) {
    if (err instanceof OrgSeedError) throw new OrgSeedError(`org seed ${path}: ${err.message}`);
    throw err;
  }
}

export function parseOrgSeed(value: unknown): OrgSeed {
  const errors = Value.Errors(OrgSeedFile, value);
  if (errors.length) throw new OrgSeedError(describe(errors));
  const f = value as OrgSeedFile;
  const demo = demoOrgSeed();
  const amount = (v: string | undefined, fallback: bigint) => (v === undefined ? fallback : parseUnits(v, DECIMALS));
  const addr = (v: string | undefined, fallback: Address) => (v === undefined ? fallback : getAddress(v));
  const seed: OrgSeed = {
    root: addr(f.root, demo.root),
    manager: addr(f.manager, demo.manager),
    issuer: addr(f.issuer, demo.issuer),
    workers: f.workers?.map((w) => getAddress(w)) ?? demo.workers,
    vendor: addr(f.vendor, demo.vendor),
    defaultCap: amount(f.caps?.default, demo.defaultCap),
    managerCap: amount(f.caps?.manager, demo.managerCap),
    rootCap: f.caps?.root === 'unlimited' ? maxUint256 : amount(f.caps?.root, demo.rootCap),
    rate: f.rateLimit ? { maxActions: BigInt(f.rateLimit.maxActions), windowSeconds: BigInt(f.rateLimit.windowSeconds) } : demo.rate,
    window: f.timeWindow ? { start: BigInt(f.timeWindow.start), end: BigInt(f.timeWindow.end) } : demo.window,
    treasuryFunding: amount(f.treasury, demo.treasuryFunding),
    grantPerWorker: amount(f.grantPerWorker, demo.grantPerWorker),
    epochSeconds: f.epochSeconds === undefined ? demo.epochSeconds : BigInt(f.epochSeconds),
    seats:
      f.seats?.map((s) => ({
        account: getAddress(s.account),
        kind: s.kind === 'human' ? SEAT.Human : SEAT.Agent,
        weight: BigInt(s.weight),
      })) ?? demo.seats,
  };
  checkConsistent(seed);
  return seed;
}

/** What the schema cannot say but the contracts would revert on, mid-deploy. */
function checkConsistent(s: OrgSeed): void {
  // The org is one tree: each address holds one node.
  const nodes = [s.root, s.manager, ...s.workers];
  const dup = nodes.find((a, i) => nodes.indexOf(a) !== i);
  if (dup) throw new OrgSeedError(`/workers ${dup} appears twice among root, manager and workers (one node per address)`);
  if (s.window.end <= s.window.start) throw new OrgSeedError('/timeWindow/end must be after /timeWindow/start');
  if (s.rate.windowSeconds === 0n) throw new OrgSeedError('/rateLimit/windowSeconds must be at least 1');
  const seats = s.seats.map((x) => x.account);
  const dupSeat = seats.find((a, i) => seats.indexOf(a) !== i);
  if (dupSeat) throw new OrgSeedError(`/seats ${dupSeat} holds two seats`);
}

interface SchemaError {
  readonly keyword: string;
  readonly schemaPath: string;
  readonly instancePath: string;
  readonly params: Record<string, unknown>;
  readonly message: string;
}

/** TypeBox's own messages quote regular expressions; a person editing the file needs the field and
 * what it must hold, once. The first problem only: fixing it may resolve the rest. */
function describe(all: readonly SchemaError[]): string {
  const first = all[0]!;
  const path = first.instancePath || '/';
  const here = all.filter((e) => e.instancePath === first.instancePath);
  if (here.some((e) => e.keyword === 'boolean' && e.schemaPath.endsWith('additionalProperties')))
    return `${path} is not a seed field (see docs/chain.md "Seed format")`;
  const options = here.flatMap((e) =>
    e.keyword === 'const' ? [JSON.stringify(e.params.allowedValue)] : e.keyword === 'pattern' ? [patternText(e.params.pattern)] : [],
  );
  if (options.length > 1) return `${path} must be one of: ${options.join(', ')}`;
  if (first.keyword === 'pattern') return `${path} must be ${patternText(first.params.pattern)}`;
  if (first.keyword === 'required') return `${path} needs ${(first.params.requiredProperties as string[]).join(', ')}`;
  return `${path} ${first.message}`;
}

function patternText(pattern: unknown): string {
  if (pattern === ADDRESS_PATTERN) return 'a 0x-prefixed 20-byte hex address';
  if (pattern === AMOUNT_PATTERN) return 'whole mUSD as a decimal string with up to 6 decimals (e.g. "50" or "0.25")';
  return `text matching ${String(pattern)}`;
}
