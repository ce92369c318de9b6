// A defect a user met in round 12's release candidate, from a user's seat: `--list --change`
// showed a delta's steps at the capability's file with the delta's lines (lines that held
// other text there), and said its requirement was ADDED "in a delta spec that is in no
// change" though the change was the one named.
import t from 'tap';
import { userProject } from '../support/installed.js';

const BASE = '# Calc\n\n## Requirements\n\n### Requirement: Add\nThe calc SHALL add.\n\n#### Scenario: one plus one\n- **WHEN** I add 1 and 1\n- **THEN** I get 2\n';
const DELTA = '## ADDED Requirements\n\n### Requirement: Multiply\nThe calc SHALL multiply.\n\n#### Scenario: two times three\n- **WHEN** I multiply 2 and 3\n- **THEN** I get 6\n';
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.r = a + b; });
When('I multiply {int} and {int}', function (a, b) { this.r = a * b; });
Then('I get {int}', function (n) { assert.equal(this.r, n); });
`;

t.test("--list under --change shows each step at its own file and the delta's requirement as the change's", async (t) => {
  const project = userProject({
    'openspec/specs/calc/spec.md': BASE,
    'openspec/changes/add-mul/proposal.md': '# Add multiplication\n',
    'openspec/changes/add-mul/specs/calc/spec.md': DELTA,
    'steps.mjs': STEPS,
  });
  const list = await project.specRun(['--change', 'add-mul', 'openspec/', '--list']);
  t.equal(list.code, 0, list.stderr);
  t.match(list.stdout, /openspec\/changes\/add-mul\/specs\/calc\/spec\.md:7 {2}WHEN I multiply 2 and 3/, "the delta's step at the delta's file and line");
  t.match(list.stdout, /openspec\/specs\/calc\/spec\.md:9 {2}WHEN I add 1 and 1/, "the capability's step at its own");
  t.notMatch(list.stdout, /openspec\/specs\/calc\/spec\.md:7 /, 'no step at a line of the capability that holds none');
  t.match(list.stdout, /Multiply {2}\(1 unit; ADDED by this change\)/);
  t.notMatch(list.stdout, /in no change/);
});
