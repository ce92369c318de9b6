// A false green and a crash a user met in round 16's release candidate, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, run through its
// bin. A steps file's `beforeExit` listener calling process.exit(0) ("flush the metrics
// client, then exit") ended a failing run with exit status 0, its TAP cut before its plan, no
// summary, no JUnit file; and a steps file's timer calling process.exit(0) crashed spec-run
// (exit 7, a UserExitAttempt from its bundle). Both attempts now fail a point at their line,
// and the run reaches its reports and summary.
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Bad
The thing SHALL work.

#### Scenario: One
- **GIVEN** a number 1
- **THEN** it SHALL be 2
`;

const STEPS = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('a number {int}', function (n) { this.n = n; });
Then('it SHALL be {int}', function (n) { assert.equal(this.n, n); });
`;

for (const [name, leftBehind, line] of [
  ['a beforeExit listener', `// flush the metrics client before exit\nprocess.on('beforeExit', () => process.exit(0));\n`, 2],
  ['a timer', `import { Given } from 'spec-run/steps';\nsetTimeout(() => process.exit(0), 200);\n`, 2],
] as const) {
  t.test(`${name} of a steps file that calls process.exit(0) fails the run at its line, with the plan, the summary and the JUnit file`, async (t) => {
    const project = userProject({ 'specs/bad.spec.md': SPEC, 'steps/basic.steps.mjs': STEPS, 'steps/left.steps.mjs': leftBehind });
    const run = await project.specRun(['specs/', '--reporter', 'tap', '--reporter', 'junit:junit.xml']);
    t.equal(run.code, 1, 'the failing run exits 1', { stdout: run.stdout, stderr: run.stderr });
    t.match(run.stdout, /\n1\.\.2\n?$/, 'the TAP ends with its plan');
    t.match(run.stdout, new RegExp(`not ok 1 - steps file steps/left\\.steps\\.mjs: an error thrown after it ended\\n\\s+---\\n\\s+at: steps/left\\.steps\\.mjs:${line}\\n\\s+message: "steps file steps/left\\.steps\\.mjs called process\\.exit\\(0\\)`));
    t.match(run.stderr, /\d+ passed, [1-9]\d* failed, 0 skipped, 0 todo\n?$/, 'the summary is the last line');
    t.notMatch(run.stderr, /UserExitAttempt|Node\.js v/, 'no crash');
    const junit = join(project.dir, 'junit.xml');
    t.ok(existsSync(junit), 'the JUnit file is written');
    t.match(existsSync(junit) ? readFileSync(junit, 'utf8') : '', /<failure/);
  });
}
