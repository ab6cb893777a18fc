/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1 that counts the calls it gets: what a
 * test points OPENAI_BASE_URL at to see whether the provider was reached, and how often. Every
 * answer reports the same usage, so a priced model costs the same per call.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

export interface FakeModel {
  /** The base URL to set as OPENAI_BASE_URL. */
  readonly url: string;
  /** How many completions it has answered. */
  calls(): number;
}

export async function fakeModelServer(
  t: Test,
  opts: { usage?: { prompt_tokens: number; completion_tokens: number }; delayMs?: number } = {},
): Promise<FakeModel> {
  let calls = 0;
  const usage = opts.usage ?? { prompt_tokens: 1000, completion_tokens: 200 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls += 1;
      const model = (JSON.parse(body) as { model?: string }).model ?? 'fake';
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: `c${calls}`, model, choices: [{ message: { role: 'assistant', content: 'ok' } }], usage }));
      };
      if (opts.delayMs) setTimeout(answer, opts.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, calls: () => calls };
}
