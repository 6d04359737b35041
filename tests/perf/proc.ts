import { readFileSync } from 'node:fs';

// What Linux's /proc says of a process, for the benchmarks' figures.

/** Resident memory in MB (VmRSS), or 0 once the process has ended. */
export function rssMb(pid: number | 'self' = 'self'): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** CPU seconds used, user and system (`stat`'s fields 14 and 15, in clock ticks of 1/100 s). */
export function cpuSeconds(pid: number | 'self' = 'self'): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
