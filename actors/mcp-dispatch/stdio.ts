/**
 * A stdio client transport written for isolation and bounds (the SDK's own one merges a default
 * environment, HOME and PATH among it, into the child's). The child gets exactly the variables
 * named in its config `env`, read at spawn time, and nothing else. Its command must be an
 * absolute path, or a bare name found on the PATH the config itself passes (when `env` names
 * PATH); it is never looked up on the orchestrator's own PATH. Every response's bytes are
 * counted on stdout as they arrive and the child's process group is killed when one passes
 * maxResponseBytes, on a timeout and on close.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../schemas/errors.js';
import type { Lease } from './pool.js';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The absolute path to run, or an AppError naming why the command cannot be resolved. */
export function resolveCommand(server: string, command: string, env: Record<string, string>): string {
  if (command.includes('/')) {
    if (!isAbsolute(command))
      throw new AppError('mcp_server_unreachable', {
        detail: server,
        message: `stdio command of ${server} must be an absolute path or a bare name on the PATH named in env`,
      });
    return command;
  }
  for (const dir of (env.PATH ?? '').split(':').filter((d) => isAbsolute(d))) {
    const candidate = join(dir, command);
    if (executable(candidate)) return candidate;
  }
  throw new AppError('mcp_server_unreachable', {
    detail: server,
    message: `stdio command ${command} of ${server} is not found: name PATH in env or give an absolute path`,
  });
}

/** Signals the child's whole process group: a wrapper script's own children go too. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** Children alive in this process, killed if it exits with some still running. */
const living = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of living) killGroup(c, 'SIGKILL');
});

export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child: ChildProcess | undefined;
  private readonly buffer = new ReadBuffer({ maxBufferSize: Number.MAX_SAFE_INTEGER });
  private bytes = 0;

  /**
   * `lease.current` is the call the child now works for (pool.ts): its bounds are charged. Output
   * while no call runs is held to `maxBytes` as well, so a child that floods between calls is
   * killed too.
   */
  constructor(
    private readonly opts: { server: string; command: string; args: string[]; env: Record<string, string>; lease: Lease; maxBytes: number },
  ) {}

  async start(): Promise<void> {
    const { server, args, env, lease } = this.opts;
    const command = resolveCommand(server, this.opts.command, env);
    await new Promise<void>((resolve, reject) => {
      // detached: its own process group, so a kill reaches everything it started.
      const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'ignore'], shell: false, cwd: '/', detached: true });
      this.child = child;
      living.add(child);
      child.once('error', (err) => {
        reject(err);
        this.onerror?.(err);
      });
      child.once('spawn', () => {
        if (lease.current) lease.current.wentOut = true;
        // A kept child must not hold the orchestrator open; the calls using it do.
        child.unref();
        (child.stdout as unknown as { unref?: () => void }).unref?.();
        (child.stdin as unknown as { unref?: () => void }).unref?.();
        resolve();
      });
      child.once('close', () => {
        living.delete(child);
        if (this.child === child) this.child = undefined;
        this.onclose?.();
      });
      child.stdin!.on('error', (err) => this.onerror?.(err));
      child.stdout!.on('data', (chunk: Buffer) => {
        this.bytes += chunk.length;
        const bounds = lease.current;
        if (bounds ? !bounds.charge(this.bytes) : this.bytes > this.opts.maxBytes) {
          killGroup(child, 'SIGKILL');
          return;
        }
        this.buffer.append(chunk);
        for (;;) {
          let msg: JSONRPCMessage | null;
          try {
            msg = this.buffer.readMessage();
          } catch (err) {
            this.onerror?.(err as Error);
            continue;
          }
          if (msg === null) break;
          this.onmessage?.(msg);
        }
      });
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const child = this.child;
    if (!child?.stdin || !child.stdin.writable) throw new Error('stdio child is not running');
    // Each request starts a fresh response budget.
    if ('method' in message && 'id' in message) this.bytes = 0;
    if (!child.stdin.write(serializeMessage(message))) await new Promise<void>((r) => child.stdin!.once('drain', () => r()));
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    const closed = new Promise<void>((r) => {
      if (child.exitCode !== null || child.signalCode !== null) r();
      else child.once('close', () => r());
    });
    child.stdin?.end();
    const t = setTimeout(() => killGroup(child, 'SIGKILL'), 1000);
    killGroup(child, 'SIGTERM');
    await Promise.race([closed, new Promise((r) => setTimeout(r, 2000).unref())]);
    clearTimeout(t);
    this.buffer.clear();
  }
}
