// The documents of a run share one compiled step library; a steps file that changes
// (--watch) gives a new one, with its new definitions.
import t from 'tap';
import { mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAnew, loadStepLibrary } from '../../src/run/scenario/library.js';
import { scratchDirectory } from '../support/scratch.js';

t.test('a library is compiled once for the same loads of the same files, again when a file changes', async (t) => {
  const directory = scratchDirectory('spec-run-library-');
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  const steps = join(directory, 'steps.mjs');
  writeFileSync(steps, "import { Given } from 'spec-run/steps';\nGiven('a counter at {int}', function (n) { this.count = n; });\n");
  const first = await loadStepLibrary([steps]);
  t.equal(await loadStepLibrary([steps]), first, 'a second document gets the same library');
  t.not(await loadStepLibrary([steps], { builtins: true }), first, 'with the built-in steps, another');
  t.same(first.steps.map((s) => s.source), ['a counter at {int}']);

  writeFileSync(steps, "import { Given } from 'spec-run/steps';\nGiven('a counter of {int}', function (n) { this.count = n; });\n");
  utimesSync(steps, new Date(), new Date(Date.now() + 5000));
  const changed = await loadStepLibrary([steps]);
  t.not(changed, first, 'a changed file, a new library');
  t.same(changed.steps.map((s) => s.source), ['a counter of {int}']);
});

for (const extension of ['ts', 'mjs']) {
  t.test(`a .${extension} steps file changed again and again with no loadAnew (no watcher told of it): each load has its definitions as they are now`, async (t) => {
    const directory = scratchDirectory('spec-run-library-');
    t.teardown(() => rmSync(directory, { recursive: true, force: true }));
    const steps = join(directory, `counter.steps.${extension}`);
    const define = (expression: string, at: number) => {
      writeFileSync(steps, `import { Given } from 'spec-run/steps';\nGiven('${expression}', function (n) { this.count = n; });\n`);
      utimesSync(steps, new Date(), new Date(Date.now() + at));
    };
    define('a counter at {int}', 0);
    t.same((await loadStepLibrary([steps])).steps.map((s) => s.source), ['a counter at {int}']);
    for (const [round, expression] of ['a counter of {int}', 'a counter from {int}', 'a counter at {int}'].entries()) {
      define(expression, 5000 * (round + 1));
      t.same((await loadStepLibrary([steps])).steps.map((s) => s.source), [expression], `change ${round + 1}: its module evaluated anew, not the cached one that defines nothing`);
    }
  });
}

t.test('a steps file whose top level throws a value that is no Error is said to throw that value, at the line of its throw', async (t) => {
  const directory = scratchDirectory('spec-run-library-');
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  const thrown: [written: string, said: string, line: number][] = [
    ['undefined', 'undefined', 3],
    ['null', 'null', 3],
    ['42', '42', 3],
    ['"no url"', '"no url"', 3],
    ["{ code: 1 }", 'an object ({ code: 1 })', 1],
  ];
  for (const [i, [written, said, line]] of thrown.entries()) {
    const steps = join(directory, `throws-${i}.steps.mjs`);
    writeFileSync(steps, `// the environment is needed\nconst url = process.env.SPEC_RUN_TEST_UNSET_URL;\nif (!url) throw ${written};\n`);
    const library = await loadStepLibrary([steps]);
    t.same(library.problems.map((problem) => [problem.line, problem.message]), [[line, `cannot load steps file: its top level threw ${said}, not an Error (throw an Error, whose message and stack say what went wrong)`]], written);
  }
});

t.test("a steps file whose top level throws is evaluated once, and Node's error is reported", async (t) => {
  const directory = scratchDirectory('spec-run-library-');
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  const steps = join(directory, 'steps.mjs');
  const counter = Symbol.for('spec-run.test.top-level-runs');
  writeFileSync(steps, `globalThis[Symbol.for('spec-run.test.top-level-runs')] = (globalThis[Symbol.for('spec-run.test.top-level-runs')] ?? 0) + 1;\nthrow new Error('broken on purpose');\n`);
  const library = await loadStepLibrary([steps]);
  t.equal((globalThis as Record<symbol, unknown>)[counter], 1, 'the top level ran once');
  t.match(library.problems.map((problem) => `${problem.line} ${problem.message}`), [/^2 cannot load steps file: broken on purpose/]);
});

t.test('a steps file that loaded and then gets a syntax error (--watch) is a load problem at its place, as on a first load', async (t) => {
  const directory = scratchDirectory('spec-run-library-');
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  // spec-run installed where the file stands: Node imports it itself the first time, and holds that module in its cache.
  mkdirSync(join(directory, 'node_modules'));
  symlinkSync(fileURLToPath(new URL('../../..', import.meta.url)), join(directory, 'node_modules', 'spec-run'));
  const steps = join(directory, 'steps.mjs');
  const good = "import { Given } from 'spec-run/steps';\nGiven('a counter at {int}', function (n) { this.count = n; });\n";
  writeFileSync(steps, good);
  t.same((await loadStepLibrary([steps])).steps.map((s) => s.source), ['a counter at {int}']);
  writeFileSync(steps, `${good}Then(((( broken\n`);
  utimesSync(steps, new Date(), new Date(Date.now() + 5000));
  loadAnew();
  const broken = await loadStepLibrary([steps]);
  t.same(broken.steps, []);
  t.match(broken.problems, [{ file: steps, line: 4, column: 1, message: /^cannot load steps file: ParseError: .*steps\.mjs:4:1$/ }], 'the parse error and its place (its column counted from 1, as every column of a report), not a library with no steps and no problem');
});
