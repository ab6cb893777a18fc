/** A gate's statuses, as the API names them. Apart from gates.ts's schemas, so the CLI can name
 * them without loading the schema library. */
export const GATE_STATUSES = ['open', 'resolved', 'timed_out', 'closed'] as const;
export type GateStatusName = (typeof GATE_STATUSES)[number];
