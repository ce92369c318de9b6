// Round 21 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository): a regular-expression step bound a longer sentence whose rest nothing checked,
// with no word from check or --list. Both say so now (check as an error since round 22, when
// such words became undefined ones for the run too); an anchored expression is not named.
import t from 'tap';
import { userProject } from '../support/installed.js';

const steps = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('a basket of {int} widgets', function (n) { this.n = n; });
Then(/the discount level SHALL be (\\d+) percent/, function (p) { assert.equal(this.n >= 10 ? 10 : 0, Number(p)); });
Then(/^the discount SHALL be (\\d+) percent$/, function (p) { assert.equal(this.n >= 10 ? 10 : 0, Number(p)); });
`;
const spec = `# Discount

### Requirement: Discount
The discount SHALL apply.

#### Scenario: Levels
- **GIVEN** a basket of 10 widgets
- **THEN** the discount level SHALL be 10 percent for ten widgets and 25 percent for fifty
- **AND** the discount SHALL be 10 percent
`;

t.test('check and --list tell of an unanchored regular expression that leaves words of its step unmatched; not of an anchored one', async (t) => {
  const project = userProject({ 'steps.mjs': steps, 'specs/discount.spec.md': spec });
  const check = await project.specRun(['check', 'specs/']);
  t.match(check.stdout, /^specs\/discount\.spec\.md:8:1: error: step 'the discount level SHALL be 10 percent for ten widgets and 25 percent for fifty': its definition \(steps\.mjs:4\) is the unanchored regular expression [^\n]*leaves "for ten widgets and 25 percent for fifty" of the step unmatched/m);
  t.notMatch(check.stdout, /discount\.spec\.md:9:/, 'the anchored one is not warned about');
  t.equal(check.code, 1);
  const list = await project.specRun(['--list', 'specs/']);
  t.match(list.stdout, /steps\.mjs:4 [^\n]*\(warning: [^\n]*leaves "for ten widgets and 25 percent for fifty" of the step unmatched/);
  t.match(list.stdout, /steps\.mjs:5 \/\^the discount SHALL be \(\\d\+\) percent\$\/\n/, 'the anchored binding is shown without a warning');
});
