// What the eighth round's user-seat session found in Lisp documents, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, run through its
// bin. A FiveAM test defined through the user's own macro never ran, and the run was green;
// checks after a failing assert in the same form, a FiveAM test's body or after an exit
// were nowhere in the report.
import t from 'tap';
import { userProject } from '../support/installed.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const fence = (code: string) => `\`\`\`lisp\n${code}\n\`\`\`\n`;

const MACRO = `---\ntype: property\nname: macro-tests\n---\n# Tests defined through our own macro\n\n${fence('(defmacro my-test (name &body body)\n  `(fiveam:test ,name ,@body))')}\n${fence('(my-test always-fails\n  (fiveam:is (= 1 2)))')}`;
const PROPERTY = `---\ntype: property\nname: defprop\n---\n# A property through a macro\n\n${fence(
  '(defun my-abs (x) (if (> x 5) (- x) x))\n(defmacro defprop (name var gen &body body)\n  `(fiveam:test ,name (fiveam:for-all ((,var ,gen)) ,@body)))',
)}\n${fence('(defprop abs-nonneg x (fiveam:gen-integer :min -1000 :max 1000)\n  (fiveam:is (>= (my-abs x) 0)))')}`;
const SAME_FORM = `---\ntype: verification\nname: same-form\n---\n# Same form\n\n${fence('(let ((x 1))\n  (assert (= x 2))\n  (assert (= x 1)))')}\n## Test\n\n${fence('(fiveam:test t-direct\n  (assert (= 1 2))\n  (fiveam:is (= 1 1)))')}\n## Exit\n\n${fence('(assert (= 1 1))\n(sb-ext:exit :code 0)\n(assert (= 1 2))')}`;
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

t.test('a FiveAM test defined through a macro runs as a unit, is listed and checked; a stopped unit reports every check it did not reach', async (t) => {
  const project = userProject({ 'macro.md': MACRO, 'property.md': PROPERTY, 'same.md': SAME_FORM });

  const macro = await project.specRun(['macro.md', '--reporter', 'tap']);
  t.equal(macro.code, 1, 'the failing test fails the run');
  t.match(macro.stdout, /# Subtest: always-fails\n\s+not ok 1 - \(= 1 2\)/);
  const list = await project.specRun(['macro.md', '--list']);
  t.match(list.stdout, /fiveam-test\s+always-fails\s+\(macro\.md:13\)/);
  const check = await project.specRun(['check', 'macro.md']);
  t.equal(check.code, 0, check.stdout);
  project.write({ 'two.md': `---\ntype: verification\nname: two\n---\n# Two\n\n${fence('(defmacro my-test (name &body body)\n  `(fiveam:test ,name ,@body))\n(my-test passes (fiveam:is (= 1 1)))\n(my-test fails-later (fiveam:is (= 1 2)))')}` });
  const narrowed = await project.specRun(['two.md', '--grep', 'passes']);
  t.equal(summary(narrowed.stderr), '1 passed, 0 failed, 0 skipped, 0 todo', 'a run narrowed to one test still knows the other as a test of the plan');
  const property = await project.specRun(['property.md']);
  t.equal(property.code, 1, 'the false property fails');
  t.equal(summary(property.stderr), '0 passed, 1 failed, 0 skipped, 0 todo');

  const same = await project.specRun(['same.md', '--reporter', 'tap']);
  t.equal(same.code, 1);
  t.match(same.stdout, `ok 2 - (assert (= x 1)) # SKIP not run: the unit stopped in the form at line ${lineOf(SAME_FORM, '(let ((x 1))')}`);
  t.match(same.stdout, `ok 2 - (fiveam:is (= 1 1)) # SKIP not run: the unit stopped in the form at line ${lineOf(SAME_FORM, '  (assert (= 1 2))')}`);
  t.match(same.stdout, `ok 3 - (assert (= 1 2)) # SKIP not run: the unit stopped in the form at line ${lineOf(SAME_FORM, '(sb-ext:exit')}`);
  t.match(same.stdout, new RegExp(`not ok 2 - Exit completes\\n\\s+---\\n\\s+at: same\\.md:${lineOf(SAME_FORM, '(sb-ext:exit')}\\n`), "the exit fails at its line");
  t.equal(summary(same.stderr), '1 passed, 3 failed, 3 skipped, 0 todo');
});
