/**
 * `svc heartbeat presets|list|show|set|on|off|run|ticks|remove`: the `/heartbeats` routes (docs/heartbeats.md).
 * `set` saves a whole heartbeat; on an existing crew the options not given keep their saved
 * values. Its checklist is the `--flow` ids, then the `--skill` ids, each in the order written.
 */
import type { Command } from 'commander';
import { apiOk, CliError, type ClientEnv } from '../client.js';
import { EXIT_USAGE } from '../errors.js';
import { printList, printResult, wantsDocument, type Column } from '../output.js';
import type { HeartbeatInput, HeartbeatItem, HeartbeatList, HeartbeatView, TickList, TickView } from '../../schemas/heartbeats.js';

const list = (s: string | undefined, prev: string[] = []) => [
  ...prev,
  ...(s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
];

const itemsText = (items: readonly HeartbeatItem[]) => items.map((i) => `${i.kind}:${i.id}${i.when ? `(${i.when})` : ''}`);

const HEARTBEAT_COLUMNS: Column<HeartbeatView>[] = [
  { header: 'crew', value: (h) => h.crewId },
  { header: 'schedule', value: (h) => h.schedule },
  { header: 'timezone', value: (h) => h.timezone },
  { header: 'quiet', value: (h) => (h.quietStart ? `${h.quietStart}-${h.quietEnd}` : undefined) },
  { header: 'seat', value: (h) => h.seat },
  { header: 'items', value: (h) => itemsText(h.items) },
  { header: 'enabled', value: (h) => (h.enabled ? 'yes' : 'no') },
  { header: 'last tick', value: (h) => (h.lastTick ? `${h.lastTick.status} ${h.lastTick.window}` : undefined) },
  { header: 'last runs', value: (h) => h.lastTick?.runs, wide: true },
  { header: 'last note', value: (h) => h.lastTick?.note, wide: true },
];

const TICK_COLUMNS: Column<TickView>[] = [
  { header: 'window', value: (x) => x.window },
  { header: 'crew', value: (x) => x.crewId },
  { header: 'kind', value: (x) => x.kind },
  { header: 'status', value: (x) => x.status },
  { header: 'items', value: (x) => x.items.map((i) => `${i.id}:${i.outcome}`) },
  { header: 'runs', value: (x) => x.runs.length },
  { header: 'tokens in/out', value: (x) => (x.usage ? `${x.usage.inputTokens}/${x.usage.outputTokens}` : undefined) },
  { header: 'note', value: (x) => x.note },
];

interface SetOptions {
  crew?: string;
  schedule?: string;
  timezone?: string;
  quietStart?: string;
  quietEnd?: string;
  flow: string[];
  skill: string[];
  as?: string;
  model?: string;
  enable?: boolean;
  quietOnOk?: boolean;
  stopOnError?: boolean;
}

function crewOf(arg: string | undefined, o: { crew?: string }): string {
  const crew = arg ?? o.crew;
  if (!crew) throw new CliError('name the crew: svc heartbeat <command> <crewId> (or --crew <crewId>)', 2);
  return crew;
}

function tickLines(x: TickView): string[] {
  return [
    `${x.crewId} ${x.kind} ${x.window}: ${x.status}${x.note ? ` (${x.note})` : ''}`,
    ...x.items.map((i) => `  ${i.kind} ${i.id} as ${i.seat}: ${i.outcome}: ${i.report}${i.runId ? ` (run ${i.runId})` : ''}`),
    ...(x.usage ? [`  usage: ${x.usage.inputTokens} tokens in, ${x.usage.outputTokens} out, ${x.usage.microDollars} micro-dollars`] : []),
  ];
}

export function registerHeartbeatCommands(program: Command, env: ClientEnv): void {
  const hb = program.command('heartbeat').description('crew heartbeats: a cadence, a standing checklist and one summary per tick');
  const current = async (crew: string): Promise<HeartbeatView | undefined> =>
    (await apiOk<HeartbeatList>(env, 'GET', '/heartbeats')).heartbeats.find((h) => h.crewId === crew);

  hb.command('presets')
    .description('lists the named cadences --schedule accepts by name, and the cadence floor')
    .action(async (_o: unknown, cmd: Command) => {
      const body = await apiOk<HeartbeatList>(env, 'GET', '/heartbeats');
      printList(cmd, { presets: body.presets, floor: body.floor }, body.presets, [
        { header: 'name', value: (p) => p.name },
        { header: 'schedule', value: (p) => p.schedule },
        { header: 'description', value: (p) => `${p.description}` },
      ]);
      if (!wantsDocument(cmd)) process.stdout.write(`floor: no more often than every ${body.floor.minutes} minutes\n`);
    });

  hb.command('list')
    .description('lists every heartbeat you may see, with its last tick')
    .action(async (_o: unknown, cmd: Command) => {
      const body = await apiOk<HeartbeatList>(env, 'GET', '/heartbeats');
      printList(cmd, body, body.heartbeats, HEARTBEAT_COLUMNS, '(no heartbeats)');
    });

  hb.command('show [crewId]')
    .description("shows one crew's heartbeat: cadence, checklist, seat and last tick")
    .option('--crew <crewId>', 'the crew')
    .action(async (arg: string | undefined, o: { crew?: string }, cmd: Command) => {
      const crew = crewOf(arg, o);
      const h = await current(crew);
      if (!h) throw new CliError(`record_not_found: no heartbeat for crew ${crew} is visible to you`);
      printResult(cmd, h, [
        `crew ${h.crewId}: ${h.enabled ? 'enabled' : 'disabled'}${h.failures ? ` (${h.failures} failed ticks in a row)` : ''}`,
        `schedule ${h.schedule} in ${h.timezone}${h.quietStart ? `, quiet ${h.quietStart}-${h.quietEnd}` : ''}`,
        `runs as ${h.seat}${h.model ? ` with model ${h.model} for skills` : ''}; notifyOnOk ${h.notifyOnOk}; stopOnError ${h.stopOnError}`,
        `items: ${itemsText(h.items).join(', ')}`,
        ...(h.lastTick ? tickLines(h.lastTick).map((l) => `last tick: ${l.trim()}`) : ['no tick yet']),
      ]);
    });

  hb.command('set')
    .description("saves a crew's heartbeat; on an existing crew, options not given keep their values")
    .requiredOption('--crew <crewId>', 'the crew (its thread is crew:<crewId>)')
    .option('--schedule <cron|preset>', 'a preset name (svc heartbeat presets, e.g. hourly) or 5-field cron read in --timezone')
    .option('--timezone <zone>', 'IANA zone name, e.g. Europe/Berlin')
    .option('--quiet-start <HH:MM>', 'quiet window start in the zone')
    .option('--quiet-end <HH:MM>', 'quiet window end (may wrap midnight)')
    .option('--flow <id,id>', 'flow ids, in order (repeatable)', list, [])
    .option('--skill <id>', 'skill ids, after the flows (repeatable, or comma-separated)', list, [])
    .option('--as <seat>', 'the seat the items run as (the operator may name any; default you)')
    .option('--model <model>', 'the model skill items use')
    .option('--enable', 'enable it (a new heartbeat saved without --enable starts disabled)')
    .option('--quiet-on-ok', 'post nothing when nothing needs a person (notifyOnOk false)')
    .option('--stop-on-error', 'a failing item stops the tick')
    .action(async (o: SetOptions, cmd: Command) => {
      const crew = crewOf(undefined, o);
      const all = await apiOk<HeartbeatList>(env, 'GET', '/heartbeats');
      const prev = all.heartbeats.find((h) => h.crewId === crew);
      const items: HeartbeatItem[] = [
        ...o.flow.map((id) => ({ kind: 'flow' as const, id })),
        ...o.skill.map((id) => ({ kind: 'skill' as const, id })),
      ];
      // A preset is a name for a cron expression: the heartbeat is saved with the expression.
      const preset = o.schedule === undefined ? undefined : all.presets.find((p) => p.name === o.schedule!.trim());
      // One word is meant as a preset's name (cron has five): a typo is said as such, with the names.
      if (o.schedule !== undefined && !preset && !/\s/.test(o.schedule.trim()))
        throw new CliError(
          `--schedule ${o.schedule}: no preset by that name (${all.presets.map((p) => p.name).join(', ')}), nor 5-field cron`,
          EXIT_USAGE,
        );
      const schedule = preset?.schedule ?? o.schedule ?? prev?.schedule;
      const timezone = o.timezone ?? prev?.timezone;
      const checklist = items.length ? items : prev?.items;
      if (!schedule || !timezone || !checklist)
        throw new CliError('a new heartbeat needs --schedule, --timezone and at least one --flow or --skill', 2);
      const quietStart = o.quietStart ?? prev?.quietStart;
      const quietEnd = o.quietEnd ?? prev?.quietEnd;
      const body: HeartbeatInput = {
        crewId: crew,
        schedule,
        timezone,
        ...(quietStart === undefined ? {} : { quietStart }),
        ...(quietEnd === undefined ? {} : { quietEnd }),
        items: [...checklist],
        ...((o.as ?? prev?.seat) ? { seat: (o.as ?? prev?.seat)! } : {}),
        ...((o.model ?? prev?.model) ? { model: (o.model ?? prev?.model)! } : {}),
        notifyOnOk: o.quietOnOk ? false : (prev?.notifyOnOk ?? true),
        stopOnError: o.stopOnError ? true : (prev?.stopOnError ?? false),
        enabled: o.enable ? true : (prev?.enabled ?? false),
      };
      const saved = await apiOk<HeartbeatView>(env, 'POST', '/heartbeats', { heartbeat: body });
      printResult(
        cmd,
        saved,
        `saved heartbeat ${saved.crewId}: ${saved.schedule} in ${saved.timezone}, ${saved.items.length} items, ${saved.enabled ? 'enabled' : 'disabled'}`,
      );
    });

  for (const [name, enabled] of [
    ['on', true],
    ['off', false],
  ] as const)
    hb.command(`${name} [crewId]`)
      .description(enabled ? 'enables a heartbeat: it ticks on its schedule again' : 'disables a heartbeat: no tick until it is enabled')
      .option('--crew <crewId>', 'the crew')
      .action(async (arg: string | undefined, o: { crew?: string }, cmd: Command) => {
        const crew = crewOf(arg, o);
        const h = await apiOk<HeartbeatView>(env, 'POST', '/heartbeats/enabled', { crewId: crew, enabled });
        printResult(cmd, h, `heartbeat ${h.crewId} ${h.enabled ? 'enabled' : 'disabled'}`);
      });

  hb.command('run [crewId]')
    .description("works a crew's checklist now, once, outside its schedule (the scheduled tick still comes); exits 1 when the tick failed")
    .option('--crew <crewId>', 'the crew')
    .action(async (arg: string | undefined, o: { crew?: string }, cmd: Command) => {
      const tick = await apiOk<TickView>(env, 'POST', '/heartbeats/run', { crewId: crewOf(arg, o) });
      printResult(cmd, tick, tickLines(tick));
      if (tick.status === 'failed' || tick.status === 'stopped') process.exitCode = 1;
    });

  hb.command('ticks [crewId]')
    .description('lists the ticks heartbeats ran, newest first, with what each item did')
    .option('--crew <crewId>', 'the crew')
    .option('--limit <n>', 'how many', '50')
    .action(async (arg: string | undefined, o: { crew?: string; limit: string }, cmd: Command) => {
      const crew = arg ?? o.crew;
      const qs = new URLSearchParams({ limit: o.limit, ...(crew ? { crewId: crew } : {}) });
      const body = await apiOk<TickList>(env, 'GET', `/heartbeats/ticks?${qs}`);
      printList(cmd, body, body.ticks, TICK_COLUMNS, '(no ticks)');
    });

  hb.command('remove [crewId]')
    .description("removes a crew's heartbeat; its tick ledger stays")
    .option('--crew <crewId>', 'the crew')
    .action(async (arg: string | undefined, o: { crew?: string }, cmd: Command) => {
      const crew = crewOf(arg, o);
      const body = await apiOk<{ crewId: string; deleted: boolean }>(env, 'POST', '/heartbeats/delete', { crewId: crew });
      if (!body.deleted) throw new CliError(`record_not_found: no heartbeat for crew ${crew} is visible to you`);
      printResult(cmd, body, `removed heartbeat ${crew}`);
    });
}
