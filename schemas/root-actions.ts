/** The root-anchored actions a challenge may be for. Apart from root-auth.ts's schemas, so the CLI
 * can name them without loading the schema library. */
export const ROOT_ACTIONS = ['intent:approve', 'intent:deny', 'session:revoke', 'session:rotate'] as const;
export type RootAction = (typeof ROOT_ACTIONS)[number];
