// A directory made with the ones it lies in, as `mkdir -p`. Node's own recursive mkdirSync
// never returns for a path in a filesystem that refuses new entries with ENOENT (/proc/x):
// a report file asked for there spun a core until SIGKILL, ignoring SIGTERM. Each missing
// directory is made here one by one, so such a refusal is an error like any other.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export function makeDirectory(path: string): void {
  const missing: string[] = [];
  let current = resolve(path);
  for (; !existsSync(current); current = dirname(current)) {
    missing.unshift(current);
    if (dirname(current) === current) break;
  }
  // A file where a directory should be: mkdir says so (EEXIST), as `mkdir -p` does.
  if (existsSync(current) && !statSync(current).isDirectory()) mkdirSync(current);
  for (const directory of missing) {
    try {
      mkdirSync(directory);
    } catch (error) {
      // Made meanwhile by another process: as good as made here.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(directory).isDirectory()) throw error;
    }
  }
}
