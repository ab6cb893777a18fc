/**
 * A page's steps that change something: the last step's error (cleared when the next starts),
 * which item a step is busy on, and `after` once each step ends, failed or not, so the page
 * shows what the server now holds.
 */
import { useState } from 'preact/hooks';
import { messageOf } from './api.js';

export function useAction(after: () => void): {
  error: string | undefined;
  busy: string | undefined;
  act: (step: () => Promise<unknown>, item?: string) => Promise<void>;
} {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | undefined>();
  const act = async (step: () => Promise<unknown>, item?: string): Promise<void> => {
    setBusy(item);
    setError(undefined);
    try {
      await step();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(undefined);
      after();
    }
  };
  return { error, busy, act };
}
