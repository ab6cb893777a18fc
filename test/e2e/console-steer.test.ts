/**
 * Pause, resume and cancel from the run page in headless chromium, on NATS and PostgreSQL: a run
 * whose model step is held open is paused from its page, parks at the next step boundary once
 * the step is let go and is shown parked without a reload, is resumed and runs to its end;
 * another held run is cancelled through the confirmation dialog (a dismissed dialog changes
 * nothing). The API's state is checked after each action, with the keyboard only.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { startSystem } from '../helpers/system.js';
import { req } from '../helpers/http.js';
import { skipUnless } from '../helpers/services.js';
import { checkPage, launch, openPage, signIn } from '../helpers/browser.js';
import { until } from '../helpers/poll.js';

const skip = (await skipUnless('postgres', 'nats')) ?? false;
const OPERATOR = 'op-steer-token-0123456789';

/** A chat-completions server that answers nothing until told to: a step that lasts as long as the test wants. */
async function heldModel(t: Test) {
  const held: ServerResponse[] = [];
  const answer = (res: ServerResponse): void => {
    if (res.writableEnded) return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'ok' } }], usage: { prompt_tokens: 1, completion_tokens: 1 } }),
    );
  };
  let holding = true;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => (holding ? held.push(res) : answer(res)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    holding = false;
    held.splice(0).forEach(answer);
    return new Promise<void>((r) => server.close(() => r()));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    held: () => held.length,
    /** Answers every held call, and later ones at once until held again. */
    release(): void {
      holding = false;
      held.splice(0).forEach(answer);
    },
    hold(): void {
      holding = true;
    },
  };
}

t.test('pause, resume and cancel from the run page', { skip }, async (t) => {
  const model = await heldModel(t);
  const sys = await startSystem(t, { nats: true, postgres: true, env: { SVC_ORCH_TOKEN: OPERATOR, OPENAI_BASE_URL: model.url } });
  const api = async (method: string, path: string, body?: unknown): Promise<any> => (await req(sys.url, method, path, body, OPERATOR)).body;
  const stateOf = async (runId: string) => (await api('GET', `/flows/runs/state?runId=${encodeURIComponent(runId)}`)).run;
  const flow = {
    id: 'slow',
    steps: [
      { id: 'think', kind: 'model', prompt: 'Think about {{input}}' },
      { id: 'write', kind: 'model', prompt: 'Write {{input}}' },
    ],
  };
  t.equal((await api('POST', '/flows', { flow })).id, 'slow', 'the flow is saved');

  /** Starts a run without waiting for it and hands back its id once its first step is at the model. */
  const startHeld = async (input: string): Promise<string> => {
    const before = model.held();
    void api('POST', '/flows/run', { id: 'slow', input });
    await until('the run reaches the model', () => model.held() > before, { timeoutMs: 15_000 });
    const open = (await api('GET', '/flows/runs/open?flowId=slow')).runs as { id: string; input?: unknown }[];
    return open.find((r) => r.input === input)!.id;
  };

  const browser = await launch(t);
  const cp = await openPage(browser, sys.url);
  const { page } = cp;
  const dialogs: string[] = [];
  let acceptDialog = true;
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void (acceptDialog ? d.accept() : d.dismiss());
  });
  const health = page.waitForResponse((r) => r.url().endsWith('/health'));
  await signIn(cp, sys.url, OPERATOR);
  t.equal((await (await health).json()).mode, 'mock', 'no chain is configured');
  // A round trip after the answer: the shell has drawn its navigation with it by then.
  await page.getByRole('link', { name: 'Runs' }).click();
  await page.getByTestId('runs').waitFor();
  t.equal(await page.getByRole('link', { name: 'Chain' }).count(), 0, 'so the console shows no Chain section');
  /** Presses a button with the keyboard: focus, then Enter. */
  const press = async (name: string): Promise<void> => {
    await page.getByRole('button', { name, exact: true }).focus();
    await page.keyboard.press('Enter');
  };
  const status = page.locator('.meta .status');

  await t.test('a held run is paused, parks at the boundary live, and resumes to its end', async (t) => {
    const runId = await startHeld('pause-me');
    await page.goto(`${sys.url}/ui/#/run/${runId}`);
    await status.getByText('running').waitFor();
    t.ok(await page.getByRole('button', { name: 'Resume' }).isDisabled(), 'a running run cannot be resumed');
    await page.evaluate(() => ((window as unknown as { mark: number }).mark = 7));

    const paused = page.waitForResponse((r) => r.url().endsWith('/flows/runs/pause'));
    await press('Pause');
    t.equal((await paused).status(), 200, 'the pause is accepted');
    t.match(dialogs.at(-1), `Pause run ${runId}?`, 'the pause is confirmed first');
    const asked = await stateOf(runId);
    t.equal(asked.status, 'running', 'the step in flight is not cut short');

    // The step ends; the run stops at the boundary instead of starting the next step.
    model.release();
    await status.getByText('waiting').waitFor({ timeout: 15_000 });
    const parked = await stateOf(runId);
    t.equal(parked.status, 'waiting', 'the API shows the run parked');
    t.equal(parked.cursor, 'write', 'before its next step');
    t.equal(parked.steps.length, 1, 'the next step never ran');
    t.match(await page.getByTestId('waiting').textContent(), /write/, 'the page names the step it stopped before');
    t.equal(await page.evaluate(() => (window as unknown as { mark?: number }).mark), 7, 'shown without a reload');
    t.ok(await page.getByRole('button', { name: 'Pause' }).isDisabled(), 'a parked run cannot be paused again');
    await checkPage(t, cp, 'run-paused');

    await press('Resume');
    await status.getByText('completed').waitFor({ timeout: 15_000 });
    const done = await stateOf(runId);
    t.equal(done.status, 'completed', 'the API shows the resumed run completed');
    t.same(
      done.steps.map((s: { stepId: string }) => s.stepId),
      ['think', 'write'],
      'both steps ran, each once',
    );
    t.ok(await page.getByRole('button', { name: 'Cancel' }).isDisabled(), 'an ended run cannot be cancelled');
  });

  await t.test('another held run is cancelled through the confirmation', async (t) => {
    // Held again: the second run stays on its first step until cancelled.
    model.hold();
    const runId = await startHeld('cancel-me');
    await page.goto(`${sys.url}/ui/#/run/${runId}`);
    await status.getByText('running').waitFor();

    acceptDialog = false;
    await press('Cancel');
    await until('the dialog is answered', () => dialogs.at(-1) === `Cancel run ${runId}?`);
    t.equal((await stateOf(runId)).status, 'running', 'a dismissed confirmation cancels nothing');

    acceptDialog = true;
    await press('Cancel');
    await status.getByText('cancelled').waitFor({ timeout: 15_000 });
    const cancelled = await stateOf(runId);
    t.equal(cancelled.status, 'cancelled', 'the API shows the run cancelled');
    t.match(cancelled.error, { code: 'run_cancelled' }, 'with the reason code');
    t.ok(await page.getByRole('button', { name: 'Resume' }).isDisabled(), 'a cancelled run cannot be resumed');
    await checkPage(t, cp, 'run-cancelled');
  });

  // Let go of the cancelled run's call now: a held one keeps the system's shutdown waiting.
  model.release();
  t.same(cp.offences, [], 'no request left svc and no CSP rule broke');
  t.notOk(
    cp.urls.some((u) => u.includes(OPERATOR)),
    'no token in any URL',
  );
});
