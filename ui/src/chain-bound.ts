/** Whether a chain is configured (`/health` mode is not `mock`): the Chain section is shown only then. */
import { useEffect, useState } from 'preact/hooks';
import { get } from './api.js';

export function useChainBound(): boolean {
  const [bound, setBound] = useState(false);
  useEffect(() => {
    get('/health').then(
      (h) => setBound(h.mode !== 'mock'),
      () => setBound(false),
    );
  }, []);
  return bound;
}
