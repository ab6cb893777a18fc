/** Hash routes (`#/runs`, `#/run/<id>`, ...): the server serves one page, and nothing a route
 * names (never the token) reaches a server log. */
import { useEffect, useState } from 'preact/hooks';

export interface Route {
  path: string[];
  query: URLSearchParams;
}

export function currentRoute(): Route {
  const raw = location.hash.replace(/^#\/?/, '');
  const [p = '', q = ''] = raw.split('?');
  return { path: p.split('/').filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(q) };
}

export function href(path: string, query?: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v) q.set(k, v);
  const s = q.toString();
  return `#/${path}${s ? `?${s}` : ''}`;
}

export function go(path: string, query?: Record<string, string | undefined>): void {
  location.hash = href(path, query);
}

export function useRoute(): Route {
  const [r, setR] = useState(currentRoute);
  useEffect(() => {
    const on = (): void => setR(currentRoute());
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return r;
}
