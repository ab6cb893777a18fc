/** The connection pool's own rules: one borrower at a time, bounded, dropped on key change, detach and idleness. */
import t from 'tap';
import { ClientPool, Lease, fingerprint, type Pooled } from '../../../actors/mcp-dispatch/pool.js';

function conn(): Pooled & { closed: () => boolean } {
  let closed = false;
  const c = {
    client: {
      close: async () => {
        closed = true;
      },
    } as unknown as Pooled['client'],
    lease: new Lease(),
    dead: false,
  };
  return Object.assign(c, { closed: () => closed });
}

t.test('a connection is lent to one call at a time and only for the key it was opened with', async (t) => {
  const pool = new ClientPool({ perKey: 4, total: 8, idleMs: 60_000 });
  const a = conn();
  pool.give('o/s', 'k1', a);
  t.equal(pool.take('o/s', 'k1'), a);
  t.equal(pool.take('o/s', 'k1'), undefined, 'lent: not handed out twice');
  pool.give('o/s', 'k1', a);
  t.equal(pool.take('o/s', 'k2'), undefined, 'another config or credential gets none');
  t.ok(a.closed(), 'and the connection opened with the old one is closed');
  t.equal(pool.size(), 0);
});

t.test('dead, evicted and idle connections are closed; bounds hold', async (t) => {
  const pool = new ClientPool({ perKey: 2, total: 3, idleMs: 30 });
  const dead = conn();
  dead.dead = true;
  pool.give('o/s', 'k', dead);
  t.ok(dead.closed(), 'a dead connection is not kept');
  const [x, y, z] = [conn(), conn(), conn()];
  pool.give('o/s', 'k', x);
  pool.give('o/s', 'k', y);
  pool.give('o/s', 'k', z);
  t.equal(pool.size(), 2, 'at most perKey idle per key');
  t.ok(z.closed());
  const [p, q] = [conn(), conn()];
  pool.give('o/t', 'k', p);
  pool.give('o/t', 'k', q);
  t.equal(pool.size(), 3, 'at most total idle in all');
  t.ok(q.closed());
  pool.evict('o/s');
  t.ok(x.closed() && y.closed(), 'evict closes every idle connection of that server');
  t.equal(pool.size(), 1);
  await new Promise((r) => setTimeout(r, 80));
  t.ok(p.closed(), 'an idle connection is closed after idleMs');
  t.equal(pool.size(), 0);
});

t.test('the fingerprint changes with the credential and never contains it', async (t) => {
  const cfg = { id: 's', transport: 'http', url: 'http://127.0.0.1:1/mcp' };
  const a = fingerprint(cfg, { authorization: 'Bearer one-secret' });
  t.not(a, fingerprint(cfg, { authorization: 'Bearer two-secret' }));
  t.not(a, fingerprint({ ...cfg, timeoutMs: 5 }, { authorization: 'Bearer one-secret' }));
  t.notOk(a.includes('one-secret'));
});
