/**
 * The chain reads from the command line: `svc chain status`, `svc org`,
 * `svc intents [--history]`, `svc policies [--node] [--asset]`, `svc treasury`,
 * `svc sessions [--history]`. Each is one GET of a chain read route (docs/chain.md "Reads"); an unavailable chain is
 * the route's own 503 `chain_unavailable` line and a non-zero exit. Tables show amounts in their
 * asset's units (cli/amounts.ts); --json is the reply as is, in base units.
 */
import type { Command } from 'commander';
import { api, apiOk, CliError, type ClientEnv } from '../client.js';
import { printList, printResult } from '../output.js';
import { formatAmount, loadAssetUnits } from '../amounts.js';
import { relativeTime } from '../time.js';
import type {
  IntentHistoryView,
  IntentsView,
  OrgView,
  PoliciesView,
  SessionHistoryView,
  SessionsView,
  TreasuryView,
} from '../../schemas/chain-reads.js';
import type { Health } from '../../schemas/health.js';
import { registerChainDevCommand } from './chain-dev.js';

const qs = (params: Record<string, string | undefined>): string => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return q.size ? `?${q}` : '';
};

/** A rate limit or a time window in one cell; the other kinds show their cap or targets instead. */
function limitOf(m: PoliciesView['policies'][number]['modules'][number]): string | undefined {
  if (m.kind === 'rate_limit') return `${m.maxActions} per ${m.windowSeconds} s (${m.window?.count ?? 0} used)`;
  if (m.kind === 'time_window') return `UTC second ${m.startSecondOfDay}-${m.endSecondOfDay} of the day`;
  return undefined;
}

/** A session key's own time window and rate limit in one cell; a key without either shows none. */
function keyLimitsOf(s: SessionsView['sessions'][number]): string | undefined {
  const parts = [
    s.window && `UTC second ${s.window.start}-${s.window.end}`,
    s.rateLimit && `${s.rateLimit.maxActions} per ${s.rateLimit.windowSeconds} s`,
  ].filter((p) => p !== undefined);
  return parts.length ? parts.join(', ') : undefined;
}

