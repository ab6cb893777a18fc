/**
 * Fault injection for the test suite that tries to break the run promises (test/e2e/faults.test.ts).
 * `SVC_FAULTS` names points of the run path where this process kills itself with SIGKILL
 * (`crash`, as a kill -9 would) or fails the way a dropped database connection does (`fail`).
 * Unset, every `hit` is a no-op costing one property read. Never set it in production.
 *
 * Grammar: comma-separated `<point>[:<tag>][=crash|fail]`; the tag narrows the point to a step id
 * (or, for `ack.before`, a command `<actor>.<verb>`; for `tick.proposed`, a worker's checksummed
 * address). Each entry fires once per process.
 */
import { AppError } from '../schemas/errors.js';
import { FAULT_POINTS, type FaultPoint, type Faults } from '../schemas/faults.js';

export { FAULT_POINTS, type FaultPoint, type Faults };

interface Entry {
  readonly point: FaultPoint;
  readonly tag: string | undefined;
  readonly action: 'crash' | 'fail';
  fired: boolean;
}

const none: Faults = { hit: () => undefined };

/** Parses SVC_FAULTS; throws a message naming the bad entry (config turns it into a ConfigError). */
export function parseFaults(raw: string | undefined): Faults {
  if (raw === undefined || raw.trim() === '') return none;
  const entries: Entry[] = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const m = /^([a-z.-]+)(?::([^=]+))?(?:=(crash|fail))?$/.exec(s);
      if (!m || !(FAULT_POINTS as readonly string[]).includes(m[1]!))
        throw new Error(`bad entry "${s}" (points: ${FAULT_POINTS.join(', ')}; form <point>[:<tag>][=crash|fail])`);
      return { point: m[1] as FaultPoint, tag: m[2], action: (m[3] ?? 'crash') as 'crash' | 'fail', fired: false };
    });
  return {
    hit(point, tag) {
      const e = entries.find((x) => !x.fired && x.point === point && (x.tag === undefined || x.tag === tag));
      if (!e) return;
      e.fired = true;
      if (e.action === 'crash') process.kill(process.pid, 'SIGKILL');
      throw new AppError('store_unavailable', { message: `injected fault at ${point}${tag ? `:${tag}` : ''}` });
    },
  };
}
