// What tests that send signals to a real spec-run look at: the processes it started
// (found through /proc, by parent id), whether any is still alive, and waiting for a
// condition with a deadline. Only processes of the test's own spec-run are examined:
// other runs share this machine.
import { readdirSync, readFileSync } from 'node:fs';

interface ProcessInfo {
  pid: number;
  ppid: number;
  state: string;
  argv: string;
}

function processes(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      found.push({ pid: Number(entry), ppid: Number(ppid), state, argv });
    } catch {
      // ended while we looked
    }
  }
  return found;
}

/** Every live descendant of `root` (children, their children...), with its command line. */
export function descendants(root: number): { pid: number; argv: string }[] {
  const all = processes();
  const result: { pid: number; argv: string }[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const children = all.filter((p) => frontier.includes(p.ppid) && p.state !== 'Z');
    result.push(...children.map(({ pid, argv }) => ({ pid, argv })));
    frontier = children.map((p) => p.pid);
  }
  return result;
}

/** Those of `pids` still alive (zombies count as gone), and live processes whose argv holds `marker`. */
export function survivors(pids: number[], marker?: string): string[] {
  return processes()
    .filter((p) => p.state !== 'Z' && (pids.includes(p.pid) || (marker !== undefined && p.argv.includes(marker) && p.pid !== process.pid)))
    .map((p) => `${p.pid}: ${p.argv}`);
}

/** Polls `check` every 50 ms until it returns a value other than undefined, or `ms` pass (then undefined). */
export async function within<T>(ms: number, check: () => T | undefined): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
