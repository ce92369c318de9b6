// For clients that cannot watch files for the server (no dynamic registration of
// workspace/didChangeWatchedFiles, as Neovim before 0.10): the directories that hold
// the project's steps files, configuration and documents, watched by the server itself.
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/** Watches DIRECTORIES (not their subdirectories); ON CHANGE gets each changed file's path. Returns what stops it. */
export function watchDirectories(directories: string[], onChange: (path: string) => void): () => void {
  const watchers: FSWatcher[] = [];
  for (const directory of new Set(directories)) {
    try {
      watchers.push(watch(directory, (_event, name) => name && onChange(join(directory, name.toString()))).on('error', () => {}));
    } catch {
      // a directory that is gone has nothing to watch
    }
  }
  return () => watchers.forEach((watcher) => watcher.close());
}
