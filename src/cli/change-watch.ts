// `--watch --change <name>`: what a save runs again. Every run of such a watch is the
// change applied, as a fresh `--change` run gives it, for the capabilities the saved files
// affect: a delta of the change, the capability's current spec it applies to, and (a steps
// file or another helper, every document saved) every capability the change touches.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { currentSpecPath, openspecPlace } from '../translate/openspec-layout.js';

/** The capability FILE stands for under --change CHANGE, as its current spec's absolute path: a delta of the change its capability's, a current spec itself; null for any other file. */
function capabilityOf(file: string, change: string): string | null {
  const place = openspecPlace(file);
  if (place === null) return null;
  if (place.change === undefined) return resolve(file);
  return place.change === change ? resolve(currentSpecPath(file)!) : null;
}

/**
 * The files a run of CHANGE reads for the capabilities SAVED affects, among SAVED and KNOWN
 * (the documents the watch knows, named as the first run named them): each capability's
 * delta of the change and its current spec, those that exist now. Empty when the change
 * touches none of them (another change's delta, a capability it leaves alone, a delta deleted).
 */
export function changeFilesFor(saved: string[], known: string[], change: string): string[] {
  const affected = new Set(saved.flatMap((file) => capabilityOf(file, change) ?? []));
  const byPath = new Map<string, string>();
  for (const file of [...saved, ...known]) if (!byPath.has(resolve(file)) && existsSync(file)) byPath.set(resolve(file), file);
  const files = [...byPath.values()].filter((file) => affected.has(capabilityOf(file, change) ?? ''));
  // A capability the change touches is one with a delta of the change: its current spec alone is not run.
  const touched = new Set(files.filter((file) => openspecPlace(file)?.change === change).map((file) => capabilityOf(file, change)));
  return files.filter((file) => touched.has(capabilityOf(file, change)));
}
