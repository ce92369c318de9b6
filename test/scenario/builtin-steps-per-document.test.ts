// The built-in executor steps bind only the documents they apply to (executor-steps.ts),
// whatever else the run holds. A steps file gets the definitions an earlier load registered
// from a module it imports (a steps module two directories share); spec-run's own package is
// one it imports (`spec-run/steps`), and the built-in steps lie in it: once a document for
// which they were loaded had run (one they apply to, or one with an undefined step they
// "would bind"), every later document got them as its own definitions. A sentence only they
// define passed where it is undefined, and a team's own definition was ambiguous against one.
//
// The built-in steps lie in the package a steps file imports only where spec-run stands in
// a node_modules, as a user's does: these projects run a copy of this checkout's package
// there (its build, its own dependencies linked), no npm needed.
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import fc from 'fast-check';
import { execa } from 'execa';
import type { RunEvent } from '../../src/model/events.js';
import { project } from './user-project.js';
import { scratchDirectory } from '../support/scratch.js';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A node_modules holding a copy of this checkout's built package as spec-run, made once. */
const modules = (() => {
  const dir = path.join(scratchDirectory('spec-run-package-copy-'), 'node_modules');
  const copy = path.join(dir, 'spec-run');
  mkdirSync(copy, { recursive: true });
  cpSync(path.join(repository, 'package.json'), path.join(copy, 'package.json'));
  cpSync(path.join(repository, 'dist', 'src'), path.join(copy, 'dist', 'src'), { recursive: true });
  symlinkSync(path.join(repository, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  return dir;
})();

/** A project of FILES whose node_modules holds spec-run, and a run of it there: each document's points. */
function packageProject(files: Record<string, string>) {
  const dir = project(files, 'spec-run-builtins-per-document-');
  symlinkSync(modules, path.join(dir, 'node_modules'), 'dir');
  return async (args: string[]) => {
    const result = await execa(process.execPath, [path.join(modules, 'spec-run', 'dist', 'src', 'cli', 'main.js'), 'run', ...args, '--reporter', 'json'], { cwd: dir, reject: false });
    const events = result.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as RunEvent);
    const points = (file: string) => events.flatMap((e) => (e.type === 'point' && e.file === file ? [`${e.ok ? 'ok' : 'not ok'} ${e.name}${e.ok ? '' : `: ${String(e.diagnostics?.reason ?? e.diagnostics?.message ?? '')}`}`] : []));
    return { code: result.exitCode, points, stderr: result.stderr };
  };
}

const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('the program exits with {int}', function (n) { this.code = n; });
Then('the exit code SHALL be {int}', function (n) { assert.equal(this.code, n); });
`;
const EXECUTOR = '### Requirement: True exits zero\nThe shell SHALL exit 0 for true.\n\n#### Scenario: true\n- **WHEN** the command `true` runs\n- **THEN** the exit code is 0\n';
const TEAM = '### Requirement: Exit code\nThe program SHALL exit with 3.\n\n#### Scenario: exit three\n- **WHEN** the program exits with 3\n- **THEN** the exit code SHALL be 3\n';
const BUILTIN_WORDS = '### Requirement: Config accepted\nThe configuration SHALL be accepted.\n\n#### Scenario: accepted\n- **GIVEN** a command is configured with a timeout of 5s\n- **THEN** the configuration SHALL be accepted\n';

t.test('after a document the built-in steps apply to, a later one is bound by its own definitions alone', async (t) => {
  const run = packageProject({
    'spec-run.config.json': JSON.stringify({ executorSteps: ['specs/a/*.md'] }),
    'specs/a/exec.md': EXECUTOR,
    'specs/b/words.md': BUILTIN_WORDS,
    'specs/c/team.md': TEAM,
    'steps.mjs': STEPS,
  });
  const tree = await run(['specs/']);
  t.same(tree.points('specs/a/exec.md'), ['ok WHEN the command true runs', 'ok THEN the exit code is 0'], 'the built-in steps bind the document they are enabled for', { stderr: tree.stderr });
  t.match(tree.points('specs/b/words.md'), [/^not ok GIVEN a command is configured with a timeout of 5s: no step definition matches this step/, /^not ok THEN the configuration SHALL be accepted: no step definition matches/], 'a sentence only the built-in steps define is undefined elsewhere');
  t.same(tree.points('specs/c/team.md'), ['ok WHEN the program exits with 3', 'ok THEN the exit code SHALL be 3'], "the team's definition binds alone: no built-in one beside it");
  t.equal(tree.code, 1, 'the undefined steps fail the run');
  for (const file of ['specs/b/words.md', 'specs/c/team.md']) {
    const alone = await run([file]);
    t.same(alone.points(file), tree.points(file), `${file}: the same verdict run alone`);
  }
});

t.test('after a document with an undefined step the built-in steps would bind, a later one is bound by its own definitions alone', async (t) => {
  const run = packageProject({ 'specs/a/exec.md': EXECUTOR, 'specs/c/team.md': TEAM, 'steps.mjs': STEPS });
  const tree = await run(['specs/']);
  t.match(tree.points('specs/a/exec.md'), [/^not ok WHEN the command true runs: no step definition matches/, /^not ok THEN the exit code is 0: no step definition matches/], 'not enabled: undefined');
  t.same(tree.points('specs/c/team.md'), ['ok WHEN the program exits with 3', 'ok THEN the exit code SHALL be 3'], "the team's definition binds alone");
});

t.test("where the built-in steps apply, the team's definition still wins over theirs; a steps package two directories import binds both", async (t) => {
  const shared = "import { When } from 'spec-run/steps';\nWhen('the shared setup runs', function () { this.shared = true; });\n";
  const own = (name: string) => `import assert from 'node:assert/strict';\nimport { Then } from 'spec-run/steps';\nimport 'team-steps';\nThen('${name} sees the shared setup', function () { assert.equal(this.shared, true); });\n`;
  const scenario = (name: string) => `### Requirement: ${name}\nThe shared setup SHALL run.\n\n#### Scenario: shared\n- **WHEN** the shared setup runs\n- **THEN** ${name} sees the shared setup\n`;
  const run = packageProject({
    'spec-run.config.json': JSON.stringify({ executorSteps: ['specs/a/*.md'] }),
    'specs/a/own.md': TEAM,
    'specs/a/steps.mjs': own('a'),
    'specs/a/shared.md': scenario('a'),
    'specs/b/steps.mjs': own('b'),
    'specs/b/shared.md': scenario('b'),
    'steps.mjs': STEPS,
  });
  // The team's package beside spec-run in node_modules (this file's projects share it).
  mkdirSync(path.join(modules, 'team-steps'), { recursive: true });
  writeFileSync(path.join(modules, 'team-steps', 'package.json'), JSON.stringify({ name: 'team-steps', type: 'module', exports: './index.mjs' }));
  writeFileSync(path.join(modules, 'team-steps', 'index.mjs'), shared);
  for (const order of [['specs/a/shared.md', 'specs/b/shared.md'], ['specs/b/shared.md', 'specs/a/shared.md']]) {
    const runOrder = await run(order);
    for (const file of order) t.same(runOrder.points(file).map((p) => p.replace(/: .*/, '')), ['ok WHEN the shared setup runs', `ok THEN ${file.split('/')[1]} sees the shared setup`], `${file}, run ${order.indexOf(file) === 0 ? 'first' : 'second'}`, { stderr: runOrder.stderr });
  }
  const enabled = await run(['specs/a/own.md']);
  t.same(enabled.points('specs/a/own.md'), ['ok WHEN the program exits with 3', 'ok THEN the exit code SHALL be 3'], 'a built-in definition matches "the exit code SHALL be 3" too: the team\'s wins');
});

