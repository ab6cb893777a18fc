/**
 * The console's builder, triggers, dead letters and event tail in headless chromium against one
 * system: a three-step flow built from empty with the keyboard alone (a validator error shown on
 * the step it names on the way), saved, compared with what the API returns and run; a trigger
 * created with its secret shown once, a delivery signed with it arriving in the delivery log
 * (the page's own curl line is run too); a dead letter replayed. Every page passes axe and
 * loads nothing from elsewhere.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import t, { type Test } from 'tap';
import { startSystem } from '../helpers/system.js';
import { req } from '../helpers/http.js';
import { checkPage, launch, openPage, signIn } from '../helpers/browser.js';
import { svcHeaders } from '../helpers/triggers.js';
import { clientOf } from '../../bus/verbs.js';

const OPERATOR = 'op-builder-token-0123456789';

t.test('builder, triggers, dead letters and events', async (t) => {
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OPERATOR, SVC_SESSION_KEY: 'b'.repeat(64) } });
  const api = async (method: string, path: string, body?: unknown): Promise<any> => (await req(sys.url, method, path, body, OPERATOR)).body;
  const browser = await launch(t);
  const cp = await openPage(browser, sys.url);
  const { page } = cp;
  page.on('dialog', (d) => void d.accept());
  await signIn(cp, sys.url, OPERATOR);
  const kb = page.keyboard;
  /** Focuses a control and works it with keys only. */
  const typeInto = async (selector: string, text: string): Promise<void> => {
    await page.locator(selector).focus();
    await kb.press('Control+A');
    await kb.type(text);
  };
  const press = async (name: string | RegExp): Promise<void> => {
    await page.getByRole('button', { name, exact: typeof name === 'string' }).focus();
    await kb.press('Enter');
  };
  const chooseKind = async (t: Test, kind: string): Promise<void> => {
    await page.locator('#add-kind').focus();
    await kb.type(kind);
    t.equal(await page.locator('#add-kind').inputValue(), kind, `the ${kind} kind is chosen by typing`);
  };

  await t.test('a three-step flow from empty, by keyboard', async (t) => {
    await page.goto(`${sys.url}/ui/#/builder`);
    await page.getByTestId('builder-status').getByText('Opened an empty flow.').waitFor();
    await typeInto('#flow-id', 'kb-flow');
    await typeInto('#flow-title', 'keyboard flow');
    await press('Add step');
    await typeInto('#f-prompt', 'Summarise {{input}}');
    await chooseKind(t, 'tool');
    await press('Add step');
    await page.getByTestId('step-error').waitFor();
    t.match(await page.getByTestId('step-error').textContent(), /^step tool2: /, 'the validator names the step while editing');
    t.ok(await page.locator('[data-testid="steps"] li.invalid[data-step="tool2"]').count(), 'the step is marked in the list');
    t.ok(await page.getByRole('button', { name: 'Save' }).isDisabled(), 'an invalid flow is not saved');
    await press('Remove tool2');
    await chooseKind(t, 'branch');
    await press('Add step');
    await typeInto('#f-input', '{{steps.model1.text}}');
    await page.locator('#f-op').focus();
    await kb.type('truthy');
    await chooseKind(t, 'model');
    await press('Add step');
    await typeInto('#f-prompt', 'Report on {{input}}');
    await press('Move model3 up');
    t.same(await page.locator('[data-testid="steps"] li').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-step'))), [
      'model1',
      'model3',
      'branch2',
    ]);
    await press('Move model3 down');
    const order = await page.locator('[data-testid="steps"] li').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-step')));
    t.same(order, ['model1', 'branch2', 'model3'], 'reordered by keyboard');
    await checkPage(t, cp, 'builder');
    await press('Save');
    await page.getByTestId('builder-status').getByText('Saved kb-flow.').waitFor();

    const saved = (await api('GET', '/flows')).flows.find((f: { id: string }) => f.id === 'kb-flow');
    t.ok(saved, 'the API has the flow');
    t.equal(await page.locator('#json').inputValue(), JSON.stringify(saved.flow, null, 2), 'the JSON view is what the API saved');
    t.match(saved.flow.steps, [{ id: 'model1', kind: 'model' }, { id: 'branch2', kind: 'branch', op: 'truthy' }, { id: 'model3' }]);

    // Opened again, the builder shows the API's JSON byte for byte.
    await page.goto(`${sys.url}/ui/#/builder/kb-flow`);
    await page.getByTestId('builder-status').getByText('Opened saved flow kb-flow.').waitFor();
    t.equal(await page.locator('#json').inputValue(), JSON.stringify(saved.flow, null, 2), 'the round trip is exact');
    // An edit in the JSON view reaches the form.
    const edited = { ...saved.flow, title: 'edited in json' };
    await page.locator('#json').fill(JSON.stringify(edited, null, 2));
    t.equal(await page.locator('#flow-title').inputValue(), 'edited in json', 'the form follows the JSON view');
    await press('Save');
    await page.getByTestId('builder-status').getByText('Saved kb-flow.').waitFor();
    await typeInto('#run-input', 'the quarter');
    await press('Run');
    await page.getByTestId('graph').waitFor();
    await page.locator('.meta .status', { hasText: 'completed' }).waitFor({ timeout: 15_000 });
    t.match(page.url(), /#\/run\/run-/, 'the console went to the run');
    t.equal((await api('GET', '/flows')).flows.find((f: { id: string }) => f.id === 'kb-flow').flow.title, 'edited in json');
  });

  await t.test('a trigger, its secret once, a signed delivery in the log', async (t) => {
    await api('POST', '/flows', {
      flow: {
        id: 'on-push',
        title: 'on push',
        trigger: 'webhook',
        scope: { level: 'org' },
        steps: [{ id: 'note', kind: 'model', prompt: 'Review {{input}}' }],
      },
    });
    await page.goto(`${sys.url}/ui/#/triggers`);
    await typeInto('input[name="flowId"]', 'on-push');
    await kb.press('Enter');
    await page.getByTestId('secret').waitFor();
    const secret = (await page.getByTestId('secret-value').textContent())!;
    const id = (await page.locator('[data-trigger]').first().getAttribute('data-trigger'))!;
    t.match(secret, /\S{16,}/, 'the secret is shown');
    await checkPage(t, cp, 'triggers-secret');
    const raw = JSON.stringify({ repo: 'acme/app' });
    const key = `delivery-${randomUUID()}`;
    const res = await fetch(`${sys.url}/hooks/${id}`, { method: 'POST', body: raw, headers: svcHeaders(secret, raw, { key }) });
    t.equal(res.status, 202, 'the signed delivery is accepted');
    await page.locator(`[data-delivery="${key}"]`).waitFor({ timeout: 10_000 });
    t.match(await page.locator(`[data-delivery="${key}"]`).textContent(), /accepted/, 'the delivery log shows it, live');
    // The page's own curl line is a working delivery.
    const line = (await page.getByTestId('curl').textContent())!;
    const out = await promisify(execFile)('sh', ['-c', line]);
    t.match(out.stdout, /"accepted":true/, 'the ready curl line delivers');
    await press('I have kept it');
    t.equal(await page.getByTestId('secret').count(), 0, 'the secret is gone from the page once kept');
    t.notOk((await page.content()).includes(secret), 'and shown nowhere else');
    await checkPage(t, cp, 'triggers');
  });

  await t.test('a dead letter replayed', async (t) => {
    await clientOf(sys.bus, 'run').recover.send({ force: true } as never, { msgId: `bad-${randomUUID()}`, traceId: 'console-dlq' });
    await page.goto(`${sys.url}/ui/#/dlq`);
    const letter = page.locator('[data-letter]').first();
    await letter.waitFor({ timeout: 10_000 });
    const id = (await letter.getAttribute('data-letter'))!;
    await letter.getByRole('button', { name: 'Show' }).click();
    t.match(await letter.locator('pre').textContent(), /console-dlq/, 'a dead letter shows its command');
    await checkPage(t, cp, 'dlq');
    await letter.getByRole('button', { name: 'Replay' }).click();
    await page.getByTestId('replayed').waitFor();
    t.match(await page.getByTestId('replayed').textContent(), new RegExp(`Replayed ${id}: run\\.recover`), 'replayed');
    await page.locator(`[data-letter="${id}"]`).waitFor({ state: 'detached' });
    t.pass('the replayed letter left the list');
  });

  await t.test('the event tail', async (t) => {
    await page.goto(`${sys.url}/ui/#/events`);
    await page.getByText('Tailing the event stream.').waitFor();
    await api('POST', '/flows/run', { id: 'kb-flow', input: 'tail' });
    await page.locator('[data-testid="events"] tbody tr', { hasText: 'RunProgress' }).first().waitFor({ timeout: 10_000 });
    await page.getByLabel('Type').fill('FlowRun');
    t.ok(
      (await page.locator('[data-testid="events"] tbody tr').allTextContents()).every((r) => r.includes('FlowRun')),
      'filtered by type',
    );
    await checkPage(t, cp, 'events');
  });

  t.same(cp.offences, [], 'no request left svc and no CSP rule broke');
  t.notOk(
    cp.urls.some((u) => u.includes(OPERATOR)),
    'no token in any URL',
  );
  t.notOk(sys.logs.join('').includes(OPERATOR), 'no token in the server log');
});
