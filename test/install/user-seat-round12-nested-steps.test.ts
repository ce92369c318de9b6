// A false green a user met in round 13's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A **THEN** step
// nested under a note bullet was dropped by the run, `check` and `--list`, though markdown
// renders it as a check: its failing definition never ran and the requirement was verified.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `# Store

## Requirements

### Requirement: Capacity
The store SHALL hold at most 2 items.

#### Scenario: adding items
- **WHEN** I add "milk"
- **THEN** the store has 1 item
- **Note:** once the store is full:
  - **THEN** adding "eggs" fails with "store full"
`;
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {string}', function (item) { this.items = [item]; });
Then('the store has {int} item(s)', function (n) { assert.equal(this.items.length, n); });
Then('adding {string} fails with {string}', function () { assert.fail('not full yet'); });
`;

t.test('a keyword step nested under a note is an error at its line in the run, check and --list', async (t) => {
  const project = userProject({ 'openspec/specs/store/spec.md': SPEC, 'steps.mjs': STEPS });
  const line = /openspec\/specs\/store\/spec\.md:12.*'\*\*THEN\*\* adding "eggs" fails with "store full"' is a step nested under '\*\*Note:\*\* once the store is full:', which is no step, so it would never run/;

  const run = await project.specRun(['openspec/', '--require-verified']);
  t.equal(run.code, 1, 'the run fails', { stdout: run.stdout });
  t.match(run.stdout, /not ok 1 - '\*\*THEN\*\* adding "eggs" fails with "store full"' is a step nested under[\s\S]*at: openspec\/specs\/store\/spec\.md:12/);
  t.match(run.stderr, /requirements: 0 verified, 1 failing, 0 untested/);

  const check = await project.specRun(['check', 'openspec/']);
  t.equal(check.code, 1, 'check fails');
  t.match(check.stdout, line);

  const list = await project.specRun(['openspec/', '--list']);
  t.match(list.stdout, /problems \(1\):\n\s+openspec\/specs\/store\/spec\.md:12\s+error: '\*\*THEN\*\* adding "eggs"/);

  project.write({ 'openspec/specs/store/spec.md': SPEC.replace('  - **THEN** adding', '- **THEN** adding') });
  const moved = await project.specRun(['openspec/']);
  t.equal(moved.code, 1, 'written at the steps\' level, the step runs and its definition fails');
  t.match(moved.stdout, /not ok 3 - THEN adding "eggs" fails with "store full"/);
});
