/**
 * The Prometheus alert rules (deploy/prometheus/svc-alerts.yaml) and the Grafana dashboard
 * (deploy/grafana/svc-dashboard.json) against what GET /metrics really exports: every metric a
 * query names is one the process registers (kernel/metrics.ts, with the process metrics under the
 * same prefix), and every label a query matches, groups or prints is one that metric carries or
 * one the scraper adds. A renamed metric or label then fails here, not silently on a dashboard.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import type { Test } from 'tap';
import { load } from 'js-yaml';
import { repoPath } from '../helpers/paths.js';
import { registry, startProcessMetrics } from '../../kernel/metrics.js';

type Obj = Record<string, any>;

startProcessMetrics();
/** Every series name the process exports, with the labels it carries. */
const SERIES = new Map<string, Set<string>>();
for (const m of await registry.getMetricsAsJSON()) {
  const labels = new Set<string>((registry.getSingleMetric(m.name) as unknown as { labelNames?: string[] }).labelNames ?? []);
  if (String(m.type) === 'histogram') {
    SERIES.set(`${m.name}_bucket`, new Set([...labels, 'le']));
    SERIES.set(`${m.name}_sum`, labels);
    SERIES.set(`${m.name}_count`, labels);
  } else SERIES.set(m.name, labels);
}
/** Labels Prometheus adds to every scraped series (the ServiceMonitor's target labels). */
const TARGET_LABELS = new Set(['job', 'instance', 'namespace', 'pod', 'service', 'container', 'endpoint']);

/** The metric names an expression uses and the labels it refers to. */
function read(expr: string): { metrics: string[]; labels: string[] } {
  const metrics = [...expr.matchAll(/\b(svc_[a-z0-9_]+)\b/g)].map((m) => m[1]!);
  const labels: string[] = [];
  for (const m of expr.matchAll(/\{([^}]*)\}/g)) for (const l of m[1]!.matchAll(/(\w+)\s*(=~|!~|!=|=)/g)) labels.push(l[1]!);
  for (const m of expr.matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g))
    labels.push(
      ...m[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
  return { metrics, labels };
}

function checkExpr(t: Test, where: string, expr: string, printed: string[] = []): void {
  const { metrics, labels } = read(expr);
  t.ok(metrics.length > 0, `${where}: queries an svc metric`);
  for (const m of metrics) t.ok(SERIES.has(m), `${where}: ${m} is exported by GET /metrics`);
  const carried = new Set([...TARGET_LABELS, ...metrics.flatMap((m) => [...(SERIES.get(m) ?? [])])]);
  for (const l of [...labels, ...printed]) t.ok(carried.has(l), `${where}: label ${l} is on ${metrics.join(', ')} or added by the scrape`);
}

t.test('the exported names this test checks against are the real ones', async (t) => {
  t.ok(SERIES.has('svc_bus_commands_total'), 'the command counter');
  t.ok(SERIES.has('svc_http_request_duration_seconds_count'), "a histogram's count");
  t.ok(SERIES.has('svc_process_cpu_seconds_total'), 'the process metrics, under the svc_ prefix');
  t.notOk(SERIES.has('svc_bus_commands'), 'and nothing invented');
  t.same([...SERIES.get('svc_bus_consumer_pending')!], ['actor']);
});

t.test('alert rules: well formed, on exported metrics and labels', async (t) => {
  const doc = load(readFileSync(repoPath('deploy/prometheus/svc-alerts.yaml'), 'utf8')) as Obj;
  const rules: Obj[] = (doc.groups as Obj[]).flatMap((g) => {
    t.ok(g.name && Array.isArray(g.rules) && g.rules.length > 0, `group ${g.name} has rules`);
    return g.rules;
  });
  const names = rules.map((r) => r.alert);
  t.same(
    names.filter((n, i) => names.indexOf(n) !== i),
    [],
    'alert names are unique',
  );
  for (const r of rules) {
    t.match(r.alert, /^[A-Z][A-Za-z0-9]+$/, `${r.alert}: a name`);
    t.type(r.expr, 'string', `${r.alert}: an expression`);
    t.ok(['warning', 'critical'].includes(r.labels?.severity), `${r.alert}: a severity`);
    t.ok(r.annotations?.summary && r.annotations?.description, `${r.alert}: summary and description`);
    if (r.for !== undefined) t.match(r.for, /^[0-9]+[smh]$/, `${r.alert}: a duration`);
    // Annotations may print labels the expression keeps.
    const printed = [...`${r.annotations.summary} ${r.annotations.description}`.matchAll(/\$labels\.(\w+)/g)].map((m) => m[1]!);
    checkExpr(t, r.alert, r.expr, printed);
  }
  // What an operator needs paged on.
  const uses = (re: RegExp) => rules.some((r) => re.test(r.expr));
  t.ok(uses(/svc_bus_consumer_ack_pending/), 'stuck consumers');
  t.ok(uses(/svc_bus_consumer_pending/), 'consumer lag');
  t.ok(uses(/svc_bus_commands_total\{[^}]*dead_lettered/), 'dead letters');
  t.ok(uses(/svc_audit_outbox_oldest_age_seconds/), 'the audit outbox age');
  t.ok(uses(/svc_http_request_duration_seconds_count\{[^}]*status=~"5/), 'the HTTP 5xx rate');
});

t.test('dashboard: every panel queries exported metrics and labels', async (t) => {
  const dash = JSON.parse(readFileSync(repoPath('deploy/grafana/svc-dashboard.json'), 'utf8')) as Obj;
  t.ok(dash.title && dash.uid, 'a title and a uid');
  const panels = (dash.panels as Obj[]).filter((p) => p.type !== 'row');
  t.ok(panels.length >= 10, `${panels.length} panels`);
  const ids = (dash.panels as Obj[]).map((p) => p.id);
  t.equal(new Set(ids).size, ids.length, 'panel ids are unique');
  for (const p of panels) {
    t.ok(p.gridPos && p.datasource, `${p.title}: placed, with a data source`);
    t.ok(p.targets?.length > 0, `${p.title}: has queries`);
    for (const q of p.targets ?? []) {
      const printed = [...String(q.legendFormat ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
      checkExpr(t, `${p.title} ${q.refId}`, q.expr, printed);
    }
  }
  for (const v of dash.templating?.list ?? []) if (v.type === 'query') checkExpr(t, `variable ${v.name}`, v.query);
});
