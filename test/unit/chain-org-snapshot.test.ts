/**
 * With a chain, reporting lines are the chain's tree (chain/org-snapshot.ts): crews are a seat's
 * ancestors, SVC_ORG only adds skills by address, and a tree that cannot be read (or is stale)
 * narrows every line to the seat alone instead of falling back to the declared org.
 */
import t from 'tap';
import pino from 'pino';
import { getAddress } from 'viem';
import { chainOrg, orgFromTree } from '../../chain/org-snapshot.js';
import { reportingLine } from '../../runtime/org.js';
import { maySeeFlow } from '../../identity/flows.js';
import type { OrgView } from '../../schemas/chain-reads.js';

const ROOT = '0x1111111111111111111111111111111111111111';
// Checksummed, as the chain's reads spell addresses and crews carry them.
const MANAGER = getAddress('0xabcdef0000000000000000000000000000000002');
const WORKER = '0x3333333333333333333333333333333333333333';
const tree: OrgView = {
  root: ROOT,
  nodes: [
    { address: ROOT, kind: 'HumanRoot', parent: null, active: true, children: [MANAGER] },
    { address: MANAGER, kind: 'ManagerAgent', parent: ROOT, active: true, children: [WORKER] },
    { address: WORKER, kind: 'WorkerAgent', parent: MANAGER, active: true, children: [] },
  ],
};
const log = pino({ level: 'silent' });

t.test('crews are the ancestors nearest first, under either spelling of the address', async (t) => {
  const org = orgFromTree(tree, {});
  t.same(reportingLine(org, WORKER).crews, [MANAGER, ROOT]);
  t.same(reportingLine(org, WORKER.toLowerCase()).crews, [MANAGER, ROOT]);
  t.same(reportingLine(org, ROOT).crews, []);
  t.ok(maySeeFlow({ level: 'team', ref: MANAGER }, { kind: 'seat', seat: WORKER }, org), 'a worker sees its manager team flow');
  t.notOk(maySeeFlow({ level: 'team', ref: WORKER }, { kind: 'seat', seat: MANAGER }, org), 'a manager is not under its worker');
});

t.test('SVC_ORG overlays skills by address and never adds a reporting line', async (t) => {
  const declared = {
    [WORKER.toLowerCase()]: { crews: ['made-up-crew'], skills: ['triage'] },
    'named-seat': { crews: ['ops'], skills: ['x'] },
  };
  const org = orgFromTree(tree, declared);
  t.same(org[WORKER]!.skills, ['triage']);
  t.same(org[WORKER]!.crews, [MANAGER, ROOT], 'the declared crew is ignored');
  t.same(reportingLine(org, 'named-seat').crews, [], 'a named seat outside the chain reports to nobody');
});

t.test('before the first read and once stale, every line narrows to the seat alone', async (t) => {
  let clock = 1_000;
  let answer: () => Promise<OrgView> = () => new Promise(() => {});
  const org = chainOrg({ read: () => answer(), declared: {}, log, refreshMs: 3_600_000, maxStaleMs: 10_000, now: () => clock });
  t.teardown(org.stop);
  t.same(reportingLine(org.current(), WORKER).crews, [], 'nothing read yet');
  answer = async () => tree;
  await org.refresh();
  t.same(reportingLine(org.current(), WORKER).crews, [MANAGER, ROOT]);
  answer = async () => {
    throw new Error('rpc down');
  };
  clock += 5_000;
  await org.refresh();
  t.same(reportingLine(org.current(), WORKER).crews, [MANAGER, ROOT], 'the last good read stands while fresh');
  clock += 6_000;
  t.same(reportingLine(org.current(), WORKER).crews, [], 'stale: narrowed, not widened');
});
