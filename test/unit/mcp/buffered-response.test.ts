/** A JSON answer read whole reads like any fetch Response: status and headers, the body once, or as a stream. */
import t from 'tap';
import { BufferedResponse } from '../../../actors/mcp-dispatch/buffered-response.js';

const bytes = () => Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [] } }));
const init = { status: 200, statusText: 'OK', headers: new Headers({ 'content-type': 'application/json', 'mcp-session-id': 's1' }) };

t.test('status, headers and the parsed body, once', async (t) => {
  const r = new BufferedResponse(bytes(), init);
  t.ok(r instanceof Response);
  t.equal(r.ok, true);
  t.equal(r.status, 200);
  t.equal(r.headers.get('mcp-session-id'), 's1');
  t.equal(r.bodyUsed, false);
  t.same(await r.json(), { jsonrpc: '2.0', id: 1, result: { content: [] } });
  t.equal(r.bodyUsed, true);
  await t.rejects(r.text(), TypeError, 'a body is read once, as with any Response');
});

t.test('text, arrayBuffer, blob, a clone and the body as a stream', async (t) => {
  const r = new BufferedResponse(bytes(), { ...init, status: 404 });
  t.equal(r.ok, false);
  const copy = r.clone();
  t.equal(await r.text(), bytes().toString());
  t.equal(Buffer.from(await copy.arrayBuffer()).toString(), bytes().toString(), 'a clone reads the same bytes');
  t.equal(await (await new BufferedResponse(bytes(), init).blob()).text(), bytes().toString());
  const streamed = new BufferedResponse(bytes(), init);
  t.equal(streamed.body, streamed.body, 'one stream per response');
  t.equal(await new Response(streamed.body).text(), bytes().toString());
});
