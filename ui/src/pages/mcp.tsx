/**
 * MCP: attached servers and, for a chosen seat, each tool's state (allowed, blocked, disabled)
 * and the level that decided it; allow, deny or clear the seat's rule for a tool. The operator
 * attaches an HTTP server (its tools land blocked), pings, refreshes and detaches. Credentials
 * appear only as their ref and last four characters.
 */
import { useState } from 'preact/hooks';
import { get, messageOf, post, put } from '../api.js';
import { ErrorNote, Status, time, useLoad } from '../util.js';
import { isOperator, useWho } from '../who.js';

export function McpPage() {
  const who = useWho();
  const [seat, setSeat] = useState(isOperator(who) ? '' : who.seat);
  const servers = useLoad(() => get('/mcp/servers', { as: seat || undefined }), [seat]);
  const secrets = useLoad(() => (isOperator(who) ? get('/mcp/secrets') : Promise.resolve({ secrets: [] })), []);
  const [error, setError] = useState<string | undefined>();
  const [note, setNote] = useState<string | undefined>();

  const rule = async (server: string, tool: string, enabled: boolean | undefined): Promise<void> => {
    setError(undefined);
    try {
      const r = await put('/mcp/servers/tools', {
        server,
        tool,
        ...(seat ? { scope: { level: 'agent' as const, ref: seat } } : {}),
        ...(enabled === undefined ? {} : { enabled }),
      });
      setNote(`${server}.${tool}: rule ${r.change}${seat ? ` for ${seat}` : ' for the workspace'}.`);
    } catch (err) {
      setError(messageOf(err));
    }
    servers.reload();
  };

  const step = async (what: () => Promise<string>): Promise<void> => {
    setError(undefined);
    try {
      setNote(await what());
    } catch (err) {
      setError(messageOf(err));
    }
    servers.reload();
  };
  const attach = (form: HTMLFormElement) =>
    step(async () => {
      const data = new FormData(form);
      const id = String(data.get('id') ?? '').trim();
      const r = await post('/mcp/servers/attach', { id, transport: 'http', url: String(data.get('url') ?? '').trim() });
      form.reset();
      return `${id}: attached; ${r.tools.length} tool(s), every one blocked until allowed.`;
    });
  const ping = (id: string) =>
    step(async () => {
      const r = await post('/mcp/servers/ping', { id });
      return r.reachable
        ? `${id}: reachable in ${Math.round(r.latencyMs)} ms, ${r.toolCount ?? 0} tool(s) published.`
        : `${id}: unreachable (${r.error ?? 'no answer'}).`;
    });
  const detach = (id: string) =>
    step(async () => {
      if (!window.confirm(`Detach ${id}? Its tool rules are kept.`)) return `${id}: left attached.`;
      await post('/mcp/servers/detach', { id });
      return `${id}: detached.`;
    });
  const refresh = () =>
    step(async () => {
      await post('/mcp/servers/refresh', undefined as never);
      return 'Servers rediscovered; new tools land blocked.';
    });

  return (
    <section aria-labelledby="mcp-h">
      <h1 id="mcp-h">MCP</h1>
      {isOperator(who) && (
        <form
          class="filters"
          aria-label="Attach a server"
          onSubmit={(e) => {
            e.preventDefault();
            void attach(e.currentTarget as HTMLFormElement);
          }}
        >
          <label>
            Server id
            <input name="id" required pattern="[a-z0-9][a-z0-9_-]*" />
          </label>
          <label>
            URL (streamable HTTP)
            <input name="url" type="url" required />
          </label>
          <button type="submit">Attach</button>
          <button type="button" onClick={() => void refresh()}>
            Refresh all
          </button>
        </form>
      )}
      <form
        class="filters"
        aria-label="Seat"
        onSubmit={(e) => {
          e.preventDefault();
          setSeat(String(new FormData(e.currentTarget as HTMLFormElement).get('seat') ?? '').trim());
        }}
      >
        <label>
          Seat (empty: the workspace rule)
          <input name="seat" defaultValue={seat} disabled={!isOperator(who)} />
        </label>
        <button type="submit">Show</button>
      </form>
      <ErrorNote error={error ?? servers.error} />
      {note && (
        <p role="status" class="ok">
          {note}
        </p>
      )}
      {servers.value && servers.value.servers.length === 0 && <p>No MCP server is attached.</p>}
      {servers.value?.servers.map((s) => (
        <div key={s.id} class="card">
          <h2>
            {s.id}{' '}
            <small>
              ({s.transport}, {s.origin})
            </small>
          </h2>
          {isOperator(who) && (
            <p class="row-actions">
              <button type="button" onClick={() => void ping(s.id)} aria-label={`Ping ${s.id}`}>
                Ping
              </button>
              {s.origin === 'runtime' && (
                <button type="button" onClick={() => void detach(s.id)} aria-label={`Detach ${s.id}`}>
                  Detach
                </button>
              )}
            </p>
          )}
          <p class="meta">
            {s.url ?? ''} · {s.blockedCount} blocked · refreshed {time(s.refreshedAt)}
            {s.auth &&
              (s.auth.kind === 'secret'
                ? ` · credential: secret ${s.auth.secretRef}`
                : s.auth.kind === 'oauth'
                  ? ` · credential: OAuth${s.auth.clientId ? ` client ${s.auth.clientId}` : ''}`
                  : ` · credential: env ${s.auth.tokenEnv}`)}
          </p>
          <table class="list">
            <thead>
              <tr>
                <th scope="col">Tool</th>
                <th scope="col">State</th>
                <th scope="col">Effect</th>
                <th scope="col">Decided by</th>
                <th scope="col">Rule{seat ? ` for ${seat}` : ''}</th>
              </tr>
            </thead>
            <tbody>
              {s.tools.map((tool) => (
                <tr key={tool.name}>
                  <td>
                    <code>{tool.name}</code> <small>{tool.description ?? ''}</small>
                  </td>
                  <td>
                    <Status status={tool.state} />
                  </td>
                  <td>
                    {tool.effect}
                    {tool.classified ? '' : ' (unclassified)'}
                  </td>
                  <td>{tool.decidedBy ?? ''}</td>
                  <td class="row-actions">
                    <button type="button" onClick={() => rule(s.id, tool.name, true)}>
                      Allow
                    </button>
                    <button type="button" onClick={() => rule(s.id, tool.name, false)}>
                      Deny
                    </button>
                    <button type="button" onClick={() => rule(s.id, tool.name, undefined)}>
                      Clear
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {isOperator(who) && (
        <>
          <h2>Secrets</h2>
          <form
            class="filters"
            aria-label="Set a secret"
            onSubmit={(e) => {
              e.preventDefault();
              const form = e.currentTarget as HTMLFormElement;
              const data = new FormData(form);
              const ref = String(data.get('ref') ?? '').trim();
              const value = String(data.get('value') ?? '');
              // The value is never shown again: the field is emptied whatever the answer.
              form.reset();
              void step(async () => {
                const r = await put(`/mcp/secrets/${encodeURIComponent(ref)}` as '/mcp/secrets/{ref}', { value });
                secrets.reload();
                return `${ref}: stored sealed, ending ····${r.last4}.`;
              });
            }}
          >
            <label>
              Ref
              <input name="ref" required />
            </label>
            <label>
              Value
              <input name="value" type="password" autocomplete="off" required />
            </label>
            <button type="submit">Set secret</button>
          </form>
          <ul data-testid="secrets">
            {secrets.value?.secrets.map((x) => (
              <li key={x.ref}>
                <code>{x.ref}</code> ····{x.last4} · updated {time(x.updatedAt)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
