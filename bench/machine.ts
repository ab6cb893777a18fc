/**
 * What the whole machine spends on a measured phase, not only the svc processes: on 2 cores the
 * PostgreSQL backends serving svc, the WAL writer, NATS and the load generator share the CPU with
 * svc, so a run's cost is their sum. Also the rows the phase wrote per table of the bench's
 * schema (inserts, updates, and how many of those updates were HOT). Linux /proc only; figures
 * are NaN or empty elsewhere.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { cpuMs } from './proc.js';

/** User + system CPU of a process so far, in ms (clock ticks of 10 ms); 0 once it is gone. */
export function cpuOf(pid: number): number {
  return cpuMs(pid) || 0;
}

function pidsNamed(test: (comm: string, cmdline: string) => boolean): number[] {
  try {
    return readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
      .filter((pid) => {
        try {
          return test(readFileSync(`/proc/${pid}/comm`, 'utf8').trim(), readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/** Local TCP ports of a process's sockets (its fds matched with /proc/net/tcp by inode). */
function localPorts(pid: number): Set<number> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return new Set();
  }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' }));
      if (m) inodes.add(m[1]!);
    } catch {
      // closed since it was listed
    }
  }
  const ports = new Set<number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && inodes.has(cols[9]!)) ports.add(parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

interface Pg {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}

export interface CpuSample {
  svc: number;
  pg: number;
  wal: number;
  nats: number;
  load: number;
}
/** Per table of the schema: rows inserted, updated, updated HOT, and read by sequential scans (a
 * plan that scans a whole table per statement shows here); plus the database's commits. */
export interface RowSample {
  commits: number;
  tables: Map<string, TableCounts>;
}
interface TableCounts {
  ins: number;
  upd: number;
  hot: number;
  seqRead: number;
}

export interface Machine {
  cpu(): Promise<CpuSample>;
  /** A backend publishes its counters when idle, at most once a second: sample after a pause. */
  rows(): Promise<RowSample>;
  close(): Promise<void>;
}

/** `svcPids`: the svc processes; their PostgreSQL backends are found by their client ports. */
export async function watchMachine(databaseUrl: string, schema: string, svcPids: number[]): Promise<Machine> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: databaseUrl }) as unknown as Pg & { connect(): Promise<void> };
  await client.connect();
  const nats = pidsNamed((comm) => comm === 'nats-server');
  const wal = pidsNamed((_c, cmd) => cmd.includes('walwriter'));
  const backends = async (): Promise<number[]> => {
    const ports = new Set(svcPids.flatMap((p) => [...localPorts(p)]));
    const { rows } = await client.query('select pid, client_port from pg_stat_activity where client_port is not null');
    return rows.filter((r) => ports.has(Number(r.client_port))).map((r) => Number(r.pid));
  };
  // Backends of the pool may come and go (min 0): every one seen so far is summed, gone ones as 0
  // from then on, so a phase counts a backend's CPU only while it is known on both ends.
  const known = new Set<number>();
  return {
    async cpu() {
      for (const b of await backends()) known.add(b);
      const u = process.cpuUsage();
      return {
        svc: svcPids.reduce((s, p) => s + cpuOf(p), 0),
        pg: [...known].reduce((s, p) => s + cpuOf(p), 0),
        wal: wal.reduce((s, p) => s + cpuOf(p), 0),
        nats: nats.reduce((s, p) => s + cpuOf(p), 0),
        load: (u.user + u.system) / 1000,
      };
    },
    async rows() {
      const { rows } = await client.query(
        'select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, seq_tup_read from pg_stat_user_tables where schemaname = $1',
        [schema],
      );
      const db = await client.query('select xact_commit from pg_stat_database where datname = current_database()');
      return {
        commits: Number(db.rows[0]?.xact_commit ?? NaN),
        tables: new Map(
          rows.map((r) => [
            String(r.relname),
            { ins: Number(r.n_tup_ins), upd: Number(r.n_tup_upd), hot: Number(r.n_tup_hot_upd), seqRead: Number(r.seq_tup_read) },
          ]),
        ),
      };
    },
    close: () => client.end(),
  };
}

/** CPU ms and rows per run between two samples, as one line for the bench's output. Commits are
 * the whole database's, so another client of it inflates them. */
export function describeDelta(c: [CpuSample, CpuSample], r: [RowSample, RowSample], runs: number): string {
  const [a, b] = c;
  const per = (k: keyof CpuSample) => ((b[k] - a[k]) / Math.max(1, runs)).toFixed(2);
  const rows = [...r[1].tables]
    .map(([t, v]) => {
      const o = r[0].tables.get(t) ?? { ins: 0, upd: 0, hot: 0, seqRead: 0 };
      const d = {
        ins: (v.ins - o.ins) / runs,
        upd: (v.upd - o.upd) / runs,
        hot: (v.hot - o.hot) / runs,
        seq: (v.seqRead - o.seqRead) / runs,
      };
      return d.ins || d.upd || d.seq
        ? `${t} +${d.ins.toFixed(2)} ~${d.upd.toFixed(2)} (HOT ${d.hot.toFixed(2)}) seq-read ${d.seq.toFixed(0)}`
        : '';
    })
    .filter(Boolean)
    .join(', ');
  const commits = ((r[1].commits - r[0].commits) / Math.max(1, runs)).toFixed(2);
  return `CPU ms per run: svc ${per('svc')}, its PostgreSQL backends ${per('pg')}, WAL writer ${per('wal')}, NATS ${per('nats')}, load generator ${per('load')}; commits per run ${commits}; rows per run: ${rows}`;
}
