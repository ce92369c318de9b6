// Round 21 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository): an Examples column that no step uses was never tried, yet each row passed under
// a name stating its value. It is an error at the table's header now, in check and the run; a
// column a step uses, or one the heading names its rows by, is none.
import t from 'tap';
import { userProject } from '../support/installed.js';

const steps = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('a basket of {int} widgets', function (n) { this.n = n; });
Then('the discount SHALL be {int} percent', function (p) { assert.equal(this.n >= 10 ? 10 : 0, p); });
`;
const spec = (heading: string, then: string) => `# Discount

### Requirement: Tier
The discount SHALL follow the tier.

#### Scenario Outline: ${heading}
- **GIVEN** a basket of <qty> widgets
- **THEN** ${then}

Examples:
| case  | qty | discount |
|-------|-----|----------|
| ten   | 10  | 10       |
| fifty | 50  | 10       |
`;

t.test('an Examples column no step uses is an error at the header in check and the run; one used by a step or named in the heading is none', async (t) => {
  const project = userProject({
    'steps.mjs': steps,
    'unused/tier.spec.md': spec('Tier', 'the discount SHALL be 10 percent'),
    'used/tier.spec.md': spec('Tier <case>', 'the discount SHALL be <discount> percent'),
  });
  const check = await project.specRun(['check', 'unused/']);
  t.match(check.stdout, /^unused\/tier\.spec\.md:11:1: error: the Examples column 'case' is used by no step/m);
  t.match(check.stdout, /^unused\/tier\.spec\.md:11:1: error: the Examples column 'discount' is used by no step/m);
  t.equal(check.code, 1);
  const run = await project.specRun(['unused/', '--reporter', 'tap']);
  t.match(run.stdout, /not ok \d+ - [^\n]*the Examples column 'discount' is used by no step/, 'the run fails on it');
  t.not(run.code, 0);
  const used = await project.specRun(['check', 'used/']);
  t.notMatch(used.stdout, /Examples column/, 'columns a step or the heading uses are no error');
  t.equal(used.code, 0);
  t.equal((await project.specRun(['used/'])).code, 0, 'and its rows pass');
});
