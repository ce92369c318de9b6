// The steps API's `this.run()` ran a container as a user `spec-run exec` refuses ("+5": uid 5),
// took `'0:-1'` to Docker, and failed on a NUL only by Node's spawn error (round 12's user
// seat): it now applies the executor's own rules, in exec's words, before anything runs. From a
// user's seat: spec-run packed, installed into a fresh project outside the repository.
import t from 'tap';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

t.test('this.run refuses what spec-run exec refuses, with the same words, and runs nothing', async (t) => {
  const command = 'stop:\n  commands:\n    - run: "touch ran"\n      image: spec-run/busybox:local\n      user: "+5"\n';
  const user = userProject({
    'stop.yaml': command,
    'specs/run.spec.md': '### Requirement: Users\nThe steps SHALL run as a user.\n\n#### Scenario: signed\n- **WHEN** it runs as user "+5"\n- **THEN** it is done\n\n#### Scenario: negative group\n- **WHEN** it runs as user "0:-1"\n- **THEN** it is done\n\n#### Scenario: NUL\n- **WHEN** its command holds a NUL\n- **THEN** it is done\n',
    'steps/run.steps.mjs': `import { When, Then } from 'spec-run/steps';
When('it runs as user {string}', async function (user) { await this.run('touch ran', { image: 'spec-run/busybox:local', user }); });
When('its command holds a NUL', async function () { await this.run('touch ran\\0'); });
Then('it is done', function () { if (!this.scenario) throw new Error(); this.held = true; });
`,
  });
  const exec = await user.specRun(['exec', 'stop.yaml']);
  t.equal(exec.code, 2);
  const execSays = /stop\.commands\[0\]\.(user: .*)$/m.exec(exec.stdout + exec.stderr)?.[1];
  t.ok(execSays, `exec refuses the user: ${exec.stderr}`);
  const run = await user.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the run fails');
  t.ok(run.stdout.includes(`world.run: ${execSays}`), `the step says what exec says: ${execSays}`);
  t.match(run.stdout, /world\.run: user: must be a user name or uid\[:gid\] \(ids from 0 to 2147483647\), not "0:-1"/);
  t.match(run.stdout, /world\.run: command: must not contain a NUL character/);
  t.notMatch(run.stdout, /null bytes/, "no Node spawn error");
  t.notOk(existsSync(join(user.dir, 'ran')), 'nothing ran');
});
