/**
 * The org seed file of `svc chain dev --org <file>` (docs/chain.md "Seed format"). Every field is
 * optional: a missing one keeps the demo org's value (docs/chain.md "The demo org"), so a file states only what it
 * changes and `{}` is the demo org itself. Amounts are decimal strings in whole mUSD (6 decimals),
 * never JSON numbers, which would lose precision above 2^53 base units.
 */
import { Type, type Static } from 'typebox';
import { Address } from './chain-config.js';

/** Whole units, then at most the token's 6 decimals; 30 integer digits bound the value below 2^256. */
export const AMOUNT_PATTERN = '^(0|[1-9][0-9]{0,29})(\\.[0-9]{1,6})?$';
export const Amount = Type.String({
  pattern: AMOUNT_PATTERN,
  description: 'whole mUSD as a decimal string, up to 6 decimals (e.g. "50" or "0.25")',
});

const Seconds = (description: string, maximum?: number) =>
  Type.Integer({ minimum: 0, ...(maximum !== undefined ? { maximum } : {}), description });

export const OrgSeedFile = Type.Object(
  {
    root: Type.Optional(Address),
    manager: Type.Optional(Address),
    issuer: Type.Optional(Address),
    workers: Type.Optional(Type.Array(Address, { minItems: 1, maxItems: 32, description: 'nodes under the manager' })),
    vendor: Type.Optional(Address),
    caps: Type.Optional(
      Type.Object(
        {
          default: Type.Optional(Amount),
          manager: Type.Optional(Amount),
          root: Type.Optional(Type.Union([Amount, Type.Literal('unlimited')])),
        },
        { additionalProperties: false },
      ),
    ),
    rateLimit: Type.Optional(
      Type.Object(
        { maxActions: Type.Integer({ minimum: 1, maximum: 1_000_000 }), windowSeconds: Seconds('the rate window', 31_536_000) },
        { additionalProperties: false },
      ),
    ),
    timeWindow: Type.Optional(
      Type.Object(
        { start: Seconds('UTC second of the day, inclusive', 86_399), end: Seconds('UTC second of the day, exclusive', 86_400) },
        { additionalProperties: false },
      ),
    ),
    treasury: Type.Optional(Amount),
    grantPerWorker: Type.Optional(Amount),
    epochSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 31_536_000 })),
    seats: Type.Optional(
      Type.Array(
        Type.Object(
          {
            account: Address,
            kind: Type.Union([Type.Literal('human'), Type.Literal('agent')]),
            weight: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 32 },
      ),
    ),
  },
  { additionalProperties: false, $id: 'OrgSeedFile' },
);
export type OrgSeedFile = Static<typeof OrgSeedFile>;
