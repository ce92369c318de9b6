// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// a steps file's `beforeExit` listener calling process.exit(0) failed the run at its line,
// but Node calls such a listener each time the event loop empties: once while the run waited
// for step code before its report, and again once the report was out. The second refusal
// added a late error after the report, a second failure of the same line, and a second
// summary. The same error again is now no new failure: the report stays one plan, its
// points, its summary last, and the failure is counted once.
import t from 'tap';
import { userProject } from '../support/installed.js';

const STEPS = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('a number {int}', function (n) { this.n = n; });
Then('it SHALL be {int}', function (n) { assert.equal(this.n, n); });
`;

const spec = (expected: number) => `### Requirement: Numbers
The thing SHALL work.

#### Scenario: One
- **GIVEN** a number 1
- **THEN** it SHALL be ${expected}
`;

for (const [name, expected, passed, failed] of [
  ['a failing run', 2, 1, 2],
  ['a run whose scenarios pass', 1, 2, 1],
] as const) {
  t.test(`${name}: a beforeExit listener's process.exit(0) is one failure, reported once before the one summary`, async (t) => {
    const project = userProject({
      'specs/numbers.spec.md': spec(expected),
      'steps/basic.steps.mjs': STEPS,
      'steps/left.steps.mjs': `// flush the metrics client before exit\nprocess.on('beforeExit', () => process.exit(0));\n`,
    });
    const run = await project.specRun(['specs/', '--reporter', 'tap']);
    t.equal(run.code, 1, 'the run fails', { stdout: run.stdout, stderr: run.stderr });
    t.equal(run.stdout.match(/steps file steps\/left\.steps\.mjs called process\.exit\(0\)/g)?.length, 1, 'the refused exit is one point of the report');
    t.match(run.stdout, /\n1\.\.2\n?$/, 'the TAP ends with its plan');
    t.notMatch(run.stderr, /after the run's report/, 'no failure added after the report');
    const summaries = run.stderr.match(/^\d+ passed, \d+ failed, \d+ skipped, \d+ todo.*$/gm) ?? [];
    t.same(summaries, [`${passed} passed, ${failed} failed, 0 skipped, 0 todo`], 'one summary, counting it once');
    t.match(run.stderr, /todo\n?$/, 'the summary is the last line');
  });
}
