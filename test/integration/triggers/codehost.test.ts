/**
 * The codehost scheme with deliveries signed by @octokit/webhooks (the code host's own library):
 * X-Hub-Signature-256 over the raw body, X-Codehost-Delivery as the key, and the event filter by
 * dotted prefix both ways, skips logged with their event type. The providers' own
 * header names (GitHub, Gitea, Forgejo) filter, dedupe and verify exactly like the neutral ones.
 */
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { Webhooks } from '@octokit/webhooks';
import { startSystem } from '../../helpers/system.js';
import { json, mint, post, saveFlow } from '../../helpers/triggers.js';
import type { StartRunCommand } from '../../../schemas/runs.js';

t.test('codehost deliveries signed by @octokit/webhooks', async (t) => {
  const sys = await startSystem(t, { actors: ['trigger', 'ops'] });
  const commands: StartRunCommand[] = [];
  await sys.bus.consume('run', {
    start: async (_ctx, p: StartRunCommand) => {
      commands.push(p);
      return {};
    },
  });
  await saveFlow(sys.store, 'wf', 'webhook');

  // One trigger subscribed to a whole event, one to a single action.
  const broad = await mint(sys.url, { flowId: 'wf', scheme: 'codehost', events: ['pull_request'], input: { path: 'pull_request.title' } });
  const narrow = await mint(sys.url, { flowId: 'wf', scheme: 'codehost', events: ['issues.opened'] });
  t.equal(broad.trigger.scheme, 'codehost');

  const deliver = async (
    m: typeof broad,
    event: string,
    payload: Record<string, unknown>,
    opts: { key?: string; secret?: string } = {},
  ) => {
    const raw = JSON.stringify(payload);
    const signature = await new Webhooks({ secret: opts.secret ?? m.secret }).sign(raw);
    return post(`${sys.url}/hooks/${m.trigger.id}`, raw, {
      'content-type': 'application/json',
      'x-hub-signature-256': signature,
      'x-codehost-delivery': opts.key ?? randomUUID(),
      'x-codehost-event': event,
    });
  };

  t.test('a filter <event> matches <event>.<action>', async (t) => {
    const r = await deliver(broad, 'pull_request', { action: 'opened', pull_request: { title: 'Fix it' } }, { key: 'gh-1' });
    t.equal(r.status, 202);
    t.match(r.body, { accepted: true, runId: /^run-wh-/ });
    const dup = await deliver(broad, 'pull_request', { action: 'opened', pull_request: { title: 'Fix it' } }, { key: 'gh-1' });
    t.same([dup.status, dup.body], [200, { duplicate: true }], 'X-Codehost-Delivery is the key');
    t.equal((await deliver(broad, 'pull_request', { pull_request: {} })).status, 202, 'a bare <event> matches too');
    t.same((await deliver(broad, 'issues', { action: 'opened' })).body, { skipped: 'event_not_selected' });
    t.same(
      (await deliver(broad, 'pull_request_review', { action: 'submitted' })).body,
      { skipped: 'event_not_selected' },
      'a prefix means whole dotted segments',
    );
  });

  t.test('a filter <event>.<action> does not match bare <event> or another action', async (t) => {
    t.equal((await deliver(narrow, 'issues', { action: 'opened' })).status, 202);
    const bare = await deliver(narrow, 'issues', { title: 'no action' });
    t.same([bare.status, bare.body], [200, { skipped: 'event_not_selected' }]);
    t.same((await deliver(narrow, 'issues', { action: 'closed' })).body, { skipped: 'event_not_selected' });
  });

  t.test('signature rows', async (t) => {
    const raw = '{"action":"opened"}';
    const url = `${sys.url}/hooks/${broad.trigger.id}`;
    const base = { 'content-type': 'application/json', 'x-codehost-event': 'pull_request', 'x-codehost-delivery': randomUUID() };
    t.equal((await post(url, raw, base)).body.error, 'webhook_signature_missing');
    t.equal((await post(url, raw, { ...base, 'x-hub-signature-256': 'sha256=zz' })).body.error, 'webhook_signature_malformed');
    t.equal(
      (await deliver(broad, 'pull_request', { action: 'opened' }, { secret: 'another-secret' })).body.error,
      'webhook_signature_invalid',
    );
    // A svc-style signature over `<ts>.<body>` does not verify as codehost (no timestamp in this scheme).
    const r = await post(url, raw, { ...base, 'x-hub-signature-256': await new Webhooks({ secret: broad.secret }).sign(`123.${raw}`) });
    t.equal(r.status, 401);
  });

  t.test('input path and the skip logged with its type', async (t) => {
    const first = commands.find((c) => c.input === 'Fix it');
    t.ok(first, 'path mapping lifted pull_request.title');
    const log = await json(`${sys.url}/flows/triggers/deliveries?triggerId=${narrow.trigger.id}`, 'GET');
    const skips = (log.body.deliveries as { status: string; eventType?: string }[]).filter((d) => d.status === 'skipped');
    t.same(skips.map((s) => s.eventType).sort(), ['issues', 'issues.closed']);
    t.ok(
      sys.logs.some((l) => l.includes('event not selected') && l.includes('issues.closed')),
      'logged with the type',
    );
  });

  // What each provider really sends: its own event and delivery names, and its own signature header
  // (GitHub's `sha256=<hex>`; Gitea and Forgejo send the bare hex digest).
  const providers: Record<string, (sig: string, event: string, key: string) => Record<string, string>> = {
    github: (sig, event, key) => ({ 'x-hub-signature-256': sig, 'x-github-event': event, 'x-github-delivery': key }),
    gitea: (sig, event, key) => ({ 'x-gitea-signature': sig.slice('sha256='.length), 'x-gitea-event': event, 'x-gitea-delivery': key }),
    forgejo: (sig, event, key) => ({
      'x-forgejo-signature': sig.slice('sha256='.length),
      'x-forgejo-event': event,
      'x-forgejo-delivery': key,
    }),
  };
  for (const [provider, headersOf] of Object.entries(providers)) {
    t.test(`${provider}'s own headers: filtered by event and action, deduped by delivery id`, async (t) => {
      const send = async (event: string, payload: Record<string, unknown>, key: string, secret = narrow.secret) => {
        const raw = JSON.stringify(payload);
        const sig = await new Webhooks({ secret }).sign(raw);
        return post(`${sys.url}/hooks/${narrow.trigger.id}`, raw, { 'content-type': 'application/json', ...headersOf(sig, event, key) });
      };
      const before = commands.length;
      const push = await send('push', { ref: 'refs/heads/main', commits: [] }, `${provider}-push`);
      t.same([push.status, push.body], [200, { skipped: 'event_not_selected' }], 'a push is not issues.opened');
      const closed = await send('issues', { action: 'closed', issue: { number: 1 } }, `${provider}-closed`);
      t.same(closed.body, { skipped: 'event_not_selected' }, 'the payload action is part of the type');
      const opened = await send('issues', { action: 'opened', issue: { number: 2 } }, `${provider}-d1`);
      t.equal(opened.status, 202, JSON.stringify(opened.body));
      const again = await send('issues', { action: 'opened', issue: { number: 2 } }, `${provider}-d1`);
      t.same([again.status, again.body], [200, { duplicate: true }], 'the same delivery id twice starts one run');
      t.equal((await send('issues', { action: 'opened' }, `${provider}-bad`, 'another-secret')).status, 401, 'its signature is checked');
      t.equal(commands.length - before, 1, 'one run command in all');
      const log = await json(`${sys.url}/flows/triggers/deliveries?triggerId=${narrow.trigger.id}`, 'GET');
      t.ok(
        (log.body.deliveries as { eventType?: string; status: string }[]).some((d) => d.status === 'skipped' && d.eventType === 'push'),
        'the skip is logged with the provider event',
      );
    });
  }
});
