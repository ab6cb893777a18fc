/**
 * The RPC URL masking rule (chain/mask.ts): every place a provider puts a credential is masked,
 * and what is kept says which endpoint without authorizing anything.
 */
import t from 'tap';
import { maskRpcUrl } from '../../../chain/mask.js';

const cases: [string, string, string][] = [
  ['userinfo', 'https://alice:s3cretpw@rpc.example.com/', 'https://***@rpc.example.com/'],
  ['user only', 'https://tok3nAsUser@rpc.example.com', 'https://***@rpc.example.com/'],
  ['infura-style path key', 'https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef', 'https://mainnet.infura.io/v3/***'],
  [
    'alchemy-style path key',
    'https://eth-mainnet.g.alchemy.com/v2/AbCdEfGhIjKlMnOpQrStUvWxYz012345',
    'https://eth-mainnet.g.alchemy.com/v2/***',
  ],
  ['letters-only long key', 'https://node.example.com/abcdefghijklmnopqrstuvwxyzabcdef', 'https://node.example.com/***'],
  ['token as a path segment between words', 'https://x.quiknode.pro/9f8e7d6c5b4a/rpc', 'https://x.quiknode.pro/***/rpc'],
  ['query token', 'https://rpc.example.com/eth?apikey=s3cret&chain=1', 'https://rpc.example.com/eth?apikey=***&chain=***'],
  ['bare query token', 'https://rpc.example.com/?a1b2c3d4e5f6', 'https://rpc.example.com/?***=***'],
  ['fragment', 'https://rpc.example.com/#s3cret', 'https://rpc.example.com/#***'],
  ['plain loopback stays readable', 'http://127.0.0.1:8545', 'http://127.0.0.1:8545/'],
  ['plain words and versions stay', 'https://rpc.example.com/eth/mainnet/v1', 'https://rpc.example.com/eth/mainnet/v1'],
  ['percent-encoded key', 'https://rpc.example.com/%61%62%63%31%32%33', 'https://rpc.example.com/***'],
  ['not a URL', 'not a url s3cret', '***'],
  ['another scheme', 'file:///etc/s3cret', '***'],
];

for (const [name, raw, masked] of cases) {
  t.test(name, async (t) => {
    t.equal(maskRpcUrl(raw), masked);
  });
}

t.test('no secret of any case survives', async (t) => {
  for (const [, raw] of cases) {
    const out = maskRpcUrl(raw);
    for (const secret of ['s3cret', 'tok3n', '0123456789abcdef', 'AbCdEf', 'abcdefghijklmnop', '9f8e7d', 'a1b2c3', 'abc123'])
      t.notOk(out.includes(secret), `${out} holds no ${secret}`);
  }
});
