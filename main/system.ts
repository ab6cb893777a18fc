/**
 * The composition root: the only place that chooses embedded or NATS, SQLite or PostgreSQL, the
 * model, connectors and chain providers, and which actors this process runs. Each actor is
 * created here from the deps it declares; everything below gets its dependencies injected.
 */
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createBus, names, startMinuteClock } from '../bus/index.js';
import type { Bus, ConsumerHandle } from '../bus/types.js';
import type { ActorName } from '../bus/subjects.js';
import { clientsOf, serveVerbs, type Clients } from '../bus/verbs.js';
import { openStore } from '../store/index.js';
import type { Store } from '../store/types.js';
import { buildGateway } from '../gateway/app.js';
import { chainActor, clockActor, gateActor, heartbeatActor, mcpActor, opsActor, runActor, triggerActor } from '../actors/index.js';
// The webhook ledger's writer, handed to the run actor as its delivery log.
import { acceptedDeliveries } from '../ingress/accepted.js';
import type { AnyActor, KernelDeps, Sweep } from '../actors/actor.js';
import { AppError } from '../schemas/errors.js';
import type { Config } from '../schemas/config.js';
import { createAudit, outboxSweep, type Audit } from '../runtime/audit.js';
import { startHealthServer, type HealthServer } from '../runtime/health-server.js';
import { healthSource, type Role } from '../queries/health.js';
import { createLogger } from '../runtime/log.js';
import { createModelProvider, type MeteredModelProvider } from '../model/index.js';
import { budgetGuard } from '../model/budget-guard.js';
import { orgOf, reportingLine } from '../runtime/org.js';
import { createConnectors, type Connectors } from '../connectors/index.js';
import { chainFor } from '../chain/select.js';
import { chainOrg } from '../chain/org-snapshot.js';
import type { ChainPort } from '../chain/port.js';
import { chainRuntime } from '../chain/runtime.js';
import { chainTarget } from '../chain/target.js';
import { anvilPrivateKey, devSeatKeys } from '../chain/dev/accounts.js';
import { currentBinding, type CurrentBinding } from '../chain/onchain/current.js';
import { intentResolver } from '../chain/onchain/resolve.js';
import { sessionAdmin } from '../chain/onchain/session-admin.js';
import { sessionKeys } from '../chain/onchain/session-keys.js';
import { rootAuthority } from '../identity/root-auth/authority.js';
import { autoExecuteSweep } from '../chain/onchain/auto-execute.js';
import { governanceWrites } from '../chain/onchain/governance-writes.js';
import { processSerial, shareSenders } from '../chain/onchain/serial.js';
import { senderLock } from '../store/sender-lock.js';
import type { AutoExecuteState } from '../queries/health.js';
import { chainIntentsOf } from '../store/chain-intents/index.js';
import { serveDevChain, type ServedDevChain } from '../chain/dev/serve.js';
import type { DeliveryLog } from '../actors/run/webhook-start.js';
import { createEvals, type Evals } from '../evals/service.js';
import { onScrape, startProcessMetrics, type ScrapeReadings } from '../kernel/metrics.js';
import { storeReadings } from '../store/ops-readings.js';

/** Everything an actor may declare: the kernel, the three providers, the clients, the sweeps,
 * and the trigger actor's delivery log, which the run actor writes alongside a webhook run's start. */
interface SystemDeps extends KernelDeps {
  readonly model: MeteredModelProvider;
  readonly connectors: Connectors;
  readonly chain: ChainPort;
  /** The binding of the chain right now (chain/onchain/current.ts): what the treasury indexer reads. */
  readonly chainBinding: CurrentBinding;
  readonly clients: Clients;
  readonly sweeps: () => readonly Sweep[];
  readonly deliveryLog: DeliveryLog;
}

/** Every actor a worker can run; `svc worker --actors` picks from these. */
const ACTORS: readonly AnyActor<SystemDeps>[] = [
  opsActor,
  clockActor,
  runActor,
  gateActor,
  mcpActor,
  triggerActor,
  heartbeatActor,
  chainActor,
];
export const ACTOR_NAMES: readonly ActorName[] = ACTORS.map((a) => a.name);

export interface StartOptions {
  role: Role;
  config: Config;
  /** Actors a worker runs; default all. Ignored for `gateway`. */
  actors?: readonly ActorName[];
  log?: Logger;
  /** Injected clock for the minute windows (tests simulate minutes). */
  now?: () => number;
}

