/**
 * `svc governance ...`: the governance routes from the command line
 * (docs/chain.md "Governance routes"). The propose commands raise proposals from the orchestrator's seat and print what was
 * raised (or that nothing changed); `proposals` and `show` read them with their clearance;
 * `vote`, `veto` and `execute` move one. A refusal is the route's own code on stderr and exit 1.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { apiOk, CliError, type ClientEnv } from '../client.js';
import { EXIT_USAGE } from '../errors.js';
import { printFields, printList, printResult } from '../output.js';
import type { GovernanceProposeReply, ProposalActionReply, ProposalsView, ProposalView, StackMember } from '../../schemas/governance.js';

/** `whitelist`, `spend_cap`, `rate_limit:<maxActions>/<windowSeconds>`, `time_window:<start>-<end>`. */
export function parseMember(spec: string): StackMember {
  if (spec === 'whitelist' || spec === 'spend_cap') return { kind: spec };
  let m = /^rate_limit:(\d{1,10})\/(\d{1,7})$/.exec(spec);
  if (m) return { kind: 'rate_limit', maxActions: Number(m[1]), windowSeconds: Number(m[2]) };
  m = /^time_window:(\d{1,5})-(\d{1,5})$/.exec(spec);
  if (m) return { kind: 'time_window', start: Number(m[1]), end: Number(m[2]) };
  throw new CliError(
    `--module ${JSON.stringify(spec)}: one of whitelist, spend_cap, rate_limit:<maxActions>/<windowSeconds>, time_window:<start>-<end>`,
    EXIT_USAGE,
  );
}

const collect = (v: string, all: string[]) => [...all, v];

function printProposed(cmd: Command, body: GovernanceProposeReply): void {
  const lines: string[] = [];
  if (body.alreadyBound) lines.push(`already bound: the module is in the stack of ${body.node ?? 'the node'}; nothing proposed`);
  else if (body.unchanged) lines.push('unchanged: the chain already holds this; nothing proposed');
  for (const a of body.deployed) lines.push(`deployed ${a}`);
  for (const p of body.proposals) lines.push(`proposal ${p.proposalId} (${p.tier}): ${p.action} on ${p.target} (tx ${p.txHash})`);
  printResult(cmd, body, lines);
}

