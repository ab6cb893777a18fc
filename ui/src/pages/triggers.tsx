/**
 * Webhook triggers: list, create (the secret shown once, with a copy button and a ready shell
 * line that signs and posts a delivery), rotate, enable/disable, delete, and the delivery log.
 */
import { useState } from 'preact/hooks';
import { get, post, type Reply } from '../api.js';
import { ListTable } from '../list-table.js';
import { useLive } from '../live.js';
import { NarrowedLog } from '../narrowed-log.js';
import { useAction } from '../use-action.js';
import { confirmAction, ErrorNote, Status, time, useLoad } from '../util.js';

type Minted = Reply<'/flows/triggers', 'post'>;

/** A shell line that signs `<timestamp>.<body>` with the secret and posts it (openssl and curl). */
export function curlLine(origin: string, m: Minted): string {
  if (m.trigger.scheme !== 'svc')
    return `# ${m.trigger.scheme} deliveries are signed by their producer; point it at ${origin}${m.trigger.hookPath}`;
  return [
    `SECRET='${m.secret}' BODY='{"hello":"world"}' TS=$(date +%s);`,
    `SIG=$(printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //');`,
    `curl -sS -X POST '${origin}${m.trigger.hookPath}' -H 'content-type: application/json'`,
    `-H "x-svc-timestamp: $TS" -H "x-svc-signature: sha256=$SIG" -H "idempotency-key: $(date +%s%N)" --data "$BODY"`,
  ].join(' ');
}

function Secret({ minted, onDone }: { minted: Minted; onDone: () => void }) {
  const [copied, setCopied] = useState('');
  const copy = (what: string, text: string): void => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(`${what} copied`),
      () => setCopied('copy refused by the browser: select the text instead'),
    );
  };
  const line = curlLine(location.origin, minted);
  return (
    <div class="secret" role="region" aria-label="New secret" data-testid="secret">
      <p>
        <strong>Secret for {minted.trigger.id}, shown this once.</strong> Keep it now: no listing shows it again.
      </p>
      {minted.secret && (
        <p>
          <code data-testid="secret-value">{minted.secret}</code>{' '}
          <button type="button" onClick={() => copy('secret', minted.secret)}>
            Copy secret
          </button>
        </p>
      )}
      <pre class="json" data-testid="curl">
        {line}
      </pre>
      <button type="button" onClick={() => copy('curl line', line)}>
        Copy curl line
      </button>{' '}
      <button type="button" onClick={onDone}>
        I have kept it
      </button>
      <p role="status">{copied}</p>
    </div>
  );
}

const TRIGGER_COLUMNS = ['Trigger', 'Flow', 'As', 'Scheme', 'Secret', 'State', 'Actions'];
const DELIVERY_COLUMNS = ['At', 'Trigger', 'Status', 'Key', 'Bytes', 'Run'];

export function TriggersPage() {
  const triggers = useLoad(() => get('/flows/triggers'), []);
  const [selected, setSelected] = useState<string | undefined>();
  const deliveries = useLoad(() => get('/flows/triggers/deliveries', { triggerId: selected, limit: 50 }), [selected]);
  const [minted, setMinted] = useState<Minted | undefined>();
  const { error, act } = useAction(triggers.reload);
  useLive(
    () => {
      triggers.reload();
      deliveries.reload();
    },
    (e) => e.type === 'WebhookDelivery' || e.type === 'WebhookTriggerChanged',
  );
  const create = (e: Event): void => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const flowId = String(f.get('flowId') ?? '').trim();
    const principal = String(f.get('principal') ?? '').trim();
    const scheme = String(f.get('scheme') ?? 'svc') as 'svc' | 'codehost';
    void act(async () => setMinted(await post('/flows/triggers', { flowId, scheme, ...(principal ? { principal } : {}) })));
  };

  return (
    <section aria-labelledby="tr-h">
      <h1 id="tr-h">Triggers</h1>
      {minted && <Secret minted={minted} onDone={() => setMinted(undefined)} />}
      <form class="filters" onSubmit={create} aria-label="New trigger">
        <label>
          Flow
          <input name="flowId" required size={14} />
        </label>
        <label>
          Principal (optional)
          <input name="principal" size={10} />
        </label>
        <label>
          Scheme
          <select name="scheme">
            <option value="svc">svc</option>
            <option value="codehost">codehost</option>
          </select>
        </label>
        <button type="submit">Create trigger</button>
      </form>
      <ErrorNote error={error ?? triggers.error} />
      <ListTable testid="triggers" columns={TRIGGER_COLUMNS}>
        {triggers.value?.triggers.map((t) => (
          <tr key={t.id} data-trigger={t.id}>
            <td>
              <code>{t.id}</code>
            </td>
            <td>{t.flowId}</td>
            <td>{t.principal}</td>
            <td>{t.scheme}</td>
            <td>v{t.secretVersion}</td>
            <td>{t.enabled ? 'enabled' : 'disabled'}</td>
            <td class="row-actions">
              <button type="button" onClick={() => setSelected(t.id)}>
                Deliveries
              </button>
              <button type="button" onClick={() => act(() => post('/flows/triggers/enabled', { id: t.id, enabled: !t.enabled }))}>
                {t.enabled ? 'Disable' : 'Enable'}
              </button>
              <button
                type="button"
                onClick={() =>
                  confirmAction(`Rotate the secret of ${t.id}? The old one stops verifying at once.`) &&
                  act(async () => setMinted(await post('/flows/triggers/rotate', { id: t.id })))
                }
              >
                Rotate
              </button>
              <button
                type="button"
                class="danger"
                onClick={() => confirmAction(`Delete ${t.id}?`) && act(() => post('/flows/triggers/delete', { id: t.id }))}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
      <NarrowedLog
        title="Delivery log"
        every="trigger"
        pick={[selected, setSelected]}
        error={deliveries.error}
        testid="deliveries"
        columns={DELIVERY_COLUMNS}
      >
        {deliveries.value?.deliveries.map((d) => (
          <tr key={d.id} data-delivery={d.deliveryKey}>
            <td>{time(d.at)}</td>
            <td>{d.triggerId}</td>
            <td>
              <Status status={d.status} /> {d.reason ?? ''}
            </td>
            <td>
              <code>{d.deliveryKey}</code>
            </td>
            <td>{d.bytes}</td>
            <td>{d.runId ? <a href={`#/run/${encodeURIComponent(d.runId)}`}>{d.runId.slice(0, 16)}…</a> : ''}</td>
          </tr>
        ))}
      </NarrowedLog>
    </section>
  );
}
