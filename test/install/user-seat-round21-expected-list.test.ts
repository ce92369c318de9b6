// Round 21 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository): a list of SHALL sentences under "Expected:" after a scenario's steps was
// dropped without a word, and the scenario passed. It is an error at the bullet now, in the
// run and in `check`; a list of prose there is still prose.
import t from 'tap';
import { userProject } from '../support/installed.js';

const steps = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('a basket of {int} widgets', function (n) { this.n = n; });
Then('the discount SHALL be {int} percent', function (p) { assert.equal(this.n >= 10 ? 10 : 0, p); });
`;
const spec = (after: string) => `# Discount

### Requirement: Discount
The discount SHALL apply.

#### Scenario: Fifty widgets
- **GIVEN** a basket of 50 widgets
- **THEN** the discount SHALL be 10 percent

${after}
`;

t.test('a SHALL bullet under "Expected:" after the steps is an error at its line in check and the run; a prose list there is not', async (t) => {
  const project = userProject({ 'steps.mjs': steps, 'specs/expected.spec.md': spec('Expected:\n- the discount SHALL be 25 percent'), 'prose/notes.spec.md': spec('Expected:\n- a big basket, as shops see it') });
  const check = await project.specRun(['check', 'specs/']);
  t.match(check.stdout, /^specs\/expected\.spec\.md:11:1: error: 'the discount SHALL be 25 percent' states what SHALL hold \(in the list under 'Expected:'\), but it is no step of the scenario/m);
  t.equal(check.code, 1);
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.match(run.stdout, /not ok \d+ - [^\n]*states what SHALL hold/, 'the run fails on it');
  t.not(run.code, 0);
  const prose = await project.specRun(['check', 'prose/']);
  t.equal(prose.code, 0, 'a list of prose after the steps is no error');
  t.notMatch(prose.stdout, /states what/);
  t.equal((await project.specRun(['prose/'])).code, 0, 'and its run passes');
});
