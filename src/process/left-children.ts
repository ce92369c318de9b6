// The processes that are still children of spec-run's own process, read from /proc (Linux).
// Once a run has reported and closed its own drivers, servers and commands, these are
// programs step code started and left running: one holding an inherited stdout kept a
// CI pipeline (`spec-run | tee`) waiting long after the run ended.
import { readdirSync, readFileSync } from 'node:fs';

export interface ChildProcessInfo {
  pid: number;
  /** Its command line, shortened. */
  command: string;
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
  return [...pids].filter((pid) => running(pid) && !isOwnHelper(pid)).map((pid) => ({ pid, command: commandOf(pid) }));
}

/** False for a child that has ended and is not yet reaped (a zombie), or is gone. */
function running(pid: number): boolean {
  try {
    // The state follows the command name, which is in parentheses and may hold any character.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
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

/** Ends (SIGTERM) the children spec-run's process still has; what was ended, in words, or null when none. */
export function stopLeftChildren(): string | null {
  const left = childProcesses();
  for (const child of left) {
    try {
      process.kill(child.pid, 'SIGTERM');
    } catch {
      // Ended by itself meanwhile.
    }
  }
  if (left.length === 0) return null;
  return `step code left ${left.length === 1 ? 'a process' : `${left.length} processes`} running after the report: ${left.map((c) => `pid ${c.pid} (${c.command})`).join(', ')}; stopped (SIGTERM)`;
}
