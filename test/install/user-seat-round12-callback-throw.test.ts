// A false green a user met in round 13's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A callback-style
// step or hook that called done() and then threw synchronously passed: the call settled the
// step before the throw, which was lost. cucumber-js fails it, and so does spec-run now.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Persist
The store SHALL keep what is saved.

#### Scenario: save and reload
- **WHEN** I save "milk"
- **THEN** the store holds 2 items
`;

t.test('a step or an After hook that calls done() and then throws fails the run at its line', async (t) => {
  const project = userProject({
    'specs/store.spec.md': SPEC,
    'steps.mjs': `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I save {string}', function (item) { this.items = [item]; });
Then('the store holds {int} items', function (n, done) {
  done();
  assert.equal(this.items.length, n);
});
`,
  });
  const run = await project.specRun(['specs/', '--require-verified']);
  t.equal(run.code, 1, 'the run fails', { stdout: run.stdout });
  t.match(run.stdout, /not ok 2 - THEN the store holds 2 items\n\s+---\n\s+at: specs\/store\.spec\.md:6\n\s+message: \|\n\s+Expected values to be strictly equal/);
  t.match(run.stderr, /requirements: 0 verified, 1 failing, 0 untested/);

  project.write({
    'steps.mjs': `import assert from 'node:assert/strict';
import { When, Then, After } from 'spec-run/steps';
When('I save {string}', function (item) { this.items = [item]; this.lock = true; });
Then('the store holds {int} items', function (n) { assert.equal(this.items.length, 1); });
After(function (_, done) { done(); assert.equal(this.lock, false, 'lock file left behind'); });
`,
  });
  const hooked = await project.specRun(['specs/', '--require-verified']);
  t.equal(hooked.code, 1, 'the After hook fails the run', { stdout: hooked.stdout });
  t.match(hooked.stdout, /not ok 3 - After hook \(steps\.mjs:5\)[\s\S]*lock file left behind/);
});