export interface Running {
  readonly role: Role;
  readonly workerId: string;
  readonly url: string | undefined;
  /** A worker's GET /health listener (SVC_WORKER_HEALTH_PORT), when it has one. */
  readonly healthUrl: string | undefined;
  readonly app: FastifyInstance | undefined;
  readonly bus: Bus;
  readonly store: Store;
  readonly audit: Audit;
  readonly log: Logger;
  /** Drains: stops taking HTTP and commands, finishes or naks in-flight work, closes connections. */
  close(): Promise<void>;
}

export async function startProcess(opts: StartOptions): Promise<Running> {
  const { role, config } = opts;
  const log = opts.log ?? createLogger(config.logLevel);
  if (role !== 'serve' && config.natsUrl === undefined) {
    throw new AppError('role_unavailable', {
      message: `svc ${role} needs NATS_URL: without it the bus is embedded (in-process), so only \`svc serve\` makes sense`,
    });
  }
  if (role !== 'serve' && config.databaseUrl === undefined) {
    throw new AppError('role_unavailable', {
      message: `svc ${role} needs DATABASE_URL: without it the store is embedded (in-process, shared with no one), so only \`svc serve\` makes sense`,
    });
  }
  if (role !== 'serve' && config.chain.kind === 'dev') {
    throw new AppError('role_unavailable', {
      message: `svc ${role} cannot run SVC_CHAIN=dev (the dev chain is a child of \`svc serve\`); point it at a chain with SVC_CHAIN_RPC, SVC_CHAIN_ID and SVC_CHAIN_DEPLOYMENT`,
    });
  }
  const unknown = (opts.actors ?? []).filter((a) => !ACTOR_NAMES.includes(a));
  if (unknown.length)
    throw new AppError('role_unavailable', {
      message: `no actor named ${unknown.join(', ')} runs in this build (valid: ${ACTOR_NAMES.join(', ')})`,
    });
  const workerId = `${hostname()}:${process.pid}`;
  // Started first and stopped last: everything below may read it (chain/dev/serve.ts deploys in the background).
  const devChain: ServedDevChain | undefined = config.chain.kind === 'dev' ? await serveDevChain(log) : undefined;
  const devTarget = devChain ? () => devChain.current() : undefined;
  const store = await openStore({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, log }).catch(async (err: unknown) => {
    await devChain?.stop();
    throw err;
  });
  // Two processes on one database may sign with one key: their sends take turns in the database too.
  const lock = senderLock(store);
  const unshareSenders = lock ? shareSenders(lock) : () => undefined;
  const chain = chainRuntime(config.chain, {
    dev: devTarget,
    store,
    org: config.org,
    ...(config.chain.kind === 'dev' ? { devOrchestratorKey: anvilPrivateKey(0) } : {}),
  });
  // With a chain configured, reporting lines are the chain's from the first read on (never SVC_ORG's).
  const org =
    config.chain.kind === 'none' ? undefined : chainOrg({ read: async () => (await chain.reads()).org(), declared: config.org, log });
  let audit: Audit | undefined;
  const bus = createBus({
    servers: config.natsUrl,
    connectOptions: config.nats.connectOptions(),
    eventLimits: config.eventLimits,
    inboxPrefix: names(config.busPrefix).inbox(role),
    names: names(config.busPrefix),
    log,
    ackWaitMs: config.ackWaitMs,
    duplicateWindowMs: config.duplicateWindowMs,
    replicas: config.streamReplicas,
    name: `svc-${role}-${workerId}`,
    retryCapMs: config.retryCapMs,
    beforeAck: (actor, verb) => config.faults.hit('ack.before', `${actor}.${verb}`),
    poisonAfter: config.poisonDeliveries,
    checkEvents: config.validateEvents,
    // Declared before the audit exists: a dead letter stored before it is only logged.
    onDeadLetter: (dl) => {
      const data = {
        id: dl.id,
        subject: dl.subject,
        actor: dl.actor,
        verb: dl.verb,
        msgId: dl.msgId,
        deliveries: dl.deliveries,
        error: dl.error,
      };
      if (audit === undefined) log.warn(data, 'command dead-lettered');
      else
        audit
          .record('CommandDeadLettered', data, dl.traceId)
          .catch((err: unknown) => log.warn({ err, ...data }, 'command dead-lettered; its audit row was not written'));
    },
  });
  try {
    await bus.start();
  } catch (err) {
    await bus.close().catch(() => undefined);
    await store.close();
    await devChain?.stop();
    throw err;
  }
  audit = createAudit({ store, bus, log });
  const intents = intentResolver(chain.binding, {
    heldKeys: () => [...config.chain.heldSeatKeys(), ...(config.chain.kind === 'dev' ? devSeatKeys() : [])],
    rootAuthKind: () => config.rootAuth.kind,
    multisigRoot: () => {
      const { multisig, passkey, relayer } = config.rootAuth;
      return multisig && passkey ? { safe: multisig, publicKey: passkey.publicKey, relayer } : undefined;
    },
    history: () => chainIntentsOf(store),
    audit,
    now: opts.now ?? Date.now,
  });
  const sweeps: Sweep[] = [];
  const now = opts.now ?? Date.now;
  const deps: SystemDeps = {
    config,
    bus,
    store,
    audit,
    log,
    workerId,
    now,
    model: createModelProvider(config, {
      log,
      store,
      now,
      budgets: budgetGuard({
        store,
        audit,
        log,
        now,
        crewsOf: (seat) => reportingLine(orgOf({ config, org: org?.current }), seat).crews,
      }),
    }),
    connectors: createConnectors(config),
    chain: chainFor(config, {
      target: chainTarget(config.chain, devTarget),
      reads: chain.reads,
      resolver: intents,
      store,
      audit,
      log,
      // The dev chain's public keys by role (the demo org): 0 root/orchestrator, 2 issuer. Never logged.
      ...(config.chain.kind === 'dev' ? { devOrchestratorKey: anvilPrivateKey(0), devIssuerKey: anvilPrivateKey(2) } : {}),
    }),
    ...(org ? { org: org.current } : {}),
    chainBinding: currentBinding(config.chain, chainTarget(config.chain, devTarget)),
    clients: clientsOf(bus),
    sweeps: () => sweeps,
    deliveryLog: acceptedDeliveries({ store, bus, log }),
  };

  const consumers: ConsumerHandle[] = [];
  const wanted = new Set(role === 'gateway' ? [] : (opts.actors ?? ACTOR_NAMES));
  const autoExecute = autoExecuteState(config, role !== 'gateway' && wanted.has('clock'));
  // An actor is made where its consumer runs, and every actor where the clock runs (for its sweeps).
  const made = ACTORS.filter((a) => wanted.has(a.name) || wanted.has('clock')).map((a) => ({
    name: a.name,
    verbs: a.verbs,
    concurrency: a.concurrency,
    actor: a.create(deps),
  }));
  const running = made.filter((m) => wanted.has(m.name));
  let stopClock: (() => void) | undefined;
  if (role !== 'gateway') {
    for (const m of running)
      consumers.push(
        await serveVerbs(bus, m.name, m.verbs, m.actor.handlers, { concurrency: m.concurrency, log, onPoisoned: m.actor.onPoisoned }),
      );
    if (wanted.has('clock')) {
      for (const m of made) sweeps.push(...(m.actor.sweeps ?? []));
      sweeps.push(outboxSweep({ store, bus, log }));
      if (autoExecute.on) sweeps.push(autoExecuteSweep({ binding: chain.binding, store, workerId, log }));
    }
    for (const m of running) await m.actor.start?.();
    // Every worker ticks; the bus dedupes the window, so any replica may be the one that lives.
    stopClock = startMinuteClock({ bus, tickMs: config.clockTickMs, log, ...(opts.now ? { now: opts.now } : {}) });
  }

  let app: FastifyInstance | undefined;
  let url: string | undefined;
  let healthServer: HealthServer | undefined;
  const health = healthSource({ config, bus, store, role, chain: chain.status, autoExecute });
  if (config.metrics.enabled) startProcessMetrics();
  // Read when a scraper asks, never on a timer: an idle process costs nothing.
  const stopScrape = onScrape(async (): Promise<ScrapeReadings> => {
    const [consumers, readings] = await Promise.all([bus.lag?.().catch(() => undefined), storeReadings(store).catch(() => undefined)]);
    return { ...(consumers ? { consumers } : {}), ...(readings ?? {}) };
  });
  if (role === 'worker' && config.workerHealthPort !== undefined) {
    healthServer = await startHealthServer(health, config.workerHealthPort, config.host, {
      readiness: health.readiness,
      metrics: config.metrics.enabled ? { public: config.metrics.public, token: config.token } : undefined,
    });
  }
  let evals: Evals | undefined;
  if (role !== 'worker') {
    evals = createEvals({ store, audit, log, config: config.evals });
    // The gateway's own session keys: the ones a rotation issues are sealed in the store (with
    // SVC_SESSION_KEY) where every worker finds them, else held by this process alone.
    const adminBinding = currentBinding(
      config.chain,
      chainTarget(config.chain, devTarget),
      config.chain.kind === 'dev' ? anvilPrivateKey(0) : undefined,
    );
    const admin = sessionAdmin(adminBinding, {
      store,
      keys: sessionKeys({
        store,
        audit,
        serial: processSerial,
        sealingKey: config.sessionKey,
        issuerKey: config.chain.issuerKey() ?? (config.chain.kind === 'dev' ? anvilPrivateKey(2) : undefined),
      }),
    });
    const rootAuth = rootAuthority({ settings: config.rootAuth, store, now });
    app = await buildGateway({
      config,
      log,
      bus,
      store,
      health,
      readiness: health.readiness,
      chain,
      intents,
      rootAuth,
      sessionAdmin: admin,
      evals,
      governance: governanceWrites(chain.bound),
      ...(org ? { org: org.current } : {}),
    });
    url = await listen(app, config);
    if (config.token === undefined)
      log.warn(
        'SVC_ORCH_TOKEN is not set: the HTTP API serves only this machine (loopback callers, Host and Origin localhost; /health and /hooks as always); set SVC_ORCH_TOKEN to serve other hosts',
      );
    if (config.natsUrl === undefined) log.info('no NATS_URL: embedded bus, single process');
    if (config.channelKey === undefined)
      log.info('neither SVC_CHANNEL_SECRET nor SVC_SESSION_KEY is set: reply targets are not signed and every reply from chat is refused');
  }
  // Unlike every other bad setting, an unreadable plan-required rule set does not stop the
  // process: the mode fails open, and says so here and in /health.
  if (config.planRequired.configError) log.warn({ planRequired: 'off' }, config.planRequired.configError);
  else if (config.planRequired.mode !== 'off')
    log.info({ planRequired: config.planRequired.mode, windowMinutes: config.planRequired.windowMs / 60_000 }, 'plan-required mode is on');
  log.info(
    {
      role,
      workerId,
      url,
      ...(healthServer ? { healthUrl: healthServer.url } : {}),
      bus: bus.provider,
      store: store.engine,
      actors: consumers.map((c) => c.actor),
    },
    'svc started',
  );

  let closing: Promise<void> | undefined;
  const handle: Running = {
    role,
    workerId,
    url,
    healthUrl: healthServer?.url,
    app,
    bus,
    store,
    audit,
    log,
    close: () =>
      (closing ??= (async () => {
        stopClock?.();
        stopScrape();
        // A running eval's child dies first; its request answers 503 instead of holding the drain.
        evals?.close();
        org?.stop();
        await app?.close();
        await Promise.all(consumers.map((c) => c.stop(10_000)));
        await bus.close();
        for (const m of running) await m.actor.stop?.();
        unshareSenders();
        await store.close();
        await devChain?.stop();
        // Last: a worker that is still draining must keep answering its liveness probe.
        await healthServer?.close();
        log.info({ role, workerId }, 'svc stopped');
      })()),
  };
  return handle;
}

