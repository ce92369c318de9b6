// Temporary directories of a test file, removed when its process exits: the suite runs
// thousands of documents in fresh directories, and a contributor's /tmp kept every one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
});

/** A fresh directory under the system's temporary directory, named `prefix` and six random characters. */
export function scratchDirectory(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
