/**
 * The model provider every `model` step and `POST /model/complete` go through. One of three
 * backends, chosen once by config (`SVC_MODEL_PROVIDER`, else the first configured key, else
 * `local`): any OpenAI-compatible chat-completions server, the Anthropic messages API, or a
 * deterministic offline completion. Every call is metered here (tokens, micro-dollars by
 * SVC_MODEL_PRICES, unpriced and unmetered calls counted apart) so no backend can skip it.
 * Keys go into request headers and nowhere else: not into errors, logs or records.
 */
import { inSpan, SpanKind, tracingOn } from '../kernel/tracing.js';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../schemas/config.js';
import type { ModelPrice } from '../schemas/connectors.js';
import { AppError } from '../schemas/errors.js';
import type { Store } from '../store/types.js';
import { modelCallsOf, type ModelCallLedger } from '../store/model-calls.js';
import type { ModelProvider } from './port.js';
import { addCall, emptyTotals, priceFor, type TokenUsage, type UsageTotals } from './meter.js';
import type { BudgetGuard, Holds } from './budget-guard.js';
import { boundedLabel, modelCalls, modelMicroDollars, modelTokens } from '../kernel/metrics.js';

export { priceFor, costMicroDollars, type UsageTotals, type TokenUsage } from './meter.js';

export interface CompletionRequest {
  prompt: string;
  system?: string;
  model?: string;
  /** Attributes the call in its store record and log line (optional). */
  runId?: string;
  stepId?: string;
  /** The run's trace id, for the call's log line. */
  traceId?: string;
  /** The seat the call is made for (a run's principal, the caller of `POST /model/complete`):
   * the inference budgets over it apply. Without one no budget applies. */
  seat?: string;
}

export interface Completion {
  text: string;
  model: string;
  provider: string;
  usage?: TokenUsage;
  /** null: unpriced (no SVC_MODEL_PRICES prefix matched) or unmetered (no usage reported). */
  microDollars: number | null;
}

export interface MeteredModelProvider extends ModelProvider {
  complete(req: CompletionRequest): Promise<Completion>;
  /** This process's counters since start (a copy). */
  usage(): UsageTotals;
}

export interface ModelProviderOptions {
  fetch?: typeof fetch;
  /** Per-call deadline; default 60 s. */
  timeoutMs?: number;
  log?: Logger;
  /** When given, one model-call row per call (written in the background; a failure is logged). */
  store?: Store;
  now?: () => number;
  /** Anthropic endpoint override (tests, proxies); default https://api.anthropic.com. */
  anthropicBaseUrl?: string;
  /** Inference budgets: held before each call with a seat, settled after (model/budget-guard.ts). */
  budgets?: BudgetGuard;
}

export const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest', local: 'local' } as const;
/** The offline backend costs nothing; an SVC_MODEL_PRICES entry for `local` overrides this. */
const BUILTIN_PRICES: Record<string, ModelPrice> = { local: { inputPerMTok: 0, outputPerMTok: 0 } };

interface Backend {
  call(req: CompletionRequest, model: string, signal: AbortSignal): Promise<{ text: string; model: string; usage?: TokenUsage }>;
}

