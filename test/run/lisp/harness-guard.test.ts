// The harness's own functions are not spec code's (guard.lisp): a redefinition of an
// internal function or macro of SPEC-RUN, however made and wherever (a block's form, a
// FiveAM test's body, a definition), fails at its place, is undone, and no check passes
// through the replaced function; the vocabulary's exported names a document may still define.
import t from 'tap';
import { frontmatter, lisp, runMarkdown } from './helpers.js';

const REFUSED = /redefined spec-run's internal spec-run::emit-point/;

t.test('a redefinition in a block fails at its form, and the checks after it are the harness own', async (t) => {
  const md = `${frontmatter()}## Cheat\n\n${lisp(`(sb-ext:without-package-locks
  (defun spec-run::emit-point (&rest arguments) (declare (ignore arguments)) nil))
(assert (= 1 2))`)}`;
  const r = await runMarkdown(md);
  t.match(r.failed[0], { name: "spec-run's own functions are left as they are", at: { line: 12 }, diagnostics: { reason: REFUSED } });
  t.match(r.failed[1], { name: '(= 1 2)', at: { line: 14 } }, 'the harness is back for the next form');
  t.equal(r.failed.length, 2);
});

t.test("a FiveAM test's body or a definition that redefines the harness fails too", async (t) => {
  const md = `${frontmatter()}\`\`\`lisp
(fiveam:test cheat
  (setf (fdefinition 'spec-run::emit-point) (lambda (&rest arguments) (declare (ignore arguments)) nil))
  (fiveam:is (= 3 4)))
(setf (macro-function 'spec-run::with-printed-kept) (lambda (form environment) (declare (ignore form environment)) nil))
\`\`\`

## Uses it

${lisp('(assert (= 1 1))')}`;
  const r = await runMarkdown(md);
  t.ok(
    r.failed.some((p) => /spec-run::with-printed-kept/.test(String(p.diagnostics?.reason))),
    `the macro's redefinition in the definitions fails: ${JSON.stringify(r.failed)}`,
  );
  t.ok(
    r.failed.some((p) => REFUSED.test(String(p.diagnostics?.reason))),
    `the test body's redefinition fails its test: ${JSON.stringify(r.failed)}`,
  );
  t.notOk(r.points.some((p) => p.ok && !p.skip && p.name.includes('(= 3 4)')), 'no false check passes');
});

t.test("a document's own definition under an exported name is not refused", async (t) => {
  const md = `${frontmatter()}## Own helper\n\n${lisp(`(defun make-request (method) (list :method method))
(assert (equal (make-request "x") '(:method "x")))`)}`;
  const r = await runMarkdown(md);
  t.equal(r.failed.length, 0, JSON.stringify(r.failed));
});
