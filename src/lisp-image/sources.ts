// Where a module finds the Lisp files it loads into SBCL: beside its own code, at the
// same relative place as in src/. The build copies every src/**/*.lisp into dist/
// (scripts/copy-lisp.mjs), so compiled code loads the copies made with it and code run
// from src/ loads the originals: JavaScript and Lisp always come from one build.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Paths of `files` (relative to the module at `moduleUrl`, e.g. "lisp/json.lisp"). */
export function lispSources(moduleUrl: string, files: string[]): string[] {
  const directory = dirname(fileURLToPath(moduleUrl));
  return files.map((file) => join(directory, file));
}
