// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// a steps file whose timer calls process.exit(0) failed a run at its line, but `spec-run
// check` and `spec-run --list` ended with Node's crash trace (the refusal of the exit, thrown
// with no run to take it). They now say it as an error of that steps file, at its line, and
// exit 1, their status for errors.
import t from 'tap';
import { userProject } from '../support/installed.js';

t.test('check and --list say a steps file timer calling process.exit(0) as an error of that file, exit 1, no crash', async (t) => {
  const project = userProject({
    'specs/numbers.spec.md': '### Requirement: Numbers\nThe thing SHALL work.\n\n#### Scenario: One\n- **GIVEN** a number 1\n',
    'steps/basic.steps.mjs': "import { Given } from 'spec-run/steps';\nGiven('a number {int}', function (n) {});\n",
    'steps/left.steps.mjs': "import { Given } from 'spec-run/steps';\nsetTimeout(() => process.exit(0), 200);\n",
  });
  for (const command of ['check', '--list']) {
    const run = await project.specRun([command, 'specs/']);
    t.equal(run.code, 1, `${command} exits 1`, { stdout: run.stdout, stderr: run.stderr });
    t.match(run.stderr, /^steps\/left\.steps\.mjs:2: error: steps file steps\/left\.steps\.mjs: an error thrown after its load: steps file steps\/left\.steps\.mjs called process\.exit\(0\)/m, `${command} names the file at its line`);
    t.notMatch(run.stderr, /UserExitAttempt|Node\.js v|program\.bundle/, `${command} does not crash`);
  }
});
