// --watch from a user's seat: spec-run packed, installed into a fresh project, started
// through node_modules/.bin/spec-run; a steps file edited while it watches.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { checkWatchSession, editUnderWatch, watchProcess, WATCHED_PROJECT } from '../support/watching.js';

t.test('an edited steps file is loaded anew, with the modules it imports; the documents keep their names', async (t) => {
  const project = userProject(WATCHED_PROJECT);
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  checkWatchSession(t, await editUnderWatch(project.dir, (args) => watchProcess([bin, ...args, '--watch'], project.dir, userEnvironment())));
});

t.test('CommonJS steps: after an edit, the project modules they require are read anew, not taken from the require cache', async (t) => {
  const project = userProject({
    'package.json': JSON.stringify({ name: 'cjs-project', private: true, type: 'commonjs' }),
    'lib/math.js': 'exports.add = (a, b) => a + b;\n',
    'steps/math.steps.js': "const assert = require('node:assert/strict');\nconst { When, Then } = require('spec-run/steps');\nconst { add } = require('../lib/math');\nWhen('I add {int} and {int}', function (a, b) { this.sum = add(a, b); });\nThen('the sum SHALL be {int}', function (n) { assert.equal(this.sum, n); });\n",
    'specs/math.spec.md': '# Math Specification\n\n## Requirements\n\n### Requirement: Addition\nIt SHALL add.\n\n#### Scenario: Two numbers\n- **WHEN** I add 2 and 3\n- **THEN** the sum SHALL be 5\n',
  });
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  const watching = watchProcess([bin, 'specs/', '--reporter', 'tap', '--watch'], project.dir, userEnvironment());
  t.teardown(() => watching.stop());
  await watching.summaries(1);
  project.write({ 'lib/math.js': 'exports.add = (a, b) => a + b + 1;\n' });
  await new Promise((r) => setTimeout(r, 300));
  project.write({ 'steps/math.steps.js': `${readFileSync(join(project.dir, 'steps/math.steps.js'), 'utf8')}// edited\n` });
  await watching.summaries(2);
  t.match(watching.stderr(), /^2 passed, 0 failed, 0 skipped, 0 todo$[\s\S]*^1 passed, 1 failed, 0 skipped, 0 todo$/m, 'the second run uses the edited add, and fails');
});

t.test('a rerun a document starts uses the helper module the steps import as it is now, in ES modules and CommonJS alike', async (t) => {
  for (const type of ['module', 'commonjs']) {
    const [exporting, importing] = type === 'module' ? ['export const add = (a, b) => a + b;\n', "import { add } from '../lib/math.js';\nimport assert from 'node:assert/strict';\nimport { When, Then } from 'spec-run/steps';\n"] : ['exports.add = (a, b) => a + b;\n', "const { add } = require('../lib/math');\nconst assert = require('node:assert/strict');\nconst { When, Then } = require('spec-run/steps');\n"];
    const project = userProject({
      'package.json': JSON.stringify({ name: `helper-${type}`, private: true, type }),
      'lib/math.js': exporting,
      'steps/math.steps.js': `${importing}When('I add {int} and {int}', function (a, b) { this.sum = add(a, b); });\nThen('the sum SHALL be {int}', function (n) { assert.equal(this.sum, n); });\n`,
      'specs/math.spec.md': '# Math Specification\n\n## Requirements\n\n### Requirement: Addition\nIt SHALL add.\n\n#### Scenario: Two numbers\n- **WHEN** I add 2 and 3\n- **THEN** the sum SHALL be 5\n',
    });
    const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
    const watching = watchProcess([bin, 'specs/', '--reporter', 'tap', '--watch'], project.dir, userEnvironment());
    t.teardown(() => watching.stop());
    await watching.summaries(1);
    project.write({ 'lib/math.js': exporting.replace('a + b', 'a * b + 1') });
    await new Promise((r) => setTimeout(r, 300));
    project.write({ 'specs/math.spec.md': `${readFileSync(join(project.dir, 'specs/math.spec.md'), 'utf8')}\n` });
    await watching.summaries(2);
    t.match(watching.stderr(), /^2 passed, 0 failed, 0 skipped, 0 todo$[\s\S]*^1 passed, 1 failed, 0 skipped, 0 todo$/m, `${type}: the rerun checks the edited helper, and fails`);
    await watching.stop();
  }
});