export function registerGovernanceCommands(program: Command, env: ClientEnv): void {
  const gov = program.command('governance').description("governance proposals raised, read and moved by the orchestrator's seat");

  gov
    .command('propose-node-stack <node>')
    .description("proposes a node's policy stack, in order (unchanged when the chain already binds it)")
    .requiredOption(
      '--module <spec>',
      'whitelist | spend_cap | rate_limit:<max>/<seconds> | time_window:<start>-<end>; repeat, in order',
      collect,
      [],
    )
    .option('--asset <symbol>', 'the asset stack (default the primary)')
    .action(async (node: string, o: { module: string[]; asset?: string }, cmd: Command) => {
      const body = { node, modules: o.module.map(parseMember), ...(o.asset ? { asset: o.asset } : {}) };
      printProposed(cmd, await apiOk<GovernanceProposeReply>(env, 'POST', '/governance/propose-node-stack', body));
    });

  gov
    .command('propose-set-whitelist <target>')
    .description('proposes allowing (or with --remove, disallowing) a spend target on a whitelist')
    .option('--remove', 'disallow the target instead')
    .option('--node <address>', "the whitelist in this node's stack (default the router's default stack)")
    .option('--tier <tier>', 'low or high (default high)')
    .option('--asset <symbol>', 'the asset stack (default the primary)')
    .action(async (target: string, o: { remove?: boolean; node?: string; tier?: string; asset?: string }, cmd: Command) => {
      const body = {
        target,
        allowed: !o.remove,
        ...(o.node ? { node: o.node } : {}),
        ...(o.tier ? { tier: o.tier } : {}),
        ...(o.asset ? { asset: o.asset } : {}),
      };
      printProposed(cmd, await apiOk<GovernanceProposeReply>(env, 'POST', '/governance/propose-set-whitelist', body));
    });

  gov
    .command('propose-set-agent-cap <agent> <cap>')
    .description("proposes an agent's spend cap, in base units, on its own cap module")
    .option('--tier <tier>', 'low or high (default high)')
    .option('--asset <symbol>', 'the asset stack (default the primary)')
    .action(async (agent: string, cap: string, o: { tier?: string; asset?: string }, cmd: Command) => {
      const body = { agent, cap, ...(o.tier ? { tier: o.tier } : {}), ...(o.asset ? { asset: o.asset } : {}) };
      printProposed(cmd, await apiOk<GovernanceProposeReply>(env, 'POST', '/governance/propose-set-agent-cap', body));
    });

  gov
    .command('attach-policy-module <node> <listing>')
    .description("appends a listed policy module (a JSON file, - for stdin, or inline JSON) to the node's stack and proposes the bind")
    .option('--asset <symbol>', 'the asset stack (default the primary)')
    .action(async (node: string, listing: string, o: { asset?: string }, cmd: Command) => {
      let parsed: unknown;
      try {
        const text =
          listing === '-' ? readFileSync(0, 'utf8') : listing.trimStart().startsWith('{') ? listing : readFileSync(listing, 'utf8');
        parsed = JSON.parse(text);
      } catch (err) {
        throw new CliError(`the listing is not readable JSON: ${(err as Error).message}`, EXIT_USAGE);
      }
      const body = { node, listing: parsed, ...(o.asset ? { asset: o.asset } : {}) };
      printProposed(cmd, await apiOk<GovernanceProposeReply>(env, 'POST', '/governance/attach-policy-module', body));
    });

  gov
    .command('proposals')
    .description('lists proposals newest first with their tallies and whether execute would pass now')
    .option('--state <state>', 'Active, Executed, Vetoed or Defeated')
    .option('--limit <n>', 'at most this many (default 50)')
    .action(async (o: { state?: string; limit?: string }, cmd: Command) => {
      const q = new URLSearchParams();
      if (o.state) q.set('state', o.state);
      if (o.limit) q.set('limit', o.limit);
      const body = await apiOk<ProposalsView>(env, 'GET', `/governance/proposals${q.size ? `?${q}` : ''}`);
      printList(cmd, body, body.proposals, [
        { header: 'id', value: (p) => p.proposalId },
        { header: 'tier', value: (p) => p.tier },
        { header: 'state', value: (p) => p.state },
        { header: 'clearance', value: (p) => p.clearance },
        { header: 'yes/no', value: (p) => `${p.yes}/${p.no}` },
        { header: 'action', value: (p) => p.action ?? p.target, max: 80 },
        { header: 'eta', value: (p) => p.eta, wide: true },
      ]);
    });

  gov
    .command('show <id>')
    .description('one proposal with its governed call')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const p = await apiOk<ProposalView>(env, 'GET', `/governance/proposals/${encodeURIComponent(id)}`);
      printFields(cmd, p, [
        ['id', p.proposalId],
        ['tier', p.tier],
        ['state', p.state],
        ['clearance', p.clearance],
        ['proposer', p.proposer],
        ['target', p.target],
        ['action', p.action],
        ['yes', `${p.yes} (human ${p.yesHuman})`],
        ['no', `${p.no} (human ${p.noHuman})`],
        ['deadline', p.deadline],
        ['eta', p.eta],
      ]);
    });

  const moved = (cmd: Command, verb: string, r: ProposalActionReply) =>
    printResult(cmd, r, `proposal ${r.proposalId} ${verb}: now ${r.state} (tx ${r.txHash})`);
  gov
    .command('vote <id> <support>')
    .description("votes yes or no as the orchestrator's seat")
    .action(async (id: string, support: string, _o: unknown, cmd: Command) => {
      if (support !== 'yes' && support !== 'no') throw new CliError('support must be yes or no', EXIT_USAGE);
      const r = await apiOk<ProposalActionReply>(env, 'POST', `/governance/proposals/${encodeURIComponent(id)}/vote`, {
        support: support === 'yes',
      });
      moved(cmd, `voted ${support} with weight ${r.countedWeight ?? '0'}`, r);
    });
  gov
    .command('veto <id>')
    .description("vetoes as the orchestrator's seat (a Human seat)")
    .action(async (id: string, _o: unknown, cmd: Command) => {
      moved(cmd, 'vetoed', await apiOk<ProposalActionReply>(env, 'POST', `/governance/proposals/${encodeURIComponent(id)}/veto`));
    });
  gov
    .command('execute <id>')
    .description("executes with the proposal's own calldata (past the deadline with more no than yes it closes Defeated)")
    .action(async (id: string, _o: unknown, cmd: Command) => {
      moved(cmd, 'executed', await apiOk<ProposalActionReply>(env, 'POST', `/governance/proposals/${encodeURIComponent(id)}/execute`));
    });
}
