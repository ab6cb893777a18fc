/**
 * deploy/k8s and deploy/nats/streams.json against the code they deploy: the roles the product
 * has, the environment it reads (schemas/config.ts), where secrets come from, and the JetStream
 * names and definitions bus/ creates.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { ROOT } from '../helpers/paths.js';
import { loadAll } from 'js-yaml';
import { EnvSchema } from '../../schemas/config.js';
import { loadConfig } from '../../runtime/config.js';
import { ACTORS, names } from '../../bus/subjects.js';
import { commandStreamConfig, consumerConfig, eventStreamConfig } from '../../bus/jetstream-setup.js';
import { DEFAULT_ACK_WAIT_MS } from '../../bus/wire.js';

const K8S = join(ROOT, 'deploy/k8s');
const KNOWN_ENV = new Set(Object.keys(EnvSchema.properties));
/** Variables whose values are secrets: never inline, never in a ConfigMap. */
const SECRET_ENV = ['SVC_ORCH_TOKEN', 'DATABASE_URL', 'SVC_SESSION_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY'];
const looksSecret = (name: string) => SECRET_ENV.includes(name) || /TOKEN|SECRET|PASSWORD|API_KEY|SESSION_KEY/.test(name);

// Loosely typed Kubernetes objects: the test checks the shape itself.
type Obj = Record<string, any>;
interface Doc extends Obj {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  file: string;
}

const docs: Doc[] = [];
const files = readdirSync(K8S)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
for (const file of files) {
  for (const d of loadAll(readFileSync(join(K8S, file), 'utf8'))) {
    if (d !== null && d !== undefined) docs.push({ ...(d as Doc), file });
  }
}

const find = (kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata?.name === name);
const workloads = () => docs.filter((d) => ['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob'].includes(d.kind));
const podSpec = (w: Doc): Obj => (w.kind === 'CronJob' ? w.spec.jobTemplate.spec.template.spec : w.spec.template.spec);
const podLabels = (w: Doc): Record<string, string> =>
  (w.kind === 'CronJob' ? w.spec.jobTemplate.spec.template.metadata?.labels : w.spec.template.metadata?.labels) ?? {};
/** Pods that run the product (as opposed to NATS itself). */
const productWorkloads = () => workloads().filter((w) => podLabels(w)['app.kubernetes.io/name'] === 'svc');
const argv = (c: Obj): string[] => [...(c.command ?? []), ...(c.args ?? [])].map(String);
/** A probe's port, named or numbered, as a number. */
const portNumber = (c: Obj, port: unknown): number | undefined =>
  typeof port === 'number' ? port : (c.ports ?? []).find((p: Obj) => p.name === port)?.containerPort;

t.test('every manifest parses into Kubernetes objects', async (t) => {
  t.same(
    files.filter((f) => ['gateway.yaml', 'worker.yaml', 'configmap.yaml', 'secret.example.yaml'].includes(f)).length,
    4,
    `found ${files.join(', ')}`,
  );
  for (const d of docs) {
    t.ok(d.apiVersion && d.kind && d.metadata?.name, `${d.file}: ${d.kind}/${d.metadata?.name} has apiVersion, kind and metadata.name`);
  }
  const ids = docs.map((d) => `${d.kind}/${d.metadata.name}`);
  t.same(
    ids.filter((id, i) => ids.indexOf(id) !== i),
    [],
    'no object is defined twice',
  );
});

