// An interrupted command must end even when what it printed cannot be delivered: a reader
// that holds stdout's pipe open and reads nothing (a killed CI step's sibling) kept a SIGTERM'd
// spec-run waiting on its pending writes for good. Such a reader gets a few seconds after the
// command is done; then the rest of the output is dropped, said on stderr, and the process
// exits with the interruption's status.

/** How long an interrupted command waits for a stdout nobody reads. */
export const UNREAD_AFTER_INTERRUPT_MS = 5000;

/** Once the interrupted command (ending with STATUS) is done: if stdout still holds unwritten output, it gets UNREAD_AFTER_INTERRUPT_MS to drain. */
export function endDespiteUnreadStdout(status: number): void {
  if (process.stdout.writableLength === 0) return;
  const timer = setTimeout(() => {
    try {
      process.stderr.write(`spec-run: nothing read stdout for ${UNREAD_AFTER_INTERRUPT_MS / 1000} s after the interruption; ${process.stdout.writableLength} bytes of its output are not written\n`);
    } catch {
      // nowhere to say it
    }
    process.exit(status);
  }, UNREAD_AFTER_INTERRUPT_MS).unref();
  process.stdout.once('drain', () => clearTimeout(timer));
}
