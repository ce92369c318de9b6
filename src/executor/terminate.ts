// The one way spec-run stops a process: SIGTERM, a grace period, then SIGKILL.
// The command executor uses it for user commands, and the harness for its own
// drivers and runtime workers, so every stop behaves and reports alike.

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
  return send(pid, group, 0);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Stops `pid` and, with `group`, every process of its group.
 * `exited` settles when the direct child has been reaped (execa's promise, or a
 * promise on the 'exit' event); a group is polled, since its other members are not
 * our children.
 */
export async function stopProcess(pid: number, exited: Promise<unknown>, options: StopOptions): Promise<StopOutcome> {
  const group = options.group ?? false;
  const leaderDone = exited.then(
    () => true,
    () => true,
  );
  if (!alive(pid, group)) return 'already-exited';
  send(pid, group, 'SIGTERM');
  const deadline = Date.now() + options.graceMs;
  for (;;) {
    const leaderExited = await Promise.race([leaderDone, delay(Math.min(20, Math.max(1, deadline - Date.now()))).then(() => false)]);
    // A group is gone when its reaped leader left no member behind.
    if (leaderExited && !(group && alive(pid, true))) return 'terminated';
    if (Date.now() >= deadline) break;
  }
  send(pid, group, 'SIGKILL');
  await leaderDone;
  return 'killed';
}
