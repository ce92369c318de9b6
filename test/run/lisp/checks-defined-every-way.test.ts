// The checks a unit makes through the functions it calls, whichever way spec code defines
// them (a method, a generic function's :method, a lambda kept in a variable or made a
// function's by (setf symbol-function)), are tracked alike: called over nothing, they fail
// the unit. A function defined inside a LET or by a macro of the document holds checks of
// its own, not of the block that defines it. A check left by an error that code around it
// caught is a failing point, not nothing. A print-object method is called by printing.
import t from 'tap';
import { frontmatter, lineIn, lisp, runMarkdown } from './helpers.js';

const summary = (p: { ok: boolean; name: string; skip?: string }) => [p.ok, p.name];

t.test('methods, :method options, lambdas in variables and (setf symbol-function) called over nothing fail their unit, naming the function', async (t) => {
  const md = `${frontmatter()}## Definitions\n\n${lisp(`(defgeneric check-area (shape))
(defmethod check-area ((shape list))
  (assert (> (second shape) 1000)))
(defgeneric check-side (shape)
  (:method ((shape list)) (assert (> (first shape) 10))))
(defparameter *check-width* (lambda (x) (assert (> x 5))))
(setf (symbol-function 'check-height) (lambda (x) (assert (> x 7))))`)}\n## Method\n\n${lisp("(mapc #'check-area '())")}\n## Generic method option\n\n${lisp("(dolist (s '()) (check-side s))")}\n## Lambda in a variable\n\n${lisp("(mapc *check-width* '())")}\n## Function set\n\n${lisp("(mapc 'check-height '())")}\n## Called for real\n\n${lisp("(check-area '(1 2000))\n(funcall *check-width* 6)")}`;
  const r = await runMarkdown(md);
  const failure = (unit: number) => r.failed.find((p) => p.unitId.endsWith(`#${unit}`))?.diagnostics?.reason;
  const units = new Map(r.events.flatMap((e) => (e.type === 'unit-start' ? [[e.name, e.unitId.split('#')[1]]] : [])));
  t.match(failure(Number(units.get('Method'))), `none of the 1 check of the functions it calls ran (check-area at doc.test.md:${lineIn(md, '(assert (> (second shape)')})`);
  t.match(failure(Number(units.get('Generic method option'))), `none of the 1 check of the functions it calls ran (check-side at doc.test.md:${lineIn(md, '(:method ((shape list))')})`);
  t.match(failure(Number(units.get('Lambda in a variable'))), `(*check-width* at doc.test.md:${lineIn(md, '(defparameter *check-width*')})`);
  t.match(failure(Number(units.get('Function set'))), `(check-height at doc.test.md:${lineIn(md, "(setf (symbol-function 'check-height)")})`);
  t.same(
    r.points.filter((p) => p.unitId.endsWith(`#${units.get('Called for real')}`)).map(summary),
    [[true, '(> (second shape) 1000)'], [true, '(> x 5)']],
    'called for real, their checks are the unit\'s points',
  );
});

