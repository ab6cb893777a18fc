/**
 * Token amounts as people read them. The API speaks base units (decimal strings, exact past
 * 2^53); a table shows `99,995 mUSD` instead of `99995000000`, from the decimals and symbol of
 * the deployment's address book (GET /assets). `--json` never goes through here: scripts get the
 * API's base units unchanged.
 */
import type { Command } from 'commander';
// ox's Value alone (a few modules): viem's index would cost every command a few hundred.
import { format as formatUnits } from 'ox/Value';
import { api, type ClientEnv } from './client.js';
import { wantsDocument } from './output.js';
import type { AssetsView } from '../schemas/chain-reads.js';

/** uint256's largest value: the contracts' "no cap". */
const MAX_UINT256 = 2n ** 256n - 1n;

export interface Unit {
  readonly symbol: string;
  readonly decimals: number;
}

/**
 * `amount` (base units, or the API's own `unlimited`) in `unit`; uint256 max is `unlimited`, the
 * contracts' "no cap". Without a unit the base units are shown as such, never guessed at.
 * `signed` marks a gain with `+`, for deltas.
 */
export function formatAmount(amount: string, unit: Unit | undefined, opts: { signed?: boolean } = {}): string {
  if (amount === 'unlimited' || (/^[0-9]+$/.test(amount) && BigInt(amount) === MAX_UINT256)) return 'unlimited';
  const value = BigInt(amount);
  const sign = value < 0n ? '-' : opts.signed && value > 0n ? '+' : '';
  const abs = value < 0n ? -value : value;
  if (!unit) return `${sign}${abs} (base units)`;
  const [whole, fraction] = formatUnits(abs, unit.decimals).split('.') as [string, string | undefined];
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}${unit.symbol ? ` ${unit.symbol}` : ''}`;
}

export interface AssetUnits {
  bySymbol(symbol: string | null | undefined): Unit | undefined;
  byToken(address: string): Unit | undefined;
  /** The unit of an amount no reply ties to an asset (a session key's maxValue): only when there is one asset. */
  only(): Unit | undefined;
}

export function assetUnits(view: AssetsView): AssetUnits {
  const units = view.assets.map((a) => ({ token: a.token.toLowerCase(), unit: { symbol: a.symbol, decimals: a.decimals } }));
  return {
    bySymbol: (symbol) => units.find((u) => u.unit.symbol === symbol)?.unit,
    byToken: (address) => units.find((u) => u.token === address.toLowerCase())?.unit,
    only: () => (units.length === 1 ? units[0]!.unit : undefined),
  };
}

/**
 * The address book, read once for a command that will print amounts in a table (not for --json
 * or an empty listing). A refused read leaves every amount in base units, labelled so.
 */
export async function loadAssetUnits(env: ClientEnv, cmd: Command, needed: boolean): Promise<AssetUnits> {
  if (!needed || wantsDocument(cmd)) return assetUnits({ assets: [] });
  const res = await api<AssetsView>(env, 'GET', '/assets');
  return assetUnits(res.status === 200 && Array.isArray(res.body?.assets) ? res.body : { assets: [] });
}
