/**
 * The console's files go out precompressed: a browser that accepts brotli gets the build's
 * brotli copy, one that accepts only gzip the gzip copy, any other the plain file, each decoding
 * to the same bytes, with `vary: accept-encoding` and the page's CSP and cache headers unchanged.
 * The copies themselves are not addressable.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import { startSystem } from '../../helpers/system.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that sends exactly the accept-encoding given and decodes nothing (fetch would do both for us). */
function rawGet(url: string, encoding: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

t.test('console files are sent precompressed as the browser accepts', async (t) => {
  const sys = await startSystem(t);
  const plainPage = await rawGet(`${sys.url}/ui/`, 'identity');
  t.equal(plainPage.status, 200, 'the page is served');
  t.equal(plainPage.headers['content-encoding'], undefined, 'uncompressed to a client that accepts nothing else');
  const html = plainPage.body.toString('utf8');
  const script = /src="\/ui\/(assets\/[^"]+\.js)"/.exec(html)![1]!;
  const style = /href="\/ui\/(assets\/[^"]+\.css)"/.exec(html)![1]!;

  for (const [path, cache] of [
    ['', /^no-cache$/],
    [script, /immutable/],
    [style, /immutable/],
  ] as const) {
    const name = path || 'the page';
    const plain = path ? await rawGet(`${sys.url}/ui/${path}`, 'identity') : plainPage;
    t.ok(plain.body.length > 0, `${name}: has bytes`);

    const br = await rawGet(`${sys.url}/ui/${path}`, 'br');
    t.equal(br.status, 200, `${name}: served to a brotli client`);
    t.equal(br.headers['content-encoding'], 'br', `${name}: as brotli`);
    t.ok(br.body.length < plain.body.length, `${name}: smaller on the wire`);
    t.ok(brotliDecompressSync(br.body).equals(plain.body), `${name}: the same bytes once decoded`);

    const gz = await rawGet(`${sys.url}/ui/${path}`, 'gzip');
    t.equal(gz.headers['content-encoding'], 'gzip', `${name}: as gzip to a gzip-only client`);
    t.ok(gunzipSync(gz.body).equals(plain.body), `${name}: the same bytes once gunzipped`);

    // What a browser sends: brotli is preferred.
    t.equal((await rawGet(`${sys.url}/ui/${path}`, 'gzip, deflate, br, zstd')).headers['content-encoding'], 'br', `${name}: brotli first`);

    for (const res of [plain, br, gz]) {
      t.match(res.headers['vary'], /accept-encoding/i, `${name}: caches keep the encodings apart`);
      t.match(res.headers['content-security-policy'], /default-src 'self'.*script-src 'self'/, `${name}: the CSP remains`);
      t.notMatch(res.headers['content-security-policy'], /unsafe-inline|unsafe-eval/, `${name}: still no inline script`);
      t.equal(res.headers['x-content-type-options'], 'nosniff', `${name}: nosniff remains`);
      t.match(res.headers['cache-control'], cache, `${name}: its cache rule remains`);
      t.match(res.headers['content-type'], path.endsWith('.js') ? /javascript/ : path.endsWith('.css') ? /text\/css/ : /text\/html/);
    }
  }
  t.equal((await rawGet(`${sys.url}/ui/${script}.br`, 'identity')).status, 404, 'the compressed copies are not addressable');
  t.equal((await rawGet(`${sys.url}/ui/${script}.gz`, 'gzip')).status, 404, 'neither is the gzip one');
});
