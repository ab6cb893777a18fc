/** `svc health`, `svc usage`, `svc ping`, `svc dlq list|replay`, `svc events tail`. */
import type { Command } from 'commander';
import { apiOk, api, CliError, printJson, type ClientEnv } from '../client.js';

export function registerRuntimeCommands(program: Command, env: ClientEnv): void {
  program
    .command('health')
    .description('GET /health; exits 1 when the process reports itself degraded')
    .action(async () => {
      const res = await api<{ status?: string; down?: string[] }>(env, 'GET', '/health');
      printJson(res.body);
      if (res.status !== 200) throw new CliError(`degraded: ${(res.body?.down ?? []).join(', ') || `HTTP ${res.status}`}`);
    });

  program
    .command('usage')
    .description('operation counts by audit-event type')
    .option('--since <iso>', 'ISO 8601 start (default: start of the current UTC month)')
    .action(async (opts: { since?: string }) => {
      printJson(await apiOk(env, 'GET', `/usage${opts.since ? `?since=${encodeURIComponent(opts.since)}` : ''}`));
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
    .action(async (opts: { limit?: string }) =>
      printJson(await apiOk(env, 'GET', `/dlq${opts.limit ? `?limit=${encodeURIComponent(opts.limit)}` : ''}`)),
    );
  dlq
    .command('replay <id>')
    .description('POST /dlq/replay: sends the command again as it was first sent, and removes the dead letter')
    .action(async (id: string) => printJson(await apiOk(env, 'POST', '/dlq/replay', { id })));

  const events = program.command('events').description('live events');
  events
    .command('tail [filter]')
    .description(
      'prints events as JSON lines; filter is relative to svc.evt.: an event type (e.g. FlowRun) or a NATS wildcard for whole tokens (*, >); reads NATS directly when NATS_URL is set',
    )
    .action(async (filter?: string) => {
      if (env.natsUrl) return tailNats(env, filter ?? '>');
      return tailHttp(env, filter ?? '>');
    });
}

async function tailNats(env: ClientEnv, filter: string): Promise<void> {
  const [{ createBus, names }, { pino }] = await Promise.all([import('../../bus/index.js'), import('pino')]);
  const bus = createBus({
    servers: env.natsUrl,
    names: names(env.busPrefix),
    log: pino({ level: 'silent' }),
    ackWaitMs: 30_000,
    name: 'svc-cli-tail',
  });
  await bus.tail(filter, (evt) => process.stdout.write(`${JSON.stringify(evt)}\n`));
  await new Promise<void>((resolve) => process.once('SIGINT', resolve));
  await bus.close();
}

async function tailHttp(env: ClientEnv, filter: string): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (env.token) headers.authorization = `Bearer ${env.token}`;
  const res = await fetch(`${env.url}/events/stream?filter=${encodeURIComponent(filter)}`, { headers }).catch((err: Error) => {
    throw new CliError(`cannot reach ${env.url}: ${err.message}`);
  });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new CliError(`${body.error ?? `http_${res.status}`}: ${body.message ?? 'events stream refused'}`);
  }
  const decoder = new TextDecoder();
  let buf = '';
  for await (const chunk of res.body) {
    buf += decoder.decode(chunk, { stream: true });
    let idx;
    while ((idx = buf.indexOf('\n\n')) >= 0) {
      const frame = buf.slice(0, idx);
      buf = buf.slice(idx + 2);
      const data = frame.split('\n').find((l) => l.startsWith('data: '));
      if (data) process.stdout.write(`${data.slice(6)}\n`);
    }
  }
}
