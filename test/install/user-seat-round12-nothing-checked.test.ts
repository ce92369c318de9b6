// A disagreement a user met in round 12's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. An OpenSpec run
// whose only scenario had no THEN exited 0 with "3 passed" and a green HTML page, while a Lisp
// run that checks nothing fails as "the run checked nothing". Both families now fail such a run.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { userProject } from '../support/installed.js';

const CART = `### Requirement: Checkout
The cart SHALL be emptied at checkout.

#### Scenario: checkout empties the cart
- **GIVEN** a shopping cart
- **WHEN** the user adds "apple"
`;
const SUM = `### Requirement: Sums
The cart SHALL hold what is added.

#### Scenario: one item
- **GIVEN** a shopping cart
- **WHEN** the user adds "apple"
- **THEN** the cart SHALL hold 1 item
`;
const STEPS = `import assert from 'node:assert/strict';
import { Given, When, Then } from 'spec-run/steps';
Given('a shopping cart', function () { this.cart = []; });
When('the user adds {string}', function (item) { this.cart.push(item); });
Then('the cart SHALL hold {int} item', function (n) { assert.equal(this.cart.length, n); });
`;

t.test('a run whose only scenario has no THEN checked nothing and fails in every reporter; beside one that checks, it is a skipped verdict', async (t) => {
  const project = userProject({ 'alone/cart.md': CART, 'beside/cart.md': CART, 'beside/sum.md': SUM, 'steps.mjs': STEPS });

  const alone = await project.specRun(['alone/', '--reporter', 'tap', '--reporter', 'html:report.html', '--reporter', 'junit:junit.xml', '--reporter', 'json:run.jsonl']);
  t.equal(alone.code, 1, 'the run fails', { stdout: alone.stdout });
  t.match(alone.stdout, /ok 3 - checkout empties the cart \(a scenario that checks nothing\) # SKIP/);
  t.match(alone.stdout, /not ok \d+ - the run checked nothing: no check passed \(2 ran without error holding no check, 1 skipped\)/);
  t.match(alone.stderr, /the run checked nothing and fails/);
  t.match(readFileSync(`${project.dir}/report.html`, 'utf8'), /<title>spec-run: 2 passed, 0 failed, 1 skipped, 0 todo \(the run fails\)/);
  t.match(readFileSync(`${project.dir}/junit.xml`, 'utf8'), /<failure[^>]*the run checked nothing/);
  t.match(readFileSync(`${project.dir}/run.jsonl`, 'utf8'), /"type":"run-end".*"checkedNothing":"the run checked nothing/);

  const beside = await project.specRun(['beside/', '--reporter', 'tap']);
  t.equal(beside.code, 0, 'a scenario that checks beside it: the run passes', { stdout: beside.stdout });
  t.match(beside.stdout, /ok \d+ - checkout empties the cart \(a scenario that checks nothing\) # SKIP/);
  t.notMatch(beside.stdout, /checked nothing/);
});
