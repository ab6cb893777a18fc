/**
 * A server's answer already read whole, as the fetch Response the SDK's transport expects.
 * Wrapping each answer in a web ReadableStream and reading it back through undici's body
 * methods cost ~85 µs per response on Node 20 (makeTransferable alone ~30 µs), against ~11 µs
 * for this: the base class keeps status, headers and the rest, and the body methods hand out the
 * bytes held here. Only JSON answers come here (http-fetch.ts), which the SDK reads whole anyway;
 * an event stream keeps the streaming body.
 */
export class BufferedResponse extends Response {
  #bytes: Buffer;
  #used = false;
  #stream: ReadableStream<Uint8Array> | undefined;

  constructor(bytes: Buffer, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
  }

  static {
    // `body` is a property in the DOM typings, so it can only be redefined here, not declared.
    Object.defineProperty(this.prototype, 'body', {
      get(this: BufferedResponse): ReadableStream<Uint8Array> {
        const bytes = this.#bytes;
        this.#stream ??= new ReadableStream<Uint8Array>({
          start(ctrl) {
            ctrl.enqueue(new Uint8Array(bytes));
            ctrl.close();
          },
        });
        return this.#stream;
      },
    });
    Object.defineProperty(this.prototype, 'bodyUsed', {
      get(this: BufferedResponse) {
        return this.#used;
      },
    });
  }

  #take(): Buffer {
    if (this.#used) throw new TypeError('Body is unusable: body has already been read');
    this.#used = true;
    return this.#bytes;
  }

  override async text(): Promise<string> {
    return this.#take().toString('utf8');
  }

  override async json(): Promise<any> {
    return JSON.parse(await this.text());
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const b = this.#take();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }

  override async blob(): Promise<Blob> {
    return new Blob([new Uint8Array(this.#take())], { type: this.headers.get('content-type') ?? '' });
  }

  override clone(): BufferedResponse {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedResponse(this.#bytes, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}
