/**
 * Starts the OpenTelemetry SDK for this process, configured by the standard OTEL_* variables, or
 * leaves tracing off. Off is the default: the SDK is loaded only when an exporter is named
 * (OTEL_TRACES_EXPORTER other than `none`) or an OTLP endpoint is given, and never when
 * OTEL_SDK_DISABLED is true. Only traces are set up: metrics stay on GET /metrics and logs on
 * stdout, so the SDK's metric and log pipelines are given nothing to export.
 */
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { setTracingOn } from '../kernel/tracing.js';

export interface Tracing {
  readonly on: boolean;
  /** The service name the spans are exported under (when on). */
  readonly service?: string;
  /** Exports what is buffered and stops; tracing is off afterwards. */
  shutdown(): Promise<void>;
}

const OFF: Tracing = { on: false, shutdown: async () => undefined };

/** Whether these variables ask for traces. */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (/^true$/i.test(env.OTEL_SDK_DISABLED?.trim() ?? '')) return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (exporters.length > 0) return !exporters.includes('none');
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

export interface TracingOptions {
  /** The service name when OTEL_SERVICE_NAME does not give one (`svc-<role>`). */
  role: string;
  /** Replaces the exporters the variables name (tests export to memory). */
  spanProcessors?: SpanProcessor[];
}

export async function startTracing(env: NodeJS.ProcessEnv, o: TracingOptions): Promise<Tracing> {
  if (o.spanProcessors === undefined && !tracingWanted(env)) return OFF;
  // Loaded only here: a process that traces nothing never loads the SDK.
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const given = env.OTEL_SERVICE_NAME?.trim();
  const named = Boolean(given) || /(^|,)\s*service\.name=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  const sdk = new NodeSDK({
    ...(named ? {} : { serviceName: `svc-${o.role}` }),
    ...(o.spanProcessors ? { spanProcessors: o.spanProcessors } : {}),
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  setTracingOn(true);
  let stopped: Promise<void> | undefined;
  return {
    on: true,
    service: given || (named ? 'from OTEL_RESOURCE_ATTRIBUTES' : `svc-${o.role}`),
    shutdown: () =>
      (stopped ??= (async () => {
        setTracingOn(false);
        await sdk.shutdown().catch(() => undefined);
      })()),
  };
}
