// Containers must not outlive spec-run, even when it is killed with SIGKILL and no
// handler of its own runs. Before the first container is created, a small watcher
// starts outside spec-run's process group, holding the read end of a pipe from
// spec-run; when spec-run ends, however it ends, the pipe closes and the watcher
// removes every container labelled with spec-run's process id. After a normal end it
// finds none: each run removes its own container.
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { OWN_HELPER_MARK } from '../process/left-children.js';

/** Label carried by every container this process creates: its value is the process id. */
export const OWNER_LABEL = 'spec-run.owner';

let watching = false;

/** Starts the watcher once per process; call it before creating a container. */
export function watchOwnContainers(): void {
  if (watching) return;
  watching = true;
  const filter = `label=${OWNER_LABEL}=${process.pid}`;
  // `read` returns at end of input: when every writer of the pipe, that is spec-run, is gone.
  const script = 'read _ignored; ids=$(docker ps -aq --filter "$1"); [ -z "$ids" ] || docker rm -f $ids >/dev/null 2>&1';
  // Its name ($0) marks it as spec-run's own, which the check for processes step code left skips.
  const watcher = spawn('sh', ['-c', script, `${OWN_HELPER_MARK}:container-watch`, filter], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  watcher.on('error', () => undefined);
  watcher.unref();
  // The pipe stays open for the life of this process without keeping it alive.
  (watcher.stdin as unknown as Socket).unref();
}
