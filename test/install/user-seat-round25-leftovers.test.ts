// Round 25, the leftovers of the last user-seat round (spec-run packed, installed into a fresh
// project outside the repository): places where spec-run said something untrue. A Then that
// only reports through the world (`this.log`) passed as a check; one reading a module variable
// a hook sets was said to check nothing; a `find` over this.blocks counted the blocks it passed
// over as read. `check` read a bare name in CL-USER after the document entered its own package,
// and the run's error for a bare name another package defines did not say how to write it.
import t from 'tap';
import { userProject } from '../support/installed.js';
import { REPORTING_SPEC, TWO_BLOCKS_SPEC } from '../support/false-green-documents.js';

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
  const project = userProject({ 'orders/spec.md': REPORTING_SPEC, 'export/spec.md': TWO_BLOCKS_SPEC, 'steps.mjs': STEPS });
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

const lispDoc = (name: string, ...blocks: string[]) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n${blocks.map((code, i) => `## Part ${i + 1}\n\n\`\`\`lisp\n${code}\n\`\`\`\n`).join('\n')}`;

t.test('Lisp packages: check follows in-package in document order, and the run says how to write a name another package defines', async (t) => {
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ vocabulary: ['src/ring.lisp'] }),
    'src/ring.lisp': '(defpackage :ring (:use :cl) (:export #:make-ring #:ring-push))\n(in-package :ring)\n(defun make-ring (n) (make-array n :initial-element nil))\n(defun ring-push (r x) (setf (aref r 0) x))\n',
    'specs/mine.test.md': lispDoc('mine', '(defpackage :mine (:use :cl))\n(in-package :mine)\n(defun twice (x) (* 2 x))\n(is (= 2 (twice 1)))', '(in-package :cl-user)\n(assert (ring-push (ring:make-ring 1) 1))'),
  });
  const check = await project.specRun(['check', 'specs/mine.test.md']);
  t.equal(check.code, 1, 'errors, where check passed both before', { stdout: check.stdout });
  t.match(check.stdout, /^specs\/mine\.test\.md:13:2: error: 'is' is called in package MINE, which this document enters with in-package and which uses only CL/m);
  t.match(check.stdout, /^specs\/mine\.test\.md:20:10: error: 'ring-push' is called in CL-USER, but the vocabulary defines it in package RING, which CL-USER does not use: write 'ring:ring-push'/m);
  const run = await project.specRun(['specs/mine.test.md', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.match(run.stdout, /is is called here, but neither this document nor the vocabulary defines it in package MINE, where it is read; another package does, which that one does not use: write 'fiveam:is'/);
  t.match(run.stdout, /ring-push is called here, .* in package COMMON-LISP-USER, where it is read; another package does, which that one does not use: write 'ring:ring-push'/);
});

t.test("a definitions-only block whose variable's value calls what a unit above defines loads where it stands, and --list says why", async (t) => {
  const project = userProject({
    'specs/value.test.md': lispDoc('value', '(defun twice (x) (* 2 x))\n(assert (= 2 (twice 1)))', '(defparameter *four* (twice 2))', '(assert (= 4 *four*))'),
  });
  const run = await project.specRun(['specs/value.test.md', '--reporter', 'tap']);
  t.equal(run.code, 0, 'hoisted, the value was computed before twice was defined', { stdout: run.stdout });
  const list = await project.specRun(['specs/value.test.md', '--list']);
  t.match(list.stdout, /loaded before the next unit: the value of \*four\* \(at line 17\) reads twice, which the block at line 10 above it defines or sets where it runs: loaded first, it would be computed before that/);
});
