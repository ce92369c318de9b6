// process.exit() does not always end the process: Node's teardown waits for the libuv
// thread pool, and a request of the user's code that never completes (a read of a FIFO
// nobody writes, an open of one) holds a pool thread, and the process, forever after spec-run
// said it was exiting. A detached process of its own ends it (SIGKILL, exit status 137) if
// it has not ended within EXIT_GRACE_MS: CI's job never hangs on what a step left.
import { spawn } from 'node:child_process';

/** How long process.exit() may take before the process is killed. */
export const EXIT_GRACE_MS = 5000;

/** Exits with process.exitCode, or is killed (137) if the exit does not end the process in time, saying so before LAST (the summary, which stays the last line). */
export function exitWithin(last: string | undefined, graceMs = EXIT_GRACE_MS): never {
  const said = `spec-run: the process did not end ${graceMs / 1000} s after it said it was exiting (a request of a step's code holds it: a read of a pipe nobody writes?); killed (exit status 137)\n${last ? `${last}\n` : ''}`;
  const watch = `const pid = ${process.pid}; const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
const poll = setInterval(() => { if (!alive()) process.exit(); }, 100);
setTimeout(() => { clearInterval(poll); if (alive()) { process.stderr.write(${JSON.stringify(said)}); process.kill(pid, 'SIGKILL'); } }, ${graceMs});`;
  try {
    spawn(process.execPath, ['-e', watch], { detached: true, stdio: ['ignore', 'ignore', 'inherit'] }).unref();
  } catch {
    // a process that cannot be started leaves the exit as Node makes it
  }
  process.exit();
}
