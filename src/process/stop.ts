// The one way spec-run stops a process: SIGTERM, a grace period, then SIGKILL.
// Child.stop runs it for every process spec-run starts (the executor's commands,
// drivers, runtime workers and servers), so every stop behaves and reports alike.
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout, clearTimeout } from './native-timers.js';

export type StopOutcome =
  /** The process had already ended. */
  | 'already-exited'
  /** It ended within the grace period after SIGTERM. */
  | 'terminated'
  /** It (or a member of its group) outlived the grace period and was killed. */
  | 'killed';

export interface StopOptions {
  /** Milliseconds between SIGTERM and SIGKILL. */
  graceMs: number;
  /** Signal the whole process group (the child must have been started detached, as its group's leader). */
  group?: boolean;
  /** Signal its descendants too, as found when the stop begins (those in process groups of their own included). */
  descendants?: boolean;
  /** Told of each signal as it is sent (the executor's record of a run). */
  onSignal?: (signal: 'SIGTERM' | 'SIGKILL') => void;
}

function send(pid: number, group: boolean, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(group ? -pid : pid, signal);
    return true;
  } catch {
    return false;
  }
}

function alive(pid: number, group: boolean): boolean {
  if (!send(pid, group, 0)) return false;
  return group ? groupHasLiveMember(pid) : true;
}

/**
 * Whether a process group has a member that is not a zombie. A zombie has exited but
 * still answers kill(-pgid, 0) until whoever adopted it reaps it, and some init
 * processes reap late: counting zombies would turn a clean stop into a SIGKILL.
 * Without /proc (not Linux), every member counts.
 */
export function groupHasLiveMember(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the parenthesised command name: state, ppid, pgrp, ...
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

/**
 * True once `done` settles, false after `ms`, whichever comes first: a pause of the stop's
 * polling. Its timer holds the event loop (whoever awaits a stop is kept alive until it is
 * done, whether or not the child's own handle is held then) and is cleared as soon as `done`
 * wins, so that an ended stop holds nothing.
 */
async function settledWithin(done: Promise<true>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const pause = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([done, pause]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops `pid` and, with `group`, every process of its group.
 * `exited` settles when the direct child has been reaped (execa's promise, or a
 * promise on the 'exit' event); a group is polled, since its other members are not
 * our children.
 */
export async function stopProcess(pid: number, exited: Promise<unknown>, options: StopOptions): Promise<StopOutcome> {
  const group = options.group ?? false;
  const leaderDone = exited.then(
    () => true as const,
    () => true as const,
  );
  if (!alive(pid, group)) return 'already-exited';
  const below = options.descendants ? descendantsOf(pid) : [];
  for (const member of below) send(member, false, 'SIGTERM');
  send(pid, group, 'SIGTERM');
  options.onSignal?.('SIGTERM');
  const deadline = Date.now() + options.graceMs;
  for (;;) {
    const leaderExited = await settledWithin(leaderDone, Math.min(20, Math.max(1, deadline - Date.now())));
    // A group is gone when its reaped leader left no member behind.
    if (leaderExited && !(group && alive(pid, true)) && !below.some(isRunning)) return 'terminated';
    if (Date.now() >= deadline) break;
  }
  send(pid, group, 'SIGKILL');
  for (const member of below) send(member, false, 'SIGKILL');
  options.onSignal?.('SIGKILL');
  await leaderDone;
  return 'killed';
}

/**
 * Kills `pid` at once, no grace: SIGKILL to it (its group, with `group`) and to every process
 * below it, found before the kill (in a PID namespace, the namespace's every process, which
 * its init adopts); settles once the leader has been reaped and none of them is alive, polled
 * every `pollMs`. The caller bounds the wait: a process in uninterruptible sleep dies late.
 */
export async function killNow(pid: number, exited: Promise<unknown>, { group = false, pollMs = 10 }: { group?: boolean; pollMs?: number } = {}): Promise<void> {
  const below = descendantsOf(pid);
  send(pid, group, 'SIGKILL');
  for (const member of below) send(member, false, 'SIGKILL');
  await exited.catch(() => undefined);
  while ((group && alive(pid, true)) || below.some(isRunning)) await new Promise((resolve) => setTimeout(resolve, pollMs));
}

/** The state of `pid` as /proc says it (R running, S sleeping, T stopped, Z zombie...); undefined when it cannot be read. */
export function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0];
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a live process (a zombie has ended). */
export function isRunning(pid: number): boolean {
  const state = processState(pid);
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/** Every process below `pid` (children, their children...), from /proc; none without it. */
export function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended while we looked
    }
  }
  const found: number[] = [];
  for (let frontier = [pid]; frontier.length > 0; ) {
    frontier = frontier.flatMap((p) => parents.get(p) ?? []);
    found.push(...frontier);
  }
  return found;
}
