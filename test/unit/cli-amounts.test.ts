import t from 'tap';
import { maxUint256 } from 'viem';
import { assetUnits, formatAmount } from '../../cli/amounts.js';

const mUSD = { symbol: 'mUSD', decimals: 6 };
const WETH = { symbol: 'WETH', decimals: 18 };

t.test('base units become the token amount, thousands grouped, never a float', async (t) => {
  t.equal(formatAmount('99995000000', mUSD), '99,995 mUSD', '6 decimals');
  t.equal(formatAmount('123456789', mUSD), '123.456789 mUSD', 'every base unit is kept');
  t.equal(formatAmount('1000000000000000001', WETH), '1.000000000000000001 WETH', '18 decimals, past what a float holds');
  t.equal(formatAmount('1234567000000000000000000', WETH), '1,234,567 WETH');
  t.equal(formatAmount('0', mUSD), '0 mUSD');
  t.equal(formatAmount('1', mUSD), '0.000001 mUSD');
  t.equal(formatAmount('1500000', mUSD), '1.5 mUSD', 'trailing zeros of the fraction are dropped');
  t.equal(formatAmount('7', { symbol: 'TKN', decimals: 0 }), '7 TKN', 'a token without decimals');
});

t.test('uint256 max, or what the API already calls unlimited, is unlimited', async (t) => {
  t.equal(formatAmount(maxUint256.toString(), mUSD), 'unlimited');
  t.equal(formatAmount('unlimited', mUSD), 'unlimited');
  t.equal(formatAmount('unlimited', undefined), 'unlimited');
});

t.test('deltas keep their sign, and say it when asked', async (t) => {
  t.equal(formatAmount('-100000000', mUSD), '-100 mUSD');
  t.equal(formatAmount('-1234500000', mUSD, { signed: true }), '-1,234.5 mUSD');
  t.equal(formatAmount('100000000', mUSD, { signed: true }), '+100 mUSD');
  t.equal(formatAmount('0', mUSD, { signed: true }), '0 mUSD');
});

t.test('an amount of a token the CLI cannot name stays in base units, and says so', async (t) => {
  t.equal(formatAmount('99995000000', undefined), '99995000000 (base units)');
  t.equal(formatAmount('-5', undefined, { signed: true }), '-5 (base units)');
});

t.test('the address book names a token by address (any case) or symbol, primary first', async (t) => {
  const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
  const book = assetUnits({
    assets: [
      { symbol: 'mUSD', decimals: 6, token, router: token, treasury: token, streamer: token, primary: true },
      { symbol: 'WETH', decimals: 18, token: `0x${'1'.repeat(40)}`, router: token, treasury: token, streamer: token, primary: false },
    ],
  });
  t.same(book.bySymbol('WETH'), WETH);
  t.same(book.byToken(token.toLowerCase()), mUSD);
  t.equal(book.bySymbol('DAI'), undefined);
  t.equal(book.byToken(`0x${'2'.repeat(40)}`), undefined);
  t.equal(book.only(), undefined, 'two assets: no one unit for an amount not tied to an asset');
  t.same(assetUnits({ assets: [] }).only(), undefined);
  t.same(
    assetUnits({ assets: [{ symbol: 'mUSD', decimals: 6, token, router: token, treasury: token, streamer: token, primary: true }] }).only(),
    mUSD,
  );
});
