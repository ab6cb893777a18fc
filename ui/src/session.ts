/**
 * The signed-in token. It lives in sessionStorage only (gone when the tab closes, never shared
 * with other tabs, never in localStorage, a cookie or a URL) and leaves the page only in the
 * Authorization header of requests to this origin.
 */
const KEY = 'svc.console.token';

export function readToken(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function keepToken(token: string | undefined): void {
  if (token === undefined || token === '') sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, token);
}
