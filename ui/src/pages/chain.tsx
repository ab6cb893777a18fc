/**
 * The bound chain: the org tree with each node's policy stack, the treasury and this epoch's
 * allowances, the intents waiting on a seat (verdict, simulated balance changes and call trace
 * when the chain measured them) with approve and deny, and the resolved ones. A resolution asks
 * for a root challenge first: a manager seat needs no proof (the server holds its key); at root
 * depth the root signs in this browser (root-proof.ts) and the proof goes with the resolution.
 */
import { useState } from 'preact/hooks';
import { get, messageOf, post, type Reply } from '../api.js';
import { useLive } from '../live.js';
import { rootProof } from '../root-proof.js';
import { confirmAction, ErrorNote, Status, time, useLoad } from '../util.js';

type Org = Reply<'/org'>;
type Intent = Reply<'/intents'>['intents'][number];
type Policy = Reply<'/policies'>['policies'][number];
type Asset = Reply<'/assets'>['assets'][number];

/** A token amount in its asset's units ("300 mUSD"), from the decimal string the API sends. */
function amount(value: string, asset: Asset | undefined): string {
  if (!asset) return value;
  const neg = value.startsWith('-');
  const digits = (neg ? value.slice(1) : value).padStart(asset.decimals + 1, '0');
  const whole = digits.slice(0, digits.length - asset.decimals);
  const frac = digits.slice(digits.length - asset.decimals).replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''} ${asset.symbol}`;
}

const short = (a: string): string => `${a.slice(0, 6)}…${a.slice(-4)}`;

function Addr({ a, names }: { a: string; names: Map<string, string> }) {
  const name = names.get(a.toLowerCase());
  return (
    <span title={a}>
      {name ? `${name} ` : ''}
      <code>{short(a)}</code>
    </span>
  );
}

function moduleText(m: Policy['modules'][number], asset: Asset | undefined): string {
  switch (m.kind) {
    case 'spend_cap':
      // A cap no treasury could reach (the maximum uint256 the demo root holds) is no cap.
      return `spend cap ${m.cap === undefined ? '?' : m.cap.length > 60 ? 'unlimited' : amount(m.cap, asset)}`;
    case 'whitelist':
      return `whitelist of ${m.allowedTargets?.length ?? 0} target(s)`;
    case 'rate_limit':
      return `rate limit ${m.maxActions ?? '?'} per ${m.windowSeconds ?? '?'} s`;
    case 'time_window':
      return `time window ${m.startSecondOfDay ?? '?'}–${m.endSecondOfDay ?? '?'} s of the UTC day`;
    default:
      return 'custom module';
  }
}

export function ChainPage() {
  const data = useLoad(async () => {
    const [org, intents, policies, assets, treasury, grants, history] = await Promise.all([
      get('/org'),
      get('/intents'),
      get('/policies'),
      get('/assets'),
      get('/treasury/balances'),
      get('/governance/grants'),
      get('/intents/history'),
    ]);
    return { org, intents, policies, assets, treasury, grants, history };
  }, []);
  const [busy, setBusy] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<{ text: string; ok: boolean } | undefined>();
  useLive(data.reload, (e) => /intent|treasury|epoch|org|polic/i.test(e.type));

  const d = data.value;
  if (!d) return <section>{data.error ? <ErrorNote error={data.error} /> : <p>Loading chain…</p>}</section>;
  const assetOf = (symbol: string | null | undefined): Asset | undefined =>
    d.assets.assets.find((a) => a.symbol === symbol) ?? d.assets.assets.find((a) => a.primary);
  const names = new Map<string, string>();
  for (const n of d.org.nodes) names.set(n.address.toLowerCase(), n.roleId ?? n.kind);
  for (const a of d.assets.assets) {
    names.set(a.treasury.toLowerCase(), `${a.symbol} treasury`);
    names.set(a.token.toLowerCase(), a.symbol);
  }

  const resolve = async (i: Intent, approved: boolean): Promise<void> => {
    const verb = approved ? 'approve' : 'deny';
    if (!confirmAction(`${approved ? 'Approve' : 'Deny'} intent ${i.intentId} (${amount(i.value, assetOf(i.asset))})?`)) return;
    setBusy(`${i.asset}:${i.intentId}`);
    setOutcome(undefined);
    try {
      const c = await post('/root-auth/challenge', { action: `intent:${verb}`, subject: i.intentId, asset: i.asset });
      const proof = c.required ? { challenge: c.challenge, rootProof: await rootProof(c) } : {};
      const r = await post('/intents/resolve', { intentId: i.intentId, approved, asset: i.asset, ...proof });
      const next = r.awaitingApprover ? ` · now waits on ${names.get(r.awaitingApprover.toLowerCase()) ?? r.awaitingApprover}` : '';
      setOutcome({ text: `Intent ${r.intentId}: ${r.outcome}, authorized by ${r.authorizedBy}${next}`, ok: r.outcome !== 'denied' });
    } catch (err) {
      setOutcome({ text: `Intent ${i.intentId} was not resolved: ${messageOf(err)}`, ok: false });
    } finally {
      setBusy(undefined);
      data.reload();
    }
  };

  const children = (parent: string | null): Org['nodes'] => d.org.nodes.filter((n) => n.parent === parent);
  const policyOf = (node: string): Policy | undefined => d.policies.policies.find((p) => p.node.toLowerCase() === node.toLowerCase());
  const policyAsset = assetOf(d.policies.asset);
  const tree = (nodes: Org['nodes']) => (
    <ul class="tree">
      {nodes.map((n) => {
        const p = policyOf(n.address);
        const kids = children(n.address);
        return (
          <li key={n.address} data-node={n.address}>
            <strong>{n.roleId ?? n.kind}</strong> {n.roleId && <small>{n.kind}</small>} <code title={n.address}>{short(n.address)}</code>
            {!n.active && ' (inactive)'}
            {p && (
              <ul class="policy" aria-label={`policies of ${n.roleId ?? n.kind}`}>
                {p.modules.length === 0 && <li>no policy modules{p.bound ? '' : ' (router default)'}</li>}
                {p.modules.map((m) => (
                  <li key={m.address}>{moduleText(m, policyAsset)}</li>
                ))}
              </ul>
            )}
            {kids.length > 0 && tree(kids)}
          </li>
        );
      })}
    </ul>
  );

  return (
    <section aria-labelledby="chain-h">
      <h1 id="chain-h">Chain</h1>
      <div class="actions">
        <button type="button" onClick={data.reload}>
          Refresh
        </button>
      </div>
      <ErrorNote error={data.error} />

      <h2 id="intents-h">Pending intents ({d.intents.intents.length})</h2>
      {outcome && (
        <p role="status" class={outcome.ok ? 'ok' : 'error'} data-testid="intent-outcome">
          {outcome.text}
        </p>
      )}
      {d.intents.intents.length === 0 ? (
        <p class="hint">No intent waits on a seat.</p>
      ) : (
        <ul class="cards" data-testid="intents" aria-labelledby="intents-h">
          {d.intents.intents.map((i) => {
            const asset = assetOf(i.asset);
            const key = `${i.asset}:${i.intentId}`;
            return (
              <li key={key} data-intent={i.intentId}>
                <h3>
                  Intent {i.intentId}: {amount(i.value, asset)} to <Addr a={i.target} names={names} />
                </h3>
                <p>
                  From <Addr a={i.agent} names={names} />, waiting on <Addr a={i.awaitingApprover} names={names} />
                  {i.verdict && (
                    <>
                      {' '}
                      · verdict <Status status={i.verdict} />
                    </>
                  )}
                </p>
                {i.measuredChanges && i.measuredChanges.length > 0 && (
                  <table class="list">
                    <caption>Simulated balance changes</caption>
                    <thead>
                      <tr>
                        <th scope="col">Account</th>
                        <th scope="col">Token</th>
                        <th scope="col">Change</th>
                      </tr>
                    </thead>
                    <tbody>
                      {i.measuredChanges.map((c, n) => (
                        <tr key={n}>
                          <td>
                            <Addr a={c.account} names={names} />
                          </td>
                          <td>
                            <Addr a={c.token} names={names} />
                          </td>
                          <td>
                            {amount(
                              c.delta,
                              d.assets.assets.find((a) => a.token.toLowerCase() === c.token.toLowerCase()),
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                {i.callTrace && i.callTrace.length > 0 && (
                  <details>
                    <summary>Call trace ({i.callTrace.length})</summary>
                    <ol>
                      {i.callTrace.map((c, n) => (
                        <li key={n}>
                          {'· '.repeat(c.depth)}
                          {c.type} <Addr a={c.from} names={names} /> → {c.to ? <Addr a={c.to} names={names} /> : '(create)'}
                          {c.value !== '0' && ` value ${c.value}`}
                          {c.error && <span class="error"> reverted: {c.error}</span>}
                        </li>
                      ))}
                    </ol>
                  </details>
                )}
                <div class="actions">
                  <button type="button" disabled={busy !== undefined} onClick={() => resolve(i, true)}>
                    Approve intent {i.intentId}
                  </button>
                  <button type="button" class="danger" disabled={busy !== undefined} onClick={() => resolve(i, false)}>
                    Deny intent {i.intentId}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <h2>Treasury</h2>
      <table class="list" data-testid="treasury">
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col">Balance</th>
            <th scope="col">Liquid</th>
            <th scope="col">Reserved</th>
          </tr>
        </thead>
        <tbody>
          {d.treasury.balances.map((b) => (
            <tr key={b.asset} data-asset={b.asset}>
              <td>{b.asset}</td>
              <td data-field="balance">{amount(b.balance, assetOf(b.asset))}</td>
              <td>{amount(b.liquid, assetOf(b.asset))}</td>
              <td>{amount(b.reserved, assetOf(b.asset))}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Allowances{d.grants.epoch !== undefined && ` (epoch ${d.grants.epoch})`}</h2>
      {d.grants.grants.length === 0 ? (
        <p class="hint">No grant streamed yet.</p>
      ) : (
        <table class="list" data-testid="allowances">
          <thead>
            <tr>
              <th scope="col">Seat</th>
              <th scope="col">Grant</th>
            </tr>
          </thead>
          <tbody>
            {d.grants.grants.map((g) => (
              <tr key={g.recipient}>
                <td>
                  <Addr a={g.recipient} names={names} />
                </td>
                <td>{amount(g.amount, assetOf(d.grants.asset))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>Org and policies{d.policies.asset && ` (${d.policies.asset})`}</h2>
      <div data-testid="org">{d.org.nodes.length === 0 ? <p class="hint">The org registry is empty.</p> : tree(children(null))}</div>

      <h2>Resolved intents</h2>
      {d.history.intents.length === 0 && <p class="hint">None resolved yet.</p>}
      <table class="list" data-testid="history" hidden={d.history.intents.length === 0}>
        <thead>
          <tr>
            <th scope="col">Intent</th>
            <th scope="col">Outcome</th>
            <th scope="col">Authorized by</th>
            <th scope="col">At</th>
          </tr>
        </thead>
        <tbody>
          {d.history.intents.slice(0, 20).map((h) => (
            <tr key={`${h.asset}:${h.intentId}:${h.at}`} data-intent={h.intentId}>
              <td>
                {h.intentId} <small>{h.asset}</small>
              </td>
              <td>
                <Status status={h.outcome ?? (h.approved ? 'approved' : 'rejected')} />
              </td>
              <td>{h.authorizedBy ?? ''}</td>
              <td>{time(h.at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
