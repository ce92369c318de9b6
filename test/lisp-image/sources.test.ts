// One rule for the Lisp files Node loads into SBCL: beside the loading module, where
// the build copies them; and one spelling of Lisp string literals.
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { lispString } from '../../src/lisp-image/lisp-string.js';
import { lispSources } from '../../src/lisp-image/sources.js';
import { DRIVER_SOURCES } from '../../src/run/lisp/driver.js';

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const dist = join(root, 'dist');

function lispFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? lispFiles(path) : entry.name.endsWith('.lisp') ? [path] : [];
  });
}

t.test('every Lisp source has its copy in the build, byte for byte', async (t) => {
  const sources = lispFiles(join(root, 'src'));
  t.ok(sources.length >= 10, `${sources.length} Lisp sources`);
  for (const source of sources) {
    const copy = join(dist, relative(root, source));
    t.same(readFileSync(copy), readFileSync(source), relative(root, copy));
  }
});

t.test('sources resolve beside the loading module: compiled code loads the copies of its own build', async (t) => {
  t.same(lispSources('file:///app/dist/src/runtime/worker.js', ['lisp/json.lisp']), ['/app/dist/src/runtime/lisp/json.lisp']);
  t.same(lispSources('file:///app/src/check/known-functions.ts', ['known-functions.lisp']), ['/app/src/check/known-functions.lisp']);
  t.ok(DRIVER_SOURCES.length > 0, 'the driver has sources');
  for (const source of DRIVER_SOURCES) t.equal(relative(dist, source).split('/')[0], 'src', `${relative(root, source)} is in the build`);
});

/** What the Lisp reader makes of a string literal: a backslash takes the next character as it is. */
function readLispString(literal: string): string {
  if (!literal.startsWith('"') || !literal.endsWith('"')) throw new Error(`not a string literal: ${literal}`);
  let text = '';
  for (let i = 1; i < literal.length - 1; i++) {
    if (literal[i] === '"') throw new Error(`unescaped quote at ${i}: ${literal}`);
    if (literal[i] === '\\') i += 1;
    text += literal[i];
  }
  return text;
}

t.test('lispString: the reader gets back exactly the text', async () => {
  fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', '"', '\\', ' ', '\n', 'é') }), (text) => readLispString(lispString(text)) === text));
  fc.assert(fc.property(fc.string(), (text) => readLispString(lispString(text)) === text));
});
