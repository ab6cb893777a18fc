/** Dead letters (the operator's): list, show one, replay it (sent again as first sent) or drop it. */
import { useState } from 'preact/hooks';
import { get, messageOf, post } from '../api.js';
import { useLive } from '../live.js';
import { confirmAction, ErrorNote, Json, time, useLoad } from '../util.js';

export function DeadLettersPage() {
  const list = useLoad(() => get('/dlq', { limit: 100 }), []);
  const [open, setOpen] = useState<string | undefined>();
  const [note, setNote] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  useLive(list.reload, (e) => e.type === 'CommandDeadLettered');

  const replay = async (id: string): Promise<void> => {
    if (!confirmAction(`Replay dead letter ${id}? Its command is sent again as first sent.`)) return;
    setError(undefined);
    try {
      const r = await post('/dlq/replay', { id });
      setNote(`Replayed ${id}: ${r.replayed.actor}.${r.replayed.verb} sent again (stream seq ${r.seq}).`);
    } catch (err) {
      setError(messageOf(err));
    }
    list.reload();
  };

  const drop = async (id: string): Promise<void> => {
    if (!confirmAction(`Drop dead letter ${id}? Its command is not sent again and the letter is gone.`)) return;
    setError(undefined);
    try {
      const r = await post('/dlq/drop', { id });
      setNote(`Dropped ${id}: ${r.dropped.actor}.${r.dropped.verb}.`);
    } catch (err) {
      setError(messageOf(err));
    }
    list.reload();
  };

  const letters = list.value?.deadLetters ?? [];
  return (
    <section aria-labelledby="dlq-h">
      <h1 id="dlq-h">Dead letters</h1>
      <p class="hint">A replay sends the command again and removes the dead letter; a drop removes it without sending anything.</p>
      <ErrorNote error={error ?? list.error} />
      {note && (
        <p role="status" class="ok" data-testid="replayed">
          {note}
        </p>
      )}
      {list.value && letters.length === 0 && <p>No dead letters.</p>}
      <ul class="cards" data-testid="dlq">
        {letters.map((d) => (
          <li key={d.id} class="card" data-letter={d.id}>
            <p class="meta">
              #{d.id} · {d.actor}.{d.verb} · {d.deliveries} deliveries · {time(d.at)}
            </p>
            <p>
              <strong>{d.error.error}</strong>: {d.error.message}
            </p>
            <div class="row-actions">
              <button type="button" aria-expanded={open === d.id} onClick={() => setOpen(open === d.id ? undefined : d.id)}>
                {open === d.id ? 'Hide' : 'Show'}
              </button>
              <button type="button" onClick={() => replay(d.id)}>
                Replay
              </button>
              <button type="button" class="danger" onClick={() => drop(d.id)}>
                Drop
              </button>
            </div>
            {open === d.id && (
              <Json value={{ subject: d.subject, msgId: d.msgId, traceId: d.traceId, payload: d.payload ?? d.payloadText }} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
