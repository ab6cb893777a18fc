/** Runs: newest first, filtered by status, flow, principal, trigger and time, paged with `before`, live. */
import { useState } from 'preact/hooks';
import { get, type Reply } from '../api.js';
import { useLive } from '../live.js';
import { go, href } from '../router.js';
import { ErrorNote, Status, time, useLoad } from '../util.js';
import { isOperator, useWho } from '../who.js';

const STATUSES = ['', 'running', 'waiting', 'completed', 'error', 'cancelled'];
const TRIGGERS = ['', 'manual', 'webhook', 'cron', 'epoch', 'heartbeat'];
const FIELDS = ['status', 'flowId', 'principal', 'trigger', 'since', 'until'] as const;
type Filters = Partial<Record<(typeof FIELDS)[number], string>>;

const toIso = (local: string | undefined): string | undefined => (local ? new Date(local).toISOString() : undefined);

export function RunsPage({ query }: { query: URLSearchParams }) {
  const who = useWho();
  const filters: Filters = Object.fromEntries(FIELDS.map((f) => [f, query.get(f) ?? undefined]));
  const [pages, setPages] = useState<string[]>([]); // the `before` of each page after the first
  const before = pages[pages.length - 1];
  const key = JSON.stringify([filters, before]);
  const runs = useLoad<Reply<'/flows/runs'>>(
    () => get('/flows/runs', { ...filters, since: toIso(filters.since), until: toIso(filters.until), before, limit: 25 }),
    [key],
  );
  // Live on the first page only: later pages hold older runs, which do not move.
  useLive(
    () => !before && runs.reload(),
    (e) => e.type === 'FlowRun' || e.type === 'FlowRunLifecycle' || e.type === 'RunProgress',
  );

  const apply = (e: Event): void => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    setPages([]);
    go('runs', Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '') || undefined])));
  };

  return (
    <section aria-labelledby="runs-h">
      <h1 id="runs-h">Runs</h1>
      <form class="filters" onSubmit={apply} aria-label="Filter runs" key={query.toString()}>
        <label>
          Status
          <select name="status">
            {STATUSES.map((s) => (
              <option value={s} key={s} selected={s === (filters.status ?? '')}>
                {s || 'any'}
              </option>
            ))}
          </select>
        </label>
        <label>
          Flow
          <input name="flowId" defaultValue={filters.flowId ?? ''} size={12} />
        </label>
        {isOperator(who) && (
          <label>
            Principal
            <input name="principal" defaultValue={filters.principal ?? ''} size={10} />
          </label>
        )}
        <label>
          Trigger
          <select name="trigger">
            {TRIGGERS.map((s) => (
              <option value={s} key={s} selected={s === (filters.trigger ?? '')}>
                {s || 'any'}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input name="since" type="datetime-local" defaultValue={filters.since ?? ''} />
        </label>
        <label>
          To
          <input name="until" type="datetime-local" defaultValue={filters.until ?? ''} />
        </label>
        <button type="submit">Apply</button>
        <a href={href('runs')} class="button" onClick={() => setPages([])}>
          Clear
        </a>
      </form>
      <ErrorNote error={runs.error} />
      <table class="list" data-testid="runs">
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Flow</th>
            <th scope="col">Status</th>
            <th scope="col">Principal</th>
            <th scope="col">Trigger</th>
            <th scope="col">Started</th>
            <th scope="col">Where</th>
          </tr>
        </thead>
        <tbody>
          {runs.value?.runs.map((r) => (
            <tr key={r.id} data-run={r.id}>
              <td>
                <a href={href(`run/${encodeURIComponent(r.id)}`)}>{r.id.slice(0, 16)}…</a>
              </td>
              <td>{r.flowId}</td>
              <td>
                <Status status={r.status} />
              </td>
              <td>{r.principal}</td>
              <td>{r.trigger}</td>
              <td>{time(r.createdAt)}</td>
              <td>{r.waiting ? `${r.waiting.reason} at ${r.waiting.stepId}` : (r.error?.code ?? r.cursor ?? '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {runs.value && runs.value.runs.length === 0 && <p>No runs match.</p>}
      <div class="pager">
        <button type="button" disabled={pages.length === 0} onClick={() => setPages([])}>
          Newest
        </button>
        <button type="button" disabled={pages.length === 0} onClick={() => setPages(pages.slice(0, -1))}>
          Newer
        </button>
        <button type="button" disabled={!runs.value?.next} onClick={() => runs.value?.next && setPages([...pages, runs.value.next])}>
          Older
        </button>
      </div>
    </section>
  );
}
