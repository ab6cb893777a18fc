/**
 * The root's authority over root-anchored actions (docs/chain.md "The root's authority"):
 * challenges and the proofs that answer them.
 *
 * A challenge is 32 random bytes for one action on one subject, valid for 5 minutes, stored (its
 * hash) so any gateway replica can answer it, and consumed by the first verify attempt, on any
 * replica, whether that attempt succeeds or not. A proof must come from the configured root kind;
 * the bearer token never stands in for it. A configured root that cannot verify refuses (501),
 * never lets an action through.
 */
import { createHash, randomBytes } from 'node:crypto';
import { getAddress, type Address } from 'viem';
import { AppError } from '../../schemas/errors.js';
import type { RootAuthSettings } from '../../schemas/config.js';
import type { PasskeyProof, RootAction } from '../../schemas/root-auth.js';
import { rootChallengesOf } from '../../store/root-challenges/index.js';
import type { Store } from '../../store/types.js';
import { verifyPasskeyProof } from './passkey.js';
import { rootStatement } from './statement.js';
import { verifyWalletProof } from './wallet.js';

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Pending challenges kept at most; issuing one more evicts the oldest. */
export const MAX_PENDING = 256;

export type RootAuthorizedBy = 'root:passkey' | 'root:wallet' | 'root:multisig-passkey';

export interface Subject {
  readonly action: RootAction;
  readonly subject: string;
  /** The asset router of an intent subject (its symbol); undefined for a session. */
  readonly asset?: string | undefined;
  readonly chainId: number;
}

export interface IssuedChallenge {
  readonly kind: string;
  readonly challenge: string;
  readonly expiresAt: string;
  readonly statement?: string;
  readonly rpId?: string;
  readonly credentialId?: string;
  /** `multisig-passkey`: the signer contract checks the UV flag, so the assertion must carry it. */
  readonly userVerification?: 'required';
}

export interface RootAuthority {
  /** SVC_ROOT_AUTH is set: root-anchored actions need a proof. */
  readonly required: boolean;
  /** `multisig-passkey`: the Safe that is the root. */
  readonly multisig: Address | undefined;
  /**
   * A challenge for this action on this subject; 501 when the root cannot verify. `fixed`: the
   * challenge is given (a multisig transaction's hash, base64url) instead of drawn at random.
   */
  issue(s: Subject, fixed?: string): Promise<IssuedChallenge>;
  /**
   * Consumes the challenge and checks the proof against it; the root kind that authorized, or
   * 403 (`root_proof_required` with no challenge, `root_proof_invalid` otherwise). `chainRoot`
   * reads the registry's root (a wallet root must be it).
   */
  authorize(
    s: Subject,
    answer: { challenge?: string | undefined; proof?: unknown },
    chainRoot: () => Promise<Address>,
  ): Promise<RootAuthorizedBy>;
  /**
   * `multisig-passkey`, an intent: consumes the challenge and verifies the assertion (user
   * verification required); the verified proof and the challenge it answers, for the signature the
   * multisig transaction carries.
   */
  authorizeMultisig(s: Subject, answer: { challenge?: string | undefined; proof?: unknown }): Promise<MultisigAnswer>;
}

export interface MultisigAnswer {
  readonly challenge: string;
  readonly proof: PasskeyProof;
}

export interface RootAuthorityDeps {
  readonly settings: RootAuthSettings;
  readonly store: Store;
  readonly now: () => number;
}

const digest = (challenge: string): string => createHash('sha256').update(challenge).digest('hex');