export function registerChainCommands(program: Command, env: ClientEnv): void {
  const chain = program.command('chain').description('the chain svc reads and writes through');
  registerChainDevCommand(chain);
  chain
    .command('status')
    .description(
      'shows which chain svc uses: a real one, mock (none configured) or unavailable (with the reason); exits 1 when unavailable',
    )
    .action(async (_o: unknown, cmd: Command) => {
      const { body } = await api<Health>(env, 'GET', '/health');
      if (!body?.mode) throw new CliError('GET /health answered without a chain mode');
      const lines = [`mode: ${body.mode}`];
      if (body.chain.chainId !== undefined) lines.push(`chain id: ${body.chain.chainId}`);
      if (body.chain.rpc !== undefined) lines.push(`rpc: ${body.chain.rpc}`);
      if (body.mode === 'mock') lines.push('no chain is configured: every chain read is an empty list (SVC_CHAIN=dev or SVC_CHAIN_RPC)');
      if (body.chain.reason !== undefined) lines.push(`reason: ${body.chain.reason}`);
      printResult(cmd, body, lines);
      if (body.mode === 'unavailable') throw new CliError(`the chain is unavailable: ${body.chain.reason ?? 'no reason given'}`);
    });

  program
    .command('org')
    .description('lists the org tree read off the chain, breadth-first from the root')
    .action(async (_o: unknown, cmd: Command) => {
      const body = await apiOk<OrgView>(env, 'GET', '/org');
      printList(
        cmd,
        body,
        body.nodes,
        [
          { header: 'address', value: (n) => n.address },
          { header: 'kind', value: (n) => n.kind },
          { header: 'parent', value: (n) => n.parent },
          { header: 'active', value: (n) => (n.active ? 'yes' : 'no') },
          { header: 'role', value: (n) => n.roleId },
        ],
        '(no org: no chain is configured)',
      );
    });

  program
    .command('intents')
    .description('lists the spend intents awaiting an approver, or the resolved ones with --history')
    .option('--history', 'resolved intents, as recorded')
    .action(async (o: { history?: boolean }, cmd: Command) => {
      if (o.history) {
        const body = await apiOk<IntentHistoryView>(env, 'GET', '/intents/history');
        return printList(
          cmd,
          body,
          body.intents,
          [
            { header: 'asset', value: (i) => i.asset },
            { header: 'intent', value: (i) => i.intentId },
            { header: 'approved', value: (i) => (i.approved ? 'yes' : 'no') },
            { header: 'approver', value: (i) => i.approver },
            { header: 'authorized by', value: (i) => i.authorizedBy },
            { header: 'at', value: (i) => relativeTime(i.at) },
          ],
          '(no resolved intents)',
        );
      }
      const body = await apiOk<IntentsView>(env, 'GET', '/intents');
      const units = await loadAssetUnits(env, cmd, body.intents.length > 0);
      printList(
        cmd,
        body,
        body.intents,
        [
          { header: 'asset', value: (i) => i.asset },
          { header: 'intent', value: (i) => i.intentId },
          { header: 'agent', value: (i) => i.agent },
          { header: 'target', value: (i) => i.target },
          { header: 'value', value: (i) => formatAmount(i.value, units.bySymbol(i.asset)) },
          { header: 'awaiting', value: (i) => i.awaitingApprover },
          { header: 'verdict', value: (i) => i.verdict },
          {
            header: 'changes',
            // '; ' between accounts: the amounts themselves hold commas.
            value: (i) =>
              i.measuredChanges
                ?.map((c) => `${c.account}: ${formatAmount(c.delta, units.byToken(c.token), { signed: true })}`)
                .join('; ') ?? 'not measured',
            max: 120,
          },
        ],
        '(no pending intents)',
      );
    });

  program
    .command('policies')
    .description("lists each org node's policy stack (caps, rate limits, time windows, targets) for an asset, the primary by default")
    .option('--node <address>', 'only this node')
    .option('--asset <symbol>', 'an asset other than the primary')
    .action(async (o: { node?: string; asset?: string }, cmd: Command) => {
      const body = await apiOk<PoliciesView>(env, 'GET', `/policies${qs({ node: o.node, asset: o.asset })}`);
      const rows = body.policies.flatMap((p) => p.modules.map((m) => ({ p, m })));
      const capped = rows.some((r) => r.m.cap !== undefined);
      const unit = (await loadAssetUnits(env, cmd, capped)).bySymbol(body.asset);
      printList(
        cmd,
        body,
        rows,
        [
          { header: 'node', value: (r) => r.p.node },
          { header: 'stack', value: (r) => `${r.p.stack}${r.p.bound ? '' : ' (default)'}` },
          { header: 'module', value: (r) => r.m.kind },
          { header: 'cap', value: (r) => r.m.cap && formatAmount(r.m.cap, unit) },
          { header: 'limit', value: (r) => limitOf(r.m) },
          { header: 'targets', value: (r) => r.m.allowedTargets },
        ],
        '(no policies)',
      );
    });

  program
    .command('treasury')
    .description("shows the treasury's holdings per asset, in each asset's units (--json: base units)")
    .action(async (_o: unknown, cmd: Command) => {
      const body = await apiOk<TreasuryView>(env, 'GET', '/treasury/balances');
      const units = await loadAssetUnits(env, cmd, body.balances.length > 0);
      const unitOf = (b: TreasuryView['balances'][number]) => units.byToken(b.token) ?? units.bySymbol(b.asset);
      printList(
        cmd,
        body,
        body.balances,
        [
          { header: 'asset', value: (b) => b.asset },
          { header: 'treasury', value: (b) => b.treasury },
          { header: 'balance', value: (b) => formatAmount(b.balance, unitOf(b)) },
          { header: 'liquid', value: (b) => formatAmount(b.liquid, unitOf(b)) },
          { header: 'reserved', value: (b) => formatAmount(b.reserved, unitOf(b)) },
        ],
        '(no treasury: no chain is configured)',
      );
    });

  program
    .command('sessions')
    .description("lists the agents' session keys and their limits, or their history with --history")
    .option('--history', 'issued, revoked and rotated keys, as recorded')
    .action(async (o: { history?: boolean }, cmd: Command) => {
      if (o.history) {
        const body = await apiOk<SessionHistoryView>(env, 'GET', '/sessions/history');
        return printList(
          cmd,
          body,
          body.sessions,
          [
            { header: 'session', value: (s) => s.sessionId },
            { header: 'agent', value: (s) => s.agent },
            { header: 'event', value: (s) => s.event },
            { header: 'authorized by', value: (s) => s.authorizedBy },
            { header: 'at', value: (s) => relativeTime(s.at) },
          ],
          '(no session history)',
        );
      }
      const body = await apiOk<SessionsView>(env, 'GET', '/sessions');
      // A key is not bound to one asset: its maxValue is named only when the deployment has one.
      const capped = body.sessions.some((s) => s.maxValue !== 'unlimited');
      const unit = (await loadAssetUnits(env, cmd, capped)).only();
      printList(
        cmd,
        body,
        body.sessions,
        [
          { header: 'session', value: (s) => s.sessionId },
          { header: 'agent', value: (s) => s.agent },
          { header: 'key', value: (s) => s.key },
          { header: 'scopes', value: (s) => s.scopes },
          { header: 'max value', value: (s) => formatAmount(s.maxValue, unit) },
          { header: 'expires', value: (s) => relativeTime(s.expiresAt) },
          { header: 'revoked', value: (s) => (s.revoked ? 'yes' : 'no') },
          { header: 'limits', value: keyLimitsOf },
        ],
        '(no session keys)',
      );
    });
}
