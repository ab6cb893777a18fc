/**
 * The bus-leak check (test/helpers/wire-tap.ts) finds a credential however a message might spell
 * it, and only then: otherwise a test built on it would pass with the credential in plain view.
 */
import t from 'tap';
import { leaks } from '../helpers/wire-tap.js';

const secret = 'whsec_aVwXZoxWBPCBHiX-peVcLiIF3V_j0DpbnTY4h7rvncg';
const key = `0x${'5c'.repeat(16)}${'a7'.repeat(16)}`;

t.test('every spelling is found, inside longer text', async (t) => {
  const within = (s: string) => [`svc.reply.x {"a":1,"v":"${s}","b":2}`];
  const forms: Record<string, string> = {
    raw: secret,
    'URL-encoded': encodeURIComponent(`k=${secret}&x`),
    'hex, lower': Buffer.from(secret).toString('hex'),
    'hex, upper': Buffer.from(secret).toString('hex').toUpperCase(),
    'the bytes the secret encodes, as hex': Buffer.from(secret.slice(6), 'base64url').toString('hex'),
  };
  for (const prefix of ['', 'x', 'xy', 'xyz']) {
    forms[`base64 after ${prefix.length} bytes`] = Buffer.from(`${prefix}${secret}tail`).toString('base64');
    forms[`base64url after ${prefix.length} bytes`] = Buffer.from(`${prefix}${secret}`).toString('base64url');
  }
  for (const [how, text] of Object.entries(forms)) t.not(leaks(within(text), { secret }).length, 0, how);
  t.not(leaks(within(key.slice(2).toUpperCase()), { key }).length, 0, 'a 0x key in upper-case hex without its 0x');
  t.not(leaks(within(Buffer.from(key.slice(2), 'hex').toString('base64')), { key }).length, 0, "a 0x key's bytes in base64");
});

t.test('nothing is found where the credential is not', async (t) => {
  const other = 'whsec_ekQEfCaj9_57yeadVRE7b7jP7cstkwGjNl74DopZ8vw';
  const texts = [other, Buffer.from(other).toString('base64'), encodeURIComponent(other), 'v1.AAAAsealedAAAA'];
  t.same(leaks(texts, { secret, key }), []);
});
