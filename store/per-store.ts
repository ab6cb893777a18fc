/** One instance of something per open store (a repository, a statement set), made on first use. */
import type { Store } from './types.js';

export function perStore<T>(make: (store: Store) => T): (store: Store) => T {
  const made = new WeakMap<Store, T>();
  return (store) => {
    let v = made.get(store);
    if (v === undefined) {
      v = make(store);
      made.set(store, v);
    }
    return v;
  };
}