export function createModelProvider(config: Config, opts: ModelProviderOptions = {}): MeteredModelProvider {
  const name = config.model.provider;
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const prices = { ...BUILTIN_PRICES, ...config.model.prices };
  const totals = emptyTotals();
  const ledger = opts.store ? modelCallsOf(opts.store) : undefined;
  const backend: Backend =
    name === 'openai'
      ? openaiBackend(config, doFetch)
      : name === 'anthropic'
        ? anthropicBackend(config, doFetch, opts.anthropicBaseUrl ?? 'https://api.anthropic.com')
        : localBackend();

  return {
    name,
    usage: () => ({ ...totals }),
    async complete(req) {
      const model = req.model ?? DEFAULT_MODELS[name];
      // A hard budget without room throws here, before the provider is asked.
      const holds: Holds | undefined =
        opts.budgets && req.seat !== undefined
          ? await opts.budgets.reserve({ seat: req.seat, model, runId: req.runId, stepId: req.stepId, traceId: req.traceId })
          : undefined;
      const started = now();
      let out: Awaited<ReturnType<Backend['call']>>;
      try {
        out = !tracingOn()
          ? await backend.call(req, model, AbortSignal.timeout(timeoutMs))
          : await inSpan(
              `chat ${model}`,
              {
                kind: SpanKind.CLIENT,
                attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': name, 'gen_ai.request.model': model },
              },
              async (span) => {
                const o = await backend.call(req, model, AbortSignal.timeout(timeoutMs));
                span?.setAttribute('gen_ai.response.model', o.model);
                if (o.usage) {
                  span?.setAttribute('gen_ai.usage.input_tokens', o.usage.inputTokens);
                  span?.setAttribute('gen_ai.usage.output_tokens', o.usage.outputTokens);
                }
                return o;
              },
            );
      } catch (err) {
        totals.failedCalls += 1;
        if (holds)
          await opts
            .budgets!.release(holds)
            .catch((e: unknown) => opts.log?.warn({ err: (e as Error).message }, 'budget hold not released'));
        modelCalls.inc({ provider: name, model: boundedLabel(model), outcome: 'failed' });
        if (err instanceof AppError) throw err;
        const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
        throw new AppError('model_unavailable', {
          message: timedOut ? `${name}: no answer within ${timeoutMs} ms` : `${name}: ${(err as Error).message.split('\n')[0]}`,
        });
      }
      const price = priceFor(prices, out.model);
      const microDollars = addCall(totals, out.usage, price);
      countCall(name, out.model, out.usage, microDollars);
      opts.log?.debug(
        {
          provider: name,
          model: out.model,
          usage: out.usage,
          microDollars,
          ms: now() - started,
          runId: req.runId,
          stepId: req.stepId,
          traceId: req.traceId,
        },
        'model call',
      );
      if (holds)
        await opts
          .budgets!.settle(holds, microDollars)
          .catch((e: unknown) => opts.log?.warn({ err: (e as Error).message }, 'model call not settled against its inference budgets'));
      if (ledger) record(ledger, opts.log, { provider: name, model: out.model, usage: out.usage, microDollars, req, at: new Date(now()) });
      return { text: out.text, model: out.model, provider: name, ...(out.usage ? { usage: out.usage } : {}), microDollars };
    },
  };
}

/** The call in the process's metrics (kernel/metrics.ts); the model name as the server gave it, bounded. */
function countCall(provider: string, modelName: string, usage: TokenUsage | undefined, microDollars: number | null): void {
  const model = boundedLabel(modelName);
  modelCalls.inc({ provider, model, outcome: 'ok' });
  if (usage) {
    modelTokens.inc({ provider, model, direction: 'input' }, usage.inputTokens);
    modelTokens.inc({ provider, model, direction: 'output' }, usage.outputTokens);
  }
  if (microDollars !== null && microDollars > 0) modelMicroDollars.inc({ provider, model }, microDollars);
}

function record(
  ledger: ModelCallLedger,
  log: Logger | undefined,
  c: { provider: string; model: string; usage: TokenUsage | undefined; microDollars: number | null; req: CompletionRequest; at: Date },
): void {
  // Not awaited: a caller inside a transaction on single-connection SQLite must not wait on it.
  ledger
    .record({
      at: c.at,
      provider: c.provider,
      model: c.model,
      inputTokens: c.usage?.inputTokens ?? null,
      outputTokens: c.usage?.outputTokens ?? null,
      microDollars: c.microDollars,
      runId: c.req.runId ?? null,
      stepId: c.req.stepId ?? null,
    })
    .catch((err: unknown) => log?.warn({ err: (err as Error).message }, 'model call not recorded'));
}

