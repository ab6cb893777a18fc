/** Heartbeats: each crew's schedule and last tick, run now, enable/disable, edit the schedule, and the tick ledger. */
import { useState } from 'preact/hooks';
import { get, post, type Reply } from '../api.js';
import { ListTable } from '../list-table.js';
import { useLive } from '../live.js';
import { NarrowedLog } from '../narrowed-log.js';
import { useAction } from '../use-action.js';
import { ErrorNote, Status, time, useLoad } from '../util.js';

const HEARTBEAT_COLUMNS = ['Crew', 'Schedule', 'Seat', 'State', 'Last tick', 'Actions'];
const TICK_COLUMNS = ['Window', 'Crew', 'Kind', 'Status', 'Runs', 'Note'];

export function HeartbeatsPage() {
  const list = useLoad(() => get('/heartbeats'), []);
  const [crew, setCrew] = useState<string | undefined>();
  const [editing, setEditing] = useState<HeartbeatView | undefined>();
  const ticks = useLoad(() => get('/heartbeats/ticks', { crewId: crew, limit: 50 }), [crew]);
  const reload = (): void => {
    list.reload();
    ticks.reload();
  };
  const { error, busy, act } = useAction(reload);
  useLive(reload, (e) => e.type === 'CrewHeartbeat' || e.type === 'CrewHeartbeatChanged');
  return (
    <section aria-labelledby="hb-h">
      <h1 id="hb-h">Heartbeats</h1>
      <ErrorNote error={error ?? list.error} />
      {list.value && list.value.heartbeats.length === 0 && (
        <p>
          No heartbeats. Save one with the API or <code>svc heartbeat</code>.
        </p>
      )}
      <ListTable testid="heartbeats" columns={HEARTBEAT_COLUMNS}>
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
                onClick={() => act(() => post('/heartbeats/run', { crewId: h.crewId }), h.crewId)}
              >
                Run now
              </button>
              <button
                type="button"
                onClick={() => act(() => post('/heartbeats/enabled', { crewId: h.crewId, enabled: !h.enabled }), h.crewId)}
              >
                {h.enabled ? 'Disable' : 'Enable'}
              </button>
              <button type="button" onClick={() => setCrew(h.crewId)}>
                Ticks
              </button>
              <button type="button" aria-label={`Edit ${h.crewId}`} onClick={() => setEditing(h)}>
                Edit
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
      {editing && (
        <form
          class="card"
          aria-label={`Edit ${editing.crewId}`}
          key={editing.crewId}
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget as HTMLFormElement);
            const field = (k: string) => String(data.get(k) ?? '').trim();
            void act(async () => {
              await post('/heartbeats', { heartbeat: edited(editing, field) });
              setEditing(undefined);
            }, editing.crewId);
          }}
        >
          <h2>Edit {editing.crewId}</h2>
          <label>
            Schedule (5-field cron or a preset name)
            <input name="schedule" defaultValue={editing.schedule} required />
          </label>
          <label>
            Time zone
            <input name="timezone" defaultValue={editing.timezone} required />
          </label>
          <label>
            Quiet from (HH:MM)
            <input name="quietStart" defaultValue={editing.quietStart ?? ''} />
          </label>
          <label>
            Quiet until (HH:MM)
            <input name="quietEnd" defaultValue={editing.quietEnd ?? ''} />
          </label>
          <button type="submit">Save heartbeat</button>
          <button type="button" onClick={() => setEditing(undefined)}>
            Cancel
          </button>
        </form>
      )}
      <NarrowedLog title="Tick ledger" every="crew" pick={[crew, setCrew]} error={ticks.error} testid="ticks" columns={TICK_COLUMNS}>
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
      </NarrowedLog>
    </section>
  );
}

type HeartbeatView = Reply<'/heartbeats'>['heartbeats'][number];

/** The heartbeat as saved, with the form's schedule, zone and quiet hours; the rest kept as it is. */
function edited(h: HeartbeatView, field: (k: string) => string) {
  const quietStart = field('quietStart');
  const quietEnd = field('quietEnd');
  return {
    crewId: h.crewId,
    schedule: field('schedule'),
    timezone: field('timezone'),
    ...(quietStart ? { quietStart } : {}),
    ...(quietEnd ? { quietEnd } : {}),
    items: h.items,
    seat: h.seat,
    ...(h.model ? { model: h.model } : {}),
    notifyOnOk: h.notifyOnOk,
    stopOnError: h.stopOnError,
    enabled: h.enabled,
  };
}
