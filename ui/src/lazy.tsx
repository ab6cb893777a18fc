import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** A page loaded on first use: the graph layout and the flow schema and validator stay out of
 * the first load, which is the sign-in, the runs list and the inbox. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let cached: ComponentType<P> | undefined;
  return function Lazy(props: P) {
    const [C, setC] = useState<ComponentType<P> | undefined>(() => cached);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (C) return;
      load().then(
        (c) => {
          cached = c;
          setC(() => c);
        },
        () => setFailed(true),
      );
    }, []);
    if (failed) return <p class="error">This page did not load; reload the console.</p>;
    return C ? <C {...props} /> : <p>Loading…</p>;
  };
}
