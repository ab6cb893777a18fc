/** Heartbeats: each crew's schedule and last tick, run now, enable/disable, and the tick ledger. */
import { useState } from 'preact/hooks';
import { get, messageOf, post } from '../api.js';
import { useLive } from '../live.js';
import { ErrorNote, Status, time, useLoad } from '../util.js';

export function HeartbeatsPage() {
  const list = useLoad(() => get('/heartbeats'), []);
  const [crew, setCrew] = useState<string | undefined>();
  const ticks = useLoad(() => get('/heartbeats/ticks', { crewId: crew, limit: 50 }), [crew]);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | undefined>();
  useLive(
    () => {
      list.reload();
      ticks.reload();
    },
    (e) => e.type === 'CrewHeartbeat' || e.type === 'CrewHeartbeatChanged',
  );
  const act = async (crewId: string, fn: () => Promise<unknown>): Promise<void> => {
    setBusy(crewId);
    setError(undefined);
    try {
      await fn();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(undefined);
      list.reload();
      ticks.reload();
    }
  };
  return (
    <section aria-labelledby="hb-h">
      <h1 id="hb-h">Heartbeats</h1>
      <ErrorNote error={error ?? list.error} />
      {list.value && list.value.heartbeats.length === 0 && <p>No heartbeats. Save one with the API or `svc heartbeat`.</p>}
      <table class="list" data-testid="heartbeats">
        <thead>
          <tr>
            <th scope="col">Crew</th>
            <th scope="col">Schedule</th>
            <th scope="col">Seat</th>
            <th scope="col">State</th>
            <th scope="col">Last tick</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {list.value?.heartbeats.map((h) => (
            <tr key={h.crewId} data-crew={h.crewId}>
              <td>{h.crewId}</td>
              <td>
                <code>{h.schedule}</code> {h.timezone}
                {h.quietStart && ` · quiet ${h.quietStart}–${h.quietEnd ?? ''}`}
              </td>
              <td>{h.seat}</td>
              <td>
                {h.enabled ? 'enabled' : 'disabled'}
                {h.failures > 0 && ` · ${h.failures} failures in a row`}
              </td>
              <td>
                {h.lastTick ? (
                  <>
                    <Status status={h.lastTick.status} /> {time(h.lastTick.startedAt)}
                  </>
                ) : (
                  'never'
                )}
              </td>
              <td class="row-actions">
                <button
                  type="button"
                  disabled={busy === h.crewId}
                  onClick={() => act(h.crewId, () => post('/heartbeats/run', { crewId: h.crewId }))}
                >
                  Run now
                </button>
                <button
                  type="button"
                  onClick={() => act(h.crewId, () => post('/heartbeats/enabled', { crewId: h.crewId, enabled: !h.enabled }))}
                >
                  {h.enabled ? 'Disable' : 'Enable'}
                </button>
                <button type="button" onClick={() => setCrew(h.crewId)}>
                  Ticks
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>
        Tick ledger {crew ? `of ${crew}` : '(every crew)'}{' '}
        {crew && (
          <button type="button" onClick={() => setCrew(undefined)}>
            Show all
          </button>
        )}
      </h2>
      <ErrorNote error={ticks.error} />
      <table class="list" data-testid="ticks">
        <thead>
          <tr>
            <th scope="col">Window</th>
            <th scope="col">Crew</th>
            <th scope="col">Kind</th>
            <th scope="col">Status</th>
            <th scope="col">Runs</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {ticks.value?.ticks.map((k) => (
            <tr key={k.id}>
              <td>{time(k.window)}</td>
              <td>{k.crewId}</td>
              <td>{k.kind}</td>
              <td>
                <Status status={k.status} />
              </td>
              <td>
                {k.runs.map((r) => (
                  <a key={r} href={`#/run/${encodeURIComponent(r)}`}>
                    {r.slice(0, 12)}…{' '}
                  </a>
                ))}
              </td>
              <td>{k.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
