// What a user met in round 12's release candidate, from a user's seat: spec-run packed, installed
// into a fresh project outside the repository, run through its bin. `this.run(cmd, null)` failed
// with an internal message ("Cannot destructure property 'signal'…"), and a `run:` key among the
// options was listed as allowed yet ignored: the positional command ran instead, unsaid.
import t from 'tap';
import { existsSync } from 'node:fs';
import { userProject } from '../support/installed.js';

t.test("null options are none; a run key among them is refused in spec-run exec's words, before anything runs", async (t) => {
  const project = userProject({
    'specs/run.md': `### Requirement: Commands
Commands SHALL run.

#### Scenario: null options
- **WHEN** I run "exit 4" with null options
- **THEN** the exit code SHALL be 4

#### Scenario: a run key in the options
- **WHEN** I run "touch ran" with the option run "exit 3"
- **THEN** the exit code SHALL be 3
`,
    'steps.mjs': `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I run {string} with null options', async function (cmd) { this.result = await this.run(cmd, null); });
When('I run {string} with the option run {string}', async function (cmd, other) { this.result = await this.run(cmd, { run: other }); });
Then('the exit code SHALL be {int}', function (n) { assert.equal(this.result.exitCode, n); });
`,
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1, { stdout: run.stdout });
  t.match(run.stdout, /ok 1 - WHEN I run "exit 4" with null options\n\s+ok 2 - THEN the exit code SHALL be 4/, 'null options ran the command');
  t.notMatch(run.stdout, /Cannot destructure/);
  t.match(run.stdout, /not ok 1 - WHEN I run "touch ran" with the option run "exit 3"\n[\s\S]*?message: "world\.run: run: unknown key 'run': the command is the first argument \(allowed here: timeout, [^)]*\)"/);
  t.notMatch(run.stdout, /allowed here: run/);
  t.match(run.stdout, /ok 2 - THEN the exit code SHALL be 3 # SKIP an earlier step failed/);
  t.notOk(existsSync(`${project.dir}/ran`), 'neither command ran');
});
