// The package as a user installs it: packed from this checkout, installed into a fresh
// project outside the repository, run from that project's node_modules/.bin.
import t from 'tap';
import { installedFiles, userProject } from '../support/installed.js';

t.test('the packed package holds what users need and nothing of the repository', async (t) => {
  const files = installedFiles();
  t.ok(files.includes('LICENSE'), 'a LICENSE file');
  t.ok(files.includes('README.md'), 'the README');
  t.ok(files.includes('dist/src/cli/main.js'), 'the command');
  t.ok(files.includes('dist/src/steps/index.d.ts'), 'the steps API types');
  t.ok(files.some((f) => f.endsWith('.lisp')), 'the Lisp sources the runtime loads');
  t.same(files.filter((f) => /(^|\/)test\/|\.map$|\.tgz$|^\.ci\/|^src\/|^bench\//.test(f)), [], 'no tests, sources, maps, tarballs, CI or benchmarks');
  t.ok(files.length < 400, `a few hundred files at most (${files.length})`);
});

t.test('an installed spec-run runs a user OpenSpec document with the user steps', async (t) => {
  const project = userProject({
    'specs/greeting.spec.md': '# Greeting\n\n### Requirement: Greeting\nThe system SHALL greet.\n\n#### Scenario: Hello\n- **WHEN** the user says "hello"\n- **THEN** the answer is "hello, world"\n',
    'steps.mjs': [
      "import { When, Then } from 'spec-run/steps';",
      "import assert from 'node:assert/strict';",
      'let answer;',
      "When('the user says {string}', (word) => { answer = `${word}, world`; });",
      "Then('the answer is {string}', (expected) => assert.equal(answer, expected));",
    ].join('\n'),
  });
  const version = await project.specRun(['--version']);
  t.equal(version.code, 0, 'spec-run --version exits 0');
  t.match(version.stdout, /^\d+\.\d+\.\d+/, 'and prints a version');
  const run = await project.specRun(['--steps', 'steps.mjs', 'specs/', '--reporter', 'tap']);
  t.equal(run.code, 0, `the run passes: ${run.stderr.slice(-400)}`);
  t.match(run.stderr, /\b2 passed, 0 failed\b/, 'both steps ran and passed');
});
