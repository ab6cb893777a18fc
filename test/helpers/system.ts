/**
 * Starts the real product in this test process, the way `svc serve|gateway|worker` would, on
 * port 0, and tears it down (streams and schema included) when the test ends.
 */
import { Writable } from 'node:stream';
import type { Test } from 'tap';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { loadConfig } from '../../runtime/config.js';
import { startProcess, type Running } from '../../main/system.js';
import { createLogger } from '../../runtime/log.js';
import type { Role } from '../../queries/health.js';
import type { ActorName } from '../../bus/subjects.js';
import { names } from '../../bus/subjects.js';
import { TEST_DATABASE_URL, TEST_NATS_URL, uniqueName } from './services.js';
import { EVENT_MISMATCH_LOG } from '../../bus/event-check.js';

export interface SystemOptions {
  role?: Role;
  env?: Record<string, string>;
  actors?: ActorName[];
  /** Run on NATS JetStream with a fresh subject prefix. */
  nats?: boolean | { prefix: string };
  /** Run on PostgreSQL with a fresh schema (or the given one, shared between processes). */
  postgres?: boolean | { schema: string };
  now?: () => number;
  /** Bind every interface, as the product does without SVC_ORCH_HOST (only inside a network namespace). */
  bindAll?: boolean;
  /** The test publishes events that break their schemas on purpose; otherwise one the process refused fails the test. */
  expectEventMismatches?: boolean;
}

export interface TestSystem extends Running {
  readonly url: string;
  /** Every log line this process wrote, for redaction checks. */
  readonly logs: string[];
}

export async function startSystem(t: Test, opts: SystemOptions = {}): Promise<TestSystem> {
  // Every event the system publishes is checked against its schema (a mismatch is refused and logged).
  const env: Record<string, string> = {
    SVC_ORCH_PORT: '0',
    SVC_ORCH_HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SVC_VALIDATE_EVENTS: '1',
    ...opts.env,
  };
  if (opts.bindAll) delete env.SVC_ORCH_HOST;
  if (opts.nats) {
    env.NATS_URL = TEST_NATS_URL;
    env.SVC_BUS_PREFIX = typeof opts.nats === 'object' ? opts.nats.prefix : uniqueName('t');
    if (opts.nats === true) t.teardown(() => dropStreams(env.SVC_BUS_PREFIX!));
  }
  if (opts.postgres) {
    env.DATABASE_URL = TEST_DATABASE_URL;
    env.DATABASE_SCHEMA = typeof opts.postgres === 'object' ? opts.postgres.schema : uniqueName('t_');
    if (opts.postgres === true) t.teardown(() => dropSchema(env.DATABASE_SCHEMA!));
  }
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const config = loadConfig(env);
  const running = await startProcess({
    role: opts.role ?? 'serve',
    config,
    log: createLogger(config.logLevel, sink),
    ...(opts.actors ? { actors: opts.actors } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  t.teardown(() => running.close());
  // An event the process refused for not matching its schema (SVC_VALIDATE_EVENTS) fails the test that caused it.
  if (opts.expectEventMismatches !== true && env.SVC_VALIDATE_EVENTS === '1')
    t.teardown(() => {
      const refused = logs.filter((l) => l.includes(EVENT_MISMATCH_LOG));
      if (refused.length > 0) throw new Error(`events that do not match their schemas were refused:\n${refused.join('')}`);
    });
  return Object.assign(Object.create(running) as Running, running, { url: running.url ?? '', logs }) as TestSystem;
}

/** A schema and bus prefix of the test's own on the real servers, dropped when it ends, and the env a `svc` process needs to use them. */
export function claimReal(t: Test): { prefix: string; schema: string; env: Record<string, string> } {
  const prefix = uniqueName('t');
  const schema = uniqueName('t_');
  t.teardown(() => dropStreams(prefix));
  t.teardown(() => dropSchema(schema));
  return {
    prefix,
    schema,
    env: { NATS_URL: TEST_NATS_URL, DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, SVC_BUS_PREFIX: prefix },
  };
}

export async function dropStreams(prefix: string): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    const n = names(prefix);
    for (const stream of [n.commandStream, n.eventStream, n.deadLetterStream, n.nakStream]) {
      await jsm.streams.delete(stream).catch(() => undefined);
    }
  } finally {
    await nc.close();
  }
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
