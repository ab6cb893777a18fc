/**
 * The Helm chart under deploy/helm/svc, rendered without helm by test/helpers/helm-render.ts
 * (which refuses any template construct it does not implement). deploy/helm/rendered.yaml is the
 * chart rendered with deploy/helm/rendered.values.yaml, kept in the repository so a reviewer sees
 * what a change to a template produces; this test fails when it drifts. Regenerate it with
 *   UPDATE_RENDERED=1 npx tap test/unit/deploy-helm.test.ts
 *
 * The rendered objects are checked field by field (no Kubernetes schema set is installed): what
 * each kind must have, that selectors, ports and secret references point at things that exist,
 * that the probes are /livez and /readyz, that the environment is one the product accepts, and
 * that the migration Job is a pre-install/pre-upgrade hook that runs after its Secret exists.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import t from 'tap';
import { load, loadAll } from 'js-yaml';
import { repoPath } from '../helpers/paths.js';
import { Chart, renderTemplate, TemplateError } from '../helpers/helm-render.js';
import { EnvSchema } from '../../schemas/config.js';
import { loadConfig } from '../../runtime/config.js';

type Obj = Record<string, any>;
const KNOWN_ENV = new Set(Object.keys(EnvSchema.properties));
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|API_KEY|SESSION_KEY|PRIVATE_KEY|DATABASE_URL/;
const RELEASE = { name: 'svc', namespace: 'svc' };

const chart = new Chart(repoPath('deploy/helm/svc'));
const exampleValues = load(readFileSync(repoPath('deploy/helm/rendered.values.yaml'), 'utf8')) as Obj;
const objects = (text: string): Obj[] => loadAll(text).filter((d): d is Obj => d !== null && d !== undefined);
const render = (overrides: Obj = exampleValues) => objects(chart.render(RELEASE, overrides));
const find = (docs: Obj[], kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata?.name === name);
const podSpec = (w: Obj): Obj => w.spec.template.spec;
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  selector !== undefined && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

t.test('deploy/helm/rendered.yaml is what the chart renders', async (t) => {
  const text = chart.render(RELEASE, exampleValues);
  const path = repoPath('deploy/helm/rendered.yaml');
  if (process.env['UPDATE_RENDERED'] === '1') writeFileSync(path, text);
  t.equal(readFileSync(path, 'utf8'), text, 'regenerate: UPDATE_RENDERED=1 npx tap test/unit/deploy-helm.test.ts');
});

const docs = render();

t.test('every object has what its kind requires', async (t) => {
  const ids = docs.map((d) => `${d.kind}/${d.metadata?.name}`);
  t.same(
    [...ids].sort(),
    [
      'Deployment/svc-gateway',
      'Deployment/svc-worker',
      'HorizontalPodAutoscaler/svc-gateway',
      'HorizontalPodAutoscaler/svc-worker',
      'Ingress/svc',
      'Job/svc-migrate',
      'NetworkPolicy/svc-gateway',
      'NetworkPolicy/svc-worker',
      'PodDisruptionBudget/svc-gateway',
      'PodDisruptionBudget/svc-worker',
      'Secret/svc-secrets',
      'Service/svc-gateway',
      'Service/svc-worker',
      'ServiceMonitor/svc',
    ],
    'the objects of a release',
  );
  const apiVersions: Record<string, string> = {
    Deployment: 'apps/v1',
    Service: 'v1',
    Secret: 'v1',
    Job: 'batch/v1',
    HorizontalPodAutoscaler: 'autoscaling/v2',
    PodDisruptionBudget: 'policy/v1',
    NetworkPolicy: 'networking.k8s.io/v1',
    Ingress: 'networking.k8s.io/v1',
    ServiceMonitor: 'monitoring.coreos.com/v1',
  };
  for (const d of docs) {
    const id = `${d.kind}/${d.metadata?.name}`;
    t.equal(d.apiVersion, apiVersions[d.kind], `${id}: apiVersion`);
    t.match(d.metadata?.name, /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, `${id}: metadata.name is a DNS label`);
    t.ok(d.metadata.name.length <= 63, `${id}: at most 63 characters`);
    t.equal(d.metadata?.labels?.['app.kubernetes.io/instance'], RELEASE.name, `${id}: labelled with the release`);
    t.notOk('namespace' in d.metadata, `${id}: no namespace of its own (helm -n decides)`);
  }
});

t.test('the workloads: image, role, probes, security, drain', async (t) => {
  const roles: Record<string, { args: string[]; port: string }> = {
    'svc-gateway': { args: ['gateway'], port: 'http' },
    'svc-worker': { args: ['worker'], port: 'health' },
  };
  for (const [name, want] of Object.entries(roles)) {
    const d = find(docs, 'Deployment', name);
    if (!d) {
      t.fail(`Deployment ${name}`);
      continue;
    }
    t.ok(matches(d.spec.selector?.matchLabels, d.spec.template.metadata?.labels), `${name}: the selector matches its pods`);
    t.notOk('replicas' in d.spec, `${name}: no replicas while its HPA decides`);
    const spec = podSpec(d);
    t.ok(spec.terminationGracePeriodSeconds > 30, `${name}: the grace period outlasts the 30 s drain`);
    t.equal(spec.securityContext?.runAsNonRoot, true, `${name}: runAsNonRoot`);
    t.equal(spec.securityContext?.runAsUser, 10001, `${name}: the image's uid`);
    t.equal(spec.containers.length, 1, `${name}: one container`);
    const c = spec.containers[0];
    t.match(c.image, /^[^\s:]+:[^\s:]+$/, `${name}: image with a tag (${c.image})`);
    t.notOk(c.command, `${name}: no command, so the image's init (tini) stays PID 1`);
    t.same(c.args, want.args, `${name}: role ${want.args.join(' ')}`);
    t.equal(c.securityContext?.readOnlyRootFilesystem, true, `${name}: read-only root filesystem`);
    t.equal(c.securityContext?.allowPrivilegeEscalation, false, `${name}: no privilege escalation`);
    const tmp = (c.volumeMounts ?? []).find((m: Obj) => m.mountPath === '/tmp');
    t.ok(tmp && (spec.volumes ?? []).some((v: Obj) => v.name === tmp.name && v.emptyDir), `${name}: /tmp is an emptyDir`);
    t.ok(
      (c.ports ?? []).some((p: Obj) => p.name === want.port),
      `${name}: names its port ${want.port}`,
    );
    t.same(c.readinessProbe?.httpGet, { path: '/readyz', port: want.port }, `${name}: readiness GET /readyz`);
    t.same(c.livenessProbe?.httpGet, { path: '/livez', port: want.port }, `${name}: liveness GET /livez (checks no dependency)`);
    t.ok(c.startupProbe, `${name}: a startup probe covers the boot's migrations`);
    for (const kind of ['requests', 'limits']) t.ok(c.resources?.[kind]?.cpu && c.resources?.[kind]?.memory, `${name}: resources.${kind}`);
  }
  const worker = podSpec(find(docs, 'Deployment', 'svc-worker')!).containers[0];
  const healthPort = worker.env.find((e: Obj) => e.name === 'SVC_WORKER_HEALTH_PORT')?.value;
  t.equal(
    Number(healthPort),
    worker.ports.find((p: Obj) => p.name === 'health').containerPort,
    'the worker answers on the port it is probed on',
  );
  const gateway = podSpec(find(docs, 'Deployment', 'svc-gateway')!).containers[0];
  const apiPort = gateway.env.find((e: Obj) => e.name === 'SVC_ORCH_PORT')?.value;
  t.equal(
    Number(apiPort),
    gateway.ports.find((p: Obj) => p.name === 'http').containerPort,
    'the gateway listens on the port it is probed on',
  );
});

const secret = find(docs, 'Secret', 'svc-secrets')!;
const containers = () =>
  docs.filter((d) => ['Deployment', 'Job'].includes(d.kind)).flatMap((w) => podSpec(w).containers.map((c: Obj) => ({ w, c })));

t.test('the environment is one the product reads and accepts; secrets only by reference', async (t) => {
  for (const { w, c } of containers()) {
    const where = `${w.kind}/${w.metadata.name}`;
    const env: Record<string, string> = {};
    for (const e of c.env ?? []) {
      t.ok(KNOWN_ENV.has(e.name), `${where}: ${e.name} is declared in schemas/config.ts`);
      if (SECRET_NAME.test(e.name)) {
        t.notOk('value' in e, `${where}: ${e.name} has no inline value`);
        const ref = e.valueFrom?.secretKeyRef;
        t.equal(ref?.name, secret.metadata.name, `${where}: ${e.name} comes from the release's Secret`);
        if (!ref?.optional) t.ok(ref && ref.key in secret.stringData, `${where}: ${e.name} -> key ${ref?.key} exists`);
      } else env[e.name] = e.value;
    }
    t.notOk(c.envFrom, `${where}: every variable is named`);
    const config = loadConfig({
      ...env,
      DATABASE_URL: 'postgres://svc@db:5432/svc',
      SVC_SESSION_KEY: 'ab'.repeat(32),
      SVC_ORCH_TOKEN: 'x'.repeat(32),
    });
    t.equal(config.natsUrl?.split(',').length, 3, `${where}: NATS_URL lists the three NATS nodes`);
    t.equal(config.databaseSchema, 'svc', `${where}: schema svc`);
  }
  const values = load(readFileSync(repoPath('deploy/helm/svc/values.yaml'), 'utf8')) as Obj;
  for (const [k, v] of Object.entries(values.secrets as Obj))
    if (k !== 'existingSecret') t.equal(v, '', `values.yaml holds no secret (secrets.${k} is empty)`);
  for (const [k, v] of Object.entries(secret.stringData as Obj))
    t.match(String(v), /REPLACE_ME/, `the rendered example Secret holds a placeholder (${k})`);
});

t.test('the migration Job runs `svc migrate` before install and upgrade, after its Secret exists', async (t) => {
  const job = find(docs, 'Job', 'svc-migrate');
  if (!job) return t.fail('Job svc-migrate');
  const hooks = String(job.metadata.annotations?.['helm.sh/hook']).split(',');
  t.ok(hooks.includes('pre-install') && hooks.includes('pre-upgrade'), `a pre-install and pre-upgrade hook (${hooks.join(',')})`);
  t.match(job.metadata.annotations?.['helm.sh/hook-delete-policy'], /before-hook-creation/, 'an earlier run is replaced, not conflicting');
  const c = podSpec(job).containers[0];
  t.same(c.args, ['migrate'], 'runs svc migrate');
  t.ok(['Never', 'OnFailure'].includes(podSpec(job).restartPolicy), 'a Job restart policy');
  t.ok(job.spec.activeDeadlineSeconds > 0, 'bounded in time, so a hung migration fails the release');
  t.equal(c.securityContext?.readOnlyRootFilesystem, true, 'read-only root filesystem');
  // Hooks run before the release's other objects: the Secret it reads must be a hook too, earlier.
  const secretHooks = String(secret.metadata.annotations?.['helm.sh/hook']).split(',');
  t.ok(secretHooks.includes('pre-install') && secretHooks.includes('pre-upgrade'), 'the Secret is created by the same hooks');
  t.ok(
    Number(secret.metadata.annotations['helm.sh/hook-weight']) < Number(job.metadata.annotations['helm.sh/hook-weight']),
    'and before the Job (lower hook weight)',
  );
});

t.test('services, autoscalers, budgets, policies, monitor and ingress point at what exists', async (t) => {
  const deployments = docs.filter((d) => d.kind === 'Deployment');
  const podLabels = (d: Obj) => d.spec.template.metadata.labels as Record<string, string>;
  const portNames = (d: Obj) => podSpec(d).containers.flatMap((c: Obj) => (c.ports ?? []).map((p: Obj) => p.name));
  for (const s of docs.filter((d) => d.kind === 'Service')) {
    const target = deployments.find((d) => matches(s.spec.selector, podLabels(d)));
    t.ok(target, `Service ${s.metadata.name} selects pods`);
    t.ok(
      deployments.filter((d) => matches(s.spec.selector, podLabels(d))).length === 1,
      `Service ${s.metadata.name} selects one Deployment's pods`,
    );
    for (const p of s.spec.ports)
      t.ok(
        target && portNames(target).includes(p.targetPort),
        `Service ${s.metadata.name}: targetPort ${p.targetPort} is a container port`,
      );
  }
  for (const h of docs.filter((d) => d.kind === 'HorizontalPodAutoscaler')) {
    t.ok(find(docs, h.spec.scaleTargetRef.kind, h.spec.scaleTargetRef.name), `HPA ${h.metadata.name} scales an existing Deployment`);
    t.ok(h.spec.minReplicas >= 2 && h.spec.maxReplicas >= h.spec.minReplicas, `HPA ${h.metadata.name}: 2 <= min <= max`);
  }
  for (const p of docs.filter((d) => d.kind === 'PodDisruptionBudget')) {
    t.ok(
      deployments.some((d) => matches(p.spec.selector.matchLabels, podLabels(d))),
      `PDB ${p.metadata.name} covers pods`,
    );
  }
  for (const n of docs.filter((d) => d.kind === 'NetworkPolicy')) {
    const target = deployments.find((d) => matches(n.spec.podSelector.matchLabels, podLabels(d)));
    t.ok(target, `NetworkPolicy ${n.metadata.name} selects pods`);
    const ports = podSpec(target!).containers.flatMap((c: Obj) => c.ports.map((p: Obj) => p.containerPort));
    for (const rule of n.spec.ingress)
      for (const p of rule.ports)
        t.ok(ports.includes(p.port), `NetworkPolicy ${n.metadata.name} opens port ${p.port}, which a container listens on`);
  }
  const monitor = find(docs, 'ServiceMonitor', 'svc')!;
  const monitored = docs.filter((d) => d.kind === 'Service' && matches(monitor.spec.selector.matchLabels, d.metadata.labels));
  t.equal(monitored.length, 2, 'the ServiceMonitor finds the gateway and worker Services');
  for (const e of monitor.spec.endpoints) {
    t.equal(e.path, '/metrics', `scrapes /metrics on ${e.port}`);
    t.ok(
      monitored.some((s) => s.spec.ports.some((p: Obj) => p.name === e.port)),
      `port ${e.port} is on a monitored Service`,
    );
    t.same(e.bearerTokenSecret, { name: secret.metadata.name, key: 'orch-token' }, 'with the operator token (GET /metrics needs it)');
  }
  const ingress = find(docs, 'Ingress', 'svc')!;
  const backend = ingress.spec.rules[0].http.paths[0].backend.service;
  const svc = find(docs, 'Service', backend.name);
  t.ok(
    svc?.spec.ports.some((p: Obj) => p.name === backend.port.name),
    `the Ingress routes to ${backend.name}:${backend.port.name}`,
  );
});

t.test('values change the release the way values.yaml says', async (t) => {
  t.throws(
    () => chart.render(RELEASE, {}),
    new TemplateError('secrets.orchToken (16+ characters) or secrets.existingSecret is required'),
    'no secrets and no existing Secret: refused',
  );

  const existing = render({ secrets: { existingSecret: 'made-elsewhere' } });
  t.notOk(
    existing.some((d) => d.kind === 'Secret'),
    'an existing Secret: the chart makes none',
  );
  const refs = existing
    .filter((d) => ['Deployment', 'Job'].includes(d.kind))
    .flatMap((w) =>
      podSpec(w).containers.flatMap((c: Obj) => c.env.filter((e: Obj) => e.valueFrom).map((e: Obj) => e.valueFrom.secretKeyRef.name)),
    );
  t.ok(refs.length > 0 && refs.every((n) => n === 'made-elsewhere'), 'and every reference names it');

  const fixed = render({
    ...exampleValues,
    gateway: { autoscaling: { enabled: false }, replicas: 3 },
    worker: { autoscaling: { enabled: false } },
  });
  t.equal(find(fixed, 'Deployment', 'svc-gateway')?.spec.replicas, 3, 'without autoscaling the Deployment has replicas');
  t.notOk(
    fixed.some((d) => d.kind === 'HorizontalPodAutoscaler'),
    'and no HPA',
  );

  const bare = render({
    ...exampleValues,
    ingress: { enabled: false },
    networkPolicy: { enabled: false },
    metrics: { serviceMonitor: { enabled: false } },
    migrate: { enabled: false },
  });
  for (const kind of ['Ingress', 'NetworkPolicy', 'ServiceMonitor', 'Job'])
    t.notOk(
      bare.some((d) => d.kind === kind),
      `${kind} can be turned off`,
    );

  const split = render({ ...exampleValues, worker: { actors: 'run,gate' }, image: { tag: '1.2.3' }, fullnameOverride: 'acme' });
  const w = find(split, 'Deployment', 'acme-worker');
  t.same(podSpec(w!).containers[0].args, ['worker', '--actors', 'run,gate'], 'worker.actors splits the actors');
  t.equal(podSpec(w!).containers[0].image, 'ghcr.io/example/svc:1.2.3', 'image.tag overrides the appVersion');
});

t.test('the renderer trims and evaluates as Go templates do', async (t) => {
  // Outputs of Go's text/template for the same inputs, the constructs the chart relies on.
  const one = (src: string, values: Obj = {}) => renderTemplate(src, { Values: values });
  t.equal(one('a\n{{- if .Values.x }}\nb\n{{- end }}\nc', { x: true }), 'a\nb\nc');
  t.equal(one('a\n{{- if .Values.x }}\nb\n{{- end }}\nc', { x: '' }), 'a\nc');
  t.equal(one('{{ .Values.n }} {{ .Values.n | quote }}', { n: 8788 }), '8788 "8788"');
  t.equal(one('x:{{ "a: 1\\nb: 2" | nindent 2 }}'), 'x:\n  a: 1\n  b: 2');
  t.equal(one('{{- range $k, $v := .Values.m }}[{{ $k }}={{ $v }}]{{- end }}', { m: { b: 2, a: 1 } }), '[a=1][b=2]', 'map keys in order');
  t.equal(one('{{ .Values.t | default "d" }}|{{ .Values.e | default "d" }}', { t: 'v', e: '' }), 'v|d');
  t.equal(one('{{ "svc-" | trunc 63 | trimSuffix "-" }}'), 'svc');
  t.throws(() => one('{{ .Values.x | printf "%s" }}'), /not supported/, 'an unknown function is refused, not rendered wrong');
  t.throws(() => one('{{ with .Values.x }}{{ end }}'), /not supported/, 'an unknown action too');
});
