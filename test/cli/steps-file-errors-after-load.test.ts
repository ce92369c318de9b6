// What a steps file's code throws after its load in the commands that only load steps
// (check, --list, steps, snippets): a timer its top level left calling process.exit was
// refused, and the refusal, thrown with no run to take it, ended spec-run with Node's crash
// trace. It is an error of that file now, at its line, and the command exits 1.
import t from 'tap';
import { specRun } from './spec-run.js';

const SPEC = `### Requirement: Numbers
The thing SHALL work.

#### Scenario: One
- **GIVEN** a number 1
`;

t.test('a timer of a steps file calling process.exit after its load is an error of that file in check, --list, steps and snippets; no crash', async (t) => {
  const dir = t.testdir({
    specs: { 'numbers.spec.md': SPEC },
    steps: {
      'basic.steps.mjs': "import { Given } from 'spec-run/steps';\nGiven('a number {int}', function (n) {});\n",
      'left.steps.mjs': "import { Given } from 'spec-run/steps';\nsetTimeout(() => process.exit(0), 200);\n",
    },
  });
  for (const command of ['check', '--list', 'steps', 'snippets']) {
    const run = await specRun([command, 'specs/'], dir);
    t.equal(run.code, 1, `${command} exits 1`, { stdout: run.stdout, stderr: run.stderr });
    t.match(run.stderr, /^steps\/left\.steps\.mjs:2: error: steps file steps\/left\.steps\.mjs: an error thrown after its load: steps file steps\/left\.steps\.mjs called process\.exit\(0\)/m, `${command} names the file at its line`);
    t.notMatch(run.stderr, /UserExitAttempt|Node\.js v|\n\s+at /, `${command} does not crash`);
  }
  const clean = t.testdir({ specs: { 'numbers.spec.md': SPEC }, steps: { 'basic.steps.mjs': "import { Given } from 'spec-run/steps';\nGiven('a number {int}', function (n) {});\n" } });
  t.equal((await specRun(['check', 'specs/'], clean)).code, 0, 'without it, check passes');
});
