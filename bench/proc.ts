/**
 * A process's counters from Linux /proc, for the benches' CPU and syscall figures: NaN where
 * /proc cannot be read (another OS, or the process is gone).
 */
import { readFileSync } from 'node:fs';

/** User and system CPU of a process so far, in ms. */
export function cpuTimes(pid: number | undefined): { user: number; system: number } {
  try {
    // The command name in parentheses may hold spaces; the fields after it do not.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (USER_HZ, 100 on Linux).
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return { user: NaN, system: NaN };
  }
}

/** User + system CPU of a process so far, in ms. */
export function cpuMs(pid: number | undefined): number {
  const t = cpuTimes(pid);
  return t.user + t.system;
}

/** Write system calls of a process so far (/proc/<pid>/io). */
export function writeCalls(pid: number | undefined): number {
  try {
    return Number(/^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}
