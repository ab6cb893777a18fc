/**
 * The eval child (evals/child-process.ts forks it): blocks every outbound network path first, then
 * loads the suite runner, runs the one suite the parent sends and answers its report. The engine is
 * imported only after the block is in place, so nothing it sets up at load time holds an unblocked
 * reference to `fetch` or a socket constructor.
 */
import { installNetworkBlock } from '../evals/net-block.js';
import { AppError } from '../schemas/errors.js';
import type { ChildAnswer, RunMessage } from '../evals/child-process.js';

installNetworkBlock();
const { runSuite } = await import('../evals/suite.js');
const { evalEngine } = await import('./eval-engine.js');

function answer(msg: ChildAnswer): void {
  // Exit once the answer is on its way: a timer the engine left behind must not keep the child alive.
  process.send!(msg, () => process.exit(0));
}

// Orphaned (the orchestrator died): nobody waits for the report.
process.once('disconnect', () => process.exit(1));
process.once('message', (msg: RunMessage) => {
  runSuite(msg.inputs, { engine: evalEngine }).then(
    (report) => answer({ kind: 'report', report }),
    (err: unknown) =>
      answer({
        kind: 'error',
        error:
          err instanceof AppError ? err.toResponseObject() : { error: 'eval_crashed', message: (err as Error)?.message ?? String(err) },
      }),
  );
});
