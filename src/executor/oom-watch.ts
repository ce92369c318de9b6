// The kernel's count of OOM kills in a memory-limited container, read inside it as its command
// ends (oom-watch.sh) and handed over through a directory of this machine mounted into it. The
// engine's own record of such a kill (its OOMKilled flag, its 'oom' event) comes from an event
// the engine, on a loaded machine, sometimes receives only after the container's cgroup is
// gone, and then never records: 2 containers in 18, six at a time beside busy cores.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bindMount } from './workspace.js';

const SCRIPT = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'oom-watch.sh'), 'utf8');

/** Where the directory holding the verdict is mounted in the container. */
const MOUNT = '/.spec-run';
const VERDICT = 'verdict';

export interface OomWatch {
  /** The `docker create` options: the verdict's mount, and the init told to signal the command's process group. */
  options: string[];
  /** The container's command: RUN under the watch. */
  command(run: string): string[];
  /** OOM kills in the container, as the kernel counted them when the command ended; null when unknown (the watch itself was killed, or no count was readable). */
  kills(): number | null;
  /** Removes the verdict's directory. */
  dispose(): void;
}

export function oomWatch(): OomWatch {
  const dir = mkdtempSync(join(tmpdir(), 'spec-run-oom-'));
  // The container's user, whoever it is, writes the verdict.
  chmodSync(dir, 0o777);
  return {
    options: [...bindMount(dir, MOUNT), '-e', 'TINI_KILL_PROCESS_GROUP=1'],
    command: (run) => ['sh', '-c', SCRIPT, 'sh', run, `${MOUNT}/${VERDICT}`],
    kills: () => readKills(join(dir, VERDICT)),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The count in a verdict file ("STATUS KILLS"), or null when the file or its count is missing. */
export function readKills(file: string): number | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const found = /^\d+ (\d+)\n?$/.exec(text);
  return found ? Number(found[1]) : null;
}
