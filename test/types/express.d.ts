/** The part of express (v5, installed with the MCP SDK, which ships its server auth as express handlers) the OAuth test server uses; no types are installed. */
declare module 'express' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface Request extends IncomingMessage {
    body?: unknown;
  }
  interface Response extends ServerResponse {
    redirect(url: string): void;
  }
  type Handler = (req: Request, res: Response, next: (err?: unknown) => void) => void;
  interface App {
    (req: IncomingMessage, res: ServerResponse): void;
    use(...handlers: unknown[]): App;
    post(path: string, ...handlers: unknown[]): App;
    all(path: string, ...handlers: unknown[]): App;
  }
  interface Express {
    (): App;
    json(): Handler;
  }
  const express: Express;
  export default express;
  export type { Request, Response, Handler as RequestHandler };
}
