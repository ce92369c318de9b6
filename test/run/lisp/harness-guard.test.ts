// The harness's own functions are not spec code's (guard.lisp): a redefinition of an
// internal function or macro of SPEC-RUN, of a check (ASSERT, FiveAM's IS...) or of a method
// for FiveAM's results, however made and wherever (a block's form, a FiveAM test's body, a
// definition, a file a document loads), fails at its place, is undone, and no check passes
// through the replaced function; the vocabulary's exported names a document may still define.
// A file a document loads reads with a copy of its readtable: its syntax is not the blocks'.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { scratchDirectory } from '../../support/scratch.js';
import { frontmatter, lisp, options, runMarkdown, runMarkdownFile } from './helpers.js';

const REFUSED = /redefined spec-run::emit-point/;

/** Runs MARKDOWN beside a file student.lisp holding SUBMISSION, which the document may load as (load "<path>"): <path> in MARKDOWN is replaced by the file's path. */
async function withSubmission(markdown: string, submission: string) {
  const dir = scratchDirectory('spec-run-submission-');
  const file = join(dir, 'student.lisp');
  writeFileSync(file, submission);
  writeFileSync(join(dir, 'doc.test.md'), markdown.replaceAll('<path>', file));
  return runMarkdownFile(join(dir, 'doc.test.md'), options());
}

const loads = `## Submission\n\n${lisp('(load "<path>")')}`;

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

t.test('a loaded file that redefines ASSERT or unlocks FiveAM to redefine IS fails at its load, and the checks after it are the real ones', async (t) => {
  const md = `${frontmatter()}${loads}\n## Checks\n\n${lisp('(assert (= 120 (fact 5)))')}\n## Test\n\n${lisp('(fiveam:test fact-works\n  (fiveam:is (= 120 (fact 5))))')}`;
  const r = await withSubmission(
    md,
    `(defmacro assert (form &rest r) (declare (ignore form r)) '(fiveam:pass))
(sb-ext:unlock-package :fiveam)
(defmacro fiveam:is (&rest r) (declare (ignore r)) '(fiveam:pass))
(defun fact (n) n)`,
  );
  t.match(r.failed[0], { name: "spec-run's own functions are left as they are", at: { line: 12 }, diagnostics: { reason: /redefined spec-run:assert, fiveam:is: spec-run's checks and reports run through them/ } });
  t.match(r.failed[1], { name: '(= 120 (fact 5))', at: { line: 18 }, diagnostics: { values: { '(fact 5)': '5' } } }, 'the assert is the real one');
  t.match(r.failed[2], { name: '(= 120 (fact 5))', at: { line: 25 } }, "the test's IS is the real one");
  t.equal(r.failed.length, 3);
  t.notOk(r.points.some((p) => p.ok && p.name === '(pass)'), 'no check is replaced by a pass');
});

t.test('a method that turns a failed FiveAM result into a passed one fails its form and is taken away; a method for a class of the document is its own', async (t) => {
  const md = `${frontmatter()}## Cheat\n\n${lisp(`(defmethod initialize-instance :after ((result fiveam::test-failure) &key)
  (change-class result 'fiveam::test-passed))`)}\n## Own class\n\n${lisp(`(defclass point () ((x :initarg :x :reader x)))
(defmethod print-object ((p point) stream) (format stream "#<point ~a>" (x p)))
(defmethod initialize-instance :after ((p point) &key) nil)
(assert (equal "#<point 3>" (princ-to-string (make-instance 'point :x 3))))`)}\n## Test\n\n${lisp('(fiveam:test arithmetic\n  (fiveam:is (= 3 4)))')}`;
  const r = await runMarkdown(md);
  t.match(r.failed[0], { name: "spec-run's own functions are left as they are", at: { line: 12 }, diagnostics: { reason: /redefined a method of cl:initialize-instance:/ } });
  t.match(r.failed[1], { name: '(= 3 4)' }, 'the failed check is reported failed');
  t.equal(r.failed.length, 2, JSON.stringify(r.failed));
  t.ok(r.points.some((p) => p.ok && p.name.includes('(princ-to-string (make-instance')), "the document's own methods stand");

  const made = await runMarkdown(
    `${frontmatter()}## Cheat\n\n${lisp(`(defmethod make-instance ((class (eql 'fiveam::test-failure)) &rest initargs)
  (apply #'make-instance 'fiveam::test-passed initargs))`)}\n## Test\n\n${lisp('(fiveam:test arithmetic\n  (fiveam:is (= 3 4)))')}`,
  );
  t.match(made.failed[0], { name: "spec-run's own functions are left as they are", diagnostics: { reason: /redefined a method of cl:make-instance:/ } });
  t.match(made.failed[1], { name: '(= 3 4)' }, 'a method on the name of a result class is taken away too');
});

t.test("a loaded file's reader macro on ( does not read the blocks after it; the syntax a block of the document sets up does", async (t) => {
  const md = `${frontmatter()}${loads}\n## Checks\n\n${lisp("(assert (equal '(2 1) (my-reverse '(1 2))))")}\n## Own syntax\n\n${lisp(`(set-dispatch-macro-character #\\# #\\t (lambda (stream sub-char arg) (declare (ignore stream sub-char arg)) :tagged))`)}\n## Uses it\n\n${lisp("(assert (eq #t :tagged))\n(assert (equal '(b a) (my-reverse '(a b))))")}`;
  const r = await withSubmission(
    md,
    `(defun my-reverse (l) l)
(let ((standard (get-macro-character #\\( (copy-readtable nil))))
  (set-macro-character #\\(
    (lambda (stream char)
      (let ((form (funcall standard stream char)))
        (if (and (consp form) (symbolp (car form)) (string= (symbol-name (car form)) "ASSERT"))
            (list (car form) '(eq t t))
            form)))))
;; The file's own syntax still reads the rest of the file.
(defparameter *read-here* '(assert nil))`,
  );
  t.match(r.failed[0], { name: "(equal '(2 1) (my-reverse '(1 2)))", at: { line: 18 } }, 'the check is read as written');
  t.match(r.failed[1], { name: "(equal '(b a) (my-reverse '(a b)))" }, 'after the document set up syntax of its own');
  t.equal(r.failed.length, 2, JSON.stringify(r.failed));
  t.ok(r.points.some((p) => p.ok && p.name === '(eq #t :tagged)'), "the document's own dispatch macro reads its later block");
});
