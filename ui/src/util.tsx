import { useCallback, useEffect, useState } from 'preact/hooks';
import { messageOf } from './api.js';

/** Loads on mount and on `reload()`; keeps the last good value while reloading. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { value?: T; error?: string; reload: () => void } {
  const [state, setState] = useState<{ value?: T; error?: string }>({});
  const reload = useCallback(() => {
    load().then(
      (value) => setState({ value }),
      (err) => setState((s) => ({ ...s, error: messageOf(err) })),
    );
  }, deps);
  useEffect(reload, [reload]);
  return { ...state, reload };
}

export function time(iso: string | undefined | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return d.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });
}

export function Status({ status }: { status: string }) {
  return <span class={`status s-${status}`}>{status}</span>;
}

export function ErrorNote({ error }: { error?: string | undefined }) {
  return error ? (
    <p role="alert" class="error">
      {error}
    </p>
  ) : null;
}

/** Pretty JSON, shortened to what a page can show. */
export function Json({ value, max = 4000 }: { value: unknown; max?: number }) {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return <pre class="json">{text.length > max ? `${text.slice(0, max)}\n…` : text}</pre>;
}

/** Asks before a step that cannot be undone (cancel, replay, drop, rotate). */
export function confirmAction(what: string): boolean {
  return window.confirm(what);
}
