/**
 * A multisig root on a test anvil: Safe 1.4.1 (singleton, proxy factory, fallback handler) and the
 * Safe WebAuthn signer (factory, FCL P-256 verifier) deployed from their published build
 * artifacts, and a Safe owned 1-of-1 by the signer for a software passkey's key. The signer checks
 * with the P-256 precompile at 0x100 first and the FCL contract as its fallback.
 */
import { createRequire } from 'node:module';
import { createWalletClient, encodeFunctionData, getAddress, http, parseEther, zeroAddress, type Abi, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import type { DevPasskey } from '../../identity/root-auth/dev-credentials.js';
import { coseCoordinates } from '../../chain/onchain/webauthn-signature.js';
import type { TestChain, Wallet } from './anvil.js';

interface Artifact {
  readonly contractName: string;
  readonly abi: Abi;
  readonly bytecode: Hex;
}

const load = (path: string): Artifact => createRequire(import.meta.url)(`@safe-global/${path}`) as Artifact;
const SAFE = 'safe-contracts/build/artifacts/contracts';
const PASSKEY = 'safe-passkey/build/artifacts/contracts';
export const SafeArtifact = load(`${SAFE}/Safe.sol/Safe.json`);
const ProxyFactory = load(`${SAFE}/proxies/SafeProxyFactory.sol/SafeProxyFactory.json`);
const FallbackHandler = load(`${SAFE}/handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json`);
const SignerFactory = load(`${PASSKEY}/SafeWebAuthnSignerFactory.sol/SafeWebAuthnSignerFactory.json`);
const FclVerifier = load(`${PASSKEY}/verifiers/FCLP256Verifier.sol/FCLP256Verifier.json`);

/** Where the P-256 precompile (RIP-7212) lives, as the signer's preferred verifier. */
const P256_PRECOMPILE = 0x100n;

export interface SafeRoot {
  readonly safe: Address;
  /** The WebAuthn signer contract that owns it. */
  readonly signer: Address;
}

export async function deploySafeRoot(chain: TestChain, cred: DevPasskey): Promise<SafeRoot> {
  const deploy = (a: Artifact) => chain.deploy(a as never, [] as never);
  const [singleton, proxyFactory, handler, signerFactory, fcl] = [
    await deploy(SafeArtifact),
    await deploy(ProxyFactory),
    await deploy(FallbackHandler),
    await deploy(SignerFactory),
    await deploy(FclVerifier),
  ];
  const { x, y } = await coseCoordinates(cred.publicKey);
  const verifiers = (P256_PRECOMPILE << 160n) | BigInt(fcl);
  const signerCall = { address: signerFactory, abi: SignerFactory.abi } as const;
  await chain.write(0, { ...signerCall, functionName: 'createSigner', args: [x, y, verifiers] });
  const signer = getAddress(
    (await chain.public.readContract({ ...signerCall, functionName: 'getSigner', args: [x, y, verifiers] })) as Address,
  );
  const setup = encodeFunctionData({
    abi: SafeArtifact.abi,
    functionName: 'setup',
    args: [[signer], 1n, zeroAddress, '0x', handler, zeroAddress, 0n, zeroAddress],
  });
  const create = { address: proxyFactory, abi: ProxyFactory.abi, functionName: 'createProxyWithNonce', args: [singleton, setup, 0n] };
  const { result } = await chain.public.simulateContract({ ...create, account: chain.accounts[0]! } as never);
  await chain.write(0, create);
  return { safe: getAddress(result as Address), signer };
}

/** A wallet that sends as `address` (a contract too) through anvil's impersonation, with gas money. */
export async function impersonate(chain: TestChain, address: Address): Promise<Wallet> {
  await chain.test.impersonateAccount({ address });
  await chain.test.setBalance({ address, value: parseEther('10') });
  return createWalletClient({ chain: foundry, transport: http(chain.anvil.url), account: address }) as unknown as Wallet;
}

/** The settings that make this credential and this Safe the root. */
export function multisigEnv(cred: DevPasskey, safe: Address): Record<string, string> {
  return {
    SVC_ROOT_AUTH: 'multisig-passkey',
    SVC_ROOT_PASSKEY_ID: cred.credentialId,
    SVC_ROOT_PASSKEY_PUBKEY: cred.publicKey,
    SVC_ROOT_PASSKEY_RPID: cred.rpId,
    SVC_ROOT_PASSKEY_ORIGIN: cred.origin,
    SVC_ROOT_MULTISIG_ADDRESS: safe,
  };
}
