// A unit's identity across runs: its document and its place in that document. It
// must not depend on which other documents run, in what order, or how the path was
// typed, so seeds replay and recorded failures can be found again.
import { relative, resolve, sep } from 'node:path';

/** The unit's place in its document: the part of its id from the last '#' ("#3", "#definitions-1", "#load-12"). */
export function unitPlace(unitId: string): string {
  const hash = unitId.lastIndexOf('#');
  return hash < 0 ? `#${unitId}` : unitId.slice(hash);
}

/**
 * A document's path (as given: absolute, or from the working directory) relative to the
 * project root with '/' separators: the same on every machine of a CI matrix, and from
 * whichever directory of the project the run was started.
 */
export function documentKey(file: string, root: string): string {
  return relative(root, resolve(file)).split(sep).join('/');
}
