// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// step code that starts a daemon the classic way (`setsid`, whose fork leaves the step's
// process: reparented to init) in a step, or at the top of its steps file, left it running
// after the run, and nothing was said. Each is now named on stderr (pid, command line) and
// stopped when the run ends, as a plain child already was.
import { spawnSync } from 'node:child_process';
import t from 'tap';
import { userProject } from '../support/installed.js';

/** The pids of `sleep SECONDS` running now. */
const sleeping = (seconds: number) => spawnSync('pgrep', ['-f', `^sleep ${seconds}$`], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);

t.test('daemons started by a step and by a steps file as it loads are named and stopped at the run\'s end', async (t) => {
  // Numbers of this process's own: another test's sleeps are never taken for these.
  const inStep = 3000 + (process.pid % 1000);
  const atLoad = inStep + 1000;
  const project = userProject({
    'specs/a.spec.md': '### Requirement: R\nThe system SHALL x.\n\n#### Scenario: S1\n- **WHEN** I start a daemon\n- **THEN** the daemon was started\n',
    'steps/s.steps.mjs': [
      "import assert from 'node:assert/strict';",
      "import { When, Then } from 'spec-run/steps';",
      "import { spawn } from 'node:child_process';",
      `spawn('setsid', ['sleep', '${atLoad}'], { detached: true, stdio: 'ignore' }).unref();`,
      "When('I start a daemon', function () {",
      `  this.daemon = spawn('setsid', ['sleep', '${inStep}'], { detached: true, stdio: 'ignore' });`,
      '  this.daemon.unref();',
      '});',
      "Then('the daemon was started', function () { assert.ok(this.daemon.pid > 0); });",
      '',
    ].join('\n'),
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 0, 'the run keeps its verdict', { stderr: run.stderr.slice(-2000) });
  for (const seconds of [inStep, atLoad]) {
    t.match(run.stderr, new RegExp(`pid \\d+ \\(sleep ${seconds}; it had left spec-run's processes: setsid, a daemon\\)`), `sleep ${seconds} is named on stderr`);
    t.same(sleeping(seconds), [], `sleep ${seconds} no longer runs`);
  }
  t.match(run.stderr, /stopped \(SIGTERM\)/, 'and said to be stopped');
});
