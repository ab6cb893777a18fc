import { Type, type Static } from 'typebox';

export const UsageQuery = Type.Object(
  {
    since: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601; default the start of the current UTC month' })),
  },
  { additionalProperties: false },
);
export type UsageQuery = Static<typeof UsageQuery>;

export const Usage = Type.Object({
  since: Type.String(),
  counts: Type.Record(Type.String(), Type.Integer()),
  /** false would flag a memory-bounded ring; the store keeps every row, so it is always true here. */
  complete: Type.Boolean(),
});
export type Usage = Static<typeof Usage>;
