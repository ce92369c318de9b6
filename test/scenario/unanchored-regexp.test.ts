// A regular expression binds a step as cucumber-js binds it, unanchored: where it leaves words
// of the step unmatched, no argument takes them and nothing checks them, so check (at the step)
// and --list (at the binding) warn. An anchored one, an unanchored one matching the whole step
// (a full stop aside) and a cucumber expression are not warned about.
import t from 'tap';
import { project, runIn } from './user-project.js';

const STEPS = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given(/widgets: (\\d+)/, function (n) { this.n = Number(n); });
Then(/the discount level SHALL be (\\d+) percent/, function (p) { assert.equal(this.n >= 10 ? 10 : 0, Number(p)); });
Then(/^the total SHALL be (\\d+)$/, function (p) { assert.ok(Number(p) >= 0); });
Then('the basket SHALL hold {int} widgets', function (n) { assert.equal(this.n, n); });
`;
const DOC = `### Requirement: Discount
The discount SHALL apply.

#### Scenario: Levels
- **GIVEN** a basket with widgets: 10
- **THEN** the discount level SHALL be 10 percent for ten widgets and 25 percent for fifty
- **AND** the discount level SHALL be 10 percent.
- **AND** the total SHALL be 3
- **AND** the basket SHALL hold 10 widgets
`;

t.test('an unanchored regular expression leaving words of its step unmatched is warned about in check and --list, before and after the match; the rest are not', async (t) => {
  const dir = project({ 'steps.mjs': STEPS, 'd.spec.md': DOC });
  const check = await runIn(dir, ['check', 'd.spec.md']);
  const warned = [...check.stdout.matchAll(/^d\.spec\.md:(\d+):1: warning: step '[^']*': its definition \(steps\.mjs:(\d+)\) is the unanchored regular expression .*, which leaves (.*) of the step unmatched/gm)].map((m) => [Number(m[1]), Number(m[2]), m[3]]);
  t.same(warned, [
    [5, 3, '"a basket with"'],
    [6, 4, '"for ten widgets and 25 percent for fifty"'],
  ]);
  t.equal(check.exitCode, 0, 'a warning: matching stays cucumber-js\'s');
  const list = await runIn(dir, ['--list', 'd.spec.md']);
  t.match(list.stdout, /steps\.mjs:4 \/the discount level SHALL be \(\\d\+\) percent\/ {2}\(warning: [^\n]*leaves "for ten widgets and 25 percent for fifty" of the step unmatched/);
  t.equal(list.stdout.match(/\(warning: /g)?.length, 2, 'only those two bindings');
  const run = await runIn(dir, ['d.spec.md']);
  t.equal(run.exitCode, 0, 'and the run binds and passes as cucumber-js would');
});
