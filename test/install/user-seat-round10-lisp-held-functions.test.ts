// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): checking functions only fetched by symbol-function or fdefinition, compiled or
// traced counted as called, so their failing checks never ran, no point said so, and the run
// was green. Only an operator known to call a function calls it.
import t from 'tap';
import { userProject } from '../support/installed.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const fence = (code: string) => `\`\`\`lisp\n${code}\n\`\`\`\n`;
const doc = (name: string, body: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n${body}`;

const HELD = doc(
  'held',
  `${fence('(defun check-sum () (assert (= (+ 1 1) 3)))\n(defun check-product () (assert (= (* 2 2) 5)))\n(defun check-difference () (assert (= (- 2 2) 1)))\n(defun check-quotient () (assert (= (/ 4 2) 3)))\n(defun check-called () (assert (= 1 1)))')}
## The checks are registered\n\n${fence("(defparameter *checks* (list (symbol-function 'check-sum) (fdefinition 'check-product)))\n(compile 'check-difference)\n(trace check-quotient)\n(funcall (symbol-function 'check-called))\n(assert (= 2 (length *checks*)))")}`,
);

t.test('functions only fetched by symbol-function or fdefinition, compiled or traced run as units of their own; one fetched and given to funcall is called', async (t) => {
  const project = userProject({ 'specs/held.md': HELD });

  const list = await project.specRun(['specs/held.md', '--list']);
  t.equal(list.code, 0, list.stderr);
  for (const name of ['check-sum', 'check-product', 'check-difference', 'check-quotient']) t.match(list.stdout, new RegExp(`verify-function\\s+${name}\\s`), `--list shows ${name} as a unit`);
  t.notMatch(list.stdout, /verify-function\s+check-called\s/, '(funcall (symbol-function ...)) calls it');

  const run = await project.specRun(['specs/held.md', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the failing checks run and fail the run');
  for (const [name, check] of [['check-sum', '(= (+ 1 1) 3)'], ['check-product', '(= (* 2 2) 5)'], ['check-difference', '(= (- 2 2) 1)'], ['check-quotient', '(= (/ 4 2) 3)']])
    t.match(run.stdout, `# Subtest: ${name}\n        not ok 1 - ${check}`, `${name} runs and fails`);
  t.equal(summary(run.stderr), '2 passed, 4 failed, 0 skipped, 0 todo');

  const check = await project.specRun(['check', 'specs/held.md']);
  t.match(check.stdout, /check-difference holds checks and nothing in this document or its specification tree calls it: it runs as a unit/);
});