async function failIfNotOk(name: string, res: Response): Promise<void> {
  if (res.ok) return;
  // The body is dropped: some servers echo part of the key in their error message.
  await res.body?.cancel().catch(() => undefined);
  throw new AppError('model_unavailable', { message: `${name}: HTTP ${res.status} from the model server` });
}

function tokens(n: unknown): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined;
}

function openaiBackend(config: Config, doFetch: typeof fetch): Backend {
  const base = (config.model.openaiBaseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  return {
    async call(req, model, signal) {
      const messages = [...(req.system ? [{ role: 'system', content: req.system }] : []), { role: 'user', content: req.prompt }];
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (config.model.openaiApiKey) headers.authorization = `Bearer ${config.model.openaiApiKey}`;
      const res = await doFetch(`${base}/chat/completions`, { method: 'POST', headers, body: JSON.stringify({ model, messages }), signal });
      await failIfNotOk('openai', res);
      const body = (await res.json()) as {
        model?: string;
        choices?: { message?: { content?: unknown } }[];
        usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
      };
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== 'string')
        throw new AppError('model_unavailable', { message: 'openai: the answer carries no choices[0].message.content' });
      const input = tokens(body.usage?.prompt_tokens);
      const output = tokens(body.usage?.completion_tokens);
      return {
        text: content,
        model: typeof body.model === 'string' && body.model ? body.model : model,
        ...(input !== undefined && output !== undefined ? { usage: { inputTokens: input, outputTokens: output } } : {}),
      };
    },
  };
}

function anthropicBackend(config: Config, doFetch: typeof fetch, baseUrl: string): Backend {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async call(req, model, signal) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' };
      if (config.model.anthropicApiKey) headers['x-api-key'] = config.model.anthropicApiKey;
      const payload = {
        model,
        max_tokens: 1024,
        ...(req.system ? { system: req.system } : {}),
        messages: [{ role: 'user', content: req.prompt }],
      };
      const res = await doFetch(`${base}/v1/messages`, { method: 'POST', headers, body: JSON.stringify(payload), signal });
      await failIfNotOk('anthropic', res);
      const body = (await res.json()) as {
        model?: string;
        content?: { type?: string; text?: unknown }[];
        usage?: { input_tokens?: unknown; output_tokens?: unknown };
      };
      const text = (body.content ?? [])
        .filter((b) => b.type === 'text' && typeof b.text === 'string')
        .map((b) => b.text as string)
        .join('');
      if (!body.content) throw new AppError('model_unavailable', { message: 'anthropic: the answer carries no content' });
      const input = tokens(body.usage?.input_tokens);
      const output = tokens(body.usage?.output_tokens);
      return {
        text,
        model: typeof body.model === 'string' && body.model ? body.model : model,
        ...(input !== undefined && output !== undefined ? { usage: { inputTokens: input, outputTokens: output } } : {}),
      };
    },
  };
}

/** Offline and deterministic: the same system and prompt give the same text, a digest tag plus
 * the prompt's first line, so flows can be tested and demoed without a network. Tokens are
 * estimated at four characters each. */
export function localCompletion(prompt: string, system?: string): { text: string; usage: TokenUsage } {
  const digest = createHash('sha256')
    .update(`${system ?? ''}\u0000${prompt}`)
    .digest('hex')
    .slice(0, 8);
  const firstLine = prompt.split('\n', 1)[0]!.slice(0, 200);
  const text = `[local ${digest}] ${firstLine}`;
  return { text, usage: { inputTokens: Math.ceil(((system?.length ?? 0) + prompt.length) / 4), outputTokens: Math.ceil(text.length / 4) } };
}

function localBackend(): Backend {
  return {
    async call(req) {
      const { text, usage } = localCompletion(req.prompt, req.system);
      return { text, model: 'local', usage };
    },
  };
}
