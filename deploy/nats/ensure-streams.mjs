#!/usr/bin/env node
/**
 * Creates the JetStream streams and work-queue consumers svc uses, with `--replicas`
 * copies (default: SVC_STREAM_REPLICAS, else 3), and scales existing ones up to that count.
 *
 *   node deploy/nats/ensure-streams.mjs [--replicas N]   # needs `npm run build`; reads NATS_URL,
 *                                                        # NATS_CREDS and the other NATS_* auth
 *                                                        # and TLS settings, SVC_BUS_PREFIX,
 *                                                        # SVC_ACK_WAIT_MS, SVC_EVT_MAX_*
 *   node deploy/nats/ensure-streams.mjs --print          # the definitions as JSON (streams.json)
 *
 * Why: svc creates what is missing (with SVC_STREAM_REPLICAS copies) and accepts what already
 * exists as it is (bus/jetstream-setup.ts: look, create if missing). Streams created by an
 * earlier version or with SVC_STREAM_REPLICAS unset keep 1 copy until something scales them up:
 * this script does, and can create everything before the first svc process starts. The
 * definitions are the product's own (dist/bus/jetstream-setup.js), so nothing here can drift
 * from what a worker creates. Idempotent. Used by the svc-streams Job in deploy/k8s/nats.yaml.
 */
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

const dist = new URL('../../dist/', import.meta.url);
let setup, subjects, config, wire;
try {
  [setup, subjects, config, wire] = await Promise.all([
    import(new URL('bus/jetstream-setup.js', dist).href),
    import(new URL('bus/subjects.js', dist).href),
    import(new URL('runtime/config.js', dist).href),
    import(new URL('bus/wire.js', dist).href),
  ]);
} catch (err) {
  process.stderr.write(`ensure-streams: cannot load the product from ${dist.pathname} (run \`npm run build\`): ${err.message}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const print = args.includes('--print');
const at = args.indexOf('--replicas');
const rawReplicas = at >= 0 ? args[at + 1] : (process.env.SVC_STREAM_REPLICAS ?? '3');
const replicas = Number(rawReplicas);
if (![1, 3, 5].includes(replicas)) {
  process.stderr.write(`ensure-streams: replicas must be 1, 3 or 5 (got "${rawReplicas}")\n`);
  process.exit(2);
}

let cfg;
try {
  cfg = config.loadConfig(
    print
      ? { ...process.env, SVC_ACK_WAIT_MS: undefined, NATS_URL: undefined, SVC_EVT_MAX_BYTES: undefined, SVC_EVT_MAX_AGE: undefined }
      : process.env,
  );
} catch (err) {
  process.stderr.write(`ensure-streams: ${err.message}\n`);
  process.exit(2);
}
const n = subjects.names(cfg.busPrefix);
const ackWaitMs = print ? wire.DEFAULT_ACK_WAIT_MS : cfg.ackWaitMs;

const streams = setup.streamConfigs(n, replicas, undefined, cfg.eventLimits);
const consumers = subjects.ACTORS.map((actor) => ({ stream: n.commandStream, config: setup.consumerConfig(n, actor, ackWaitMs) }));

if (print) {
  const doc = {
    $comment:
      'What svc creates on JetStream for SVC_BUS_PREFIX=' +
      n.prefix +
      ' (bus/jetstream-setup.ts), with the replica count deploy/ uses. ' +
      'Durations are nanoseconds (JetStream API). Regenerate: npm run build && SVC_BUS_PREFIX=' +
      n.prefix +
      ' node deploy/nats/ensure-streams.mjs --print > deploy/nats/streams.json',
    prefix: n.prefix,
    replicas,
    streams,
    consumers,
  };
  process.stdout.write(JSON.stringify(doc, null, 2) + '\n');
  process.exit(0);
}

if (cfg.natsUrl === undefined) {
  process.stderr.write('ensure-streams: NATS_URL is not set\n');
  process.exit(2);
}
const servers = cfg.natsUrl
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const nc = await connect({ ...cfg.nats.connectOptions(), servers, name: 'svc-ensure-streams', timeout: 10_000 });
try {
  const jsm = await jetstreamManager(nc);

  /** Creates a stream, or scales an existing one up to `replicas`. */
  async function ensure(config) {
    const info = await jsm.streams.info(config.name).catch((err) => {
      if (/stream not found/i.test(String(err?.message))) return undefined;
      throw err;
    });
    if (info === undefined) {
      await jsm.streams.add(config);
      return `${config.name}: created (${replicas} replicas)`;
    }
    const have = info.config.num_replicas || 1;
    if (have < replicas) {
      await jsm.streams.update(config.name, { ...info.config, num_replicas: replicas });
      return `${config.name}: scaled from ${have} to ${replicas} replicas`;
    }
    return `${config.name}: exists (${have} replicas)`;
  }

  for (const s of streams) console.log(await ensure(s));

  // Consumers follow their stream's replica count (num_replicas unset).
  for (const c of consumers) {
    const exists = await jsm.consumers.info(c.stream, c.config.durable_name).then(
      () => true,
      () => false,
    );
    if (!exists) await jsm.consumers.add(c.stream, c.config);
    console.log(`${c.stream}/${c.config.durable_name}: ${exists ? 'exists' : 'created'}`);
  }
} finally {
  await nc.close();
}
