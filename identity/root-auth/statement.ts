/**
 * The text a wallet root signs (EIP-191 personal_sign): fixed wording naming the action, the
 * subject, the challenge and the chain, so a signature answers exactly one challenge for one
 * action on one subject on one chain, and a person reading it in a wallet sees what they approve.
 */
import type { RootAction } from '../../schemas/root-auth.js';

export interface StatementParts {
  readonly action: RootAction | string;
  readonly subject: string;
  /** The asset router of an intent subject. */
  readonly asset?: string | null | undefined;
  readonly challenge: string;
  readonly chainId: number;
}

export function rootStatement(s: StatementParts): string {
  const subject = s.action.startsWith('intent:') ? `intent ${s.subject} on ${s.asset ?? '(primary asset)'}` : `session key ${s.subject}`;
  return [
    'svc root authorization',
    `action: ${s.action}`,
    `subject: ${subject}`,
    `challenge: ${s.challenge}`,
    `chain id: ${s.chainId}`,
  ].join('\n');
}
