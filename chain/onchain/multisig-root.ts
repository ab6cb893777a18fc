/**
 * The multisig root (docs/chain.md "A multisig-passkey root"): a Safe owned 1-of-1 by a WebAuthn
 * signer contract. The root resolves an intent by a Safe transaction that calls
 * `resolve(id, approved)` on the router with no value, no gas refund and the Safe's live nonce;
 * the hash of that transaction is the WebAuthn challenge, so an assertion answers exactly one
 * decision on one intent at one nonce. Before any send the Safe is read again: it must still be
 * 1-of-1, its owner a signer holding the configured credential's key, and its nonce the one the
 * challenge was made at.
 */
import { encodeFunctionData, getAddress, parseAbi, zeroAddress, type Address, type Hex, type PublicClient } from 'viem';
import { EscalationRouter } from '../artifacts/index.js';
import { AppError } from '../../schemas/errors.js';

/** The Safe 1.4.1 functions svc calls; its own artifacts are a build-time dependency only. */
export const SAFE_ABI = parseAbi([
  'function nonce() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address payable refundReceiver, bytes signatures) payable returns (bool success)',
]);

/** The WebAuthn signer proxy answers the key it verifies against. */
const SIGNER_ABI = parseAbi(['function getConfiguration() view returns (uint256 x, uint256 y, uint176 verifiers)']);

export interface SafeResolveTx {
  readonly safe: Address;
  readonly router: Address;
  /** `resolve(id, approved)` on the router. */
  readonly data: Hex;
  readonly nonce: bigint;
  readonly safeTxHash: Hex;
}

/** The Safe transaction for this decision at the Safe's live nonce, and its hash. */
export async function safeResolveTx(
  client: PublicClient,
  safe: Address,
  router: Address,
  intentId: bigint,
  approved: boolean,
): Promise<SafeResolveTx> {
  const data = encodeFunctionData({ abi: EscalationRouter.abi, functionName: 'resolve', args: [intentId, approved] });
  const s = { address: safe, abi: SAFE_ABI } as const;
  const nonce = await client.readContract({ ...s, functionName: 'nonce' });
  const safeTxHash = await client.readContract({
    ...s,
    functionName: 'getTransactionHash',
    args: [router, 0n, data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress, nonce],
  });
  return { safe, router, data, nonce, safeTxHash };
}

/** The challenge a passkey signs for a Safe transaction: its hash's 32 bytes, base64url. */
export function challengeOf(safeTxHash: Hex): string {
  return Buffer.from(safeTxHash.slice(2), 'hex').toString('base64url');
}

/**
 * The Safe's one owner, refused (501) unless the Safe is exactly 1-of-1 and that owner is a WebAuthn
 * signer for the key (x, y): another owner added, a threshold raised, or a signer for another
 * credential means the configured passkey no longer alone decides for the root.
 */
export async function soleWebAuthnOwner(client: PublicClient, safe: Address, key: { x: bigint; y: bigint }): Promise<Address> {
  const s = { address: safe, abi: SAFE_ABI } as const;
  let owners: readonly Address[];
  let threshold: bigint;
  try {
    [owners, threshold] = await Promise.all([
      client.readContract({ ...s, functionName: 'getOwners' }),
      client.readContract({ ...s, functionName: 'getThreshold' }),
    ]);
  } catch {
    throw refused(`SVC_ROOT_MULTISIG_ADDRESS (${safe}) does not answer as a Safe (getOwners, getThreshold)`);
  }
  if (owners.length !== 1 || threshold !== 1n)
    throw refused(
      `the multisig ${safe} is ${threshold}-of-${owners.length}, not 1-of-1 by the configured passkey's signer; nothing was sent`,
    );
  const owner = getAddress(owners[0]!);
  let x: bigint;
  let y: bigint;
  try {
    [x, y] = await client.readContract({ address: owner, abi: SIGNER_ABI, functionName: 'getConfiguration' });
  } catch {
    throw refused(`the multisig ${safe}'s owner ${owner} is not a WebAuthn signer; nothing was sent`);
  }
  if (x !== key.x || y !== key.y)
    throw refused(`the multisig ${safe}'s owner ${owner} signs for another key than SVC_ROOT_PASSKEY_PUBKEY; nothing was sent`);
  return owner;
}

/** `execTransaction` of the resolve call with the owner's signature: what a relayer broadcasts. */
export function execTransactionArgs(tx: SafeResolveTx, signatures: Hex) {
  return [tx.router, 0n, tx.data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress, signatures] as const;
}

export function execTransactionData(tx: SafeResolveTx, signatures: Hex): Hex {
  return encodeFunctionData({ abi: SAFE_ABI, functionName: 'execTransaction', args: execTransactionArgs(tx, signatures) });
}

function refused(message: string): AppError {
  return new AppError('root_auth_config_error', { message });
}
