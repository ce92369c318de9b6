// Round 21 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository): a duplicated Examples row was warned about as a scenario of a duplicate name,
// to be given "a name of its own". It is said to be a repeated row now, at its line; two
// scenarios of one name still get the name warning.
import t from 'tap';
import { userProject } from '../support/installed.js';

const steps = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('a basket of {int} widgets', function (n) { this.n = n; });
Then('the discount SHALL be {int} percent', function (p) { assert.equal(this.n >= 10 ? 10 : 0, p); });
`;
const spec = `# Discount

### Requirement: Tier
The discount SHALL follow the tier.

#### Scenario Outline: Tier
- **GIVEN** a basket of <qty> widgets
- **THEN** the discount SHALL be <discount> percent

Examples:
| qty | discount |
|-----|----------|
| 10  | 10       |
| 10  | 10       |

#### Scenario: Same
- **GIVEN** a basket of 1 widgets
- **THEN** the discount SHALL be 0 percent

#### Scenario: Same
- **GIVEN** a basket of 2 widgets
- **THEN** the discount SHALL be 0 percent
`;

t.test('a repeated Examples row is warned about as a repeated row at its line; two scenarios of one name as a name', async (t) => {
  const project = userProject({ 'steps.mjs': steps, 'specs/tier.spec.md': spec });
  const check = await project.specRun(['check', 'specs/']);
  t.match(check.stdout, /^specs\/tier\.spec\.md:14:1: warning: this Examples row of 'Scenario Outline: Tier' repeats the row at line 13, cell for cell[^\n]*remove it/m);
  t.notMatch(check.stdout, /:14:1: warning: [^\n]*give it a name of its own/, 'no advice to name a row');
  t.match(check.stdout, /^specs\/tier\.spec\.md:20:1: warning: 'Scenario: Same' has the name of the scenario at line 16/m, 'a scenario of the same name is still one');
  const run = await project.specRun(['specs/']);
  t.match(run.stderr, /warning: specs\/tier\.spec\.md:14: this Examples row of 'Scenario Outline: Tier' repeats the row at line 13/, 'the run says it too');
  t.equal(run.code, 0, 'a warning fails nothing');
});
