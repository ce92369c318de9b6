// The configuration's vocabulary files, loaded into every Lisp driver: what makes one no
// file to load, said alike by check, the editor and the run.
import { statSync } from 'node:fs';

/**
 * Why PATH, given as a vocabulary file, is none, or null: a directory, which SBCL does not
 * LOAD and Node does not read (a bare EISDIR naming no file).
 */
export function vocabularyDirectoryProblem(path: string): string | null {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ? "is a directory, not a Lisp file: name the Lisp files in it in the configuration's vocabulary" : null;
}
