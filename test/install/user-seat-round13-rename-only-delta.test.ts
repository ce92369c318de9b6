// A defect a user met from a user's seat in an OpenSpec project: a change whose delta holds
// only `## RENAMED Requirements` (or REMOVED ones written as bullets) was listed by `--list`
// as "family: unknown: nothing runs", with the hint to add requirement headings, though it
// is an OpenSpec delta that `check` checks against its capability's spec.
import t from 'tap';
import { userProject } from '../support/installed.js';

const BASE = '# Calc\n\n## Requirements\n\n### Requirement: Add\nThe calc SHALL add.\n\n#### Scenario: one plus one\n- **WHEN** I add 1 and 1\n- **THEN** I get 2\n';
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.r = a + b; });
Then('I get {int}', function (n) { assert.equal(this.r, n); });
`;

t.test('--list names a delta that only renames or removes an OpenSpec delta of its change, and check and --change still read it', async (t) => {
  const project = userProject({
    'openspec/specs/calc/spec.md': BASE,
    'openspec/changes/rename-add/proposal.md': '# Rename addition\n',
    'openspec/changes/rename-add/specs/calc/spec.md': '## RENAMED Requirements\n\n- FROM: `### Requirement: Add`\n- TO: `### Requirement: Addition`\n',
    'openspec/changes/drop-add/proposal.md': '# Drop addition\n',
    'openspec/changes/drop-add/specs/calc/spec.md': '## REMOVED Requirements\n\n- `### Requirement: Add`\n',
    'steps.mjs': STEPS,
  });
  const list = await project.specRun(['openspec/', '--list']);
  t.equal(list.code, 0, list.stderr);
  t.match(list.stdout, /openspec\/changes\/rename-add\/specs\/calc\/spec\.md: calc \(change rename-add\)\n {2}family: OpenSpec delta spec of change 'rename-add'/);
  t.match(list.stdout, /openspec\/changes\/drop-add\/specs\/calc\/spec\.md: calc \(change drop-add\)\n {2}family: OpenSpec delta spec of change 'drop-add'/);
  t.notMatch(list.stdout, /family: unknown/);

  const check = await project.specRun(['check', 'openspec/changes/rename-add/']);
  t.equal(check.code, 0, `${check.stdout}${check.stderr}`);
  t.notMatch(`${check.stdout}${check.stderr}`, /: (error|warning):/);

  const applied = await project.specRun(['--change', 'rename-add', 'openspec/']);
  t.equal(applied.code, 0, applied.stderr);
  t.match(applied.stdout, /ok 1 - Addition \/ one plus one/, 'the scenario runs under the new name');
});
