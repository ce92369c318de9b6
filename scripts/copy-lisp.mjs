// tsc copies no .lisp (or .sh) files; the runtime, the driver and the executor load them
// from beside their compiled JavaScript, so mirror every src/**/*.lisp and *.sh into dist/.
import { cpSync, readdirSync, statSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.lisp') || name.endsWith('.sh')) {
      const target = join('dist', path);
      mkdirSync(dirname(target), { recursive: true });
      cpSync(path, target);
    }
  }
}
walk('src');
