// What the ninth round's user-seat session found in the timers steps leave and in the
// listeners of the run's interrupt, from a user's seat: spec-run packed, installed into a
// fresh project outside the repository, run through its bin.
import t from 'tap';
import { LOCAL_IMAGE } from '../../src/executor/local-image.js';
import { userProject } from '../support/installed.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);

const intervalSpec = (does: string) => `# D Specification

## Requirements

### Requirement: D
The thing SHALL work.

#### Scenario: first
- **GIVEN** an interval that ${does} every tick
- **THEN** it works
`;
const STEPS = `import { Given, Then } from 'spec-run/steps';
Given('an interval that throws every tick', function () {
  setInterval(() => { throw new Error('tick boom'); }, 300);
});
Given('an interval that prints every tick', function () {
  setInterval(() => { console.log('TICK'); }, 300);
});
Then('it works', function () { if (!this.scenario) throw new Error(); this.held = true; });
`;
const containers = `# C

### Requirement: C
The thing SHALL run.

${['one', 'two', 'three'].map((name) => `#### Scenario: ${name}\n- **WHEN** the command \`echo ${name}\` runs in Docker with image ${LOCAL_IMAGE}\n- **THEN** the exit code SHALL be 0\n`).join('\n')}`;

t.test('an interval steps leave fails its scenario once when it throws, is stopped when the report says so, and holds the run no longer than its next firing; container scenarios side by side add no listener per command', async (t) => {
  const project = userProject({ 'd.spec.md': intervalSpec('throws'), 'e.spec.md': intervalSpec('prints'), 'steps.mjs': STEPS, 'a.spec.md': containers, 'b.spec.md': containers });

  let started = Date.now();
  const throws = await project.specRun(['d.spec.md']);
  t.ok(Date.now() - started < 3500, `the run is not held seconds for it (${Date.now() - started} ms)`);
  t.equal(throws.code, 1, throws.stderr);
  t.equal(summary(throws.stderr), '2 passed, 1 failed, 0 skipped, 0 todo', 'one late failure for the scenario');
  t.equal(throws.stdout.match(/scenario "first" \(d\.spec\.md:8\): an error thrown after it ended/g)?.length, 1);
  const junit = await project.specRun(['d.spec.md', '--reporter', 'junit']);
  t.equal(junit.stdout.match(/<failure/g)?.length, 1, 'JUnit agrees');

  started = Date.now();
  const prints = await project.specRun(['e.spec.md']);
  t.ok(Date.now() - started < 3500, `the run is not held seconds for it (${Date.now() - started} ms)`);
  t.equal(prints.code, 0, prints.stderr);
  t.match(prints.stdout, /# SKIP scenario "first" \(e\.spec\.md:8\), its step 'GIVEN an interval that prints every tick' \(e\.spec\.md:9\), left a timer due in \d+ ms \(setInterval\) when the run stopped waiting \(it waits up to 2000 ms for the timers steps leave, for an interval's next firing only\): it is stopped unrun/);
  t.ok((prints.stderr.match(/^TICK$/gm)?.length ?? 0) <= 1, 'it printed its one waited firing at most, nothing once stopped');
  t.equal(summary(prints.stderr), '2 passed, 0 failed, 1 skipped, 0 todo');

  const side = await project.specRun(['a.spec.md', 'b.spec.md', '--executor-steps', '--jobs', '2']);
  t.equal(side.code, 0, side.stderr);
  t.notMatch(side.stderr, /MaxListenersExceededWarning/);
  t.equal(summary(side.stderr), '12 passed, 0 failed, 0 skipped, 0 todo');
});
