/**
 * Resource URIs at the server boundary: an attached server's `<uri>` is served as
 * `svc-mcp://<server>/<percent-encoded uri>`, which decodes back to exactly the server's URI and
 * names the server, so nothing an attached server publishes can pass for another server's
 * resource or for one of svc's own. A URI template keeps its `{...}` expressions unencoded (only
 * its literal text is encoded), so a client can still expand it; the expanded URI decodes once.
 */
export const RESOURCE_SCHEME = 'svc-mcp';

export function svcUri(server: string, uri: string): string {
  return `${RESOURCE_SCHEME}://${server}/${encodeURIComponent(uri)}`;
}

export function svcTemplate(server: string, template: string): string {
  const parts = template.split(/(\{[^{}]*\})/);
  return `${RESOURCE_SCHEME}://${server}/${parts.map((p, i) => (i % 2 === 1 ? p : encodeURIComponent(p))).join('')}`;
}

const SHAPE = new RegExp(`^${RESOURCE_SCHEME}://([a-z0-9-]+)/(.+)$`, 's');

/** The server and its own URI, or undefined for a URI svc did not hand out. */
export function parseSvcUri(uri: string): { server: string; uri: string } | undefined {
  const m = SHAPE.exec(uri);
  if (!m) return undefined;
  try {
    return { server: m[1]!, uri: decodeURIComponent(m[2]!) };
  } catch {
    return undefined;
  }
}
