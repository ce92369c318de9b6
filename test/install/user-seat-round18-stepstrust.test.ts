// THENs that cannot fail, in shapes the last round's reading passed over, from a user's seat:
// a body that returns a literal of constants (`(n) => ({})`, a stub's placeholder) and chai's
// property assertions on a constant (`expect(true).to.be.true`) verified their requirements.
// The team's own expect stands in for chai's: the reading goes by the shape, not the import.
import t from 'tap';
import { userProject } from '../support/installed.js';

const NAMES = ['placeholder', 'listed', 'chai', 'compared'];
const TOTALS = `# Total\n\n${NAMES.map((name) => `### Requirement: Total ${name}\nThe total SHALL be what was added.\n\n#### Scenario: ${name}\n- **WHEN** I add an item of 2\n- **THEN** the ${name} total is 5\n`).join('\n')}`;
const TOTAL_STEPS = `import { When, Then } from 'spec-run/steps';
const expect = (actual) => ({ to: { be: { get true() { if (actual !== true) throw new Error('expected ' + actual + ' to be true'); return true; } } } });
When('I add an item of {int}', function (n) { this.total = n; });
Then('the placeholder total is {int}', (n) => ({}));
Then('the listed total is {int}', function (n) { return { total: 5, items: [] }; });
Then('the chai total is {int}', function (n) { expect(true).to.be.true; });
Then('the compared total is {int}', function (n) { expect(this.total === n).to.be.true; });
`;

t.test('a THEN that returns a literal or asserts a constant with a property verifies nothing; one that compares the world runs and fails', async (t) => {
  const project = userProject({ 'specs/total.md': TOTALS, 'steps.mjs': TOTAL_STEPS });
  const run = await project.specRun(['specs/', '--require-verified', '--reporter', 'tap']);
  t.equal(run.code, 1, 'not green');
  for (const [name, line, does] of [['placeholder', 4, 'only returns'], ['listed', 5, 'only returns'], ['chai', 6, 'only asserts on constants']] as const) {
    t.match(run.stdout, new RegExp(`ok \\d+ - THEN the ${name} total is 5 # SKIP the step checks nothing: its definition \\(steps\\.mjs:${line}\\) has a body that cannot fail \\(it ${does}\\)`), name);
  }
  t.match(run.stdout, /not ok \d+ - THEN the compared total is 5\n[^]*expected false to be true/, 'the comparison of the world fails: 2 is not 5');
  t.match(run.stderr, /requirements: 0 verified, 1 failing, 3 untested/);
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.stdout.match(/warning: this Then definition has a body that cannot fail/g)?.length, 3, 'check warns at each of the three definitions, not the comparing one');
});
