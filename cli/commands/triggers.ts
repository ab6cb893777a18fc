/**
 * `svc flows triggers create|list|curl|deliveries|rotate|enable|disable|delete`: thin HTTP calls,
 * plus `curl`, which prints a ready, correctly signed curl command for a trigger. The secret for
 * `curl` is read from stdin or from the variable `--secret-env` names; it is never printed (the
 * command carries only the signature, valid for SVC_WEBHOOK_TOLERANCE_SEC).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { apiOk, CliError, type ClientEnv } from '../client.js';
import { printList, printResult, type Column } from '../output.js';
import { relativeTime } from '../time.js';
import { signCodehost, signSvc } from '../../ingress/schemes.js';
import type { DeliveryView, TriggerMinted, TriggerView } from '../../schemas/triggers.js';

/** A trigger and, once, its secret: the only time the API shows it. */
function mintedLines(verb: string, m: TriggerMinted): string[] {
  return [
    `${verb} trigger ${m.trigger.id} for flow ${m.trigger.flowId} (scheme ${m.trigger.scheme}, runs as ${m.trigger.principal})`,
    `hook path: ${m.trigger.hookPath}`,
    `secret (shown once; keep it): ${m.secret}`,
  ];
}

const TRIGGER_COLUMNS: Column<TriggerView>[] = [
  { header: 'id', value: (t) => t.id },
  { header: 'flow', value: (t) => t.flowId },
  { header: 'scheme', value: (t) => t.scheme },
  { header: 'principal', value: (t) => t.principal },
  { header: 'events', value: (t) => (t.events.length ? t.events : 'all') },
  { header: 'releases', value: (t) => (t.release ? `wait on ${t.release.key}` : '') },
  { header: 'enabled', value: (t) => (t.enabled ? 'yes' : 'no') },
  { header: 'secret v', value: (t) => t.secretVersion },
  { header: 'hook path', value: (t) => t.hookPath, max: 80 },
  { header: 'input', value: (t) => t.input, wide: true },
  { header: 'created at', value: (t) => t.createdAt, wide: true },
  { header: 'updated at', value: (t) => t.updatedAt, wide: true },
];

const DELIVERY_COLUMNS: Column<DeliveryView>[] = [
  { header: 'at', value: (d) => relativeTime(d.at) },
  { header: 'trigger', value: (d) => d.triggerId },
  { header: 'status', value: (d) => d.status },
  { header: 'reason', value: (d) => d.reason },
  { header: 'event', value: (d) => d.eventType },
  { header: 'key', value: (d) => d.deliveryKey, max: 40 },
  { header: 'bytes', value: (d) => d.bytes },
  { header: 'run', value: (d) => d.runId, max: 80 },
  { header: 'id', value: (d) => d.id, wide: true },
  { header: 'at (exact)', value: (d) => d.at, wide: true },
];

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const csv = (s: string | undefined) =>
  s === undefined
    ? undefined
    : s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);

