// `svc worker` with an injected clock, for tests that walk through simulated minutes in real
// worker processes: the same composition root (dist/main/system.js) the CLI starts, with
// now() = TEST_CLOCK_T0 + (wall time - TEST_CLOCK_REAL0) * TEST_CLOCK_SCALE, so several
// processes given the same three values share one simulated timeline. Needs `npm run build`.
import { loadConfig } from '../../dist/runtime/config.js';
import { startProcess } from '../../dist/main/system.js';

const t0 = Number(process.env.TEST_CLOCK_T0);
const real0 = Number(process.env.TEST_CLOCK_REAL0);
const scale = Number(process.env.TEST_CLOCK_SCALE);
if (!Number.isFinite(t0) || !Number.isFinite(real0) || !(scale > 0))
  throw new Error('TEST_CLOCK_T0, TEST_CLOCK_REAL0 and TEST_CLOCK_SCALE are required');
const actors = process.env.TEST_WORKER_ACTORS?.split(',');
const running = await startProcess({
  role: 'worker',
  config: loadConfig(process.env),
  now: () => t0 + (Date.now() - real0) * scale,
  ...(actors ? { actors } : {}),
});
process.once('SIGTERM', () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
