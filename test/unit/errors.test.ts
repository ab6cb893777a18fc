import { readFileSync } from 'node:fs';
import t from 'tap';
import { repoPath } from '../helpers/paths.js';
import { AppError, errorCatalog, fromWire, isRetryable, wireCode, type ErrorCode } from '../../schemas/errors.js';
import { classify } from '../../kernel/retry.js';

t.test('every entry has a status and a message; the count is pinned', async (t) => {
  const codes = Object.keys(errorCatalog) as ErrorCode[];
  t.equal(codes.length, 105, 'adding or removing a code is a deliberate change: update this count');
  for (const code of codes) {
    t.match(code, /^[a-z][a-z0-9_]*$/, 'wire codes are lowercase');
    t.ok(errorCatalog[code].status >= 400 && errorCatalog[code].status < 600, `${code} status`);
    t.ok(errorCatalog[code].message.length > 0, `${code} message`);
  }
});

// The error codes the HTTP contract names (its error tables), kept in the repository so this
// holds on any checkout. A code leaves the list only when the contract drops it.
t.test('every code the contract names is in the catalogue', async (t) => {
  const named = JSON.parse(readFileSync(repoPath('test', 'fixtures', 'error-codes.json'), 'utf8')) as string[];
  t.ok(named.length >= 25, `${named.length} codes`);
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

t.test('outages of our own infrastructure are retryable by default; every other code ends the command', async (t) => {
  // heartbeat_window_held is no outage but is retried the same way: a redelivered tick waits for its window's lock.
  const outages = ['bus_unavailable', 'store_unavailable', 'command_timeout', 'heartbeat_window_held'];
  for (const code of Object.keys(errorCatalog) as ErrorCode[]) {
    const retryable = outages.includes(code);
    t.equal(isRetryable(code), retryable, `${code} is ${retryable ? 'retryable' : 'an answer'}`);
    t.equal(new AppError(code).terminal, !retryable, `new AppError('${code}') is ${retryable ? 'not ' : ''}terminal`);
    t.equal(
      classify(new AppError(code)),
      retryable ? 'outage' : 'terminal',
      `the bus reads ${code} as ${retryable ? 'an outage' : 'terminal'}`,
    );
  }
  t.equal(fromWire(new AppError('command_timeout').toResponseObject()).terminal, false, 'an outage that crossed the bus stays retryable');
});

t.test('a handler marks a terminal outcome explicitly, whatever the code', async (t) => {
  t.equal(new AppError('store_unavailable', { terminal: true }).terminal, true);
  t.equal(classify(new AppError('internal_error', { terminal: true })), 'terminal');
  t.equal(classify(new AppError('command_timeout', { terminal: true })), 'terminal');
  // A connection failure that is not an AppError is an outage too (kernel/retry.ts reads it).
  t.equal(classify(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })), 'outage');
  t.equal(classify(new Error('a bug')), 'unknown');
});
