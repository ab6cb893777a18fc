import { useState } from 'preact/hooks';
import { messageOf, whoIs } from '../api.js';
import { keepToken } from '../session.js';
import type { Who } from '../who.js';

/** Sign-in: the token is checked with `/whoami` before it is kept (sessionStorage). */
export function SignIn({ onSignedIn }: { onSignedIn: (w: Who) => void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const who = await whoIs(token.trim());
      keepToken(token.trim());
      setToken('');
      onSignedIn(who);
    } catch (err) {
      // The API's message never repeats the token; neither does this one.
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="signin" id="main">
      <h1>svc console</h1>
      <form onSubmit={submit} method="post" action="#">
        <label for="token">Bearer token (the operator's, or a seat's)</label>
        <input
          id="token"
          name="token"
          type="password"
          autocomplete="off"
          spellcheck={false}
          required
          value={token}
          onInput={(e) => setToken((e.target as HTMLInputElement).value)}
        />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
        <p class="hint">Kept in this tab only (sessionStorage), sent only as the Authorization header to this server.</p>
      </form>
    </main>
  );
}
