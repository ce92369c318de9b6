// Before the benchmarks measure: wait (bounded) for the machine to settle, and say what it
// waited for. The load average lags a minute behind (a suite that has just ended still shows
// as load 3 on 2 cores), so the machine's busy share is read from /proc/stat over short
// windows instead, and the processes busy meanwhile from /proc/<pid>/stat: what a suite left
// running (an sbcl, a spec-run serve, dockerd's work) is named, not only counted.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { processTree } from './process-tree.js';

export interface SettleOptions {
  /** The longest wait, in ms. */
  limitMs?: number;
  /** One reading's window, in ms. */
  windowMs?: number;
  /** The machine is settled once a window's busy share of all its cores is below this. */
  quietShare?: number;
}

export interface BusyProcess {
  pid: number;
  name: string;
  /** CPU it used over the wait, in cores (1 = one core the whole time). */
  cores: number;
}

export interface Settled {
  quiet: boolean;
  waitedMs: number;
  /** The busy share of the machine's cores over the last window. */
  busyShare: number;
  /** Processes outside this one's tree busy while it waited, busiest first. */
  busy: BusyProcess[];
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process ended meanwhile
  }
}

/** The machine's busy and total CPU ticks since boot. */
function machineTicks(): { busy: number; total: number } {
  const [, ...fields] = (read('/proc/stat') ?? '').split('\n')[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  const total = ticks.reduce((sum, n) => sum + n, 0);
  // idle and iowait are the ticks no process ran.
  return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
}

/** Each process's CPU ticks (user + system) and name. */
function processTicks(): Map<number, { ticks: number; name: string }> {
  const all = new Map<number, { ticks: number; name: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (!stat) continue;
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    all.set(Number(entry), { ticks: Number(fields[11]) + Number(fields[12]), name });
  }
  return all;
}

/** Waits until the machine is quiet, or `limitMs` has passed; says how it went. */
export async function settle({ limitMs = 60_000, windowMs = 1000, quietShare = 0.25 }: SettleOptions = {}): Promise<Settled> {
  const started = performance.now();
  const ticksPerMs = 100 / 1000; // USER_HZ: /proc counts ticks of 10 ms
  // CPU ticks per process over the wait, window by window: a suite's processes are short-lived,
  // so one that started during a window counts all its ticks (one that ended in it, its last
  // window's are lost with it).
  const used = new Map<number, { ticks: number; name: string }>();
  let previous = processTicks();
  let machine = machineTicks();
  let busyShare = 1;
  for (;;) {
    await sleep(windowMs);
    const now = machineTicks();
    const current = processTicks();
    for (const [pid, { ticks, name }] of current) {
      const spent = ticks - (previous.get(pid)?.ticks ?? 0);
      if (spent > 0) used.set(pid, { ticks: (used.get(pid)?.ticks ?? 0) + spent, name });
    }
    previous = current;
    busyShare = now.total > machine.total ? (now.busy - machine.busy) / (now.total - machine.total) : 0;
    machine = now;
    if (busyShare < quietShare || performance.now() - started + windowMs > limitMs) break;
  }
  const waitedMs = performance.now() - started;
  const own = new Set(processTree(process.pid));
  const busy: BusyProcess[] = [];
  for (const [pid, { ticks, name }] of used) {
    const cores = ticks / ticksPerMs / waitedMs;
    // Below 5% of a core is the machine's own murmur.
    if (!own.has(pid) && cores >= 0.05) busy.push({ pid, name, cores });
  }
  busy.sort((a, b) => b.cores - a.cores);
  return { quiet: busyShare < quietShare, waitedMs, busyShare, busy };
}

/** One line saying how the wait went and what was busy meanwhile, by process name. */
export function settledNote({ quiet, waitedMs, busyShare, busy }: Settled): string {
  const byName = new Map<string, { count: number; cores: number }>();
  for (const { name, cores } of busy) {
    const group = byName.get(name) ?? { count: 0, cores: 0 };
    group.count += 1;
    group.cores += cores;
    byName.set(name, group);
  }
  const named = [...byName]
    .sort((a, b) => b[1].cores - a[1].cores)
    .map(([name, { count, cores }]) => `${name}${count > 1 ? ` (${count} processes)` : ''} ${cores.toFixed(2)} cores`);
  const share = `${Math.round(busyShare * 100)}% of ${cpus().length} cores busy`;
  const seconds = (waitedMs / 1000).toFixed(1);
  const what = named.length ? `; busy meanwhile: ${named.join(', ')}` : '';
  return quiet ? `the machine settled after ${seconds} s (${share})${what}` : `the machine did not settle within ${seconds} s (${share}), measured all the same${what}`;
}
