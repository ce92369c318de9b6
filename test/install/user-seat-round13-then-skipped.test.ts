// A false green a user met in round 16's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A run whose every
// THEN skipped itself ('skipped', this.skip()) or, with --no-strict, was pending or undefined
// exited 0 on its WHEN steps' passes alone. Only a THEN checks: such a run checked nothing and fails.
import t from 'tap';
import { userProject } from '../support/installed.js';

const scenario = (name: string, then: string) => `#### Scenario: ${name}\n- **WHEN** 1 and 1 are added\n- **THEN** ${then}\n\n`;
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('{int} and {int} are added', function (a, b) { this.r = a + b; });
Then('the result SHALL be checked later', function () { return 'skipped'; });
Then('the result SHALL be checked another time', function () { this.skip('not now'); });
Then('the result SHALL be written some day', function () { return 'pending'; });
Then('the result SHALL be {int}', function (n) { assert.equal(this.r, n); });
`;

t.test('every THEN skipped, or pending and undefined under --no-strict: the run checked nothing and exits 1; a THEN that held passes', async (t) => {
  const project = userProject({
    'steps.mjs': STEPS,
    's.spec.md': `### Requirement: Skipping\nThe thing SHALL work.\n\n${scenario('then skips itself', 'the result SHALL be checked later')}${scenario('then skips via this.skip', 'the result SHALL be checked another time')}`,
    'p.spec.md': `### Requirement: Pending\nThe thing SHALL work.\n\n${scenario('then pending', 'the result SHALL be written some day')}${scenario('then undefined', 'the result SHALL be nobody knows')}`,
    'ok.spec.md': `### Requirement: Adding\nThe sum SHALL be right.\n\n${scenario('then holds', 'the result SHALL be 2')}`,
  });
  const skipped = await project.specRun(['s.spec.md', '--steps', 'steps.mjs', '--reporter', 'tap']);
  t.equal(skipped.code, 1, 'every THEN skipped: the run fails', { stdout: skipped.stdout, stderr: skipped.stderr });
  t.match(skipped.stdout, /not ok \d+ - the run checked nothing: no check passed \(2 ran without error holding no check, 2 skipped\)/);
  t.match(skipped.stderr, /the run checked nothing and fails/);

  const pending = await project.specRun(['p.spec.md', '--steps', 'steps.mjs', '--no-strict', '--reporter', 'tap']);
  t.equal(pending.code, 1, 'every THEN pending or undefined under --no-strict: the run fails', { stdout: pending.stdout, stderr: pending.stderr });
  t.match(pending.stdout, /not ok \d+ - the run checked nothing: no check passed \(2 ran without error holding no check, 2 todo\)/);

  const held = await project.specRun(['ok.spec.md', '--steps', 'steps.mjs', '--reporter', 'tap']);
  t.equal(held.code, 0, 'a THEN that held: the run passes', { stdout: held.stdout, stderr: held.stderr });
  t.match(held.stderr, /requirements: 1 verified/);
  t.notMatch(held.stdout, /checked nothing/);
});
