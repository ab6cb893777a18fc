/**
 * The process's Prometheus metrics (prom-client), one registry per process. Hot paths only bump
 * a counter or observe a histogram here; anything that needs a query (consumer lag, outbox depth,
 * open gates, pool use) is read when a scraper asks, through the sources a running process
 * registers with `onScrape`. Labels are bounded by construction: route patterns, verbs, actor,
 * flow and server names, outcome codes; never a run id, a raw URL or free text.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();

let defaults = false;
/** Process metrics (CPU, memory, event-loop lag, handles); started once, whoever asks first. */
export function startProcessMetrics(): void {
  if (defaults) return;
  defaults = true;
  collectDefaultMetrics({ register: registry, prefix: 'svc_' });
}

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LONG_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export const httpDuration = new Histogram({
  name: 'svc_http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status, and how long each took (its _count is the request count)',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export type CommandEvent = 'published' | 'consumed' | 'acked' | 'nacked' | 'redelivered' | 'dead_lettered' | 'poisoned';
export const commands = new Counter({
  name: 'svc_bus_commands_total',
  help: 'commands by actor, verb and what happened: published, consumed, acked, nacked, redelivered, dead_lettered, poisoned',
  labelNames: ['actor', 'verb', 'event'] as const,
  registers: [registry],
});

export const runs = new Counter({
  name: 'svc_runs_total',
  help: 'flow runs by flow and what happened: started, completed, failed, parked, cancelled',
  labelNames: ['flow', 'event'] as const,
  registers: [registry],
});

export const stepDuration = new Histogram({
  name: 'svc_step_duration_seconds',
  help: 'flow steps executed, by kind and result (done, park, fail), and how long each took',
  labelNames: ['kind', 'result'] as const,
  buckets: LONG_SECONDS,
  registers: [registry],
});

export const webhookDeliveries = new Counter({
  name: 'svc_webhook_deliveries_total',
  help: 'webhook deliveries by trigger scheme and outcome: accepted, duplicate, skipped, or the rejection code',
  labelNames: ['scheme', 'outcome'] as const,
  registers: [registry],
});

export const mcpCalls = new Histogram({
  name: 'svc_mcp_call_duration_seconds',
  help: 'external MCP tool calls by server and outcome, and how long each took (its _count is the call count)',
  labelNames: ['server', 'outcome'] as const,
  buckets: LONG_SECONDS,
  registers: [registry],
});

export const modelCalls = new Counter({
  name: 'svc_model_calls_total',
  help: 'model calls by provider, model and outcome (ok, failed)',
  labelNames: ['provider', 'model', 'outcome'] as const,
  registers: [registry],
});

export const modelTokens = new Counter({
  name: 'svc_model_tokens_total',
  help: 'model tokens by provider, model and direction (input, output)',
  labelNames: ['provider', 'model', 'direction'] as const,
  registers: [registry],
});

export const modelMicroDollars = new Counter({
  name: 'svc_model_micro_dollars_total',
  help: 'model spend in micro-dollars by provider and model (priced calls only)',
  labelNames: ['provider', 'model'] as const,
  registers: [registry],
});

export const rateLimited = new Counter({
  name: 'svc_rate_limited_total',
  help: 'requests answered 429 rate_limited, by limit (api, hooks)',
  labelNames: ['limit'] as const,
  registers: [registry],
});

/** What a running process can tell at scrape time; every field is optional (a gateway has no consumers of its own). */
export interface ScrapeReadings {
  consumers?: Partial<Record<string, { pending: number; ackPending: number; redelivered: number }>>;
  gatesOpen?: number;
  outbox?: { depth: number; oldestAgeSeconds: number };
  pool?: { used: number; free: number; pending: number; max: number };
}

type Source = () => Promise<ScrapeReadings>;
let source: Source | undefined;

/** The process's one scrape source (main/system.ts); the returned function removes it again. */
export function onScrape(fn: Source): () => void {
  source = fn;
  return () => {
    if (source === fn) source = undefined;
  };
}

const consumerPending = new Gauge({
  name: 'svc_bus_consumer_pending',
  help: 'commands waiting in an actor work queue, not yet delivered (JetStream consumer info, read at scrape)',
  labelNames: ['actor'] as const,
  registers: [registry],
});
const consumerAckPending = new Gauge({
  name: 'svc_bus_consumer_ack_pending',
  help: 'commands delivered to a worker and not yet acked, per actor (read at scrape)',
  labelNames: ['actor'] as const,
  registers: [registry],
});
const consumerRedelivered = new Gauge({
  name: 'svc_bus_consumer_redelivered',
  help: 'commands of an actor delivered more than once and still unacked (read at scrape)',
  labelNames: ['actor'] as const,
  registers: [registry],
});
const gatesOpen = new Gauge({ name: 'svc_gates_open', help: 'human gates waiting for an answer (read at scrape)', registers: [registry] });
const outboxDepth = new Gauge({
  name: 'svc_audit_outbox_depth',
  help: 'audit events stored but not yet on the event stream (read at scrape)',
  registers: [registry],
});
const outboxAge = new Gauge({
  name: 'svc_audit_outbox_oldest_age_seconds',
  help: 'age of the oldest audit event not yet on the event stream; 0 when none waits (read at scrape)',
  registers: [registry],
});
const pool = new Gauge({
  name: 'svc_store_pool_connections',
  help: 'database pool connections by state: used, free, pending (acquires waiting), max',
  labelNames: ['state'] as const,
  registers: [registry],
});

/** Bounded: a slow database or NATS must not hold a scrape (Prometheus times out at 10 s by default). */
const SCRAPE_MS = 2_000;

async function readSource(): Promise<ScrapeReadings> {
  if (source === undefined) return {};
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      source().catch(() => ({})),
      new Promise<ScrapeReadings>((r) => {
        timer = setTimeout(() => r({}), SCRAPE_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The Prometheus text exposition of everything above, the scrape-time readings refreshed first. */
export async function exposition(): Promise<string> {
  const r = await readSource();
  consumerPending.reset();
  consumerAckPending.reset();
  consumerRedelivered.reset();
  for (const [actor, c] of Object.entries(r.consumers ?? {})) {
    if (c === undefined) continue;
    consumerPending.set({ actor }, c.pending);
    consumerAckPending.set({ actor }, c.ackPending);
    consumerRedelivered.set({ actor }, c.redelivered);
  }
  if (r.gatesOpen !== undefined) gatesOpen.set(r.gatesOpen);
  if (r.outbox !== undefined) {
    outboxDepth.set(r.outbox.depth);
    outboxAge.set(r.outbox.oldestAgeSeconds);
  }
  if (r.pool !== undefined) for (const [state, n] of Object.entries(r.pool)) pool.set({ state }, n);
  return registry.metrics();
}

export const CONTENT_TYPE = registry.contentType;

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);
const statusText: string[] = [];

/** One HTTP request answered; `route` is the matched pattern (`/runs/:id`), undefined when none matched. */
export function observeHttp(route: string | undefined, method: string, status: number, seconds: number): void {
  httpDuration.observe(
    {
      route: route ?? 'unmatched',
      method: METHODS.has(method) ? method : 'other',
      status: (statusText[status] ??= String(status)),
    },
    seconds,
  );
}

/** A label from a name a caller or a server chose (a model name): kept short and plain, or replaced. */
export function boundedLabel(value: string): string {
  return /^[A-Za-z0-9._:@/-]{1,64}$/.test(value) ? value : 'other';
}
