/**
 * One operation's bounds: a deadline (`timeoutMs`) and a byte budget (`maxResponseBytes`) that
 * the transports charge while they read, so an oversize body is cut off mid-stream rather than
 * buffered and measured afterwards. Whatever trips first fails the operation through `failed`.
 */
import { AppError } from '../../schemas/errors.js';

export class Bounds {
  readonly controller = new AbortController();
  /** Rejects with the first bound that trips; never resolves. */
  readonly failed: Promise<never>;
  /** True once a request left this process (an http request was sent or a child was spawned). */
  wentOut = false;
  private reject!: (err: Error) => void;
  private readonly timer: NodeJS.Timeout;
  private error: Error | undefined;

  constructor(
    readonly server: string,
    readonly timeoutMs: number,
    readonly maxBytes: number,
  ) {
    this.failed = new Promise<never>((_, reject) => {
      this.reject = reject;
    });
    this.failed.catch(() => undefined);
    this.timer = setTimeout(
      () =>
        this.fail(new AppError('mcp_call_timeout', { detail: server, message: `server ${server} did not answer within ${timeoutMs} ms` })),
      timeoutMs,
    );
    // The operation's own I/O keeps the process alive while it runs; its deadline must not
    // keep it alive after (a shutdown would otherwise wait out a refused call's deadline).
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get tripped(): Error | undefined {
    return this.error;
  }

  /** Charges one response's running byte count; trips the bound (and returns false) when over. */
  charge(bytesSoFar: number): boolean {
    if (bytesSoFar <= this.maxBytes) return true;
    this.fail(
      new AppError('mcp_response_too_large', {
        detail: this.server,
        message: `server ${this.server} sent more than maxResponseBytes (${this.maxBytes})`,
      }),
    );
    return false;
  }

  fail(err: Error): void {
    if (this.error) return;
    this.error = err;
    clearTimeout(this.timer);
    this.reject(err);
    this.controller.abort(err);
  }

  /** Races an SDK promise against the bounds. */
  race<T>(p: Promise<T>): Promise<T> {
    return Promise.race([p, this.failed]);
  }

  done(): void {
    clearTimeout(this.timer);
  }
}