t.test('the gateway Deployment', async (t) => {
  const gw = find('Deployment', 'svc-gateway');
  if (!gw) return t.fail('Deployment svc-gateway is missing');
  t.equal(gw.spec.replicas, 2);
  t.match(gw.spec.template.metadata.labels, gw.spec.selector.matchLabels, 'the selector matches the pod labels');
  const containers: Obj[] = podSpec(gw).containers;
  t.equal(containers.length, 1);
  const c = containers[0]!;
  const cmd = argv(c);
  t.ok(cmd.includes('dist/cli/main.js'), `runs the svc program (${cmd.join(' ')})`);
  t.equal(cmd.at(-1), 'gateway', 'role gateway');

  const ready = c.readinessProbe?.httpGet;
  t.equal(ready?.path, '/readyz', 'readiness probe GET /readyz');
  t.equal(portNumber(c, ready?.port), 8788, 'readiness probe on port 8788');
  t.ok(c.livenessProbe, 'has a liveness probe');
  t.equal(c.livenessProbe?.httpGet?.path, '/livez', 'liveness is /livez, which checks no dependency: an outage must not restart the pod');
  t.equal(portNumber(c, c.livenessProbe?.httpGet?.port), 8788, 'liveness on 8788');
  t.ok(
    (c.ports ?? []).some((p: Obj) => p.containerPort === 8788),
    'exposes container port 8788',
  );

  for (const kind of ['requests', 'limits']) {
    t.ok(c.resources?.[kind]?.cpu, `resources.${kind}.cpu`);
    t.ok(c.resources?.[kind]?.memory, `resources.${kind}.memory`);
  }
  t.ok(podSpec(gw).terminationGracePeriodSeconds > 30, 'the grace period outlasts the 30 s drain');

  const envRefs = Object.fromEntries((c.env ?? []).map((e: Obj) => [e.name, e.valueFrom?.secretKeyRef]));
  for (const name of ['SVC_ORCH_TOKEN', 'DATABASE_URL', 'SVC_SESSION_KEY']) {
    t.ok(envRefs[name]?.name && envRefs[name]?.key, `${name} comes from a secretKeyRef`);
  }

  const service = docs.find((d) => d.kind === 'Service' && d.spec?.selector?.['app.kubernetes.io/component'] === 'gateway');
  if (!service) return t.fail('no Service selects the gateway pods');
  t.match(gw.spec.template.metadata.labels, service.spec.selector, 'the Service selects the gateway pods');
  const target = service.spec.ports?.[0]?.targetPort;
  t.equal(portNumber(c, target), 8788, 'the Service targets port 8788');
});

t.test('the worker Deployment', async (t) => {
  const w = find('Deployment', 'svc-worker');
  if (!w) return t.fail('Deployment svc-worker is missing');
  t.equal(w.spec.replicas, 2);
  t.match(w.spec.template.metadata.labels, w.spec.selector.matchLabels, 'the selector matches the pod labels');
  const c: Obj = podSpec(w).containers[0];
  const cmd = argv(c);
  t.ok(cmd.includes('dist/cli/main.js'), `runs the svc program (${cmd.join(' ')})`);
  t.ok(cmd.includes('worker'), 'role worker');
  t.notOk(cmd.includes('gateway') || cmd.includes('serve'), 'and no other role');
  // The worker's only listener is its health port (SVC_WORKER_HEALTH_PORT); probes must use it.
  const healthPort = Number((c.env ?? []).find((e: Obj) => e.name === 'SVC_WORKER_HEALTH_PORT')?.value);
  t.ok(healthPort > 0, 'SVC_WORKER_HEALTH_PORT is set, so the worker answers GET /health');
  t.same(
    (c.ports ?? []).map((p: Obj) => p.containerPort),
    [healthPort],
    'exposes only the health port',
  );
  const ready = c.readinessProbe?.httpGet;
  t.equal(ready?.path, '/readyz', 'readiness probe GET /readyz');
  t.equal(portNumber(c, ready?.port), healthPort, 'readiness probe on the health port');
  t.equal(c.livenessProbe?.httpGet?.path, '/livez', 'liveness is /livez, which checks no dependency');
  t.equal(portNumber(c, c.livenessProbe?.httpGet?.port), healthPort, 'liveness on the health port');
  t.equal(portNumber(c, c.startupProbe?.tcpSocket?.port ?? c.startupProbe?.httpGet?.port), healthPort, 'startup probe on the health port');
  for (const kind of ['requests', 'limits']) {
    t.ok(c.resources?.[kind]?.cpu, `resources.${kind}.cpu`);
    t.ok(c.resources?.[kind]?.memory, `resources.${kind}.memory`);
  }
  t.ok(podSpec(w).terminationGracePeriodSeconds > 30, 'the grace period outlasts the 30 s drain');
});

t.test('every environment variable the manifests set is one the product reads', async (t) => {
  const product = productWorkloads();
  t.ok(product.length >= 2, 'found the product workloads');
  for (const w of product) {
    for (const c of [...(podSpec(w).containers ?? []), ...(podSpec(w).initContainers ?? [])] as Obj[]) {
      const where = `${w.kind}/${w.metadata.name} container ${c.name}`;
      for (const e of c.env ?? []) t.ok(KNOWN_ENV.has(e.name), `${where}: env ${e.name} is in EnvSchema`);
      for (const from of c.envFrom ?? []) {
        t.notOk(from.secretRef, `${where}: no envFrom secretRef (name each secret variable explicitly)`);
        if (!from.configMapRef) continue;
        t.notOk(from.prefix, `${where}: no envFrom prefix`);
        const cm = find('ConfigMap', from.configMapRef.name);
        if (!cm) {
          t.fail(`${where}: ConfigMap ${from.configMapRef.name} is not in deploy/k8s`);
          continue;
        }
        for (const key of Object.keys(cm.data ?? {})) t.ok(KNOWN_ENV.has(key), `ConfigMap ${cm.metadata.name}: ${key} is in EnvSchema`);
      }
    }
  }
});

