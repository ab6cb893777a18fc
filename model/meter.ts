/**
 * Prices and counts model calls. A price comes from SVC_MODEL_PRICES by the longest model-name
 * prefix; a model no prefix matches is unpriced, and an unpriced call makes any dollar figure a
 * floor (counted in `unpricedCalls`), never a zero. A call whose provider reported no token
 * usage is unmetered (counted in `unmeteredCalls`): unmeasured, not free.
 */
import type { ModelPrice } from '../schemas/connectors.js';

export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export interface UsageTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** Sum over priced calls only. */
  microDollars: number;
  unpricedCalls: number;
  unmeteredCalls: number;
  failedCalls: number;
}

export function emptyTotals(): UsageTotals {
  return { calls: 0, inputTokens: 0, outputTokens: 0, microDollars: 0, unpricedCalls: 0, unmeteredCalls: 0, failedCalls: 0 };
}

/** The price whose prefix is the longest one `model` starts with; undefined when none does. */
export function priceFor(prices: Readonly<Record<string, ModelPrice>>, model: string): ModelPrice | undefined {
  let best: string | undefined;
  for (const prefix of Object.keys(prices)) {
    if (model.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? undefined : prices[best];
}

/** Dollars per million tokens is micro-dollars per token. null: unpriced or unmetered. */
export function costMicroDollars(price: ModelPrice | undefined, usage: TokenUsage | undefined): number | null {
  if (price === undefined || usage === undefined) return null;
  return usage.inputTokens * price.inputPerMTok + usage.outputTokens * price.outputPerMTok;
}

export function addCall(totals: UsageTotals, usage: TokenUsage | undefined, price: ModelPrice | undefined): number | null {
  totals.calls += 1;
  if (usage === undefined) {
    totals.unmeteredCalls += 1;
    return null;
  }
  totals.inputTokens += usage.inputTokens;
  totals.outputTokens += usage.outputTokens;
  const cost = costMicroDollars(price, usage);
  if (cost === null) totals.unpricedCalls += 1;
  else totals.microDollars += cost;
  return cost;
}
