/**
 * How many external calls are in the air at once: per server (`maxConcurrency`, default 8) and
 * per process (SVC_MCP_MAX_CONCURRENCY), each a p-queue. A call takes its server's slot, then a
 * process slot, and waits for them within the same deadline its call has (the Bounds timer is
 * already running): a call that gets no slot in time fails mcp_call_timeout without reaching its
 * server. Per process, not per cluster: each replica holds its own slots.
 */
import PQueue from 'p-queue';
import { AppError } from '../../schemas/errors.js';
import { DEFAULT_MAX_CONCURRENCY } from '../../schemas/mcp.js';
import type { Bounds } from './bounds.js';
import type { Target } from './session.js';
import { poolGroup } from './pool.js';

export class CallLimits {
  private readonly process: PQueue;
  private readonly servers = new Map<string, PQueue>();

  constructor(readonly processCap: number) {
    this.process = new PQueue({ concurrency: processCap });
  }

  private serverQueue(t: Target): PQueue {
    const key = poolGroup(t.owner, t.config.id);
    const cap = t.config.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY;
    let q = this.servers.get(key);
    if (q === undefined) this.servers.set(key, (q = new PQueue({ concurrency: cap })));
    else if (q.concurrency !== cap) q.concurrency = cap; // a re-attach may change it
    return q;
  }

  /** Runs `fn` once both slots are held; gives them back when it settles or the bounds trip. */
  async run<T>(t: Target, bounds: Bounds, fn: () => Promise<T>): Promise<T> {
    const server = this.serverQueue(t);
    let started = false;
    const signal = bounds.signal;
    const work = server.add(
      () =>
        this.process.add(
          () => {
            started = true;
            return fn();
          },
          { signal },
        ),
      { signal },
    ) as Promise<T>;
    try {
      // p-queue drops an aborted entry only when its turn comes; the race answers at the deadline.
      return await bounds.race(work);
    } catch (err) {
      if (started || bounds.tripped === undefined) throw err;
      throw new AppError('mcp_call_timeout', {
        detail: t.config.id,
        message: `no free call slot for server ${t.config.id} within ${bounds.timeoutMs} ms (maxConcurrency ${
          t.config.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY
        }, SVC_MCP_MAX_CONCURRENCY ${this.processCap})`,
      });
    }
  }
}
