// A process and its descendants, read from /proc: for memory and worker counts
// of a whole tree (a server and its workers, spec-run and everything it started).
import { readdirSync, readFileSync } from 'node:fs';

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process ended meanwhile
  }
}

/** The parent of `pid`; 0 when it has ended. */
function parentOf(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  return stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : 0;
}

/** `root` and every process below it. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (!parent) continue;
    const list = children.get(parent) ?? [];
    list.push(Number(entry));
    children.set(parent, list);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** Resident memory of `pid` in kilobytes; 0 when it has ended. */
export function residentKb(pid: number): number {
  const line = read(`/proc/${pid}/status`)
    ?.split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.split(/\s+/)[1]) : 0;
}

/**
 * Proportional memory of `pid` in kilobytes: each page shared with other
 * processes counted in shares. A worker maps its core image privately, so its
 * untouched pages are shared with every other worker: RSS counts them whole in
 * each, PSS once over all. 0 when it has ended.
 */
export function proportionalKb(pid: number): number {
  const line = read(`/proc/${pid}/smaps_rollup`)
    ?.split('\n')
    .find((l) => l.startsWith('Pss:'));
  return line ? Number(line.split(/\s+/)[1]) : 0;
}

/** Resident memory of `pid` in kilobytes, split into file-backed pages (executable, core image) and the rest. */
export function residentPartsKb(pid: number): { file: number; anonymous: number } {
  const status = read(`/proc/${pid}/status`)?.split('\n') ?? [];
  const field = (name: string) => Number(status.find((l) => l.startsWith(`${name}:`))?.split(/\s+/)[1] ?? 0);
  return { file: field('RssFile'), anonymous: field('RssAnon') + field('RssShmem') };
}

export function commandLine(pid: number): string {
  return (read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' ');
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds `pid` used, with those of its children it has reaped; 0 when it has ended. */
export function cpuSeconds(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return 0;
  // Fields after the command name: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / TICKS_PER_SECOND;
}

export interface TreeSample {
  residentMb: number;
  /** Memory with shared pages counted once over the tree (PSS). */
  proportionalMb: number;
  /** CPU seconds of the tree: every live member, with the children each has reaped. */
  cpuSeconds: number;
  /**
   * Processes of the tree whose command line contains the marker, each counted once with
   * the wrapper that started it: a worker runs under `unshare --fork`, whose command line
   * holds the worker's too, and the two are one worker.
   */
  marked: number;
}

export function sampleTree(root: number, marker?: string): TreeSample {
  const tree = processTree(root);
  const residentMb = tree.reduce((sum, pid) => sum + residentKb(pid), 0) / 1024;
  const proportionalMb = tree.reduce((sum, pid) => sum + proportionalKb(pid), 0) / 1024;
  const markedPids = new Set(marker ? tree.filter((pid) => commandLine(pid).includes(marker)) : []);
  const marked = [...markedPids].filter((pid) => !markedPids.has(parentOf(pid))).length;
  return { residentMb, proportionalMb, cpuSeconds: tree.reduce((sum, pid) => sum + cpuSeconds(pid), 0), marked };
}

/** What the scheduler counted of a process so far, all its threads together (zeros once it has ended). */
export interface SchedulerCounts {
  /** Time on a CPU, in milliseconds. */
  cpuMs: number;
  /** Time ready to run but waiting for a CPU (on a run queue), in milliseconds. */
  waitMs: number;
  /** Times it was put on a CPU: each wake, and each return after being preempted. */
  runs: number;
}

export function schedulerCounts(pid: number): SchedulerCounts {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return { cpuMs: 0, waitMs: 0, runs: 0 };
  }
  // schedstat: nanoseconds on a CPU, nanoseconds waiting on a run queue, timeslices run
  // (exact where stat's ticks are 10 ms).
  return tasks.reduce(
    (sum, task) => {
      const [cpu, wait, runs] = (read(`/proc/${pid}/task/${task}/schedstat`) ?? '0 0 0').split(' ').map(Number);
      return { cpuMs: sum.cpuMs + cpu / 1e6, waitMs: sum.waitMs + wait / 1e6, runs: sum.runs + runs };
    },
    { cpuMs: 0, waitMs: 0, runs: 0 },
  );
}
