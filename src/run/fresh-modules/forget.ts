// Node caches CommonJS modules (and jiti the modules it transforms) by path in one cache:
// a load anew forgets the project's, so that they are read again; packages under
// node_modules keep their one instance.
import { createRequire } from 'node:module';
import { sep } from 'node:path';

export function forgetProjectModules(): void {
  const cache = createRequire(import.meta.url).cache;
  for (const path of Object.keys(cache)) if (!path.split(sep).includes('node_modules')) delete cache[path];
}
