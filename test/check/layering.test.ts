// Each stage gets what it needs through its own interface: check never reaches into
// the run stage, and the run stage's generic types name no family runner.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const src = resolve(fileURLToPath(new URL('../../../src', import.meta.url)));

/** The module specifiers a TypeScript file imports (static and dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]);
}

t.test('src/check imports nothing of src/run', async (t) => {
  const files = readdirSync(join(src, 'check')).filter((name) => name.endsWith('.ts'));
  t.ok(files.length >= 3, `${files.length} check modules read`);
  for (const name of files) t.same(importsOf(join(src, 'check', name)).filter((specifier) => /(^|\/)run\//.test(specifier)), [], `check/${name}`);
});

t.test("run/types.ts names no family runner's modules", async (t) => {
  const imports = importsOf(join(src, 'run', 'types.ts'));
  t.ok(imports.length > 0, 'types.ts imports read');
  t.same(imports.filter((specifier) => /\/(lisp|scenario)\//.test(specifier)), [], 'no import of run/lisp or run/scenario');
});
