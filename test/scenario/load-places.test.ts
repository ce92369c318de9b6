// A steps file whose top level fails is reported at the place the user wrote: the file,
// the line and the column, whether Node imported it or jiti transpiled it (TypeScript,
// where types and `as` casts moved the columns of the code that ran). Each expected place is
// found in the text the test writes, never typed in.
import t from 'tap';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMap } from 'node:module';
import { loadStepLibrary } from '../../src/run/scenario/library.js';
import { originalPlace } from '../../src/run/scenario/load-place.js';
import { scratchDirectory } from '../support/scratch.js';

/** A project with spec-run installed, as a user's: Node imports its .js and .mjs steps files itself. */
function project(): string {
  const directory = scratchDirectory('spec-run-load-places-');
  mkdirSync(join(directory, 'node_modules'));
  symlinkSync(fileURLToPath(new URL('../../..', import.meta.url)), join(directory, 'node_modules', 'spec-run'));
  writeFileSync(join(directory, 'package.json'), JSON.stringify({ name: 'places', private: true, type: 'module' }));
  return directory;
}

/** The line and column (from 1) where MARKER starts in TEXT, or SHIFT characters after that. */
function placeOf(text: string, marker: string, shift = 0): { line: number; column: number } {
  const before = text.slice(0, text.indexOf(marker) + shift).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

const TYPED_LINE = 'const n: number = 1 as number;   ';
const cases = [
  // The error's place is where V8 and babel put it: `new` of a throw, the token a parse stops at, the import of a missing module.
  { kind: 'a throw', body: (ts: boolean) => `${ts ? TYPED_LINE : 'const n = 1;   '}throw new Error('broken ' + n);\n`, marker: 'new Error', shift: 0, said: /broken 1/ },
  { kind: 'a syntax error', body: (ts: boolean) => `const y${ts ? ': number' : ''} = 1 +;\n`, marker: '+;', shift: 1, said: /Unexpected token/ },
  { kind: 'a missing import', body: () => `import { helper } from './missing-helper.js';\nhelper();\n`, marker: 'import { helper }', shift: 0, said: /missing-helper/ },
];

for (const extension of ['ts', 'mts', 'js']) {
  for (const { kind, body, marker, shift, said } of cases) {
    t.test(`${kind} at the top of a .${extension} steps file is reported at its line and column as written`, async (t) => {
      const directory = project();
      const file = join(directory, `broken-${kind.replace(/\W/g, '-')}.steps.${extension}`);
      // Two lines above it, one a type that the transform leaves out, so neither line nor column can be right by accident.
      const text = `import { Given } from 'spec-run/steps';\n${extension === 'js' ? '// nothing here\n' : 'type Unused = { a: string };\n'}${body(extension !== 'js')}`;
      writeFileSync(file, text);
      const library = await loadStepLibrary([file]);
      t.equal(library.problems.length, 1, 'one problem', { problems: library.problems });
      const [problem] = library.problems;
      t.equal(problem.file, file, 'of the user file');
      t.same({ line: problem.line, column: problem.column }, placeOf(text, marker, shift), 'at the line and column as written');
      t.match(problem.message, said, 'saying what went wrong');
    });
  }
}

t.test("a name another module lacks is that module's, not spec-run/steps'", async (t) => {
  const directory = project();
  writeFileSync(join(directory, 'helper.ts'), 'export const other = 1;\n');
  const file = join(directory, 'lacking.steps.ts');
  const text = "import { Given } from 'spec-run/steps';\nimport { other, nope } from './helper.ts';\nnope(other);\n";
  writeFileSync(file, text);
  const [problem] = (await loadStepLibrary([file])).problems;
  t.notMatch(problem.message, /spec-run\/steps does not export/, 'not blamed on spec-run/steps');
  t.match(problem.message, /'nope', imported from '\.\/helper\.ts' at line 2, is not a function/, 'names the module the file imported it from');
  t.equal(problem.line, placeOf(text, 'nope(').line, 'at the call that failed');
});

t.test("a name spec-run/steps lacks is reported at the import that names it", async (t) => {
  const directory = project();
  const file = join(directory, 'world.steps.ts');
  const text = "import { Given, setWorldConstructor } from 'spec-run/steps';\n\nsetWorldConstructor(class {});\n";
  writeFileSync(file, text);
  const [problem] = (await loadStepLibrary([file])).problems;
  t.match(problem.message, /spec-run\/steps does not export 'setWorldConstructor'/);
  t.same({ line: problem.line, column: problem.column }, placeOf(text, 'setWorldConstructor }'), 'at the name in the import');
});

t.test('a source map moves a place it maps, and leaves one it says nothing of', async (t) => {
  // Generated line 1 (from 0: 0) column 4 comes from original line 3 column 2; generated line 2 has no mapping.
  const map = new SourceMap({ version: 3, sources: ['a.ts'], names: [], mappings: 'IAEE', file: 'a.js', sourceRoot: '', sourcesContent: null } as never);
  t.same(originalPlace({ line: 1, column: 5 }, map, 0), { line: 3, column: 3 }, 'mapped');
  t.same(originalPlace({ line: 1, column: 15 }, map, 10), { line: 3, column: 3 }, "line 1's wrapper taken off first");
  t.same(originalPlace({ line: 2, column: 5 }, map, 0), { line: 2, column: 5 }, 'a line the map does not cover stays as it ran');
  t.same(originalPlace({ line: 4 }, map, 0), { line: 4 }, 'no column: nothing to map');
});
