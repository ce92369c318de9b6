// A defect a user met from a user's seat in an OpenSpec project: the expected payload of a
// THEN written as a JSON block below `- **THEN** the response is:` (not indented under it),
// with a definition that takes no doc string, passed on the THEN's sentence alone; the
// block, which states the check, was never compared. Now the run fails it at its line and
// `check` reports it there.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `# Users

## Requirements

### Requirement: Listing
The API SHALL list its users.

#### Scenario: the list
- **WHEN** I get the users
- **THEN** the response is:

\`\`\`json
{"users": ["bob"]}
\`\`\`
`;
const stepsThat = (then: string) => `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I get the users', function () { this.response = { users: ['ann'] }; });
Then('the response is:', function () { ${then} });
`;

t.test('a JSON block below a THEN that no step reads fails the run and check at its line; a step reading it compares it', async (t) => {
  const project = userProject({ 'openspec/specs/users/spec.md': SPEC, 'steps.mjs': stepsThat('assert.ok(this.response);') });
  const run = await project.specRun(['openspec/']);
  t.equal(run.code, 1, 'the run fails');
  t.match(run.stdout, /not ok 3 - the json block at line 13\n\s+---\n\s+at: openspec\/specs\/users\/spec\.md:13\n\s+reason: "the json block at line 13 below 'THEN the response is:' \(line 10\) is read by no step/);
  t.match(run.stderr, /2 passed, 1 failed/);

  const check = await project.specRun(['check', 'openspec/']);
  t.equal(check.code, 1, 'check fails');
  t.match(check.stdout, /openspec\/specs\/users\/spec\.md:13:1: error: the json block at line 13 .* is read by no step of scenario 'the list'/);

  const lenient = await project.specRun(['openspec/', '--no-strict']);
  t.match(lenient.stdout, /not ok 3 - the json block at line 13 # TODO block no step read/);

  project.write({ 'steps.mjs': stepsThat('assert.deepEqual(this.response, this.blocks[0].data);') });
  const compared = await project.specRun(['openspec/']);
  t.equal(compared.code, 1, 'the block is compared now, and the response differs from it');
  t.match(compared.stdout, /not ok 2 - THEN the response is:/);
  t.notMatch(compared.stdout, /the json block at line 13/);
});