t.test("a print-object method of the document's class is called by printing an object: printed over nothing, the unit fails naming it; printed, its check is the unit's", async (t) => {
  const md = `${frontmatter()}## Definitions\n\n${lisp(`(defclass point () ((x :initarg :x :reader point-x)))
(defmethod print-object ((p point) stream)
  (fiveam:is (> (point-x p) 1000))
  (format stream "#<point ~a>" (point-x p)))`)}\n## Tests\n\n${lisp(`(fiveam:test print-none (dolist (p (list)) (princ-to-string p)))
(fiveam:test print-one (format nil "~a" (make-instance 'point :x 5000)))
(fiveam:test print-literal (princ "no point"))`)}`;
  const r = await runMarkdown(md);
  const check = lineIn(md, '(fiveam:is (> (point-x p) 1000))');
  t.match(r.failed, [{ name: 'print-none makes its checks', diagnostics: { reason: `none of the 1 check of the functions it calls ran (print-object at doc.test.md:${check})` } }]);
  t.same(r.points.filter((p) => p.ok).map((p) => [p.name, p.at?.line, p.skip ?? null]), [
    ['(> (point-x p) 1000)', check, null],
    ['print-literal makes a check', lineIn(md, '(fiveam:test print-literal'), 'it holds no check (is, signals, finishes...): it ran without error and verified nothing'],
  ], 'printing a literal calls no print-object of the document');
});

t.test('a function defined in a LET, or by a macro of the document, holds checks of its own: the block defining it passes', async (t) => {
  const md = `${frontmatter()}## Helpers\n\n${lisp(`(let ((limit 1000))
  (defun check-big (x) (assert (> x limit))))
(defmacro defcheck (name &body body) \`(defun ,name (x) ,@body))
(defcheck check-small (assert (< x 10)))`)}\n## Used\n\n${lisp('(check-big 2000)\n(check-small 3)')}`;
  const r = await runMarkdown(md);
  t.same(r.failed, [], 'no "none of its checks ran" for the defining block');
  t.same(r.points.map(summary), [
    [true, 'Helpers runs without error'],
    [true, '(> x limit)'],
    [true, '(< x 10)'],
  ]);
});

t.test('a check whose own evaluation signals, caught by HANDLER-CASE or IGNORE-ERRORS around it, fails at its line; escaping the unit it is one point', async (t) => {
  const md = `${frontmatter()}## In a block\n\n${lisp(`(handler-case (assert (= 4 (parse-integer "four")))
  (error (e) (format t "could not parse: ~a~%" e)))
(assert (= 1 1))`)}\n## In a FiveAM test\n\n${lisp(`(fiveam:test handled-in-test
  (ignore-errors (fiveam:is (= 4 (parse-integer "four"))))
  (fiveam:is (= 1 1)))`)}\n## Escaping\n\n${lisp('(assert (= 4 (parse-integer "four")))')}\n## Handled inside the argument\n\n${lisp('(assert (null (ignore-errors (parse-integer "four"))))')}`;
  const r = await runMarkdown(md);
  const handled = r.failed.filter((p) => /never reached a verdict/.test(String(p.diagnostics?.reason)));
  t.same(handled.map((p) => [p.name, p.at?.line]), [
    ['(= 4 (parse-integer "four"))', lineIn(md, '(handler-case (assert')],
    ['(= 4 (parse-integer "four"))', lineIn(md, '(ignore-errors (fiveam:is')],
  ]);
  t.match(handled[0].diagnostics, { condition: { type: 'SB-INT:SIMPLE-PARSE-ERROR' }, reason: /signalled SB-INT:SIMPLE-PARSE-ERROR, which code around the check caught/ });
  t.same(r.points.filter((p) => p.ok && !p.skip).map((p) => p.name), ['(= 1 1)', '(= 1 1)', '(null (ignore-errors (parse-integer "four")))'], 'the checks after it run; an error its argument handles itself is no failure');
  const escaping = r.failed.filter((p) => p.at?.line === lineIn(md, '## Escaping') + 3);
  t.equal(escaping.length, 1, 'an error escaping the unit is its one failing point');
  t.equal(r.failed.length, 3);
});

t.test("rove's, prove's and Parachute's checks whose argument signals, caught around them, fail at their lines as FiveAM's do; a test of theirs that made no check fails", async (t) => {
  const md = `${frontmatter()}## Tests\n\n${lisp(`(rove:deftest rove-handled
  (ignore-errors (rove:ok (= 4 (parse-integer "four"))))
  (rove:ok (= 1 1)))
(prove:deftest prove-handled
  (ignore-errors (prove:is (parse-integer "four") 4))
  (prove:ok t))
(parachute:define-test parachute-handled
  (handler-case (parachute:is = 4 (parse-integer "four")) (error () nil))
  (parachute:true t))
(parachute:define-test parachute-none-ran
  (dolist (x '()) (parachute:true x)))`)}\n## In a block\n\n${lisp('(ignore-errors (rove:ng (parse-integer "four")))\n(rove:ok (= 1 1))')}`;
  const r = await runMarkdown(md);
  const verdictless = r.failed.filter((p) => /^the check never reached a verdict: evaluating it signalled SB-INT:SIMPLE-PARSE-ERROR, which code around the check caught$/.test(String(p.diagnostics?.reason)));
  t.same(verdictless.map((p) => [p.name, p.at?.line]), [
    ['(rove:ok (= 4 (parse-integer "four")))', lineIn(md, '(ignore-errors (rove:ok')],
    ['(prove:is (parse-integer "four") 4)', lineIn(md, '(ignore-errors (prove:is')],
    ['(parachute:is = 4 (parse-integer "four"))', lineIn(md, '(handler-case (parachute:is')],
    ['(rove:ng (parse-integer "four"))', lineIn(md, '(ignore-errors (rove:ng')],
  ]);
  t.match(r.failed.find((p) => p.name === 'parachute-none-ran makes its checks')?.diagnostics, { reason: /^none of its 1 check ran/ });
  t.equal(r.failed.length, 5);
  t.same(r.points.filter((p) => p.ok).map((p) => p.name), ['(rove:ok (= 1 1))', '(prove:ok t)', '(parachute:true t)', '(rove:ok (= 1 1))'], 'the checks after them run');
});

t.test('a check left by any non-local exit before its verdict (a timeout, a warning, a storage-condition caught around it; THROW, RETURN-FROM, GO) fails at its line, in every dialect', async (t) => {
  const md = `${frontmatter()}## Tests\n\n${lisp(`(defun slow-answer () (sleep 3) 42)
(fiveam:test by-timeout
  (handler-case (sb-ext:with-timeout 0.2 (fiveam:is (= 42 (slow-answer))))
    (sb-ext:timeout () :gave-up))
  (fiveam:is (= 1 1)))
(fiveam:test by-return-from
  (block b (fiveam:is (= 1 (return-from b nil)))))
(fiveam:test by-warning
  (handler-case (fiveam:is (progn (warn "w") nil)) (warning () :caught)))
(rove:deftest by-throw
  (catch 'out (rove:ok (throw 'out nil))))
(prove:deftest by-go
  (tagbody (prove:ok (go out)) out))
(parachute:define-test by-storage-condition
  (handler-case (parachute:true (error 'storage-condition)) (serious-condition () nil)))
(fiveam:test nested-check-made-its-point
  (catch 'out (fiveam:is (progn (fiveam:is (= 2 2)) (throw 'out nil)))))`)}\n## A block\n\n${lisp(`(catch 'out (assert (= 1 (throw 'out 7))))
(assert (= 2 2))`)}`;
  const r = await runMarkdown(md);
  const verdictless = r.failed.filter((p) => /^the check never reached a verdict/.test(String(p.diagnostics?.reason)));
  t.same(verdictless.map((p) => [p.name, p.at?.line]), [
    ['(= 42 (slow-answer))', lineIn(md, '(handler-case (sb-ext:with-timeout')],
    ['(= 1 (return-from b nil))', lineIn(md, '(block b (fiveam:is')],
    ['(progn (warn "w") nil)', lineIn(md, '(handler-case (fiveam:is (progn (warn')],
    ['(rove:ok (throw \'out nil))', lineIn(md, "(catch 'out (rove:ok")],
    ['(prove:ok (go out))', lineIn(md, '(tagbody (prove:ok')],
    ["(parachute:true (error 'storage-condition))", lineIn(md, '(handler-case (parachute:true')],
    ['(= 1 (throw \'out 7))', lineIn(md, "(catch 'out (assert")],
  ]);
  t.match(verdictless[0].diagnostics, { condition: { type: /TIMEOUT/ }, reason: /signalled .*TIMEOUT, which code around the check caught/ });
  t.match(verdictless[1].diagnostics, { reason: /a non-local exit \(THROW, RETURN-FROM, GO\) left its evaluation before it made one/ });
  t.equal(r.failed.length, 7, 'a check whose argument made a point of its own before the exit is not said to be verdictless');
  t.same(r.points.filter((p) => p.ok).map((p) => p.name), ['(= 1 1)', '(= 2 2)', '(= 2 2)']);
});

t.test("Parachute's SKIP with a body runs the body with its checks skipped points for its reason, their forms not evaluated; without a body it is one skipped point", async (t) => {
  const md = `${frontmatter()}## Tests\n\n${lisp(`(defvar *body-ran* nil)
(parachute:define-test later-feature
  (parachute:true (= 2 2))
  (parachute:skip "not implemented yet"
    (setf *body-ran* t)
    (parachute:is = 3 (+ 1 1))
    (parachute:true (error "never evaluated")))
  (parachute:skip ("waiting for ~a" "the parser")
    (parachute:false (= 1 1)))
  (parachute:true *body-ran*))
(parachute:define-test skipped-alone
  (parachute:skip "not yet"))`)}`;
  const r = await runMarkdown(md);
  t.same(r.failed, [], 'no check in a skipped body fails');
  t.same(r.points.map((p) => [p.ok, p.name, p.skip, p.at?.line]), [
    [true, '(parachute:true (= 2 2))', undefined, lineIn(md, '(parachute:true (= 2 2))')],
    [true, '(parachute:is = 3 (+ 1 1))', 'not implemented yet', lineIn(md, '(parachute:is = 3')],
    [true, '(parachute:true (error "never evaluated"))', 'not implemented yet', lineIn(md, '(parachute:true (error')],
    [true, '(parachute:false (= 1 1))', 'waiting for the parser', lineIn(md, '(parachute:false (= 1 1))')],
    [true, '(parachute:true *body-ran*)', undefined, lineIn(md, '(parachute:true *body-ran*)')],
    [true, '(parachute:skip "not yet")', 'not yet', lineIn(md, '(parachute:skip "not yet")')],
  ]);
});
