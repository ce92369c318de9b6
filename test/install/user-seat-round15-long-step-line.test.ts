// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// a pasted blob (a 300 kB line with no blank line before it) joins the THEN step above it
// as a lazy continuation. Proposing a snippet for that undefined step rescanned the rest of
// the line from every position: the run, `check` and `--dry-run` sat at 100% CPU for
// minutes, and the watchdog then blamed "a timer or an event handler a step left behind".
// The step is now reported undefined, at its line, in seconds.
import t from 'tap';
import { userProject } from '../support/installed.js';

const blob = 'a'.repeat(300_000);

t.test('a step continued by a 300 kB line is reported undefined in seconds by run, --dry-run and check', async (t) => {
  const project = userProject({
    'specs/long.spec.md': `### Requirement: Value\nThe system SHALL compute values.\n\n#### Scenario: Adds\n- **WHEN** I add 1 and 2\n- **THEN** the result is 3\n${blob}\n`,
    'steps/a.steps.mjs': "import assert from 'node:assert/strict';\nimport { When, Then } from 'spec-run/steps';\nWhen('I add {int} and {int}', function (a, b) { this.r = a + b; });\nThen('the result is {int}', function (n) { assert.equal(this.r, n); });\n",
  });
  for (const args of [['specs/'], ['--dry-run', 'specs/']]) {
    const started = Date.now();
    const run = await project.specRun([...args, '--timeout', '60s', '--reporter', 'tap']);
    const took = Date.now() - started;
    t.ok(took < 30_000, `${args.join(' ')} ends in seconds (${took} ms)`);
    t.equal(run.code, 1, `${args.join(' ')} exits 1: the step is undefined`, { stderr: run.stderr.slice(-2000) });
    t.match(run.stdout, /not ok \d+ - THEN the result is 3 a{100}/, 'the long step is the failing one');
    t.notMatch(run.stdout + run.stderr, /left behind|SIGKILL/, 'nothing blamed on step code');
  }
  const started = Date.now();
  const check = await project.specRun(['check', 'specs/']);
  t.ok(Date.now() - started < 30_000, `check ends in seconds (${Date.now() - started} ms)`);
  t.equal(check.code, 1, 'check exits 1');
  t.match(check.stdout, /^specs\/long\.spec\.md:6:1: error: undefined step 'the result is 3 a{100}/m, 'check names the step at its line');
});
