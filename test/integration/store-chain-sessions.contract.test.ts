/**
 * The session-key repository's contract, once, against both engines: a key is found for reuse only
 * under its exact bounds, unrevoked and with time left; a revoke lands once and drops the sealed
 * key; history lists issues and revokes newest first; the first send recorded under an attempt is
 * the one every retry of it gets back.
 */
import t from 'tap';
import { engines } from '../helpers/store-engines.js';
import { chainSessionsOf, type SessionRow } from '../../store/chain-sessions/index.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 1);
const REGISTRY = '0x00000000000000000000000000000000000000aa' as const;
const AGENT = '0x00000000000000000000000000000000000000Bb' as const;
const PIN = '0x00000000000000000000000000000000000000cc' as const;

const session = (id: bigint, over: Partial<SessionRow> = {}): SessionRow => ({
  registry: REGISTRY,
  sessionId: id,
  agent: AGENT,
  keyAddress: `0x${id.toString(16).padStart(40, '0')}`,
  maxValue: 50_000_000n,
  mask: 3,
  pins: [PIN],
  expiresAt: new Date(T0 + 4 * HOUR),
  sealedKey: `v1.sealed-${id}`,
  issuedBy: '0x0000000000000000000000000000000000000002',
  issuedTx: `0x${'1'.repeat(63)}${id}`,
  issuedAt: new Date(T0 + Number(id) * 1000),
  revokedAt: null,
  revokedBy: null,
  revokedTx: null,
  ...over,
});
const bounds = { registry: REGISTRY, agent: AGENT, maxValue: 50_000_000n, mask: 3, pins: [PIN] };

for (const e of engines) {
  t.test(e.engine, { skip: (await e.skip()) ?? false }, async (t) => {
    const store = await e.open(t);
    const repo = chainSessionsOf(store);
    await repo.issued(session(1n));
    await repo.issued(session(2n, { maxValue: 200_000_000n }));
    await repo.issued(session(3n, { mask: 1 }));
    await repo.issued(session(4n, { pins: [] }));
    await repo.issued(session(7n, { pins: [PIN, AGENT] }));
    await repo.issued(session(5n, { expiresAt: new Date(T0 + 2 * HOUR) }));

    t.test('reuse only under the exact bounds, with time left', async (t) => {
      const live = await repo.live(bounds, new Date(T0 + HOUR));
      t.same(
        live.map((s) => s.sessionId),
        [1n, 5n],
        'the latest expiry first; other maxValue, mask or pins never match',
      );
      t.same(
        (await repo.live(bounds, new Date(T0 + 3 * HOUR))).map((s) => s.sessionId),
        [1n],
        'one too close to its expiry is left out',
      );
      t.same(
        (await repo.live({ ...bounds, pins: [AGENT, PIN.toUpperCase().replace('0X', '0x') as `0x${string}`] }, new Date(T0))).map(
          (s) => s.sessionId,
        ),
        [7n],
        'a set of pins matches in any order and case',
      );
      t.match(live[0], { agent: AGENT.toLowerCase(), pins: [PIN], maxValue: 50_000_000n, sealedKey: 'v1.sealed-1' });
      t.same(
        (await repo.live({ ...bounds, agent: AGENT.toLowerCase() as `0x${string}` }, new Date(T0))).length,
        2,
        'addresses match whatever their case',
      );
    });

    t.test('a revoke lands once and drops the sealed key', async (t) => {
      t.equal(await repo.revoked(REGISTRY, 1n, 'containment', null, new Date(T0 + 9000)), true);
      t.equal(await repo.revoked(REGISTRY, 1n, 'root', null, new Date(T0 + 9500)), false, 'already revoked');
      t.equal(await repo.revoked(REGISTRY, 99n, 'root', null, new Date(T0)), false, 'unknown');
      t.same(
        (await repo.live(bounds, new Date(T0))).map((s) => s.sessionId),
        [5n],
      );
      t.same(
        (await repo.liveOf(REGISTRY, AGENT, new Date(T0))).map((s) => s.sessionId),
        [2n, 3n, 4n, 5n, 7n],
        'every live key of the agent, any bounds',
      );
    });

    t.test('history: issues and revokes on the registry, newest first, bounded', async (t) => {
      await repo.issued(session(6n, { registry: '0x00000000000000000000000000000000000000dd', issuedAt: new Date(T0 + 99_000) }));
      const h = await repo.history(REGISTRY, 3);
      t.same(
        h.map((x) => [x.event, x.sessionId]),
        [
          ['revoked', 1n],
          ['issued', 7n],
          ['issued', 5n],
        ],
      );
      t.match(h[0], { authorizedBy: 'containment', txHash: null });
      t.match(h[1], { authorizedBy: '0x0000000000000000000000000000000000000002', txHash: /^0x1+7$/ });
    });

    t.test('the first send under an attempt is the one its retries get', async (t) => {
      const send = {
        attempt: 'run-1/pay/3',
        txHash: '0xaa' as const,
        rawTx: '0x01' as const,
        sender: AGENT,
        sessionId: 4n,
        createdAt: new Date(T0),
      };
      t.same(await repo.recordSend(send), send);
      const second = await repo.recordSend({ ...send, txHash: '0xbb', rawTx: '0x02' });
      t.match(second, { txHash: '0xaa', rawTx: '0x01', sessionId: 4n }, 'a later record does not replace it');
      t.match(await repo.sendOf('run-1/pay/3'), { txHash: '0xaa', sender: AGENT.toLowerCase() });
      t.equal(await repo.sendOf('run-1/pay/4'), undefined);
    });
  });
}
