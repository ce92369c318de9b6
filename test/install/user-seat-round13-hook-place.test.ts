// What a user met in round 13's release candidate, from a user's seat: a failing AfterAll (or
// BeforeAll) hook's point gave `at:` as an absolute path, where every other point's place is
// relative to where spec-run runs.
import t from 'tap';
import { userProject } from '../support/installed.js';

t.test("a failing BeforeAll or AfterAll hook's point is at its file relative to where spec-run runs", async (t) => {
  const project = userProject({
    'specs/doc.spec.md': '### Requirement: X\nThe system SHALL hold.\n\n#### Scenario: holds\n- **WHEN** it runs\n- **THEN** it SHALL hold\n',
    'specs/steps.mjs': `import { AfterAll, When, Then } from 'spec-run/steps';
When('it runs', function () {});
Then('it SHALL hold', function () { if (!this.scenario) throw new Error(); this.held = true; });
AfterAll(function () { throw new Error('could not stop the server'); });
`,
  });
  const run = await project.specRun(['specs', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the failing hook fails the run', { stdout: run.stdout });
  t.match(run.stdout, /not ok \d+ - AfterAll hook \(specs\/steps\.mjs:4\)\n\s+---\n\s+at: specs\/steps\.mjs:4\n/, 'at: relative');
  t.notMatch(run.stdout, new RegExp(`at: ${project.dir}`), 'no absolute place');
});
