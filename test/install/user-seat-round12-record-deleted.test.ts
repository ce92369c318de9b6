// A defect a user met in round 12's release candidate, from a user's seat: after a failing
// document was deleted, the run record kept its failure, so `--only-failures` ended in a
// usage error ("the last run's failures are in specs/b.spec.md, none among the documents
// given") though a document that still fails was there to rerun.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { userProject } from '../support/installed.js';

const spec = (name: string, value: number) => `### Requirement: ${name}
The value SHALL be 1.

#### Scenario: ${name} value
- **WHEN** the value is ${value}
- **THEN** the value SHALL be 1
`;
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('the value is {int}', function (n) { this.value = n; });
Then('the value SHALL be {int}', function (n) { assert.equal(this.value, n); });
`;

t.test('a deleted document takes its failures out of the run record; --only-failures reruns what still fails', async (t) => {
  const project = userProject({ 'specs/a.spec.md': spec('A', 2), 'specs/b.spec.md': spec('B', 3), 'specs/c.spec.md': spec('C', 1), 'steps.mjs': STEPS });
  t.equal((await project.specRun(['specs'])).code, 1);
  rmSync(join(project.dir, 'specs/b.spec.md'));
  t.equal((await project.specRun(['specs'])).code, 1, 'a.spec.md still fails');
  const rerun = await project.specRun(['--only-failures', 'specs']);
  t.equal(rerun.code, 1, 'it reruns a.spec.md, which fails');
  t.match(rerun.stdout, /A value/);
  t.notMatch(rerun.stdout, /B value|C value/, 'nothing else');
  t.notMatch(rerun.stderr, /b\.spec\.md/, 'the deleted document is not named');
});
