// Document code that muffles, aborts or unsettles the driver, as careless or hostile code
// does: a check that ran and failed is a failing point wherever it stands, and a condition
// that would enter the debugger ends its unit, never the driver.
import t from 'tap';
import { frontmatter, lineIn, lisp, runMarkdown, type PointEvent } from './helpers.js';

const summary = (p: PointEvent) => [p.ok, p.name];

t.test("in a document's own package, ASSERT is CL:ASSERT and still a check: one point each, not swallowed by IGNORE-ERRORS", async (t) => {
  const md = `${frontmatter()}## Package

${lisp('(defpackage :my-tests (:use :cl))\n(in-package :my-tests)')}
## Muffled

${lisp('(ignore-errors (assert (= 1 2)))')}
## Two

${lisp('(assert (= 1 1))\n(assert (= 2 2))')}`;
  const r = await runMarkdown(md);
  t.same(r.points.map(summary), [
    [false, '(= 1 2)'],
    [true, '(= 1 1)'],
    [true, '(= 2 2)'],
  ]);
  t.equal(r.points[0].at?.line, lineIn(md, '(ignore-errors (assert'));
});

t.test('a FiveAM check that failed inside IGNORE-ERRORS or HANDLER-CASE is a failing point', async (t) => {
  const md = `${frontmatter()}## Top level

${lisp('(fiveam:is (= 1 1))\n(ignore-errors (fiveam:is (= 1 2)))')}
## In a test

${lisp('(fiveam:test muffled\n  (fiveam:is (= 1 1))\n  (handler-case (fiveam:is (equal "a" "b")) (error () :ignored)))')}`;
  const r = await runMarkdown(md);
  t.same(r.points.map(summary), [
    [true, '(= 1 1)'],
    [false, '(= 1 2)'],
    [true, '(= 1 1)'],
    [false, '(equal "a" "b")'],
  ]);
  t.equal(r.points[1].at?.line, lineIn(md, '(ignore-errors (fiveam:is'));
});

t.test('ERROR of a condition that is not an error, and ABORT, end their unit with a point; the next unit runs in the same driver', async (t) => {
  const md = `${frontmatter()}## Definitions

${lisp('(define-condition not-found () ((key :initarg :key)))\n(defvar *kept* 41)')}
## Not an error

${lisp('(assert (= 1 1))\n(error (quote not-found) :key "k")')}
## Aborted

${lisp('(assert (= 1 1))\n(abort)\n(assert (= 1 2))')}
## After them

${lisp('(assert (= 42 (1+ *kept*)))')}`;
  const r = await runMarkdown(md);
  t.same(r.points.map(summary), [
    [true, '(= 1 1)'],
    [false, `(error (quote not-found) :key "k") runs without error`],
    [true, '(= 1 1)'],
    [false, 'the unit runs to its end'],
    [true, '(assert (= 1 2))'],
    [true, '(= 42 (1+ *kept*))'],
  ]);
  t.equal(r.points[4].skip, `not run: the unit stopped in the form at line ${lineIn(md, '(abort)')}`, 'the check after the ABORT is reported, not run');
  t.match(r.points[1].diagnostics, { condition: { type: 'NOT-FOUND' } }, 'the condition is named');
  t.match(r.points[3].diagnostics?.reason, /the ABORT restart was invoked/);
  t.notMatch(JSON.stringify(r.points), /driver process ended|fresh Lisp environment/, 'the driver lived on');
});

t.test('printer settings spec code leaves (*print-readably*, *print-base*) do not garble or crash the report of a failure', async (t) => {
  const md = `${frontmatter()}## Package

${lisp('(defpackage :printing (:use :cl))\n(in-package :printing)')}
## Settings

${lisp('(setf *print-readably* t *print-base* 16)')}
## Fails

${lisp('(assert (equal (list 10 20 30) (list 10 20 31)))')}`;
  const r = await runMarkdown(md);
  const failed = r.points.find((p) => !p.ok);
  t.equal(failed?.name, '(equal (list 10 20 30) (list 10 20 31))');
  t.same(failed?.diagnostics?.values, { '(list 10 20 30)': '(10 20 30)', '(list 10 20 31)': '(10 20 31)' }, 'values in decimal, as written');
});

t.test('the checks a stopped unit never reached are reported as skipped, each at its line: the report counts every check the unit states', async (t) => {
  const md = `${frontmatter()}## False first

${lisp('(assert (= 1 2))\n(assert (= 2 2))\n(dolist (x (list 3)) (assert (= x 3)))')}
## Error midway

${lisp('(assert t)\n(error "midway")\n(when nil (assert (= 4 4)))')}`;
  const r = await runMarkdown(md);
  const stoppedAt = (line: number) => `not run: the unit stopped in the form at line ${line}`;
  t.same(r.points.map((p) => [p.ok, p.name, p.skip ?? null]), [
    [false, '(= 1 2)', null],
    [true, '(assert (= 2 2))', stoppedAt(lineIn(md, '(assert (= 1 2))'))],
    [true, '(assert (= x 3))', stoppedAt(lineIn(md, '(assert (= 1 2))'))],
    [true, 't', null],
    [false, '(error "midway") runs without error', null],
    [true, '(assert (= 4 4))', stoppedAt(lineIn(md, '(error "midway")'))],
  ]);
  t.same(r.points.filter((p) => p.skip).map((p) => p.at?.line), [lineIn(md, '(assert (= 2 2))'), lineIn(md, '(dolist'), lineIn(md, '(when nil')], 'each at the line it is written');
});
