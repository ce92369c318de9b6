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
