/**
 * The policy double (docs/evals.md "The doubles"), behind the chain port `gate`, `org` and
 * `budget` steps go through. A verdict comes from `mocks.policy.targets` (by the target's
 * blueprint name or its address), else from the blueprint's `whitelisted` flag (ALLOW when
 * whitelisted, ESCALATE when not: the crew's policy would send it to a person), else ESCALATE,
 * the no-chain answer for a target nothing answers for. A mocked ALLOW for a target the blueprint
 * does not admit is a problem that fails the scenario unless `admitsUnadmitted` lists it: an
 * eval must not pass because its mock granted what the crew's own policy would not.
 * Nothing is proposed or written; the chain stays unconfigured.
 */
import type { ChainOutcome, ChainPort } from '../../chain/port.js';
import type { Verdict } from '../../schemas/flows.js';
import type { Blueprint, ScenarioMocks } from '../../schemas/evals.js';
import type { EvalRecord } from './record.js';
import { noChain } from '../../chain/none.js';
import { AppError } from '../../schemas/errors.js';

type PolicyMocks = NonNullable<ScenarioMocks['policy']>;

interface Known {
  readonly name: string;
  readonly address: string;
  readonly whitelisted: boolean;
}

/** The blueprint's target a rendered value names, by name or by address (addresses in any case). */
function known(blueprint: Blueprint | undefined, target: string): Known | undefined {
  if (!blueprint) return undefined;
  for (const [name, t] of Object.entries(blueprint.targets)) {
    if (name === target || t.address.toLowerCase() === target.toLowerCase())
      return { name, address: t.address, whitelisted: t.whitelisted };
  }
  return undefined;
}

export interface PolicyDecision {
  readonly verdict: Verdict;
  readonly source: string;
}

/** The verdict for one target; a rule-4 breach is recorded as a problem. */
export function decide(policy: PolicyMocks, blueprint: Blueprint | undefined, target: string, record: EvalRecord): PolicyDecision {
  const k = known(blueprint, target);
  const names = [target, ...(k ? [k.name, k.address] : [])];
  const mocks = policy.targets ?? {};
  const key = names.find((n) => Object.hasOwn(mocks, n));
  if (key !== undefined) {
    const verdict = mocks[key]!;
    const admitted = k?.whitelisted === true || names.some((n) => policy.admitsUnadmitted?.includes(n));
    if (verdict === 'ALLOW' && !admitted) {
      const why = !blueprint
        ? 'no blueprint is bound'
        : k
          ? `blueprint ${blueprint.id} has it whitelisted: false`
          : `blueprint ${blueprint.id} has no such target`;
      record.problems.push(
        `policy: expected mocks.policy.targets.${key} ALLOW only for a target the blueprint admits, got ${target} (${why}); list it in admitsUnadmitted if meant`,
      );
    }
    return { verdict, source: `mocked (${key})` };
  }
  if (k) return { verdict: k.whitelisted ? 'ALLOW' : 'ESCALATE', source: `blueprint target ${k.name} whitelisted: ${k.whitelisted}` };
  return { verdict: 'ESCALATE', source: 'nothing answers for it' };
}

export function policyDouble(policy: PolicyMocks, blueprint: Blueprint | undefined, record: EvalRecord): ChainPort {
  const none = noChain();
  const outcome = (what: string, target: string): ChainOutcome => {
    const d = decide(policy, blueprint, target, record);
    return {
      verdict: d.verdict,
      summary: `eval policy: ${what}: verdict ${d.verdict} (${d.source}); nothing proposed`,
      json: { eval: true, proposed: false, target, verdict: d.verdict },
    };
  };
  return {
    configured: false,
    proposeSpend: async (req) => outcome(`spend of ${req.value}${req.target ? ` to ${req.target}` : ''}`, req.target ?? ''),
    // An org action's target is the node it acts on, else the action; a budget action's is the action.
    org: async (req) => outcome(`org ${req.action}${req.node ? ` on ${req.node}` : ''}`, req.node ?? req.action),
    budget: async (req) => outcome(`budget ${req.action}`, req.action),
    boot: () => Promise.reject(new AppError('no_chain', { message: 'eval: no chain, no session key' })),
    tick: () => Promise.reject(new AppError('no_chain', { message: 'eval: no chain, no agent loop' })),
    containment: async () => ({ revoked: [] }),
    // An eval has no chain to read or approve on: the tools answer as mock mode does.
    orgTree: none.orgTree,
    pendingIntents: none.pendingIntents,
    approve: none.approve,
    governance: async (req) => ({
      summary: `eval: governance ${req.action} not submitted`,
      json: { eval: true, submitted: false, action: req.action },
    }),
  };
}
