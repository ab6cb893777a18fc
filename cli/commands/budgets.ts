/**
 * `svc budgets set|show|reset|remove`: inference budgets per crew (or seat). Limits are typed in
 * dollars and sent as micro-dollars; the table shows dollars.
 */
import type { Command } from 'commander';
import { apiOk, CliError, type ClientEnv } from '../client.js';
import { printFields, printList, type Column } from '../output.js';
import type { BudgetList, BudgetRemoved, BudgetView } from '../../schemas/budgets.js';

const dollars = (micro: number) => `$${(micro / 1e6).toFixed(6).replace(/0{1,4}$/, '')}`;

const COLUMNS: Column<BudgetView>[] = [
  { header: 'crew', value: (b) => b.crew },
  { header: 'enforcement', value: (b) => b.enforcement },
  { header: 'limit', value: (b) => dollars(b.limitMicroDollars) },
  { header: 'spent', value: (b) => dollars(b.spentMicroDollars) },
  { header: 'held', value: (b) => dollars(b.heldMicroDollars) },
  { header: 'remaining', value: (b) => dollars(b.remainingMicroDollars) },
  { header: 'calls', value: (b) => b.calls },
  { header: 'unpriced', value: (b) => b.unpricedCalls },
  { header: 'refused', value: (b) => b.refusedCalls },
  { header: 'counters', value: (b) => b.counters, wide: true },
  { header: 'reset', value: (b) => b.resetAt ?? '', wide: true },
];

function fields(b: BudgetView): [string, unknown][] {
  return [
    ['crew', b.crew],
    ['enforcement', b.enforcement],
    ['limit', dollars(b.limitMicroDollars)],
    ['spent', `${dollars(b.spentMicroDollars)}${b.exceeded ? ' (limit reached)' : ''}`],
    ['held by calls in flight', dollars(b.heldMicroDollars)],
    ['remaining', dollars(b.remainingMicroDollars)],
    ['calls', `${b.calls} (${b.unpricedCalls} of unknown cost, charged ${dollars(b.floorMicroDollars)} each)`],
    ['refused', b.refusedCalls],
    ['counters', b.counters === 'postgres' ? 'postgres (every replica, kept across restarts)' : 'this process only (no DATABASE_URL)'],
  ];
}

const path = (crew: string) => `/budgets/inference/${encodeURIComponent(crew)}`;

/** Dollars as typed (`5`, `0.25`, `$1.50`) to whole micro-dollars. */
export function microDollarsOf(text: string): number {
  const m = /^\$?([0-9]+(?:\.[0-9]{1,6})?)$/.exec(text.trim());
  if (!m) throw new CliError(`--limit must be dollars, e.g. 5 or 0.25 (got "${text}")`);
  const [whole, frac = ''] = m[1]!.split('.');
  return Number(whole) * 1e6 + Number(frac.padEnd(6, '0'));
}

export function registerBudgetCommands(program: Command, env: ClientEnv): void {
  const budgets = program.command('budgets').description('inference budgets: model spend per crew (or seat), soft or hard');
  budgets
    .command('show [crew]')
    .description("every inference budget, or one crew's, with its counters")
    .action(async (crew: string | undefined, _o: unknown, cmd: Command) => {
      if (crew === undefined) {
        const body = await apiOk<BudgetList>(env, 'GET', '/budgets/inference');
        printList(cmd, body, body.budgets, COLUMNS, '(no inference budgets: model spend is unbounded)');
        return;
      }
      const body = await apiOk<BudgetView>(env, 'GET', path(crew));
      printFields(cmd, body, fields(body));
    });
  budgets
    .command('set <crew>')
    .description("sets a crew's (or seat's) limit in dollars; --hard refuses calls past it, soft (the default) warns and audits")
    .requiredOption('--limit <dollars>', 'the limit in dollars, e.g. 5 or 0.25')
    .option('--hard', 'refuse a model call that does not fit (before the provider is asked)')
    .option('--soft', 'let calls go on; warn and audit once the limit is reached (the default)')
    .action(async (crew: string, o: { limit: string; hard?: boolean; soft?: boolean }, cmd: Command) => {
      if (o.hard && o.soft) throw new CliError('choose one of --hard and --soft');
      const body = await apiOk<BudgetView>(env, 'PUT', path(crew), {
        limitMicroDollars: microDollarsOf(o.limit),
        enforcement: o.hard ? 'hard' : 'soft',
      });
      printFields(cmd, body, fields(body));
    });
  budgets
    .command('reset <crew>')
    .description("zeroes a budget's counters (its limit stays)")
    .action(async (crew: string, _o: unknown, cmd: Command) => {
      const body = await apiOk<BudgetView>(env, 'POST', `${path(crew)}/reset`);
      printFields(cmd, body, fields(body));
    });
  budgets
    .command('remove <crew>')
    .description('removes a budget: the crew is no longer bounded')
    .action(async (crew: string, _o: unknown, cmd: Command) => {
      const body = await apiOk<BudgetRemoved>(env, 'DELETE', path(crew));
      printFields(cmd, body, [['removed', body.removed ? crew : `nothing: ${crew} had no budget`]]);
    });
}
