// From a user's seat: a step in an endless synchronous loop, run with the unit limit as
// long as the run's own (the default five minutes for both; here 3 s, with the floor of the
// run's limit lowered to 1 s so that the two are equal). The watchdog used to name "code of
// the run outside any step" then, whose limit is counted from the loop's last turn and so
// comes due a moment before the step's: the user was not told which step hung. It names the
// step, its document line and its definition, and what ran before it stays in the TAP.
import t from 'tap';
import { userProject } from '../support/installed.js';

const FIRST = `### Requirement: Zero
The thing SHALL work.

#### Scenario: Zero
- **GIVEN** a number 0
- **THEN** the number is 0
`;
const SPINNING = `### Requirement: First
The thing SHALL work.

#### Scenario: One
- **GIVEN** a number 1
- **WHEN** it spins
- **THEN** the number is 1
`;
const STEPS = `import { Given, When, Then } from 'spec-run/steps';
Given('a number {int}', function (n) { this.n = n; });
When('it spins', function () {
  while (true) {}
});
Then('the number is {int}', function (n) { if (this.n !== n) throw new Error('not ' + n); });
`;

const lineOf = (text: string, marker: string) => text.slice(0, text.indexOf(marker)).split('\n').length;

t.test('a step that never returns is named when the run ends on it, whichever limit came due first', async (t) => {
  const project = userProject({ 'specs/0.spec.md': FIRST, 'specs/a.spec.md': SPINNING, 'steps/loop.steps.mjs': STEPS });
  const run = await project.specRun(['specs/', '--timeout', '3s'], { env: { SPEC_RUN_HOLD_FLOOR: '1s' } });
  t.equal(run.signal, 'SIGKILL', 'the watchdog ends the run (SIGKILL: a shell says exit status 137)', { stderr: run.stderr });
  const step = `step 'WHEN it spins' (specs/a.spec.md:${lineOf(SPINNING, '**WHEN**')}, defined at steps/loop.steps.mjs:${lineOf(STEPS, "When('it spins'")})`;
  t.match(run.stderr, `spec-run: ${step} has held the main thread for`, 'stderr names the step, its line and its definition');
  t.notMatch(run.stderr, /outside any step/, 'not code outside any step');
  t.match(run.stdout, /^ok 1 - 0\.spec\.md \(specs\/0\.spec\.md\)/m, 'the document before it keeps its result in the TAP');
  t.match(run.stdout, `Bail out! spec-run ended itself (SIGKILL, exit status 137): ${step} held the main thread past its time limit`, 'the TAP ends saying why');
});
