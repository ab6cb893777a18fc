/**
 * A PostgreSQL server of the test's own, on its own port and data directory, that the test may
 * stop (as a crash would: immediate mode) and start again without touching the machine's server.
 */
import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Test } from 'tap';

const run = promisify(execFile);

function binDir(): string | undefined {
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort();
    return versions.length ? `/usr/lib/postgresql/${versions[versions.length - 1]}/bin` : undefined;
  } catch {
    return undefined;
  }
}

export interface OwnPostgres {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  query<R extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
}

/** Why this cannot run here, or undefined. */
export function ownPostgresUnavailable(): string | undefined {
  return binDir() === undefined ? 'no PostgreSQL server binaries under /usr/lib/postgresql' : undefined;
}

export async function ownPostgres(t: Test, port: number): Promise<OwnPostgres> {
  const bin = binDir()!;
  const dir = mkdtempSync('/tmp/svc-pg-');
  const data = join(dir, 'data');
  // initdb refuses to run as root: the server runs as the postgres user, which owns the directory.
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgRun = (cmd: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]) : run(join(bin, cmd), args);
  await pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await pgRun('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
  };
  await start();
  t.teardown(async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    start,
    stop,
    async query(sql, params = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
  };
}
