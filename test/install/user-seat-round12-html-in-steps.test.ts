// A false green a user met in round 12's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A sub-bullet
// that is only a tag (`- <name>` under a Scenario Outline's step) is an HTML block to markdown
// and was dropped: the row's value never reached the step, a misspelt `<nmae>` was never
// reported, and the check passed over an empty string in the run, `check` and `--dry-run`.
import t from 'tap';
import { userProject } from '../support/installed.js';

const outline = (placeholder: string) => `### Requirement: Blocked users
A blocked user SHALL never be accepted.

#### Scenario Outline: Each user
- **GIVEN** the users:
  - ${placeholder}
- **THEN** no user SHALL be blocked

##### Examples
| name    |
|---------|
| mallory |
| alice   |
`;
const STEPS = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('the users:', function (table) { this.users = table.raw().map(([user]) => user); });
Then('no user SHALL be blocked', function () {
  for (const user of this.users) assert.notEqual(user, 'mallory', user + ' is blocked');
});
`;

t.test("a placeholder alone in a sub-bullet takes the row's value; misspelt, it is an error at its step", async (t) => {
  const project = userProject({ 'right/users.md': outline('<name>'), 'typo/users.md': outline('<nmae>'), 'steps.mjs': STEPS });

  const right = await project.specRun(['right/', '--reporter', 'tap']);
  t.equal(right.code, 1, 'the row mallory fails', { stdout: right.stdout });
  t.match(right.stdout, /not ok \d+ - Blocked users \/ Each user \(name: mallory\)/);
  t.match(right.stdout, /mallory is blocked/);
  t.match(right.stdout, /ok \d+ - Blocked users \/ Each user \(name: alice\)/);

  const typo = await project.specRun(['typo/', '--reporter', 'tap']);
  t.equal(typo.code, 1, { stdout: typo.stdout });
  t.match(typo.stdout, /<nmae> in step 'the users:' names no column of its Examples/);
  const check = await project.specRun(['check', 'typo/']);
  t.equal(check.code, 1);
  t.match(check.stdout, /typo\/users\.md:5:1: error: <nmae> in step 'the users:'/);
  const dryRun = await project.specRun(['typo/', '--dry-run']);
  t.equal(dryRun.code, 1, 'the dry run fails on it too', { stdout: dryRun.stdout });
});

t.test('outside outlines, a literal tag in a sub-bullet reaches the step as written', async (t) => {
  const project = userProject({
    'specs/users.md': '### Requirement: Literal users\nA blocked user SHALL never be accepted.\n\n#### Scenario: an angle-bracketed user\n- **GIVEN** the users:\n  - <mallory>\n- **THEN** the users SHALL be "<mallory>"\n',
    'steps.mjs': `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('the users:', function (table) { this.users = table.raw().map(([user]) => user); });
Then('the users SHALL be {string}', function (expected) { assert.equal(this.users.join(','), expected); });
`,
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 0, { stdout: run.stdout });
  t.match(run.stdout, /ok 2 - THEN the users SHALL be "<mallory>"/);
});