t.test("property: each document's verdict is the one it has run alone, whatever the run holds, in any order, under --jobs 1 and 2, shards and --grep", async (t) => {
  const titled = (title: string, text: string) => text.replace(/^### Requirement: .*$/m, `### Requirement: ${title}`);
  // Enabled by the configuration (a/), or not (b/ to d/); with steps only the built-in ones would bind (d/).
  const documents: Record<string, [string, 'passes' | 'fails']> = {
    'specs/a/exec.md': [titled('Exec true', EXECUTOR), 'passes'],
    'specs/a/own.md': [titled('Exec own', TEAM), 'passes'],
    'specs/b/words.md': [titled('Words', BUILTIN_WORDS), 'fails'],
    'specs/c/team.md': [titled('Team', TEAM), 'passes'],
    'specs/d/undefined.md': [titled('Undefined', EXECUTOR), 'fails'],
  };
  const run = packageProject({
    'spec-run.config.json': JSON.stringify({ executorSteps: ['specs/a/*.md'] }),
    'steps.mjs': STEPS,
    ...Object.fromEntries(Object.entries(documents).map(([file, [text]]) => [file, text])),
  });
  const alone = new Map<string, string[]>();
  for (const [file, [, verdict]] of Object.entries(documents)) {
    const points = (await run([file])).points(file);
    t.equal(points.length > 0 && points.every((p) => p.startsWith('ok ')), verdict === 'passes', `${file} ${verdict} alone`, { points });
    alone.set(file, points);
  }
  const title = (file: string) => /^### Requirement: (.*)$/m.exec(documents[file][0])![1];
  const files = Object.keys(documents);
  const sameAsAlone = (got: (file: string) => string[], chosen: string[]) => chosen.every((file) => JSON.stringify(got(file)) === JSON.stringify(alone.get(file)));
  const runs = 10;
  let cases = 0;
  await fc.assert(
    fc.asyncProperty(fc.shuffledSubarray(files, { minLength: 2 }), fc.constantFrom('1', '2'), fc.integer({ min: 0, max: 4 }), async (chosen, jobs, grepped) => {
      cases++;
      const whole = await run([...chosen, '--jobs', jobs]);
      const shards = [await run([...chosen, '--jobs', jobs, '--shard', '1/2']), await run([...chosen, '--jobs', jobs, '--shard', '2/2'])];
      const inShards = (file: string) => shards.flatMap((shard) => shard.points(file));
      // --grep selects some of the chosen documents by their requirement's title: the others do not run.
      const selected = chosen.filter((_, i) => i % 2 === grepped % 2 || i === grepped);
      const grep = await run([...chosen, '--jobs', jobs, '--grep', selected.map(title).join('|')]);
      return sameAsAlone(whole.points, chosen) && sameAsAlone(inShards, chosen) && sameAsAlone(grep.points, selected) && chosen.filter((file) => !selected.includes(file)).every((file) => grep.points(file).length === 0);
    }),
    {
      numRuns: runs,
      // The examples are among the runs. The orders the user-seat session found: after a document the built-in steps apply to, and after one they "would bind".
      examples: [
        [['specs/a/exec.md', 'specs/b/words.md', 'specs/c/team.md'], '1', 2],
        [['specs/d/undefined.md', 'specs/c/team.md'], '1', 1],
      ],
    },
  );
  t.equal(cases, runs, 'every case ran');
});
