/**
 * OrgRegistry on anvil (contracts/README.md): one acyclic tree under a fixed human root, changed only by
 * the governor; removeNode moves children up; reparent refuses cycles; inactive is a reversible flag.
 */
import t from 'tap';
import { zeroAddress, type Address } from 'viem';
import { OrgRegistry } from '../../chain/artifacts/index.js';
import { startTestChain } from '../helpers/anvil.js';
import { eventsOf } from '../helpers/events.js';
import { revertOf, revertName } from '../helpers/reverts.js';

const Kind = { None: 0, HumanRoot: 1, ManagerAgent: 2, WorkerAgent: 3 } as const;

const chain = await startTestChain(t);
const [governor, root, manager, worker1, worker2, human2, outsider] = chain.accounts.map((a) => a.address) as Address[];
const org = await chain.deploy(OrgRegistry, [governor!, root!]);

const read = (functionName: string, args: readonly unknown[] = []): Promise<any> =>
  chain.public.readContract({ address: org, abi: OrgRegistry.abi, functionName, args } as any);
const write = (functionName: string, args: readonly unknown[], from = 0) =>
  chain.write(from, { address: org, abi: OrgRegistry.abi, functionName, args });
const simulate = (functionName: string, args: readonly unknown[], from = 0) =>
  chain.public.simulateContract({ address: org, abi: OrgRegistry.abi, functionName, args, account: chain.accounts[from]! } as any);

/** root → manager → (worker1, worker2); the shape most cases start from. */
async function seed(): Promise<void> {
  await write('addNode', [manager, Kind.ManagerAgent, root]);
  await write('addNode', [worker1, Kind.WorkerAgent, manager]);
  await write('addNode', [worker2, Kind.WorkerAgent, manager]);
}

/** Walks the whole tree from the root: each node is reached once, and its stored parent is the node it was listed under. */
async function walk(): Promise<Map<Address, Address>> {
  const seen = new Map<Address, Address>();
  const queue: Address[] = [root!];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const child of (await read('getChildren', [at])) as Address[]) {
      if (seen.has(child) || child === root) throw new Error(`${child} reached twice: not a tree`);
      if ((await read('parentOf', [child])) !== at) throw new Error(`${child} is listed under ${at} but says otherwise`);
      seen.set(child, at);
      queue.push(child);
    }
  }
  return seen;
}

t.test('the root is fixed at construction: a parentless, active HumanRoot nobody can mutate', async (t) => {
  t.equal(await read('root'), root);
  t.same(await read('getNode', [root]), { kind: Kind.HumanRoot, parent: zeroAddress, active: true });
  await chain.isolate(async () => {
    t.equal(await revertName(simulate('setActive', [root, false])), 'CannotMutateRoot');
    t.equal(await revertName(simulate('removeNode', [root])), 'CannotMutateRoot');
    t.equal(await revertName(simulate('reparent', [root, root])), 'CannotMutateRoot');
    t.same(await revertOf(simulate('addNode', [root, Kind.WorkerAgent, root])), { name: 'NodeAlreadyExists', args: [root] });
  });
});

t.test('addNode builds the tree and refuses duplicates, unknown parents and humans under agents', async (t) => {
  await chain.isolate(async () => {
    const receipt = await write('addNode', [manager, Kind.ManagerAgent, root]);
    t.same(eventsOf(receipt, OrgRegistry.abi), [
      { name: 'NodeAdded', args: { account: manager, kind: Kind.ManagerAgent, parent: root }, address: org },
    ]);
    await write('addNode', [worker1, Kind.WorkerAgent, manager]);
    t.same(await read('getNode', [worker1]), { kind: Kind.WorkerAgent, parent: manager, active: true });
    t.same(await read('getChildren', [root]), [manager]);
    t.same(await read('getChildren', [manager]), [worker1]);

    t.same(await revertOf(simulate('addNode', [worker1, Kind.WorkerAgent, root])), { name: 'NodeAlreadyExists', args: [worker1] });
    t.same(await revertOf(simulate('addNode', [worker2, Kind.WorkerAgent, outsider])), { name: 'InvalidParent', args: [outsider] });
    t.same(
      await revertOf(simulate('addNode', [human2, Kind.HumanRoot, manager])),
      { name: 'InvalidParent', args: [manager] },
      'extra humans sit under the root',
    );
    t.equal(await revertName(simulate('addNode', [worker2, Kind.None, manager])), 'InvalidNode');
    t.equal(await revertName(simulate('addNode', [zeroAddress, Kind.WorkerAgent, manager])), 'InvalidNode');
    await write('addNode', [human2, Kind.HumanRoot, root]);
    t.equal(await read('kindOf', [human2]), Kind.HumanRoot);
  });
});

