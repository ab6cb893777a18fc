/**
 * A JSON-RPC transport that sends the requests made in one turn of the event loop as one batch,
 * leaving at the end of the turn (`setImmediate`). viem's own batching leaves on a timer, which Node
 * holds for at least a millisecond and a machine short of CPU for longer, since a process that
 * sleeps waits to be scheduled again; a chain write that goes through three or four such waits
 * pays for each. A lone request goes out as itself. The errors are viem's (`HttpRequestError`,
 * `TimeoutError`, `RpcRequestError`), so failures read exactly as through `http()`; the HTTP client
 * is node:http on kept-alive connections (chain/http-post.ts).
 */
import { createTransport, RpcRequestError, type EIP1193RequestFn, type Transport } from 'viem';
import { httpPost } from './http-post.js';

interface Answer {
  readonly id: number;
  readonly result?: unknown;
  readonly error?: { code: number; message: string; data?: unknown };
}

interface Waiting {
  readonly body: { jsonrpc: '2.0'; id: number; method: string; params?: unknown };
  resolve(a: Answer): void;
  reject(err: unknown): void;
}

export interface TurnTransportOptions {
  readonly timeoutMs: number;
  /** Sent with every request (basic auth taken out of the URL). */
  readonly headers?: Record<string, string> | undefined;
}

export function turnTransport(url: string, opts: TurnTransportOptions): Transport {
  // One queue for every client made from this transport (the binding's reads and each wallet), so
  // a simulation and the fill of its transaction leave together.
  const post = httpPost(url, { timeoutMs: opts.timeoutMs, headers: opts.headers });
  let nextId = 1;
  let pending: Waiting[] | undefined;
  return () => {
    const flush = async (batch: Waiting[]): Promise<void> => {
      try {
        const answered = batch.length === 1 ? [await post(batch[0]!.body)] : await post(batch.map((w) => w.body));
        if (!Array.isArray(answered)) throw new Error(`the RPC answered a batch of ${batch.length} with no list of answers`);
        const answers = answered as Answer[];
        const byId = new Map(answers.map((a) => [a.id, a]));
        for (const w of batch) {
          const a = byId.get(w.body.id);
          if (a) w.resolve(a);
          else w.reject(new Error(`the RPC answered a batch of ${batch.length} without request ${w.body.id}`));
        }
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    };

    return createTransport(
      {
        key: 'http',
        name: 'HTTP JSON-RPC, batched per turn',
        type: 'http',
        retryCount: 0,
        timeout: opts.timeoutMs,
        request: (async ({ method, params }: { method: string; params?: unknown }) => {
          const body = { jsonrpc: '2.0' as const, id: nextId++, method, ...(params === undefined ? {} : { params }) };
          const answer = await new Promise<Answer>((resolve, reject) => {
            if (!pending) {
              const batch: Waiting[] = (pending = []);
              setImmediate(() => {
                pending = undefined;
                void flush(batch);
              });
            }
            pending.push({ body, resolve, reject });
          });
          if (answer.error) throw new RpcRequestError({ body, error: answer.error, url });
          return answer.result;
        }) as EIP1193RequestFn,
      },
      { url },
    );
  };
}
