// Round 25, the leftovers of the last user-seat round (spec-run packed, installed into a fresh
// project outside the repository): places where spec-run said something untrue. A Then that
// only reports through the world (`this.log`) passed as a check; one reading a module variable
// a hook sets was said to check nothing; a `find` over this.blocks counted the blocks it passed
// over as read.
import t from 'tap';
import { userProject } from '../support/installed.js';
import { TWO_BLOCKS_SPEC } from '../support/false-green-documents.js';

const ORDERS = `### Requirement: Logged total
The total SHALL be logged.

#### Scenario: Logged
- **GIVEN** an order of 3 items
- **THEN** the total is logged

### Requirement: Read total
The total SHALL be read.

#### Scenario: Read
- **GIVEN** an order of 3 items
- **THEN** the total is read
`;
const STEPS = `import assert from 'node:assert/strict';
import { Before, Given, When, Then } from 'spec-run/steps';
let order;
Before(function () { order = { total: 1 }; });
Given('an order of {int} items', function (n) { this.n = n; });
Then('the total is logged', function () { this.log(\`total \${this.n}\`); });
Then('the total is read', function () { order.total; });
When('the todos are exported', function () { this.export = [{ id: 1, title: 'a' }, { id: 2, title: 'b' }]; });
Then('the export SHALL match the expected JSON', function () { assert.equal(this.blocks.find((b) => b.line === 13).data.id, this.export[1].id); });
`;

t.test('steps trust: a Then that only logs through the world checks nothing, one reading a module variable may fail, a find reads what it finds', async (t) => {
  const project = userProject({ 'orders/spec.md': ORDERS, 'export/spec.md': TWO_BLOCKS_SPEC, 'steps.mjs': STEPS });
  const orders = await project.specRun(['orders/spec.md']);
  t.match(orders.stdout, /ok \d+ - THEN the total is logged # SKIP the step checks nothing: its definition \(steps\.mjs:6\) has a body that cannot fail \(it only logs\)/, 'this.log is no check');
  t.match(orders.stdout, / ok \d+ - THEN the total is read\n/, 'a read of a let a hook sets is a verdict', { stdout: orders.stdout });
  const check = await project.specRun(['check', 'orders/spec.md']);
  t.match(check.stdout, /^steps\.mjs:6:1: warning: this Then definition has a body that cannot fail \(it only logs\)/m);
  t.notMatch(check.stdout, /steps\.mjs:7:1/, 'the read is no warning');

  const exported = await project.specRun(['export/spec.md']);
  t.equal(exported.code, 1, 'the block the find passed over was never compared', { stdout: exported.stdout });
  t.match(exported.stdout, /not ok \d+ - the json block at line 9\n/);
  t.notMatch(exported.stdout, /ok \d+ - the json block at line 13\n/, 'the block it found is read');
});
