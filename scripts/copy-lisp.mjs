// tsc copies no .lisp files; the runtime and the driver load their Lisp sources
// from beside their compiled JavaScript, so mirror every src/**/*.lisp into dist/.
import { cpSync, readdirSync, statSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.lisp')) {
      const target = join('dist', path);
      mkdirSync(dirname(target), { recursive: true });
      cpSync(path, target);
    }
  }
}
walk('src');
