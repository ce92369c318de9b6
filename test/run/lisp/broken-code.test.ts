// A check that expects an error (FiveAM's SIGNALS, a HANDLER-CASE or IGNORE-ERRORS around an
// ASSERT, prove's IS-ERROR, Parachute's FAIL) is not satisfied by its own code being broken: an
// undefined function, an unbound variable, a call with a wrong argument list. Such an error
// ends the test or unit at its line, naming the check that would have taken it; a check that
// names the condition it expects still takes it.
import t from 'tap';
import { frontmatter, lineIn, lisp, runMarkdown, type PointEvent } from './helpers.js';

const summary = (p: PointEvent) => [p.ok, p.name];
const LIBRARY = lisp(
  "(defpackage :calc-lib (:use :cl) (:export #:calc #:calc-error))\n(in-package :calc-lib)\n(define-condition calc-error (error) ())\n(defun calc (expr) (if (and (consp expr) (eql 0 (third expr))) (error 'calc-error) expr))\n(in-package :cl-user)",
);

t.test('SIGNALS ERROR met by an undefined function, an unbound variable or a wrong argument list of its own form fails, at the check, saying which', async (t) => {
  const md = `${frontmatter()}## Library

${LIBRARY}
## Tests

${lisp("(fiveam:test undefined\n  (fiveam:signals error (calculate '(/ 1 0))))\n(fiveam:test unbound\n  (fiveam:signals error (calc-lib:calc *the-expr*)))\n(fiveam:test arity\n  (fiveam:signals error (calc-lib:calc '(/ 1 0) :strict t)))")}`;
  const r = await runMarkdown(md);
  t.same(r.points.map((p) => p.ok), [false, false, false], "each fails");
  t.equal(r.points[0].at?.line, lineIn(md, '(calculate'));
  t.match(r.points[0].diagnostics, { condition: { type: 'UNDEFINED-FUNCTION' }, undefined: 'calculate' });
  t.match(r.points[0].diagnostics?.reason, /calculate is called here.*\(fiveam:signals error \(calculate.* at line \d+ would have taken this UNDEFINED-FUNCTION/);
  t.match(r.points[1].diagnostics, { condition: { type: 'UNBOUND-VARIABLE' }, reason: /name its type \(unbound-variable\)/ });
  t.equal(r.points[1].at?.line, lineIn(md, '*the-expr*'));
  t.match(r.points[2].diagnostics, { condition: { message: /invalid number of arguments: 3/ }, reason: /name its type \(program-error\)/ });
  t.equal(r.points[2].at?.line, lineIn(md, ':strict t'));
});

t.test('HANDLER-CASE and IGNORE-ERRORS of spec code let broken code past: the unit fails at the call, not the ASSERT around it', async (t) => {
  const md = `${frontmatter()}## Handled

${lisp("(assert (eq :signalled (handler-case (calculate '(/ 1 0)) (error () :signalled))))")}
## Ignored

${lisp('(assert (null (ignore-errors (calculate 1))))')}
## Serious

${lisp('(assert (eq :e (handler-case (+ 1 *nope*) (serious-condition () :e))))')}`;
  const r = await runMarkdown(md);
  t.same(r.points.map((p) => p.ok), [false, false, false], "each fails");
  t.match(r.points[0].diagnostics?.reason, /\(handler-case \(calculate '\(\/ 1 0\)\) \(error \(\) :signalled\)\) at line \d+ would have taken this UNDEFINED-FUNCTION/);
  t.match(r.points[1].diagnostics?.reason, /\(ignore-errors \(calculate 1\)\) at line \d+ would have taken/);
  t.match(r.points[2].diagnostics, { condition: { type: 'UNBOUND-VARIABLE' } });
});

t.test("prove's IS-ERROR and Parachute's FAIL expecting ERROR are not met by an undefined function either", async (t) => {
  const md = `${frontmatter()}## Prove

${lisp('(prove:is-error (calculate 1) (quote error))')}
## Parachute

${lisp('(fail (calculate 1) error)')}`;
  const r = await runMarkdown(md);
  t.same(r.points.map((p) => p.ok), [false, false], "each fails");
  t.match(r.points[0].diagnostics?.reason, /\(prove:is-error \(calculate 1\) \(quote error\)\) at line \d+ would have taken/);
});

t.test('a check that names the condition it expects, or an error the code under test signals, still passes', async (t) => {
  const md = `${frontmatter()}## Library

${LIBRARY}
## Tests

${lisp("(defun dispatch (name) (funcall (intern (string-upcase name) :keyword)))\n(fiveam:test named\n  (fiveam:signals undefined-function (calculate '(/ 1 0)))\n  (fiveam:signals program-error (calc-lib:calc 1 2))\n  (fiveam:signals error (calc-lib:calc '(/ 1 0)))\n  (fiveam:signals calc-lib:calc-error (calc-lib:calc '(/ 1 0)))\n  (fiveam:signals error (dispatch \"nope\")))")}
## Handled

${lisp("(assert (eq :u (handler-case (calculate 1) (undefined-function () :u))))\n(assert (eq :e (handler-case (calc-lib:calc '(/ 1 0)) (error () :e))))\n(assert (null (ignore-errors (calc-lib:calc '(/ 1 0)))))\n(multiple-value-bind (a b) (handler-case (values 1 2) (error () nil)) (assert (= 3 (+ a b))))\n(assert (equal '(1) (handler-case 1 (error () :e) (:no-error (&rest r) r))))\n(prove:is-error (calculate 1) 'undefined-function)")}`;
  const r = await runMarkdown(md);
  t.same(r.points.map(summary).filter(([ok]) => !ok), [], "none fails");
  t.equal(r.points.length, 11);
});

t.test("a function the check calls refusing its arguments is told apart from the check's own broken code: the call, the count given and the lambda list defined", async (t) => {
  const md = `${frontmatter()}## Submission

${lisp('(defun fact (n m) (* n m))\n(defvar *loaded* t)')}
## Refused

${lisp("(fiveam:test negative-refused\n  (fiveam:signals error (fact -1)))\n(fiveam:test undefined\n  (fiveam:signals error (factorial -1)))")}`;
  const r = await runMarkdown(md);
  t.same(r.points.map((p) => p.ok), [false, false], 'each still fails');
  const refused = String(r.points[0].diagnostics?.reason);
  t.match(refused, /\(fiveam:signals error \(fact -1\)\) at line \d+ would have taken this SB-INT:SIMPLE-PROGRAM-ERROR for the error it expects, but the call \(fact -1\) gives fact 1 argument, and fact as defined takes \(n m\): the function called has another argument list than the check expects/);
  t.notMatch(refused, /check's own code/);
  t.match(r.points[1].diagnostics?.reason, /it is the check's own code that is broken \(an undefined function or an unbound variable\); to expect it, name its type \(undefined-function\)/);
});
