import { existsSync, readdirSync, readFileSync } from 'node:fs';
import t from 'tap';
import { AppError, errorCatalog, fromWire, wireCode, type ErrorCode } from '../../schemas/errors.js';

const SPEC_DIR = new URL('../../../shared/spec/', import.meta.url);

t.test('every entry has a status and a message; the count is pinned', async (t) => {
  const codes = Object.keys(errorCatalog) as ErrorCode[];
  t.equal(codes.length, 67, 'adding or removing a code is a deliberate change: update this count');
  for (const code of codes) {
    t.match(code, /^[a-z][a-z0-9_]*$/, 'wire codes are lowercase');
    t.ok(errorCatalog[code].status >= 400 && errorCatalog[code].status < 600, `${code} status`);
    t.ok(errorCatalog[code].message.length > 0, `${code} message`);
  }
});

t.test('every code the spec names is in the catalogue', { skip: existsSync(SPEC_DIR) ? false : 'shared/spec is not beside the checkout' }, async (t) => {
  const named = new Set<string>();
  for (const file of readdirSync(SPEC_DIR).filter((f) => f.endsWith('.txt'))) {
    const text = readFileSync(new URL(file, SPEC_DIR), 'utf8');
    const errors = text.split(/^## Errors$/m)[1]?.split(/^## /m)[0] ?? '';
    for (const m of errors.matchAll(/`([a-z]+(?:_[a-z]+)+)(?::<[^`]*>)*`/g)) named.add(m[1]!);
  }
  t.ok(named.size >= 25, `found ${named.size} codes in the spec error tables`);
  for (const code of named) t.ok(code in errorCatalog, code);
});

t.test('AppError carries code:detail on the wire and round-trips', async (t) => {
  const e = new AppError('tool_not_allowlisted', { detail: 'everything.echo' });
  t.same(e.toResponseObject(), { error: 'tool_not_allowlisted:everything.echo', message: 'tool is not allowlisted for this seat' });
  t.equal(e.status, 403);
  const back = fromWire(e.toResponseObject());
  t.equal(back.code, 'tool_not_allowlisted');
  t.equal(back.detail, 'everything.echo');
  t.equal(wireCode('mcp_mode_denied', 'srv.write:ask_unavailable'), 'mcp_mode_denied:srv.write:ask_unavailable');
  t.equal(fromWire({ error: 'made_up', message: 'x' }).code, 'internal_error');
});
