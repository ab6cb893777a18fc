/** The live event tail (the operator's stream), filtered by type and text; newest first, the last 200. */
import { useEffect, useState } from 'preact/hooks';
import { onEvent, streamUp, onStreamState, type LiveEvent } from '../live.js';
import { time } from '../util.js';

const KEEP = 200;

export function EventsPage() {
  const [events, setEvents] = useState<LiveEvent[]>([]);
  const [type, setType] = useState('');
  const [text, setText] = useState('');
  const [paused, setPaused] = useState(false);
  const [up, setUp] = useState(streamUp());
  useEffect(() => onStreamState(setUp), []);
  useEffect(() => {
    if (paused) return;
    return onEvent((e) => {
      if (e.type === 'ClockMinute') return;
      setEvents((list) => [e, ...list].slice(0, KEEP));
    });
  }, [paused]);
  const shown = events.filter(
    (e) => (!type || e.type.toLowerCase().includes(type.toLowerCase())) && (!text || JSON.stringify(e.data).includes(text)),
  );
  return (
    <section aria-labelledby="ev-h">
      <h1 id="ev-h">Events</h1>
      <p>{up ? 'Tailing the event stream.' : 'The stream is down; reconnecting…'}</p>
      <div class="filters" role="search" aria-label="Filter events">
        <label>
          Type
          <input value={type} onInput={(e) => setType((e.target as HTMLInputElement).value)} size={16} />
        </label>
        <label>
          Containing
          <input value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} size={16} />
        </label>
        <button type="button" onClick={() => setPaused(!paused)} aria-pressed={paused}>
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" onClick={() => setEvents([])}>
          Clear
        </button>
      </div>
      <table class="list" data-testid="events">
        <thead>
          <tr>
            <th scope="col">At</th>
            <th scope="col">Type</th>
            <th scope="col">Data</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((e, i) => (
            <tr key={e.id ?? i}>
              <td>{time(e.at)}</td>
              <td>{e.type}</td>
              <td>
                <code class="clip">{JSON.stringify(e.data)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
