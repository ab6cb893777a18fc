/**
 * How an on-chain read fails. A read whose RPC stops answering half-way is 503
 * `chain_unavailable`, never the half it got (an org cut short would read as a smaller org), so every read runs
 * under `guarded`. The optional parts of an answer (a module's kind, a verdict, a measurement) are
 * dropped only when the chain answered "no" (a revert, a method it lacks), never when it did not
 * answer at all: that would turn an outage into a quieter, wrong answer.
 */
import { BaseError, HttpRequestError, TimeoutError } from 'viem';
import { AppError } from '../../../schemas/errors.js';
import { rpcCause, within } from '../../rpc.js';

/** A whole read (every request it makes) finishes within this, or the chain is unavailable. */
const READ_DEADLINE_MS = 20_000;

/** True when the RPC did not answer (connection, HTTP status, deadline), as opposed to answering with an error. */
export function unanswered(err: unknown): boolean {
  return err instanceof BaseError && err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null;
}

/** The value, or undefined when the chain answered with an error; an unanswered request still throws. */
export async function unlessRefused<T>(p: Promise<T>): Promise<T | undefined> {
  try {
    return await p;
  } catch (err) {
    if (unanswered(err)) throw err;
    return undefined;
  }
}

/** Runs one read; anything viem throws (the RPC gone, a contract that does not answer as ours do) is 503 with the cause. */
export async function guarded<T>(route: string, read: () => Promise<T>): Promise<T> {
  try {
    return await within(READ_DEADLINE_MS, read());
  } catch (err) {
    if (!(err instanceof BaseError)) throw err;
    throw new AppError('chain_unavailable', {
      message: `the chain is unavailable: ${route} could not be read (${rpcCause(err, READ_DEADLINE_MS)})`,
    });
  }
}
