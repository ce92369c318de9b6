// A user met this in round 13's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. Sharding an
// OpenSpec tree whose change has a proposal.md and tasks.md could never be merged: the prose
// files were listed as documents of the run, took shares, and no shard ever reported them.
import t from 'tap';
import { userProject } from '../support/installed.js';

const BASE = `# Calc

## Requirements

### Requirement: Add
The calculator SHALL add.

#### Scenario: one plus one
- **WHEN** I add 1 and 1
- **THEN** I get 2
`;
const DELTA = `# Calc

## ADDED Requirements

### Requirement: Multiply
The calculator SHALL multiply.

#### Scenario: two times three
- **WHEN** I multiply 2 and 3
- **THEN** I get 6
`;
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.result = a + b; });
When('I multiply {int} and {int}', function (a, b) { this.result = a * b; });
Then('I get {int}', function (n) { assert.equal(this.result, n); });
`;

t.test('the shards of an OpenSpec tree with a change and its prose merge into one whole run', async (t) => {
  const project = userProject({
    'openspec/specs/calc/spec.md': BASE,
    'openspec/changes/add-mul/proposal.md': '# Add multiplication\n\n## Why\nUsers multiply.\n',
    'openspec/changes/add-mul/tasks.md': '## Tasks\n- [ ] 1.1 multiply\n',
    'openspec/changes/add-mul/specs/calc/spec.md': DELTA,
    'steps.mjs': STEPS,
  });
  for (const count of [2, 4]) {
    const streams: string[] = [];
    for (let index = 1; index <= count; index++) {
      const shard = await project.specRun(['openspec/', '--shard', `${index}/${count}`, '--reporter', `json:shard-${count}-${index}.jsonl`]);
      t.equal(shard.code, 0, `shard ${index}/${count} passes`, { stderr: shard.stderr });
      streams.push(`shard-${count}-${index}.jsonl`);
    }
    const merged = await project.specRun(['merge', ...streams, '--require-verified']);
    t.equal(merged.code, 0, `the ${count} shards merge`, { stderr: merged.stderr });
    t.match(merged.stderr, /requirements: 2 verified, 0 failing, 0 untested\n4 passed, 0 failed/);
    t.notMatch(merged.stderr, /incomplete|proposal\.md|tasks\.md/);
  }
  const lone = await project.specRun(['openspec/', '--shard', '3/4']);
  t.match(lone.stderr, /this share holds none of the 2 documents of the run/, 'the run has two documents, the prose none of them');
});
