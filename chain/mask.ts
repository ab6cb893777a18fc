/**
 * How an RPC URL is shown (GET /wallets/watchlist, /health, log lines): providers put the
 * credential in the userinfo (`https://user:key@host`), in the query (`?apikey=`), or as a path
 * segment (`/v3/<key>`, `/<token>/`), so a rule that looks for "key" would miss most of them.
 * The rule keeps only what cannot be a credential and masks the rest:
 * - userinfo, every query value and the fragment are masked whole, and a query key unless plain;
 * - a path segment is kept only when it is a plain word (letters and dashes, at most 24) or a
 *   version (`v3`); anything with a digit, an underscore or length is masked;
 * - scheme, host and port are kept (they say which endpoint without authorizing anything);
 * - a URL that does not parse is masked whole.
 * Over-masking a harmless segment costs a little readability; under-masking leaks a key.
 */
export const MASK = '***';

const PLAIN_SEGMENT = /^(?:[A-Za-z][A-Za-z-]{0,23}|v[0-9]{1,2})$/;

export function maskRpcUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return MASK;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'ws:' && url.protocol !== 'wss:') return MASK;
  const userinfo = url.username !== '' || url.password !== '' ? `${MASK}@` : '';
  const path = url.pathname
    .split('/')
    .map((seg) => (seg === '' || PLAIN_SEGMENT.test(decodeSafe(seg)) ? seg : MASK))
    .join('/');
  // A bare `?<token>` is a key with no value: a key is kept only when it is a plain word too.
  const query = [...url.searchParams.keys()].map((k) => `${PLAIN_SEGMENT.test(k) ? encodeURIComponent(k) : MASK}=${MASK}`).join('&');
  return `${url.protocol}//${userinfo}${url.host}${path}${query ? `?${query}` : ''}${url.hash ? `#${MASK}` : ''}`;
}

function decodeSafe(seg: string): string {
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}
