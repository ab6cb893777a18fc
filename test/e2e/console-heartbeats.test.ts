/**
 * The console's heartbeats page in a real browser, by keyboard: a crew's heartbeat run now (its
 * tick lands in the ledger live), its schedule, zone and quiet hours edited (the API holds the
 * edit, the items unchanged), and a schedule the API refuses shown as its error with nothing
 * changed.
 */
import t from 'tap';
import { startSystem } from '../helpers/system.js';
import { req } from '../helpers/http.js';
import { checkPage, launch, openPage, signIn } from '../helpers/browser.js';
import { pollFor } from '../helpers/poll.js';

const OPERATOR = 'op-console-hb-token-0123456789';

t.test('a heartbeat run now and edited from the console', async (t) => {
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OPERATOR } });
  const api = async (method: string, path: string, body?: unknown) => req(sys.url, method, path, body, OPERATOR);
  const saved = await api('POST', '/flows', { flow: { id: 'hb-flow', steps: [{ id: 'say', kind: 'model', prompt: 'status?' }] } });
  t.equal(saved.status, 200, saved.text);
  const items = [{ kind: 'flow', id: 'hb-flow' }];
  const put = await api('POST', '/heartbeats', { heartbeat: { crewId: 'ops', schedule: '0 9 * * *', timezone: 'UTC', items } });
  t.equal(put.status, 200, put.text);
  const stored = async () => (await api('GET', '/heartbeats')).body.heartbeats.find((h: any) => h.crewId === 'ops');

  const browser = await launch(t);
  const cp = await openPage(browser, sys.url);
  const { page } = cp;
  await signIn(cp, sys.url, OPERATOR);
  await page.goto(`${sys.url}/ui/#/heartbeats`);
  const row = page.locator('[data-crew="ops"]');
  await row.waitFor();
  const kb = page.keyboard;
  const press = async (name: string): Promise<void> => {
    await page.getByRole('button', { name, exact: true }).focus();
    await kb.press('Enter');
  };
  const retype = async (label: string, text: string): Promise<void> => {
    await page.getByLabel(label).focus();
    await kb.press('Control+A');
    await kb.type(text);
  };

  await row.getByRole('button', { name: 'Run now' }).focus();
  await kb.press('Enter');
  await page.locator('[data-testid="ticks"] tbody tr', { hasText: 'ops' }).first().waitFor();
  await checkPage(t, cp, 'heartbeats');

  await press('Edit ops');
  await retype('Schedule (5-field cron or a preset name)', 'nonsense');
  await press('Save heartbeat');
  await page.locator('[role="alert"], .error').first().waitFor();
  t.equal((await stored()).schedule, '0 9 * * *', 'a refused schedule changes nothing');

  await retype('Schedule (5-field cron or a preset name)', '*/30 * * * *');
  await retype('Time zone', 'Europe/Paris');
  await retype('Quiet from (HH:MM)', '22:00');
  await retype('Quiet until (HH:MM)', '06:00');
  await press('Save heartbeat');
  const after = await pollFor('the edit to be stored', async () => {
    const h = await stored();
    return h.schedule === '*/30 * * * *' ? h : undefined;
  });
  t.match(after, { timezone: 'Europe/Paris', quietStart: '22:00', quietEnd: '06:00', items, enabled: true }, 'zone, quiet hours kept');
  await row.getByText('*/30 * * * *').waitFor();
  t.equal(await page.getByRole('form', { name: 'Edit ops' }).count(), 0, 'the form closes once saved');
});
