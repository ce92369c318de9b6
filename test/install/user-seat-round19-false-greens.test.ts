// Round 19 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository): three false greens of a team's OpenSpec specification. A Then whose body cannot
// fail (a comparison dropped, an Error never thrown, a mismatch only logged) verified its
// requirement; a data table after a lead-in line was dropped; reading the first JSON block
// counted as reading the second, whose expected data was never compared.
import t from 'tap';
import { userProject } from '../support/installed.js';
import { CANNOT_FAIL_SPEC, CANNOT_FAIL_STEPS, TWO_BLOCKS_SPEC } from '../support/false-green-documents.js';

const IDS = `### Requirement: Reject ids
The CLI SHALL reject unknown ids.

#### Scenario: Unknown ids are rejected
- **WHEN** I mark each id below done
- **THEN** each SHALL be rejected

The ids:

| id |
|----|
| 7 |
| 0 |
`;
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
${CANNOT_FAIL_STEPS}When('I mark each id below done', function () { this.rejected = true; });
Then('each SHALL be rejected', function () { assert.equal(this.rejected, true); });
When('the todos are exported', function () { this.export = [{ id: 1, title: 'a' }, { id: 2, title: 'b' }]; });
Then('the export SHALL match the expected JSON', function () { assert.deepEqual(this.export[0], this.blocks[0].data); });
`;

t.test('a Then that cannot fail, a table after a lead-in line and a second JSON block no step read: none passes green', async (t) => {
  const project = userProject({ 'totals/spec.md': CANNOT_FAIL_SPEC, 'ids/spec.md': IDS, 'export/spec.md': TWO_BLOCKS_SPEC, 'steps.mjs': STEPS });

  const totals = await project.specRun(['totals/spec.md', '--require-verified']);
  t.equal(totals.code, 1, 'the requirement is not verified', { stdout: totals.stdout, stderr: totals.stderr });
  t.match(totals.stdout, /ok \d+ - THEN the total SHALL be 99 # SKIP the step checks nothing: .*\(it only compares values and drops the result\)/);
  t.match(totals.stdout, /ok \d+ - THEN the sum SHALL be 99 # SKIP the step checks nothing: .*\(it only builds an error it never throws\)/);
  t.match(totals.stdout, /ok \d+ - THEN the amount SHALL be 99 # SKIP the step checks nothing: .*\(it only logs\)/);
  t.match(totals.stderr, /requirements: 0 verified, 0 failing, 1 untested/);
  const totalsCheck = await project.specRun(['check', 'totals/spec.md']);
  t.equal(totalsCheck.code, 0, 'warnings, not errors');
  t.same(totalsCheck.stdout.match(/^[\w/.]+:\d+:\d+: warning: .*checks nothing/gm)?.map((line) => line.split(': warning')[0]), ['steps.mjs:4:1', 'steps.mjs:5:1', 'steps.mjs:6:1', 'totals/spec.md:6:1', 'totals/spec.md:10:1', 'totals/spec.md:14:1'], 'check warns at each step and each definition');

  const ids = await project.specRun(['ids/spec.md']);
  t.equal(ids.code, 1, 'the run fails on the table no step takes', { stdout: ids.stdout });
  t.match(ids.stdout, /at: ids\/spec\.md:10/);
  const idsCheck = await project.specRun(['check', 'ids/spec.md']);
  t.equal(idsCheck.code, 1);
  t.match(idsCheck.stdout, /ids\/spec\.md:10:1: error: no step takes this table, so none of its rows would be read: .*move it right below its step and end that step with ':'/);

  const exported = await project.specRun(['export/spec.md', '--require-verified']);
  t.equal(exported.code, 1, 'the second block, never compared, fails', { stdout: exported.stdout });
  t.match(exported.stdout, /not ok \d+ - the json block at line 13\n/);
  t.notMatch(exported.stdout, /not ok \d+ - the json block at line 9\n/, 'the first block, read, passes');
});
