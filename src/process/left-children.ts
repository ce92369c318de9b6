// The processes that are still children of spec-run's own process, read from /proc (Linux).
// Once a run has reported and closed its own drivers, servers and commands, these are
// programs step code started and left running: one holding an inherited stdout kept a
// CI pipeline (`spec-run | tee`) waiting long after the run ended.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { GRACE_MS } from '../executor/result.js';
import { descendantsOf, groupHasLiveMember, isRunning } from './stop.js';

export interface ChildProcessInfo {
  pid: number;
  /** Its command line, shortened. */
  command: string;
  /** It left spec-run's tree of processes (setsid and a fork, a daemon): found by the run's mark in its environment. */
  detached?: boolean;
}

/**
 * The variable every process spec-run's process starts inherits, holding the run's own
 * mark: a program step code started that then left spec-run's tree (`setsid`, a double
 * fork: reparented to init, no longer a child) still carries it, and is found by it.
 */
export const RUN_MARK_ENV = 'SPEC_RUN_RUN_MARK';

/** Marks this process's environment, before any step code loads, so that what it starts carries the mark. */
export function markStartedProcesses(): void {
  process.env[RUN_MARK_ENV] = `${process.pid}-${randomBytes(6).toString('hex')}`;
}

/**
 * The mark of a child spec-run keeps on purpose past its end (the container watcher), as an
 * argument of its command line: never counted as left by step code. A mark, not a list of
 * process ids: a helper started in a worker thread is the process's child too, but a list
 * kept in that thread's modules is not the one the main thread reads.
 */
export const OWN_HELPER_MARK = 'spec-run-own-helper';

const isOwnHelper = (pid: number) => argumentsOf(pid).some((arg) => arg.startsWith(OWN_HELPER_MARK));

export function childProcesses(): ChildProcessInfo[] {
  const pids = new Set<number>();
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return [];
  }
  for (const thread of threads) {
    try {
      for (const pid of readFileSync(`/proc/self/task/${thread}/children`, 'utf8').split(/\s+/)) if (pid) pids.add(Number(pid));
    } catch {
      // A thread that ended meanwhile has no children to list.
    }
  }
  const children = [...pids].filter((pid) => isRunning(pid) && !isOwnHelper(pid)).map((pid) => ({ pid, command: commandOf(pid) }));
  return [...children, ...detachedProcesses(children)];
}

/**
 * The processes carrying this run's mark (RUN_MARK_ENV) that are neither spec-run's children
 * nor below them: programs that left the tree. None when the run set no mark, or without /proc.
 */
function detachedProcesses(children: ChildProcessInfo[]): ChildProcessInfo[] {
  const mark = process.env[RUN_MARK_ENV];
  if (!mark) return [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const inTree = new Set([process.pid, ...children.flatMap((child) => [child.pid, ...descendantsOf(child.pid)])]);
  const marked = `${RUN_MARK_ENV}=${mark}`;
  const detached: ChildProcessInfo[] = [];
  for (const entry of entries) {
    const pid = Number(entry);
    if (!/^\d+$/.test(entry) || inTree.has(pid) || !isRunning(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marked) && !isOwnHelper(pid)) detached.push({ pid, command: commandOf(pid), detached: true });
    } catch {
      // Ended meanwhile, or another user's: not started by this run's step code.
    }
  }
  // Below another detached one, a process is stopped with it.
  const below = new Set(detached.flatMap((d) => descendantsOf(d.pid)));
  return detached.filter((d) => !below.has(d.pid));
}

function argumentsOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

function commandOf(pid: number): string {
  const command = argumentsOf(pid).join(' ') || '?';
  return command.length > 80 ? `${command.slice(0, 77)}...` : command;
}

/** How often the stop of left children looks whether they ended, within their grace. */
const POLL_MS = 20;

/**
 * Stops the children spec-run's process still has as spec-run stops every process
 * (stop.ts): SIGTERM to each with what runs below it (its group too when it leads one),
 * GRACE_MS, then SIGKILL to what outlived it. Synchronous: it also runs in the process's
 * 'exit' listener, where nothing asynchronous runs. What was stopped, in words, or null
 * when none was left.
 */
export function stopLeftChildren(): string | null {
  const left = childProcesses();
  if (left.length === 0) return null;
  const targets = left.map((child) => ({ ...child, below: descendantsOf(child.pid), leads: leadsItsGroup(child.pid) }));
  const signal = (name: 'SIGTERM' | 'SIGKILL') => {
    for (const { pid, below, leads } of targets) for (const target of [...below, pid, ...(leads ? [-pid] : [])]) signalOrNothing(target, name);
  };
  const outliving = () => targets.filter(({ pid, below, leads }) => [pid, ...below].some(isRunning) || (leads && groupHasLiveMember(pid)));
  signal('SIGTERM');
  const deadline = Date.now() + GRACE_MS;
  while (outliving().length > 0 && Date.now() < deadline) pause(POLL_MS);
  const killed = outliving();
  if (killed.length > 0) signal('SIGKILL');
  const named = (children: ChildProcessInfo[]) => children.map((c) => `pid ${c.pid} (${c.command}${c.detached ? '; it had left spec-run\'s processes: setsid, a daemon' : ''})`).join(', ');
  const how = killed.length === 0 ? 'stopped (SIGTERM)' : `stopped (SIGTERM; ${named(killed)} outlived the ${GRACE_MS / 1000} s grace and ${killed.length === 1 ? 'was' : 'were'} killed, SIGKILL)`;
  return `step code left ${left.length === 1 ? 'a process' : `${left.length} processes`} running after the report: ${named(left)}; ${how}`;
}

function signalOrNothing(target: number, name: NodeJS.Signals): void {
  try {
    process.kill(target, name);
  } catch {
    // Ended by itself meanwhile.
  }
}

/** True when PID is the leader of its process group (a child started detached). */
function leadsItsGroup(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pid;
  } catch {
    return false;
  }
}

/** Sleeps MS milliseconds without returning to the event loop. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