t.test('an unknown account is no node: non-reverting reads say so, getNode and getChildren revert', async (t) => {
  t.equal(await read('isNode', [outsider]), false);
  t.equal(await read('parentOf', [outsider]), zeroAddress);
  t.equal(await read('isActive', [outsider]), false);
  t.equal(await read('kindOf', [outsider]), Kind.None);
  t.same(await revertOf(read('getNode', [outsider])), { name: 'NodeNotFound', args: [outsider] });
  t.same(await revertOf(read('getChildren', [outsider])), { name: 'NodeNotFound', args: [outsider] });
});

t.test('only the governor changes the tree, and after a handover only the new governor', async (t) => {
  await chain.isolate(async () => {
    t.same(await revertOf(simulate('addNode', [worker1, Kind.WorkerAgent, root], 6)), { name: 'NotAuthorized', args: [outsider] });
    t.same(await revertOf(simulate('setActive', [root, false], 1)), { name: 'NotAuthorized', args: [root] }, 'not even the root');
    await seed();
    await write('transferOwnership', [outsider]);
    t.same(await revertOf(simulate('setActive', [worker1, false])), { name: 'NotAuthorized', args: [governor] });
    await write('setActive', [worker1, false], 6);
    t.equal(await read('isActive', [worker1]), false);
    t.equal(await revertName(simulate('renounceOwnership', [], 6)), 'RenounceDisabled');
  });
});

t.test('setActive is a reversible flag that keeps the node in the tree', async (t) => {
  await chain.isolate(async () => {
    await seed();
    const off = await write('setActive', [worker1, false]);
    t.same(eventsOf(off, OrgRegistry.abi), [{ name: 'NodeActiveUpdated', args: { account: worker1, active: false }, address: org }]);
    t.same(await read('getNode', [worker1]), { kind: Kind.WorkerAgent, parent: manager, active: false });
    t.equal(await read('isActive', [worker1]), false);
    t.same(await read('getChildren', [manager]), [worker1, worker2], 'still reports to its manager');
    await write('setActive', [worker1, true]);
    t.equal(await read('isActive', [worker1]), true);
    t.same(await revertOf(simulate('setActive', [outsider, true])), { name: 'NodeNotFound', args: [outsider] });
  });
});

t.test('removeNode moves the children up to the removed node’s parent', async (t) => {
  await chain.isolate(async () => {
    await seed();
    const receipt = await write('removeNode', [manager]);
    t.same(
      eventsOf(receipt, OrgRegistry.abi).map((e) => [e.name, e.args]),
      [
        ['NodeReparented', { account: worker2, oldParent: manager, newParent: root }],
        ['NodeReparented', { account: worker1, oldParent: manager, newParent: root }],
        ['NodeRemoved', { account: manager, parent: root }],
      ],
    );
    t.equal(await read('isNode', [manager]), false);
    t.same([...(await read('getChildren', [root]))].sort(), [worker1, worker2].sort());
    t.same(
      await walk(),
      new Map([
        [worker2, root],
        [worker1, root],
      ]),
    );
    t.same(await revertOf(simulate('removeNode', [manager])), { name: 'NodeNotFound', args: [manager] });
  });
});

t.test('reparent moves a subtree and refuses any move that would close a cycle', async (t) => {
  await chain.isolate(async () => {
    await seed();
    await write('addNode', [human2, Kind.HumanRoot, root]);
    t.same(
      await revertOf(simulate('reparent', [manager, worker1])),
      { name: 'CyclicParent', args: [manager, worker1] },
      'under its own report',
    );
    t.same(await revertOf(simulate('reparent', [manager, manager])), { name: 'CyclicParent', args: [manager, manager] }, 'under itself');
    t.same(await revertOf(simulate('reparent', [worker1, outsider])), { name: 'InvalidParent', args: [outsider] });
    t.same(
      await revertOf(simulate('reparent', [human2, manager])),
      { name: 'InvalidParent', args: [manager] },
      'a human stays under the root',
    );

    const receipt = await write('reparent', [manager, human2]);
    t.same(eventsOf(receipt, OrgRegistry.abi), [
      { name: 'NodeReparented', args: { account: manager, oldParent: root, newParent: human2 }, address: org },
    ]);
    await write('reparent', [worker2, human2]);
    t.same(
      await walk(),
      new Map([
        [human2, root],
        [manager, human2],
        [worker2, human2],
        [worker1, manager],
      ]),
      'still one tree, each node once, under the root',
    );
  });
});
