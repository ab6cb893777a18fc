/**
 * The org seed file of `svc chain dev --org` (chain/dev/seed.ts): `{}` and the demo org as
 * documented in docs/chain.md are both exactly demoOrgSeed(); a custom file converts amounts and
 * kinds; every refusal is one line that names the field.
 */
import t from 'tap';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAddress, maxUint256 } from 'viem';
import { demoOrgSeed, SEAT } from '../../../chain/dev/deploy.js';
import { parseOrgSeed, readOrgSeedFile, OrgSeedError } from '../../../chain/dev/seed.js';
import { ROOT } from '../../helpers/process.js';

const A = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

t.test('an empty seed is the demo org', async (t) => {
  t.same(parseOrgSeed({}), demoOrgSeed());
});

t.test('the demo org written out in docs/chain.md parses to the default, field for field', async (t) => {
  const doc = readFileSync(join(ROOT, 'docs/chain.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Seed format'));
  const json = /```json\n([\s\S]*?)```/.exec(section)?.[1];
  if (!json) return t.fail('docs/chain.md has no JSON block under "Seed format"');
  t.strictSame(parseOrgSeed(JSON.parse(json)), demoOrgSeed());
});

t.test('a custom seed: amounts in whole mUSD, kinds by name, untouched fields from the demo org', async (t) => {
  const s = parseOrgSeed({
    workers: [A(11), A(12), A(13)],
    caps: { default: '7.5', root: '1000' },
    treasury: '0.000001',
    seats: [{ account: A(11), kind: 'human', weight: 3 }],
    timeWindow: { start: 3600, end: 7200 },
  });
  t.same(
    s.workers,
    [A(11), A(12), A(13)].map((a) => getAddress(a)),
    'checksummed, as viem decodes them',
  );
  t.equal(s.defaultCap, 7_500_000n);
  t.equal(s.rootCap, 1_000_000_000n);
  t.equal(s.managerCap, demoOrgSeed().managerCap, 'caps.manager kept');
  t.equal(s.treasuryFunding, 1n);
  t.same(s.seats, [{ account: getAddress(A(11)), kind: SEAT.Human, weight: 3n }]);
  t.same(s.window, { start: 3600n, end: 7200n });
  t.equal(parseOrgSeed({ caps: { root: 'unlimited' } }).rootCap, maxUint256);
});

t.test('refusals name the field in one line', async (t) => {
  const cases: [unknown, RegExp][] = [
    [{ cap: { default: '1' } }, /^\/cap is not a seed field/],
    [{ caps: { default: 50 } }, /^\/caps\/default must be string/],
    [{ caps: { default: '1.1234567' } }, /^\/caps\/default must be whole mUSD/],
    [{ caps: { root: 'lots' } }, /^\/caps\/root must be one of: whole mUSD.*"unlimited"/],
    [{ workers: ['0x12'] }, /^\/workers\/0 must be a 0x-prefixed 20-byte hex address/],
    [{ workers: [] }, /^\/workers /],
    [{ seats: [{ account: A(1), kind: 'robot', weight: 1 }] }, /^\/seats\/0\/kind must be one of: "human", "agent"/],
    [{ timeWindow: { start: 5 } }, /^\/timeWindow needs end/],
    [{ timeWindow: { start: 500, end: 100 } }, /^\/timeWindow\/end must be after/],
    [{ workers: [A(5), A(5)] }, /^\/workers 0x0+5 appears twice/],
    [{ manager: demoOrgSeed().root }, /appears twice/],
    [[], /^\/ must be object/],
  ];
  for (const [value, msg] of cases) {
    const err = (() => {
      try {
        parseOrgSeed(value);
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    t.type(err, OrgSeedError, JSON.stringify(value));
    t.match(err?.message, msg, JSON.stringify(value));
    t.notMatch(err?.message ?? '', /\n/, 'one line');
  }
});

t.test('a file: its path leads the message; unreadable and non-JSON files are named', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-seed-'));
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ treasury: 5 }));
  t.throws(() => readOrgSeedFile(bad), { message: `org seed ${bad}: /treasury must be string` });
  const notJson = join(dir, 'x.json');
  writeFileSync(notJson, '{ workers: ');
  t.throws(() => readOrgSeedFile(notJson), { message: new RegExp(`^org seed ${notJson} is not JSON`) });
  t.throws(() => readOrgSeedFile(join(dir, 'missing.json')), { message: /^cannot read org seed .*missing\.json: ENOENT$/ });
  const good = join(dir, 'good.json');
  writeFileSync(good, JSON.stringify({ grantPerWorker: '1' }));
  t.equal(readOrgSeedFile(good).grantPerWorker, 1_000_000n);
});
