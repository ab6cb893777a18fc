/**
 * anvil's well-known development accounts: every anvil derives them from this public mnemonic, so
 * their keys are no secret and must never hold value outside a dev chain. The demo org (docs/chain.md "The demo org")
 * assigns them roles by index: 0 root/deployer/orchestrator, 1 manager, 2 issuer, 3 relayer.
 */
import { bytesToHex } from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';

export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/** anvil funds the first ten. */
export const ANVIL_ACCOUNT_COUNT = 10;

export function anvilAccount(index: number): HDAccount {
  if (!Number.isInteger(index) || index < 0 || index >= ANVIL_ACCOUNT_COUNT) throw new RangeError(`no anvil dev account ${index}`);
  return mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
}

/** The account's private key, for the dev command to print as a public test key (never a real one). */
export function anvilPrivateKey(index: number): `0x${string}` {
  const key = anvilAccount(index).getHdKey().privateKey;
  if (!key) throw new Error(`anvil dev account ${index} has no private key`);
  return bytesToHex(key);
}

/** The seats `SVC_CHAIN=dev` resolves intents for: the demo root (account 0, also the
 * orchestrator) and the manager (account 1), whose keys svc holds on the demo org. */
export function devSeatKeys(): `0x${string}`[] {
  return [anvilPrivateKey(0), anvilPrivateKey(1)];
}
