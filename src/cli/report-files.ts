// Report files are written so that nothing is lost: each goes to a temporary file beside
// its target and is renamed into place when complete, so two runs sharing a file never
// interleave in it. A run that ends before its report is complete (a second SIGTERM, the
// watchdog's SIGKILL) removes the temporary file and the earlier run's report at its
// place: a CI step that uploads reports whatever the exit status must not upload an
// earlier run's green one as this run's. (A run killed from outside cannot: the earlier
// report stays.) A file that is not a regular file (a device, a pipe) is written
// directly. A path that is one of the documents being run is refused before anything
// runs: a report must never overwrite the verification it reports on.
import { closeSync, createWriteStream, openSync, renameSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileProblem } from '../run/file-problem.js';
import { makeDirectory } from '../make-directory.js';
import { removeIfEnded } from '../process/watchdog.js';
import { isMarkdownName } from '../parse/markdown-name.js';

/**
 * Why DESTINATION cannot take a report (WHAT names it: "--reporter junit"), or null. With
 * WRITABLE false only its being a document is checked: a record that cannot be written is a
 * warning after the run, never a reason not to run.
 */
export function destinationProblem(destination: string, what: string, documents: string[], writable = true): string | null {
  const target = resolve(destination);
  if (documents.some((document) => resolve(document) === target)) return `${what}: ${destination} is a document of this run; a report must not overwrite what it reports on`;
  if (isMarkdownName(target)) return `${what}: ${destination} is a markdown file; choose another name for a report`;
  if (!writable || !isRegularOrMissing(target)) return null;
  const probe = `${target}.${process.pid}.probe`;
  try {
    makeDirectory(dirname(target));
    closeSync(openSync(probe, 'w'));
    rmSync(probe, { force: true });
    return null;
  } catch (error) {
    return `${what}: cannot write ${destination}: ${fileProblem(error)}`;
  }
}

function isRegularOrMissing(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return true;
  }
}

/** A report being written: its stream, and `commit()` to put it in place once complete. */
export interface ReportFile {
  stream: WriteStream;
  /** Renames the complete report into place; the error, in words, when writing or renaming failed. */
  commit(): Promise<string | null>;
}

export function openReportFile(destination: string): ReportFile {
  const direct = !isRegularOrMissing(destination);
  const partial = direct ? destination : `${destination}.${process.pid}.tmp`;
  const stream = createWriteStream(partial);
  let failure: unknown = null;
  stream.on('error', (error) => (failure ??= error));
  const removePartial = () => rmSync(partial, { force: true });
  // A run that exits before its report is complete leaves neither its part nor the earlier run's report.
  const removeUnfinished = () => [partial, destination].forEach((file) => rmSync(file, { force: true }));
  const removedByWatchdog = direct ? () => {} : removeIfEnded([partial, destination]);
  if (!direct) process.once('exit', removeUnfinished);
  return {
    stream,
    commit: () =>
      new Promise((done) => {
        const finish = () => {
          process.off('exit', removeUnfinished);
          removedByWatchdog();
          if (failure === null && !direct) {
            try {
              renameSync(partial, destination);
            } catch (error) {
              failure = error;
            }
          }
          if (failure !== null && !direct) removePartial();
          done(failure === null ? null : `cannot write ${destination}: ${fileProblem(failure)}`);
        };
        if (stream.destroyed) finish();
        else
          stream.end((error?: Error | null) => {
            if (error) failure ??= error;
            finish();
          });
      }),
  };
}