export function registerTriggerCommands(program: Command, env: ClientEnv): void {
  const flows = program.commands.find((c) => c.name() === 'flows') ?? program.command('flows').description('flow definitions and runs');
  const triggers = flows
    .command('triggers')
    .description('webhook triggers that start (or release) flow runs: create, list, sign a test delivery, read the delivery log, rotate');

  triggers
    .command('create <flowId>')
    .description('creates a webhook trigger that starts the flow on each delivery; prints its secret, once')
    .option('--scheme <scheme>', 'svc, codehost or pubsub', 'svc')
    .option('--principal <seat>', 'the seat runs execute as (default: you)')
    .option('--events <list>', 'comma-separated event filter (dotted prefixes)')
    .option('--path <dotted>', 'input mapping: lift one value')
    .option('--field <name=path...>', 'input mapping: build an object (repeatable)')
    .option('--release <dotted>', 'a releaser: each delivery releases the run waiting on the key at this path, instead of starting a run')
    .option('--audience <aud>', 'pubsub: the token audience')
    .option('--email <sa>', 'pubsub: the service account email')
    .action(
      async (
        flowId: string,
        o: {
          scheme: string;
          principal?: string;
          events?: string;
          path?: string;
          field?: string[];
          release?: string;
          audience?: string;
          email?: string;
        },
        cmd: Command,
      ) => {
        const fields = o.field
          ? Object.fromEntries(
              o.field.map((f) => {
                const i = f.indexOf('=');
                if (i < 1) throw new CliError(`--field ${f}: use name=dotted.path`, 2);
                return [f.slice(0, i), f.slice(i + 1)];
              }),
            )
          : undefined;
        const body = {
          flowId,
          scheme: o.scheme,
          ...(o.principal ? { principal: o.principal } : {}),
          ...(o.events ? { events: csv(o.events) } : {}),
          ...(o.path ? { input: { path: o.path } } : fields ? { input: { fields } } : {}),
          ...(o.release ? { release: { key: o.release } } : {}),
          ...(o.audience || o.email
            ? { config: { ...(o.audience ? { audience: o.audience } : {}), ...(o.email ? { serviceAccountEmail: o.email } : {}) } }
            : {}),
        };
        const minted = await apiOk<TriggerMinted>(env, 'POST', '/flows/triggers', body);
        printResult(cmd, minted, mintedLines('created', minted));
      },
    );

  triggers
    .command('list')
    .description('lists the webhook triggers you may see (never a secret)')
    .action(async (_o, cmd: Command) => {
      const body = await apiOk<{ triggers: TriggerView[] }>(env, 'GET', '/flows/triggers');
      printList(cmd, body, body.triggers, TRIGGER_COLUMNS, '(no triggers)');
    });

  triggers
    .command('deliveries [triggerId]')
    .description('lists deliveries the triggers received, newest first, and what each did (never bodies)')
    .option('--limit <n>', 'how many', '50')
    .action(async (triggerId: string | undefined, o: { limit: string }, cmd: Command) => {
      const qs = new URLSearchParams({ limit: o.limit, ...(triggerId ? { triggerId } : {}) });
      const body = await apiOk<{ deliveries: DeliveryView[] }>(env, 'GET', `/flows/triggers/deliveries?${qs}`);
      printList(cmd, body, body.deliveries, DELIVERY_COLUMNS, '(no deliveries)');
    });

  triggers
    .command('rotate <id>')
    .description('gives a trigger a new secret (printed once); the old one stops verifying at once')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const minted = await apiOk<TriggerMinted>(env, 'POST', '/flows/triggers/rotate', { id });
      printResult(cmd, minted, mintedLines('rotated the secret of', minted));
    });
  for (const [name, enabled, what] of [
    ['enable', true, 'lets a trigger accept deliveries again'],
    ['disable', false, 'makes a trigger refuse deliveries (403) until enabled'],
  ] as const)
    triggers
      .command(`${name} <id>`)
      .description(what)
      .action(async (id: string, _o: unknown, cmd: Command) => {
        const r = await apiOk<{ trigger: TriggerView }>(env, 'POST', '/flows/triggers/enabled', { id, enabled });
        printResult(cmd, r, `trigger ${r.trigger.id} ${r.trigger.enabled ? 'enabled' : 'disabled'}`);
      });
  triggers
    .command('delete <id>')
    .description('removes a trigger: its hook path answers 404 from then on')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const r = await apiOk<{ id: string }>(env, 'POST', '/flows/triggers/delete', { id });
      printResult(cmd, r, `deleted trigger ${r.id}`);
    });

  triggers
    .command('curl <id>')
    .description('prints a ready, signed curl command that delivers --body to a trigger (its secret from stdin or --secret-env)')
    .option('--body <json>', 'the JSON body', '{}')
    .option('--body-file <file>', 'read the body from a file')
    .option('--secret-env <VAR>', 'read the secret from this environment variable instead of stdin')
    .option('--event <type>', 'codehost: the X-Codehost-Event header', 'ping')
    .option('--key <key>', 'the delivery key (default: a fresh UUID)')
    .action(async (id: string, o: { body: string; bodyFile?: string; secretEnv?: string; event: string; key?: string }) => {
      const list = await apiOk<{ triggers: TriggerView[] }>(env, 'GET', '/flows/triggers');
      const trigger = list.triggers.find((t) => t.id === id);
      if (!trigger) throw new CliError(`no trigger ${id}`);
      if (trigger.scheme === 'pubsub')
        throw new CliError("a pubsub delivery carries the provider's OIDC token; it cannot be signed here", 2);
      const body = o.bodyFile ? readFileSync(o.bodyFile, 'utf8') : o.body;
      try {
        JSON.parse(body);
      } catch {
        throw new CliError('--body must be JSON', 2);
      }
      const secret = (o.secretEnv ? process.env[o.secretEnv] : readFileSync(0, 'utf8'))?.trim();
      if (!secret)
        throw new CliError(o.secretEnv ? `${o.secretEnv} is empty or unset` : 'pipe the secret on stdin or name it with --secret-env', 2);
      const key = o.key ?? randomUUID();
      const headers: string[] = ['content-type: application/json'];
      if (trigger.scheme === 'svc') {
        const ts = Math.floor(Date.now() / 1000);
        headers.push(`X-Svc-Timestamp: ${ts}`, `X-Svc-Signature: ${signSvc(secret, ts, body)}`, `Idempotency-Key: ${key}`);
      } else {
        headers.push(`X-Hub-Signature-256: ${signCodehost(secret, body)}`, `X-Codehost-Delivery: ${key}`, `X-Codehost-Event: ${o.event}`);
      }
      const url = `${env.url}${trigger.hookPath}`;
      process.stdout.write(`curl -sS -X POST ${q(url)} ${headers.map((h) => `-H ${q(h)}`).join(' ')} --data-binary ${q(body)}\n`);
    });
}
