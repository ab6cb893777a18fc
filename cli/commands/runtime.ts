/** `svc health`, `svc usage`, `svc ping`, `svc dlq list|replay`. */
import type { Command } from 'commander';
import { apiOk, api, CliError, type ClientEnv } from '../client.js';
import { printJson, printList, type Column } from '../output.js';
import type { Usage } from '../../schemas/usage.js';
import type { DeadLetter } from '../../schemas/dlq.js';

const DLQ_COLUMNS: Column<DeadLetter>[] = [
  { header: 'id', value: (d) => d.id },
  { header: 'at', value: (d) => d.at },
  { header: 'command', value: (d) => `${d.actor}.${d.verb}` },
  { header: 'deliveries', value: (d) => d.deliveries },
  { header: 'error', value: (d) => `${d.error.error}: ${d.error.message}`, max: 100 },
];

export function registerRuntimeCommands(program: Command, env: ClientEnv): void {
  program
    .command('health')
    .description('GET /health; exits 1 when the process reports itself degraded')
    .action(async () => {
      const res = await api<{ status?: string; down?: string[] }>(env, 'GET', '/health');
      printJson(res.body);
      for (const [name, a] of Object.entries((res.body as { actors?: Record<string, { live: boolean }> })?.actors ?? {}))
        if (!a.live) process.stderr.write(`no worker is consuming ${name}\n`);
      if (res.status !== 200) throw new CliError(`degraded: ${(res.body?.down ?? []).join(', ') || `HTTP ${res.status}`}`);
    });

  program
    .command('usage')
    .description('operation counts by audit-event type')
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
    .description('sends a command through the work queue to one worker and prints who answered')
    .action(async () => printJson(await apiOk(env, 'POST', '/ops/ping', {})));

  const dlq = program.command('dlq').description('dead letters: commands the bus ended, with their reason');
  dlq
    .command('list')
    .description('GET /dlq: newest first')
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
    .description('POST /dlq/replay: sends the command again as it was first sent, and removes the dead letter')
    .action(async (id: string) => printJson(await apiOk(env, 'POST', '/dlq/replay', { id })));
}
