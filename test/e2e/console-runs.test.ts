/**
 * The console in headless chromium against one system on NATS and PostgreSQL: the operator signs
 * in, a run parks on a human gate and appears in the runs list live, its page draws the flow
 * with the parked step marked, the assigned seat answers from its inbox in another browser
 * context, and the operator's run page shows the run complete without a reload. Every page
 * passes axe, loads nothing from elsewhere and breaks no CSP rule; the tokens never appear in a
 * URL, the server's log or localStorage.
 */
import t from 'tap';
import { req } from '../helpers/http.js';
import { startSystem } from '../helpers/system.js';
import { skipUnless } from '../helpers/services.js';
import { checkPage, launch, openPage, signIn } from '../helpers/browser.js';
import { FlowAttempt } from '../../store/entities/FlowAttempt.js';

const skip = (await skipUnless('postgres', 'nats')) ?? false;
const OPERATOR = 'op-console-token-0123456789';
const ALICE = 'alice-console-token-0123456789';

const FLOW = {
  id: 'ship',
  title: 'ship',
  trigger: 'manual',
  scope: { level: 'org' },
  steps: [
    { id: 'plan', kind: 'model', prompt: 'Plan a release of {{input}}' },
    {
      id: 'ok',
      kind: 'human',
      prompt: 'Ship {{input}}?',
      assignee: 'alice',
      options: [
        { id: 'yes', label: 'Ship', port: 'done' },
        { id: 'no', label: 'Hold', port: null },
      ],
    },
    { id: 'done', kind: 'model', prompt: 'Announce {{input}}' },
  ],
};

t.test('a gated run from the list to its live completion', { skip }, async (t) => {
  const sys = await startSystem(t, {
    nats: true,
    postgres: true,
    env: { SVC_ORCH_TOKEN: OPERATOR, SVC_IDENTITIES: JSON.stringify([{ token: ALICE, seat: 'alice', kind: 'human' }]) },
  });
  const api = async (method: string, path: string, body?: unknown): Promise<any> => (await req(sys.url, method, path, body, OPERATOR)).body;
  const browser = await launch(t);

  // The shell: a strict CSP, no inline script.
  const shell = await fetch(`${sys.url}/ui/`);
  t.equal(shell.status, 200, 'the console is served at /ui/');
  const csp = shell.headers.get('content-security-policy') ?? '';
  t.match(csp, /default-src 'self'/, 'default-src is self');
  t.notMatch(csp, /unsafe-inline|unsafe-eval|https?:/, 'no inline scripts, no eval, no other host');
  t.notMatch(await shell.text(), /<script(?![^>]*\bsrc=)[^>]*>/, 'the page holds no inline script');
  t.equal((await fetch(`${sys.url}/whoami`)).status, 401, '/whoami needs the token');

  const op = await openPage(browser, sys.url);
  await op.page.goto(`${sys.url}/ui/`);
  await checkPage(t, op, 'signin');
  // A wrong token is refused on the form and never echoed.
  await op.page.getByLabel(/Bearer token/).fill('wrong-token-0123456789');
  await op.page.getByRole('button', { name: 'Sign in' }).click();
  await op.page.getByRole('alert').waitFor();
  t.notMatch(await op.page.getByRole('alert').textContent(), /wrong-token/, 'the refusal does not repeat the token');

  await signIn(op, sys.url, OPERATOR);
  t.match(await op.page.getByTestId('who').textContent(), /operator/, 'the operator is shown who they are');

  t.equal((await api('POST', '/flows', { flow: FLOW })).id, 'ship', 'the flow is saved');
  await op.page.goto(`${sys.url}/ui/#/runs`);
  await op.page.getByTestId('runs').waitFor();
  // The run starts while the list is open: it appears without a reload.
  const started = await api('POST', '/flows/run', { id: 'ship', input: 'v1.2' });
  t.equal(started.status, 'waiting', 'the run parks on the gate');
  const row = op.page.locator(`[data-run="${started.id}"]`);
  await row.waitFor({ timeout: 15_000 });
  // The row appears with the run's start and changes with its park: two live events, which a
  // loaded machine may deliver a moment apart. Waited for, then checked (a row that never
  // changes fails here).
  await op.page
    .locator(`[data-run="${started.id}"]`, { hasText: /waiting.*human_gate at ok/ })
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  t.match(await row.textContent(), /waiting.*human_gate at ok/, 'listed as waiting at the gate');
  await checkPage(t, op, 'runs');

  await row.getByRole('link').click();
  await op.page.getByTestId('graph').waitFor();
  const node = (id: string) => op.page.locator(`[data-testid="graph"] [data-step="${id}"]`);
  t.equal(await node('ok').getAttribute('data-state'), 'parked', 'the parked step is highlighted');
  t.equal(await node('plan').getAttribute('data-state'), 'done', 'the step before it is done');
  t.ok(await op.page.locator('[data-edge="ok->done"] text', { hasText: 'yes' }).count(), 'edges are labelled with their ports');
  t.ok(await op.page.locator('[data-edge="plan->ok"].taken').count(), 'the path taken is highlighted');
  await checkPage(t, op, 'run-parked');
  // Marks this document: if the page reloaded, the mark would be gone.
  await op.page.evaluate(() => ((window as unknown as { mark: number }).mark = 42));

  // The assignee answers from its own inbox, in another browser context.
  const alice = await openPage(browser, sys.url);
  await signIn(alice, sys.url, ALICE);
  t.match(await alice.page.getByTestId('who').textContent(), /alice/, 'alice is shown as alice');
  await alice.page.goto(`${sys.url}/ui/#/gates`);
  const card = alice.page.locator(`[data-testid="gates"] li`, { hasText: 'Ship v1.2?' });
  await card.waitFor();
  await checkPage(t, alice, 'gates');
  await card.getByRole('button', { name: 'Ship' }).click();
  await alice.page.getByTestId('outcome').waitFor();
  t.match(await alice.page.getByTestId('outcome').textContent(), /resolved/, 'the gate rule says resolved');

  // The operator's run page follows the run to its end, live.
  await op.page.locator('.meta .status', { hasText: 'completed' }).waitFor({ timeout: 15_000 });
  t.equal(await node('done').getAttribute('data-state'), 'done', 'the last step is done');
  t.equal(await op.page.evaluate(() => (window as unknown as { mark?: number }).mark), 42, 'without a reload');
  await checkPage(t, op, 'run-completed');

  // An attempt left open (a worker that died inside a side effect) is shown as needing reconcile.
  await sys.store.em().insert(FlowAttempt, {
    key: 'att-left-open',
    runId: started.id,
    stepId: 'done',
    worker: 'w-gone',
    openedAt: new Date(),
    closedAt: null,
    outcome: null,
  });
  await op.page.reload();
  await op.page.getByTestId('reconcile').waitFor();
  t.match(await op.page.getByTestId('reconcile').textContent(), /done.*needs reconcile.*att-left-open/, 'named with its key');
  t.equal(await node('done').getAttribute('data-state'), 'reconcile', 'and marked on the graph');

  for (const cp of [op, alice]) {
    t.same(cp.offences, [], 'no request left svc and no CSP rule broke');
    t.notOk(
      cp.urls.some((u) => u.includes(OPERATOR) || u.includes(ALICE)),
      'no token in any URL',
    );
    const stored = await cp.page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie);
    t.notOk(stored.includes(OPERATOR) || stored.includes(ALICE), 'no token in localStorage or a cookie');
  }
  const log = sys.logs.join('');
  t.notOk(log.includes(OPERATOR) || log.includes(ALICE), 'no token in the server log');
});