t.test('the ConfigMap is a configuration the product accepts', async (t) => {
  const cm = find('ConfigMap', 'svc-config');
  if (!cm) return t.fail('ConfigMap svc-config is missing');
  const data: Record<string, string> = cm.data ?? {};
  for (const [k, v] of Object.entries(data)) t.type(v, 'string', `${k} is a string (quote numbers in YAML)`);
  const config = loadConfig({
    ...data,
    SVC_ORCH_TOKEN: 'x'.repeat(32),
    DATABASE_URL: 'postgres://svc@db:5432/svc',
    SVC_SESSION_KEY: 'ab'.repeat(32),
  });
  t.equal(config.port, 8788);
  t.ok(config.natsUrl, 'NATS_URL is set');
  t.equal(config.natsUrl!.split(',').length, 3, 'NATS_URL lists the three NATS nodes');

  const nats = find('StatefulSet', 'svc-nats');
  if (nats) {
    const expected = Array.from(
      { length: nats.spec.replicas },
      (_, i) => `nats://${nats.metadata.name}-${i}.${nats.spec.serviceName}:4222`,
    );
    t.same(config.natsUrl!.split(','), expected, 'NATS_URL names the StatefulSet pods');
  }
});

t.test('no secret value is inline', async (t) => {
  for (const w of workloads()) {
    for (const c of [...(podSpec(w).containers ?? []), ...(podSpec(w).initContainers ?? [])] as Obj[]) {
      for (const e of c.env ?? []) {
        if (!looksSecret(e.name)) continue;
        t.notOk('value' in e, `${w.kind}/${w.metadata.name}: ${e.name} has no inline value`);
        t.ok(
          e.valueFrom?.secretKeyRef?.name && e.valueFrom?.secretKeyRef?.key,
          `${w.kind}/${w.metadata.name}: ${e.name} comes from a secretKeyRef`,
        );
      }
      for (const e of c.env ?? []) {
        if ('value' in e)
          t.notMatch(String(e.value), /:\/\/[^/\s:@]+:[^/\s@]+@/, `${w.kind}/${w.metadata.name}: ${e.name} holds no URL with a password`);
      }
    }
  }
  for (const cm of docs.filter((d) => d.kind === 'ConfigMap')) {
    for (const [k, v] of Object.entries(cm.data ?? {})) {
      t.notOk(looksSecret(k), `ConfigMap ${cm.metadata.name} holds no secret variable (${k})`);
      t.notMatch(String(v), /:\/\/[^/\s:@]+:[^/\s@]+@/, `ConfigMap ${cm.metadata.name}: ${k} holds no URL with a password`);
    }
  }

  // Every secretKeyRef names a Secret and key of secret.example.yaml (optional refs may be absent).
  const secrets = docs.filter((d) => d.kind === 'Secret');
  for (const s of secrets) {
    t.equal(s.file, 'secret.example.yaml', `Secret ${s.metadata.name} is only an example`);
    t.notOk(s.data, `Secret ${s.metadata.name} has no base64 data (placeholders in stringData only)`);
    for (const [k, v] of Object.entries(s.stringData ?? {}))
      t.match(String(v), /REPLACE_ME/, `Secret ${s.metadata.name}: ${k} is a placeholder`);
  }
  for (const w of workloads()) {
    for (const c of podSpec(w).containers as Obj[]) {
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (!ref || ref.optional) continue;
        const s = secrets.find((x) => x.metadata.name === ref.name);
        t.ok(
          s && ref.key in (s.stringData ?? {}),
          `${w.kind}/${w.metadata.name}: ${e.name} -> ${ref.name}/${ref.key} is in secret.example.yaml`,
        );
      }
    }
  }
});

