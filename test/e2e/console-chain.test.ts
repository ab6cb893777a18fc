/**
 * The console's chain page in headless chromium against the demo org on anvil, with a passkey
 * root (SVC_ROOT_AUTH=passkey): the org tree with its policies, the treasury and the allowances;
 * a worker's spend over its cap waits on the manager, and the operator approves it from the page
 * (the server signs with the manager's held key); a larger one climbs to the root, and the root
 * approves it in the browser through Chromium's virtual authenticator holding the configured
 * credential: the page asks for a challenge, gets an assertion from navigator.credentials.get,
 * and the intent settles `root:passkey` with the treasury paying. Keyboard only; axe, the CSP and
 * the token checks hold.
 */
import { createServer } from 'node:net';
import t from 'tap';
import type { Address } from 'viem';
import { anvilPrivateKey } from '../../chain/dev/accounts.js';
import { passkeyEnv, passkeyKeygen } from '../../identity/root-auth/dev-credentials.js';
import { chainEnv, chainFixture } from '../helpers/chain-fixture.js';
import { startSystem } from '../helpers/system.js';
import { skipUnless } from '../helpers/services.js';
import { checkPage, launch, openPage, signIn } from '../helpers/browser.js';
import { req } from '../helpers/http.js';

const skip = (await skipUnless('postgres')) ?? false;
const OPERATOR = 'op-chain-console-token-0123456789';
const USD = 1_000_000n;