export function rootAuthority(deps: RootAuthorityDeps): RootAuthority {
  const { settings } = deps;
  const repo = () => rootChallengesOf(deps.store);
  const usable = (): void => {
    if (settings.configError !== undefined)
      throw new AppError('root_auth_config_error', {
        message: `the configured root cannot verify proofs (${settings.configError}); root-anchored actions are refused until it is fixed`,
      });
  };
  /** Burns the challenge, then checks it was issued for this action on this subject and is live. */
  const consume = async (s: Subject, answer: { challenge?: string | undefined; proof?: unknown }): Promise<string> => {
    usable();
    if (answer.challenge === undefined)
      throw new AppError('root_proof_required', {
        message: `${s.action} on ${s.subject} needs a root proof (SVC_ROOT_AUTH=${settings.kind}): ask POST /root-auth/challenge, sign it, send challenge and rootProof`,
      });
    // Consumed before anything is checked: a failed attempt burns the challenge too.
    const row = await repo().consume(digest(answer.challenge));
    if (!row) throw invalid('the challenge is unknown or was already used (each is good for one attempt)');
    if (row.expiresAt.getTime() <= deps.now()) throw invalid('the challenge expired (a challenge lives 5 minutes)');
    if (row.action !== s.action) throw invalid(`the challenge was issued for ${row.action}, not ${s.action}`);
    if (row.subject !== s.subject || (row.asset ?? undefined) !== s.asset)
      throw invalid(`the challenge was issued for another subject than ${s.action.split(':')[0]} ${s.subject}`);
    if (answer.proof === undefined) throw invalid('no rootProof was sent with the challenge');
    const kind = (answer.proof as { kind?: unknown } | null)?.kind;
    // A multisig root's proof is a passkey assertion: the kind names the credential, not the root.
    const expected = settings.kind === 'multisig-passkey' ? 'passkey' : settings.kind;
    if (kind !== expected)
      throw invalid(`the proof is of kind ${JSON.stringify(kind ?? null)}; this root (SVC_ROOT_AUTH=${settings.kind}) takes ${expected}`);
    return answer.challenge;
  };
  return {
    required: settings.kind !== undefined,
    multisig: settings.multisig,

    async issue(s, fixed) {
      usable();
      const challenge = fixed ?? randomBytes(32).toString('base64url');
      const now = deps.now();
      const expiresAt = new Date(now + CHALLENGE_TTL_MS);
      // A fixed challenge repeats while the multisig's nonce stands: the newer one replaces the older.
      if (fixed !== undefined) await repo().consume(digest(challenge));
      await repo().issue(
        { id: digest(challenge), action: s.action, subject: s.subject, asset: s.asset ?? null, createdAt: new Date(now), expiresAt },
        MAX_PENDING,
      );
      return {
        kind: settings.kind!,
        challenge,
        expiresAt: expiresAt.toISOString(),
        ...(settings.kind === 'wallet' ? { statement: rootStatement({ ...s, challenge }) } : {}),
        ...(settings.passkey ? { rpId: settings.passkey.rpId, credentialId: settings.passkey.id } : {}),
        ...(settings.kind === 'multisig-passkey' ? { userVerification: 'required' as const } : {}),
      };
    },

    async authorize(s, answer, chainRoot) {
      const challenge = await consume(s, answer);
      if (settings.kind === 'passkey') {
        await verifyPasskeyProof(answer.proof, challenge, settings.passkey!);
        return 'root:passkey';
      }
      if (settings.kind === 'multisig-passkey') {
        // Session keys are svc's to revoke and rotate; the multisig's credential, verified, decides.
        await verifyPasskeyProof(answer.proof, challenge, settings.passkey!, { userVerification: true });
        return 'root:multisig-passkey';
      }
      const root = getAddress(await chainRoot());
      if (root !== settings.address)
        throw new AppError('root_auth_config_error', {
          message: `SVC_ROOT_ADDRESS (${settings.address}) is not the registry's root (${root}): a wallet root must be the chain's human root`,
        });
      await verifyWalletProof(answer.proof, rootStatement({ ...s, challenge }), root);
      return 'root:wallet';
    },

    async authorizeMultisig(s, answer) {
      const challenge = await consume(s, answer);
      if (settings.kind !== 'multisig-passkey') throw invalid(`this root (SVC_ROOT_AUTH=${settings.kind}) is not a multisig`);
      const proof = await verifyPasskeyProof(answer.proof, challenge, settings.passkey!, { userVerification: true });
      return { challenge, proof };
    },
  };
}

function invalid(message: string): AppError {
  return new AppError('root_proof_invalid', { message });
}
