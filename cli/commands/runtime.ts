/** `svc health`, `svc usage`, `svc ping`, `svc dlq list|replay`. */
import type { Command } from 'commander';
import { apiOk, api, CliError, type ClientEnv } from '../client.js';
import { printFields, printList, printResult, type Column } from '../output.js';
import { relativeTime } from '../time.js';
import type { Usage } from '../../schemas/usage.js';
import type { DeadLetter } from '../../schemas/dlq.js';
import type { Health } from '../../schemas/health.js';
import type { PingReply } from '../../schemas/ops.js';

const DLQ_COLUMNS: Column<DeadLetter>[] = [
  { header: 'id', value: (d) => d.id },
  { header: 'at', value: (d) => relativeTime(d.at) },
  { header: 'command', value: (d) => `${d.actor}.${d.verb}` },
  { header: 'deliveries', value: (d) => d.deliveries },
  { header: 'error', value: (d) => `${d.error.error}: ${d.error.message}`, max: 100 },
];

export function registerRuntimeCommands(program: Command, env: ClientEnv): void {
  program
    .command('health')
    .description('shows whether the server and its store, bus and workers are up; exits 1 when it reports itself degraded')
    .action(async (_o: unknown, cmd: Command) => {
      const res = await api<Health & { down?: string[]; actors?: Record<string, { live: boolean }> }>(env, 'GET', '/health');
      const h = res.body;
      const actors = Object.entries(h?.actors ?? {});
      const idle = actors.filter(([, a]) => !a.live).map(([name]) => name);
      printFields(cmd, h, [
        ['status', h?.status],
        ['version', h?.version],
        ['role', h?.role],
        ['store', h?.db && `${h.db.engine}${h.db.ready ? '' : ' (not ready)'}`],
        ['bus', h?.queue && `${h.queue.provider}${h.queue.ready ? '' : ' (not ready)'}`],
        ['chain', h?.mode],
        ['model', h?.model && `${h.model.provider}${h.model.configured ? '' : ' (not configured)'}`],
        ['auth', h?.auth && (h.auth.required ? 'bearer token required' : 'open to this machine')],
        [
          'workers',
          actors.length ? (idle.length ? `none consuming ${idle.join(', ')}` : `every actor consumed (${actors.length})`) : undefined,
        ],
        ['down', h?.down?.length ? h.down : undefined],
      ]);
      for (const name of idle) process.stderr.write(`no worker is consuming ${name}\n`);
      if (res.status !== 200) throw new CliError(`degraded: ${(h?.down ?? []).join(', ') || `HTTP ${res.status}`}`);
    });

  program
    .command('usage')
    .description('counts the operations done since a date, by audit-event type (this month by default)')
    .option('--since <iso>', 'ISO 8601 start (default: start of the current UTC month)')
    .action(async (opts: { since?: string }, cmd: Command) => {
      const body = await apiOk<Usage>(env, 'GET', `/usage${opts.since ? `?since=${encodeURIComponent(opts.since)}` : ''}`);
      const rows = Object.entries(body.counts).sort(([a], [b]) => a.localeCompare(b));
      printList(
        cmd,
        body,
        rows,
        [
          { header: `event (since ${body.since})`, value: ([type]) => type },
          { header: 'count', value: ([, n]) => n },
        ],
        `(nothing since ${body.since})`,
      );
    });

  program
    .command('ping')
    .description('sends a command through the work queue to one worker and prints who answered, and how fast')
    .action(async (_o: unknown, cmd: Command) => {
      const p = await apiOk<PingReply>(env, 'POST', '/ops/ping', {});
      printResult(
        cmd,
        p,
        `pong from worker ${p.worker} in ${p.roundTripMs} ms${p.deliveryCount > 1 ? ` (delivery ${p.deliveryCount})` : ''}${p.note ? `: ${p.note}` : ''}`,
      );
    });

  const dlq = program.command('dlq').description('dead letters: commands the bus ended, with their reason');
  dlq
    .command('list')
    .description('lists the dead letters, newest first: commands the bus gave up on, and why')
    .option('--limit <n>', 'at most this many (default 100)')
    .action(async (opts: { limit?: string }, cmd: Command) => {
      const body = await apiOk<{ deadLetters: DeadLetter[] }>(
        env,
        'GET',
        `/dlq${opts.limit ? `?limit=${encodeURIComponent(opts.limit)}` : ''}`,
      );
      printList(cmd, body, body.deadLetters, DLQ_COLUMNS, '(no dead letters)');
    });
  dlq
    .command('replay <id>')
    .description('sends a dead command again as it was first sent, and removes the dead letter')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const r = await apiOk<{ replayed: DeadLetter; seq: number }>(env, 'POST', '/dlq/replay', { id });
      printResult(cmd, r, `replayed dead letter ${r.replayed.id} (${r.replayed.actor}.${r.replayed.verb}) as command ${r.seq}`);
    });
}
