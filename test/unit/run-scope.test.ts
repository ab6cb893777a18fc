/** Flow scope (who sees and runs a flow: identity/flows.ts) judged on the declared org's reporting lines. */
import t from 'tap';
import { maySeeFlow } from '../../identity/flows.js';
import { OPERATOR } from '../../identity/caller.js';

// ann and bob sit in crew-7, which reports to lead; carl sits elsewhere.
const ORG = { ann: { crews: ['crew-7', 'lead'] }, bob: { crews: ['crew-7', 'lead'] }, carl: { crews: ['crew-9'] } };
const seat = (s: string) => ({ kind: 'seat' as const, seat: s });
const team = (ref: string) => ({ level: 'team', ref });
const agent = (ref: string) => ({ level: 'agent', ref });

t.test('team: the node itself and every seat whose line passes through it', async (t) => {
  for (const s of ['crew-7', 'ann', 'bob']) t.ok(maySeeFlow(team('crew-7'), seat(s), ORG), `${s} sees team crew-7`);
  t.ok(maySeeFlow(team('lead'), seat('ann'), ORG), 'a crew further up still counts');
  for (const s of ['carl', 'crew-9', 'lead', 'stranger'])
    t.notOk(maySeeFlow(team('crew-7'), seat(s), ORG), `${s} does not see team crew-7`);
});

t.test('agent: the agent itself and its managers, never its peers or reports', async (t) => {
  for (const s of ['ann', 'crew-7', 'lead']) t.ok(maySeeFlow(agent('ann'), seat(s), ORG), `${s} sees agent ann`);
  for (const s of ['bob', 'carl', 'crew-9']) t.notOk(maySeeFlow(agent('ann'), seat(s), ORG), `${s} does not see agent ann`);
  t.notOk(maySeeFlow(agent('crew-7'), seat('ann'), ORG), "a report does not see its manager's agent flow");
});

t.test('without a declared org a line is just the seat', async (t) => {
  t.ok(maySeeFlow(team('crew-7'), seat('crew-7'), {}));
  t.notOk(maySeeFlow(team('crew-7'), seat('ann'), {}));
  t.ok(maySeeFlow(agent('ann'), seat('ann'), {}));
  t.notOk(maySeeFlow(agent('ann'), seat('crew-7'), {}));
});

t.test('org is for everyone, the operator sees all, and a malformed scope for nobody', async (t) => {
  t.ok(maySeeFlow({ level: 'org' }, seat('stranger'), ORG));
  t.ok(maySeeFlow(agent('ann'), OPERATOR, ORG));
  t.notOk(maySeeFlow({ level: 'team' }, seat('ann'), ORG), 'team without ref');
  t.notOk(maySeeFlow({ level: 'galaxy', ref: 'ann' }, seat('ann'), ORG), 'unknown level, even for the seat it names');
  t.notOk(maySeeFlow(team('__proto__'), seat('ann'), ORG));
  t.notOk(maySeeFlow(agent('constructor'), seat('ann'), ORG), 'no prototype walk through the org');
});
