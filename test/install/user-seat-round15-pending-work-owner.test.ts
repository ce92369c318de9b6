// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// a worker thread a step left running was two skipped points (its handle and its message
// port, by Node's class names), and what was left pending named the scenario, not the step
// that started it. It is one point now, naming the worker thread once and the step; a step
// that leaves nothing has nothing named, though spec-run's own code ran in its scenario.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Jobs
Jobs SHALL run in the background.

#### Scenario: a worker
- **WHEN** a worker is started
- **THEN** it is started

#### Scenario: nothing left
- **WHEN** nothing is started
- **AND** a step nobody defined
`;

t.test('a worker thread a step left running is one skipped point naming it and the step; nothing else is named', async (t) => {
  const project = userProject({
    'specs/jobs.spec.md': SPEC,
    'steps.mjs': `import { Worker } from 'node:worker_threads';
import { When, Then } from 'spec-run/steps';
When('a worker is started', function () {
  this.worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
  this.worker.on('message', () => {});
});
When('nothing is started', function () {});
Then('it is started', function () { if (!(this.worker.threadId > 0)) throw new Error('no worker'); });
`,
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap', '--no-strict']);
  t.equal(run.signal, null, 'not killed');
  const left = run.stdout.match(/^ +ok \d+ - .*not waited for # SKIP.*$/gm) ?? [];
  t.equal(left.length, 1, 'one point for the worker', { stdout: run.stdout });
  t.match(left[0], /scenario "a worker" \(specs\/jobs\.spec\.md:4\), its step 'WHEN a worker is started' \(specs\/jobs\.spec\.md:5\): a worker thread not waited for # SKIP .*left a worker thread \(thread \d+\) running/);
  t.notMatch(run.stdout, /MESSAGEPORT|\(WORKER\)/, 'not its parts by their class names');
  t.match(run.stderr, /requirements: 0 verified,/, 'what the worker would check did not run: its requirement is not verified');
});
