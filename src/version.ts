// spec-run's version: package.json states it, everything else reads it from there.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * package.json of this installation: the nearest one above this module. Searched for,
 * because the module runs at two depths: compiled (dist/src/version.js) and inside
 * the runtime's bundle (dist/src/runtime/server.bundle.cjs).
 */
function packageJsonPath(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`spec-run: no package.json above ${fileURLToPath(import.meta.url)}`);
    directory = parent;
  }
  return join(directory, 'package.json');
}

export const VERSION: string = (JSON.parse(readFileSync(packageJsonPath(), 'utf8')) as { version: string }).version;