t.test('deploy/nats/streams.json is what bus/ creates', async (t) => {
  const doc = JSON.parse(readFileSync(join(ROOT, 'deploy/nats/streams.json'), 'utf8'));
  const n = names('svc');
  const regen = 'regenerate: npm run build && SVC_BUS_PREFIX=svc node deploy/nats/ensure-streams.mjs --print > deploy/nats/streams.json';
  t.equal(doc.prefix, n.prefix);

  const streams = Object.fromEntries((doc.streams as Obj[]).map((s) => [s.name, s]));
  t.same(
    Object.keys(streams).sort(),
    [n.commandStream, n.eventStream, n.deadLetterStream, n.nakStream].sort(),
    'the command, event, dead-letter and nak-count streams',
  );
  const cmd = streams[n.commandStream]!;
  const evt = streams[n.eventStream]!;
  t.same(cmd.subjects, [`${n.prefix}.cmd.>`], `${n.commandStream} covers ${n.prefix}.cmd.>`);
  t.equal(cmd.retention, 'workqueue');
  t.same(evt.subjects, [n.eventFilter()], `${n.eventStream} covers ${n.eventFilter()}`);
  t.equal(evt.retention, 'limits');

  const consumers = doc.consumers as Obj[];
  t.same(consumers.map((c) => c.config.durable_name).sort(), ACTORS.map((a) => n.consumer(a)).sort(), 'one durable consumer per actor');
  for (const actor of ACTORS) {
    const c = consumers.find((x) => x.config.durable_name === n.consumer(actor));
    t.equal(c?.stream, n.commandStream, `${n.consumer(actor)} is on ${n.commandStream}`);
    t.equal(c?.config.filter_subject, n.commandFilter(actor), `${n.consumer(actor)} filters ${n.commandFilter(actor)}`);
    t.equal(c?.config.ack_policy, 'explicit');
    t.same(
      c?.config,
      JSON.parse(JSON.stringify(consumerConfig(n, actor, DEFAULT_ACK_WAIT_MS))),
      `${n.consumer(actor)} as bus/ defines it (${regen})`,
    );
  }

  t.notOk('kv' in doc, `no KV bucket: claims are unique keys in the store (${regen})`);

  t.same(cmd, JSON.parse(JSON.stringify(commandStreamConfig(n, doc.replicas))), `${n.commandStream} as bus/ defines it (${regen})`);
  t.same(evt, JSON.parse(JSON.stringify(eventStreamConfig(n, doc.replicas))), `${n.eventStream} as bus/ defines it (${regen})`);

  t.equal(doc.replicas, 3, 'deploy/ keeps 3 copies of everything');
  for (const s of doc.streams as Obj[]) t.equal(s.num_replicas, 3, `${s.name} has 3 replicas`);
  t.equal(
    find('ConfigMap', 'svc-config')?.data?.SVC_STREAM_REPLICAS,
    String(doc.replicas),
    'the pods create streams with the same replica count (SVC_STREAM_REPLICAS)',
  );
  const nats = find('StatefulSet', 'svc-nats');
  if (nats) t.ok(doc.replicas <= nats.spec.replicas, 'no more replicas than NATS nodes');
});

t.test('the NATS nodes load the users and permissions of deploy/nats/permissions.conf', async (t) => {
  const text = readFileSync(join(ROOT, 'deploy/nats/permissions.conf'), 'utf8');
  const cm = find('ConfigMap', 'svc-nats-config');
  if (!cm) return t.fail('ConfigMap svc-nats-config is missing');
  t.equal(cm.data?.['permissions.conf'], text, 'the ConfigMap holds deploy/nats/permissions.conf as it is');
  t.match(cm.data?.['nats.conf'], /^\s*include \.\/permissions\.conf$/m, 'nats.conf includes it');
  t.match(
    readFileSync(join(ROOT, 'deploy/nats/cluster.conf.tmpl'), 'utf8'),
    /^include \.\/permissions\.conf$/m,
    'cluster.sh nodes include it',
  );
  // Each password the file reads from the environment reaches the NATS pods from the Secret.
  const nats = find('StatefulSet', 'svc-nats');
  const env = new Set<string>((nats?.spec.template.spec.containers[0].env ?? []).map((e: Obj) => e.name));
  const wanted = [...text.matchAll(/password: \$([A-Z_]+)/g)].map((m) => m[1]!);
  t.ok(wanted.length >= 3, 'the file names a password variable per user');
  for (const v of wanted) t.ok(env.has(v), `the NATS pods get ${v}`);
  // Each product workload logs in as a user the file defines.
  const users = new Set([...text.matchAll(/user: ([a-z-]+)/g)].map((m) => m[1]!));
  for (const w of productWorkloads()) {
    const c = podSpec(w).containers[0] as Obj;
    const user = (c.env ?? []).find((e: Obj) => e.name === 'NATS_USER')?.value;
    t.ok(users.has(user), `${w.kind}/${w.metadata.name} connects as a permissions.conf user (${user})`);
  }
});
