/**
 * Contract reads made in one turn of the event loop, sent together as one multicall: one
 * `eth_call`, answered from one block. Deployless (the multicall contract is sent as the call's
 * code), so no Multicall3 needs to be deployed on the chain. The batch leaves at the end of the
 * turn (`setImmediate`) rather than on a timer, which Node delays by at least a millisecond and a
 * loaded machine by more. A lone read goes out as itself.
 */
import type { PublicClient } from 'viem';
import type { Read, ReadCall } from './speculate.js';

interface Waiting {
  readonly call: ReadCall;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export function turnReads(client: PublicClient): Read {
  let pending: Waiting[] | undefined;

  const flush = async (batch: Waiting[]): Promise<void> => {
    if (batch.length === 1) {
      const [one] = batch as [Waiting];
      await client.readContract(one.call as never).then(one.resolve, one.reject);
      return;
    }
    try {
      const results = (await client.multicall({
        contracts: batch.map((w) => w.call) as never,
        deployless: true,
        allowFailure: true,
      })) as readonly ({ status: 'success'; result: unknown } | { status: 'failure'; error: unknown })[];
      results.forEach((r, i) => (r.status === 'success' ? batch[i]!.resolve(r.result) : batch[i]!.reject(r.error)));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  };

  return <T>(call: ReadCall) =>
    new Promise<T>((resolve, reject) => {
      if (!pending) {
        const batch: Waiting[] = (pending = []);
        setImmediate(() => {
          pending = undefined;
          void flush(batch);
        });
      }
      pending.push({ call, resolve: resolve as (v: unknown) => void, reject });
    });
}