t.test('TypeScript steps: a steps file that imports another one (its parameter types) loads once, in the first run and in every rerun', async (t) => {
  const project = userProject({
    'steps/types.ts': "import { defineParameterType } from 'spec-run/steps';\ndefineParameterType({ name: 'celsius', regexp: /-?\\d+/, transformer: Number });\n",
    'steps/heat.steps.ts': "import { Given, Then } from 'spec-run/steps';\nimport './types.ts';\nGiven('a temperature of {celsius} C', function (c: number) { this.c = c; });\nThen('it is warm', function () { if (!(this.c > 20)) throw new Error('not warm: ' + this.c); });\n",
    'specs/heat.spec.md': '# Heat Specification\n\n## Requirements\n\n### Requirement: Heat\nIt SHALL heat.\n\n#### Scenario: Warm\n- **GIVEN** a temperature of 30 C\n- **THEN** it is warm\n',
  });
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  const watching = watchProcess([bin, 'specs/', '--reporter', 'tap', '--watch'], project.dir, userEnvironment());
  t.teardown(() => watching.stop());
  await watching.summaries(1);
  // Written once the watch has begun (it says so after the first summary).
  await new Promise((r) => setTimeout(r, 300));
  project.write({ 'specs/heat.spec.md': `${readFileSync(join(project.dir, 'specs/heat.spec.md'), 'utf8')}\n` });
  await watching.summaries(2);
  t.notMatch(watching.stdout(), /already a parameter type/);
  t.match(watching.stderr(), /^2 passed, 0 failed, 0 skipped, 0 todo$[\s\S]*^2 passed, 0 failed, 0 skipped, 0 todo$/m, 'both runs pass');
});

t.test('a Lisp definition edited under watch runs again the documents of its tree that borrow it', async (t) => {
  const lispDoc = (name: string, body: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n${body}`;
  const project = userProject({
    'specs/helpers.test.md': lispDoc('helpers', '```lisp\n(defun limit () 10)\n```\n\n## Sanity\n\n```lisp\n(assert (= 1 1))\n```\n'),
    'specs/uses.test.md': lispDoc('uses', '## Limit is ten\n\n```lisp\n(assert (= (limit) 10))\n```\n'),
  });
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  const watching = watchProcess([bin, 'specs/', '--reporter', 'tap', '--watch'], project.dir, userEnvironment());
  t.teardown(() => watching.stop());
  await watching.summaries(1);
  await new Promise((r) => setTimeout(r, 300));
  project.write({ 'specs/helpers.test.md': readFileSync(join(project.dir, 'specs/helpers.test.md'), 'utf8').replace('(defun limit () 10)', '(defun limit () 99)') });
  await watching.summaries(2);
  t.match(watching.stderr(), /and what borrows its definitions: specs\/uses\.test\.md/);
  t.match(watching.stderr(), /^2 passed, 0 failed, 0 skipped, 0 todo$[\s\S]*^1 passed, 1 failed, 0 skipped, 0 todo$/m, 'the borrower ran again, and fails');
});

t.test('a lender edited under watch so that its definition differs from a twin: the former borrower runs again, and fails', async (t) => {
  const lispDoc = (name: string, body: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n${body}`;
  const lender = (name: string) => lispDoc(name, '```lisp\n(defun twice (x) (+ x x))\n```\n\n## Uses twice\n\n```lisp\n(assert (= 8 (twice 4)))\n```\n');
  const project = userProject({
    'spec-run.config.json': '{ "paths": ["specs/"] }',
    'specs/a.test.md': lender('a'),
    'specs/b.test.md': lender('b'),
    'specs/user.test.md': lispDoc('user', '## User\n\n```lisp\n(assert (= 6 (twice 3)))\n```\n'),
  });
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  const watching = watchProcess([bin, '--reporter', 'tap', '--watch'], project.dir, userEnvironment());
  t.teardown(() => watching.stop());
  await watching.summaries(1);
  await new Promise((r) => setTimeout(r, 300));
  project.write({ 'specs/a.test.md': lender('a').replace('(+ x x)', '(* 2 x)') });
  await watching.summaries(2);
  t.match(watching.stderr(), /and what borrows its definitions: specs\/user\.test\.md/);
  t.match(watching.stdout(), /twice is defined differently in specs\/a\.test\.md:8, specs\/b\.test\.md:8/);
});