/** What SVC_AUTO_EXECUTE=1 makes of this process: the sweep runs where the clock does, with a chain and the orchestrator's key. */
function autoExecuteState(config: Config, runsClock: boolean): AutoExecuteState {
  if (!config.autoExecute) return { on: false };
  if (config.chain.kind === 'none') return { on: false, reason: 'no chain is configured' };
  if (config.chain.kind !== 'dev' && config.chain.orchestratorKey() === undefined)
    return { on: false, reason: "no orchestrator key (SVC_ORCH_PRIVATE_KEY): the orchestrator's seat cannot execute" };
  if (!runsClock) return { on: false, reason: 'this process runs no clock: a worker (or svc serve) executes' };
  return { on: true };
}

async function listen(app: FastifyInstance, config: Config): Promise<string> {
  if (config.host !== undefined) return app.listen({ port: config.port, host: config.host });
  try {
    return await app.listen({ port: config.port, host: '::' });
  } catch (err) {
    // A kernel without IPv6 cannot bind '::'; every IPv4 interface is the next best "every interface".
    if ((err as NodeJS.ErrnoException).code !== 'EAFNOSUPPORT' && (err as NodeJS.ErrnoException).code !== 'EADDRNOTAVAIL') throw err;
    return app.listen({ port: config.port, host: '0.0.0.0' });
  }
}