/** A loopback port free now: the passkey's origin names the port, so it is chosen before the server starts. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const b64 = (b64url: string): string => Buffer.from(b64url, 'base64url').toString('base64');

t.test('the chain page: escalations approved as the manager and as the passkey root', { skip }, async (t) => {
  const fx = await chainFixture(t);
  const port = await freePort();
  // WebAuthn takes no IP address as a relying party: the page is opened at localhost.
  const origin = `http://localhost:${port}`;
  const cred = passkeyKeygen('localhost', origin);
  const sys = await startSystem(t, {
    postgres: true,
    env: {
      ...chainEnv(fx),
      ...passkeyEnv(cred),
      SVC_HELD_SEAT_KEYS: JSON.stringify([anvilPrivateKey(1)]),
      SVC_ORCH_TOKEN: OPERATOR,
      SVC_ORCH_PORT: String(port),
    },
  });
  const api = async (method: string, path: string, body?: unknown) => (await req(sys.url, method, path, body, OPERATOR)).body;
  const worker = fx.workers[0] as Address;
  const [root, manager] = [fx.root.account.address, fx.manager.account.address];
  const treasury = (): Promise<bigint> => fx.c.token.read('balanceOf', [fx.asset.treasury]) as Promise<bigint>;
  /** A worker's spend through its session key, over its cap: an intent waiting on the manager. */
  const escalate = async (value: bigint): Promise<string> => {
    const { key } = await fx.sessionKey(worker);
    const { events } = await fx.c.router.write(key, 'propose', [worker, fx.vendor, value, '0x']);
    return String(events.find((e) => e.eventName === 'IntentCreated')!.args.id);
  };
  await fx.runEpoch();
  await fx.runEpoch();

  const browser = await launch(t);
  const cp = await openPage(browser, origin);
  const { page } = cp;
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  // The root's authenticator: Chromium's virtual one, holding the configured credential's key.
  const cdp = await cp.context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: b64(cred.credentialId),
      isResidentCredential: true,
      rpId: 'localhost',
      privateKey: b64(cred.privateKey),
      userHandle: Buffer.from('root').toString('base64'),
      signCount: 0,
    },
  });

  await signIn(cp, origin, OPERATOR);
  const nav = page.getByRole('link', { name: 'Chain' });
  await nav.waitFor();
  await nav.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Chain', level: 1 }).waitFor();
  const outcome = page.getByTestId('intent-outcome');
  /** Approves an intent with the keyboard and waits for the page to say what became of it. */
  const approve = (id: string): Promise<string> => act('Approve', id);
  const act = async (verb: 'Approve' | 'Deny', id: string): Promise<string> => {
    const button = page.getByRole('button', { name: `${verb} intent ${id}`, exact: true });
    await button.waitFor();
    // The line the previous resolution left: the answer to this one is a different line.
    const previous = (await outcome.count()) ? await outcome.textContent() : null;
    await button.focus();
    await page.keyboard.press('Enter');
    const fresh = outcome.filter({ hasText: `Intent ${id}` });
    await (previous ? fresh.filter({ hasNotText: previous }) : fresh).waitFor({ timeout: 30_000 });
    return (await outcome.textContent()) ?? '';
  };
  const refresh = async (): Promise<void> => {
    await page.getByRole('button', { name: 'Refresh' }).focus();
    await page.keyboard.press('Enter');
  };

  await t.test('the org, its policies, the treasury and the allowances', async (t) => {
    const org = page.getByTestId('org');
    await org.locator(`[data-node="${root}"]`).waitFor();
    t.ok(await org.locator(`[data-node="${root}"] [data-node="${manager}"] [data-node="${worker}"]`).count(), 'root > manager > worker');
    const workerCap = /spend cap 50 mUSD/;
    t.match(await org.locator(`[data-node="${worker}"] .policy`).first().textContent(), workerCap, "the worker's policy stack is shown");
    t.match(await page.getByTestId('treasury').textContent(), /mUSD/, 'the treasury holdings');
    t.ok(await page.getByTestId('allowances').locator('tbody tr').count(), 'this epoch’s grants');
  });

  await t.test('a spend waiting on the manager, approved from the page', async (t) => {
    const id = await escalate(100n * USD);
    await refresh();
    const card = page.locator(`[data-testid="intents"] [data-intent="${id}"]`);
    await card.waitFor();
    t.match(await card.textContent(), /Intent \d+: 100 mUSD to/, 'the intent with its value');
    t.match(await card.textContent(), /waiting on ManagerAgent.*verdict\s*ALLOW/, 'the seat it waits on and its verdict');
    t.match(
      await card.getByRole('table', { name: 'Simulated balance changes' }).textContent(),
      /mUSD treasury.*-100 mUSD.*100 mUSD/,
      'what the spend would move, simulated',
    );
    t.ok(await card.getByText(/Call trace \(\d+\)/).count(), 'and its call trace');
    await checkPage(t, cp, 'chain');
    const before = await treasury();
    t.match(await approve(id), /settled, authorized by approver/, 'settled by the manager’s held key');
    t.match(dialogs.at(-1), `Approve intent ${id} (100 mUSD)?`, 'after a confirmation');
    t.equal(await treasury(), before - 100n * USD, 'the treasury paid');
    const history = await api('GET', '/intents/history');
    t.match(history.intents[0], { intentId: id, outcome: 'settled', authorizedBy: 'approver' }, 'the API records the manager');
    await card.waitFor({ state: 'detached' });
  });

  await t.test('a spend climbs to the root and the root approves with its passkey', async (t) => {
    const id = await escalate(300n * USD);
    await refresh();
    t.match(await approve(id), /climbed, authorized by approver · now waits on/, 'above the manager’s cap it climbs');
    const pending = (await api('GET', '/intents')).intents.find((i: { intentId: string }) => i.intentId === id);
    t.equal(pending?.awaitingApprover, root, 'the API has it waiting on the root');
    const card = page.locator(`[data-testid="intents"] [data-intent="${id}"]`);
    await card.filter({ hasText: /waiting on .*HumanRoot|waiting on/ }).waitFor();

    const before = await treasury();
    const row = page.locator(`[data-testid="treasury"] [data-field="balance"]`).first();
    const shownBefore = await row.textContent();
    const proofSent = page.waitForRequest((r) => r.url().endsWith('/intents/resolve'));
    t.match(await approve(id), /settled, authorized by root:passkey/, 'the passkey proof settles it');
    const sent = (await proofSent).postDataJSON() as { challenge?: string; rootProof?: Record<string, string> };
    t.match(sent.rootProof, { kind: 'passkey', credentialId: cred.credentialId }, 'the assertion came from the configured credential');
    t.ok(sent.challenge, 'answering a challenge');
    t.equal(await treasury(), before - 300n * USD, 'the treasury paid 300 mUSD');
    const history = await api('GET', '/intents/history');
    t.match(history.intents[0], { intentId: id, outcome: 'settled', authorizedBy: 'root:passkey', approver: root });
    await page.locator(`[data-testid="history"] [data-intent="${id}"]`, { hasText: 'root:passkey' }).waitFor();
    await row.filter({ hasNotText: shownBefore ?? '' }).waitFor();
    t.not(await row.textContent(), shownBefore, 'the page shows the treasury moved');
    await checkPage(t, cp, 'chain-root-approved');
  });

  await t.test('the root denies another with its passkey: nothing moves', async (t) => {
    const id = await escalate(300n * USD);
    await refresh();
    t.match(await approve(id), /climbed/, 'it climbs to the root');
    const before = await treasury();
    const proofSent = page.waitForRequest((r) => r.url().endsWith('/intents/resolve'));
    t.match(await act('Deny', id), /rejected, authorized by root:passkey/, 'denied with a proof for denying it');
    t.match(dialogs.at(-1), `Deny intent ${id} (300 mUSD)?`, 'after a confirmation');
    t.match((await proofSent).postDataJSON(), { approved: false, rootProof: { kind: 'passkey' } });
    t.equal(await treasury(), before, 'the treasury paid nothing');
    t.match((await api('GET', '/intents/history')).intents[0], { intentId: id, outcome: 'rejected', authorizedBy: 'root:passkey' });
  });

  t.same(cp.offences, [], 'no request left svc and no CSP rule broke');
  t.notOk(
    cp.urls.some((u) => u.includes(OPERATOR)),
    'no token in any URL',
  );
  const logs = sys.logs.join('');
  t.notOk(logs.includes(OPERATOR), 'no token in the server log');
  t.notOk(logs.includes(cred.privateKey), 'nor the credential key');
});
