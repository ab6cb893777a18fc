/**
 * Headless Debian chromium through playwright-core (no browser download), for the console's
 * end-to-end tests: a page that records every request it makes (a request to any other origin
 * is refused and fails the test), every CSP violation the browser reports, an axe-core check
 * and a screenshot into a git-ignored folder.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Test } from 'tap';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repoPath } from './paths.js';

export const CHROMIUM = '/usr/bin/chromium';
/** Screenshots of each page the console tests visit (git-ignored, never committed). */
export const SHOTS = repoPath('.artifacts', 'console');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function launch(t: Test): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  t.teardown(() => browser.close());
  return browser;
}

export interface ConsolePage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Every URL the page requested. */
  readonly urls: string[];
  /** Requests to another origin (refused) and CSP violations: must stay empty. */
  readonly offences: string[];
}

/** A fresh context (its own sessionStorage) whose requests may go to `origin` only. */
export async function openPage(browser: Browser, origin: string): Promise<ConsolePage> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const urls: string[] = [];
  const offences: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    urls.push(url);
    if (url.startsWith(`${origin}/`) || url === origin) return route.continue();
    offences.push(`request to another origin: ${url}`);
    return route.abort();
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) offences.push(`csp: ${m.text()}`);
  });
  page.on('pageerror', (e) => offences.push(`page error: ${e.message}`));
  return { page, context, urls, offences };
}

/** axe-core's serious and critical violations on the page as it is now. Evaluated through the
 * debugging protocol, which the page's CSP does not govern (a script tag would be refused). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(`${AXE}\n;0`);
  const found = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) =>
    r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id + ': ' + v.help + ' (' + v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ') + ')'))`)) as string[];
  return found;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Checks a page the way every console page is held to: axe clean, then a screenshot. */
export async function checkPage(t: Test, cp: ConsolePage, name: string): Promise<void> {
  t.same(await axeViolations(cp.page), [], `${name}: no serious or critical accessibility violation`);
  await screenshot(cp.page, name);
}

/** Signs in through the form with a token. */
export async function signIn(cp: ConsolePage, origin: string, token: string): Promise<void> {
  await cp.page.goto(`${origin}/ui/`);
  await cp.page.getByLabel(/Bearer token/).fill(token);
  await cp.page.getByRole('button', { name: 'Sign in' }).click();
  await cp.page.getByTestId('who').waitFor();
}
