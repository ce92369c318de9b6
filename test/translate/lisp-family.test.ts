// The Lisp family's translation of test dialects and Input/Expected pairs, and the
// index of definitions that tells an undefined call where another document defines it.
import { readFileSync } from 'node:fs';
import t from 'tap';
import fc from 'fast-check';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import { describePlan } from '../../src/translate/listing.js';
import { definedElsewhereNote, indexDefinitions, unreadableDefinitionNote } from '../../src/translate/definition-index.js';
import type { Unit } from '../../src/model/plan.js';
import { DESIGNATOR_CALLERS, holdsChecks } from '../../src/translate/lisp-definitions.js';
import { codeOnOneLine, scanForms } from '../../src/translate/lisp-forms.js';
import { unitsHoldingNoCheck } from '../../src/translate/unit-code.js';
import { pushedFeatures } from '../../src/translate/lisp-features.js';

const doc = (body: string, path = 'doc.test.md') => translate(parseMarkdown(path, `---\ntype: verification\nname: d\n---\n\n# D\n\n${body}`));
const lisp = (code: string) => `\`\`\`lisp\n${code}\n\`\`\`\n`;
const json = (code: string) => `\`\`\`json\n${code}\n\`\`\`\n`;
const byKind = <K extends Unit['kind']>(units: Unit[], kind: K) => units.filter((u): u is Extract<Unit, { kind: K }> => u.kind === kind);

t.test('deftest (rove, prove) and define-test (Parachute) are test units named by the test, loaded as definitions', async (t) => {
  const plan = doc(
    `## Tests\n\n${lisp(`(deftest plain (ok t))
(deftest with-lambda-list () "doc" (is 1 1))
(rove:deftest qualified (ng nil))
(define-test parachute-test :parent nil (true t))
(parachute:define-test "named by a string" (false nil))
(other:deftest not-a-test-framework)`)}`,
  );
  const tests = byKind(plan.units, 'fiveam-test');
  t.same(
    tests.map((u) => [u.testName, u.dialect]),
    [
      ['plain', 'rove/prove deftest'],
      ['with-lambda-list', 'rove/prove deftest'],
      ['qualified', 'rove/prove deftest'],
      ['parachute-test', 'Parachute define-test'],
      ['"named by a string"', 'Parachute define-test'],
    ],
  );
  t.equal(plan.definitions.length, 1, 'the test definitions load with the definitions');
  t.equal(byKind(plan.units, 'lisp-block').length, 1, 'a form of another package is run as a block');
});

t.test('a call of a macro of the document whose template defines a FiveAM test is a test unit, defined with the definitions, named as the template places the name', async (t) => {
  const plan = doc(
    `## Macros\n\n${lisp(`(defmacro my-test (name &body body)
  \`(fiveam:test ,name ,@body))
(defmacro defprop (name var gen &body body)
  \`(5am:def-test ,name () (fiveam:for-all ((,var ,gen)) ,@body)))
(defmacro with-suite ((name suite) &body body)
  \`(test (,name :suite ,suite) ,@body))
(defmacro checked (label name &body body)
  \`(progn (print ,label) (my-test ,name ,@body)))
(defmacro not-a-test (name) \`(defun ,name () 'test))`)}
## Tests

${lisp(`(my-test always-fails (fiveam:is (= 1 2)))
(defprop abs-nonneg x (fiveam:gen-integer) (fiveam:is (>= (abs x) 0)))
(checked "label" through-another (fiveam:is t))
(not-a-test plain)`)}`,
  );
  t.same(
    byKind(plan.units, 'fiveam-test').map((u) => [u.testName, u.dialect ?? null]),
    [
      ['always-fails', null],
      ['abs-nonneg', null],
      ['through-another', null],
    ],
  );
  // The block also runs code, so the calls defining tests run with it, where they stand; the tests run after it.
  t.same(byKind(plan.units, 'lisp-block').map((u) => u.code.text.trim().split('\n').at(-1)), ['(not-a-test plain)'], 'a macro that defines no test is run in its block');
  t.same(plan.units.map((u) => u.kind), ['lisp-block', 'fiveam-test', 'fiveam-test', 'fiveam-test'], 'the tests run after the block that defines them');
  t.same(plan.definitions.map((ref) => ref.loads?.at ?? 'first'), ['first', 'with-unit']);
  t.match(describePlan(plan), /fiveam-test\s+always-fails/, '--list shows the test');
});

t.test('an Expected block right after an Input block in the same section reads it as input', async (t) => {
  const plan = doc(
    [
      `## Paired\n\n**Input**:\n${json('{"jsonrpc":"2.0","id":1,"method":"ping"}')}\n**Expected Output**:\n${lisp('(send-request *s* input)')}`,
      `## Verification label\n\n**Input**:\n${json('{"name":"x"}')}\n**Verification**:\n${lisp('(call-tool *s* "x" input)')}`,
      `## Not an answer label\n\n**Input**:\n${json('{"a":1}')}\n**Setup**:\n${lisp('(print 1)')}`,
      `## Other section\n\n**Input**:\n${json('{"b":2}')}\n### Below\n\n**Expected**:\n${lisp('(print 2)')}`,
      `## Counterexample\n\n**Input**:\n${json('{"c":3}')}\n**Expected**:\n${lisp('(print 3)')}`,
    ].join('\n'),
  );
  const blocks = byKind(plan.units, 'lisp-block');
  const inputs = byKind(plan.units, 'json-input');
  t.same(
    blocks.map((b) => [b.headingPath.at(-1), b.input?.line ?? null]),
    [
      ['Paired', inputs[0].code.line],
      ['Verification label', inputs[1].code.line],
      ['Not an answer label', null],
      ['Below', null],
    ],
  );
  t.same(inputs.slice(0, 2).map((i) => i.pairedWith), [blocks[0].line, blocks[1].line], 'the Input block knows its answer');
  t.equal(inputs[2].pairedWith, undefined);
  t.ok(plan.notRun.some((n) => /counterexample/i.test(n.reason)), 'a heading that marks an illustration still wins');
  t.notOk(
    plan.notRun.some((n) => /expected output/i.test(n.reason)),
    'an "Expected Output" label after an Input block is an answer, not an illustration',
  );
});

t.test('a method of a generic function the document defines is a function like a defun: uncalled and needing arguments, its checks are an error; one of Lisp\'s own generic functions may be called by Lisp', async (t) => {
  const plan = doc(
    `## Definitions\n\n${lisp(`(defgeneric verify-area (shape))
(defmethod verify-area ((shape list))
  (assert (> (second shape) 1000)))
(defgeneric check-all ())
(defmethod check-all :around ()
  (assert (= 1 1)))
(defstruct shape (area 0))
(defmethod print-object ((s shape) stream) (assert (> (shape-area s) 10)) (format stream "shape"))`)}\n## Use\n\n${lisp('(assert (= 2 (+ 1 1)))')}`,
  );
  t.same(
    plan.problems.map((p) => [p.line, p.message.split(',')[0]]),
    [[12, 'verify-area holds checks']], // the defmethod's line: the block's code starts at line 11
    'the uncalled method needing an argument; not print-object, which PRINT calls',
  );
  t.same(byKind(plan.units, 'verify-function').map((u) => u.functionName), ['check-all'], 'a method of no arguments nothing calls runs as a unit, its qualifier passed over');
});

t.test("printing an object calls the document's print-object methods: a test whose only check is in one holds a check; printing a literal calls none", async (t) => {
  const plan = doc(
    `## Definitions\n\n${lisp(`(defclass point () ((x :initarg :x :reader point-x)))
(defmethod print-object ((p point) stream)
  (fiveam:is (> (point-x p) 1000))
  (format stream "#<point ~a>" (point-x p)))
(defun show (p) (princ-to-string p))`)}\n## Tests\n\n${lisp(`(fiveam:test printed (format nil "~a" (make-instance 'point :x 5)))
(fiveam:test printed-by-helper (show (make-instance 'point :x 5)))
(fiveam:test written (write (make-instance 'point :x 5) :stream (make-broadcast-stream)))
(fiveam:test literal (princ "a point") (format t "~a ~a~%" 1 :two))`)}`,
  );
  t.same(unitsHoldingNoCheck(plan).map((unit) => unit.name), ['literal']);
});

t.test('a check behind a feature the document pushes is held, as the run may read it: check warns of no test or block for it', async (t) => {
  const plan = doc(`## Setup\n\n${lisp('(pushnew :my-backend *features*)')}\n## Tests\n\n${lisp(`(fiveam:test pushed
  #+my-backend (fiveam:is (= 1 1)))
(fiveam:test never-pushed
  #+other-backend (fiveam:is (= 1 1)))`)}\n## Block\n\n${lisp('(print 1)\n#-my-backend (assert (= 2 2))')}`);
  t.same(unitsHoldingNoCheck(plan).map((unit) => unit.name), ['Setup', 'never-pushed'], 'a check behind a feature nothing pushes is left out, as in SBCL');
  t.same([...pushedFeatures(scanForms('(push :a *features*) (pushnew :b cl:*features* :test #\'eq) (setf *features* (adjoin :c *features*)) (push :d *other*) \'(push :e *features*)').forms.map((form) => form.node))], ['a', 'b', 'c']);
});

t.test('an undefined name is told where another document of the run defines it', async (t) => {
  const helpers = doc(`## Helpers\n\n${lisp('(defun random-choice (list) (nth (random (length list)) list))\n(defmacro with-thing (x) x)')}`, 'helpers.test.md');
  const user = doc(`## Use\n\n${lisp('(random-choice (list 1 2))')}`, 'user.test.md');
  const index = indexDefinitions([helpers, user]);
  t.same(index.get('random-choice'), [{ file: 'helpers.test.md', line: helpers.definitions[0].line }]);
  t.ok(index.has('with-thing'));
  t.equal(definedElsewhereNote(index, 'random-choice', 'user.test.md'), `random-choice is defined in helpers.test.md:${helpers.definitions[0].line}; add it to a vocabulary file to share it`);
  t.equal(definedElsewhereNote(index, 'random-choice', 'helpers.test.md'), null, 'never pointing a document at itself');
  t.equal(definedElsewhereNote(index, 'nothing-defines-this', 'user.test.md'), null);
});

t.test('eval-when and progn of definitions load with the definitions; of anything else they run in place', async (t) => {
  const plan = doc(
    `## Late helpers\n\n${lisp(`(eval-when (:compile-toplevel :load-toplevel :execute)
  (defun shout (s) (string-upcase s)))
(progn (defvar *a* 1) (defparameter *b* 2))`)}\n## Effects\n\n${lisp(`(progn (defvar *c* 3) (print *c*))
(eval-when (:execute))`)}`,
  );
  t.same(plan.definitions.map((d) => d.line), [11]);
  t.same(byKind(plan.units, 'lisp-block').map((u) => u.line), [19]);
});

t.test("a top-level call running the tests (run!, explain!, rove:run...) is left out, saying why: spec-run runs each test once", async (t) => {
  const plan = doc(
    `## Tests\n\n${lisp(`(test one (is t))`)}\n## Run them\n\n${lisp(`(run! 'everything)
(fiveam:explain! (fiveam:run 'everything))
(rove:run :my-tests)
(parachute:test 'my-tests)
(run 'not-fiveam-unqualified)`)}`,
  );
  t.same(byKind(plan.units, 'fiveam-test').map((u) => u.testName), ['one']);
  const [block] = byKind(plan.units, 'lisp-block');
  t.match(block.code.text, /^\s*\(run 'not-fiveam-unqualified\)$/m, 'an unqualified run may be anyone\'s function: it runs');
  t.notMatch(block.code.text, /run!|explain!|rove:run|parachute:test/);
  const [left] = plan.notRun;
  t.match(left.reason, /^runs tests, which spec-run runs itself, each test once as a unit: \(run! 'everything\) \(line 17\), \(fiveam:explain! \(fiveam:run 'everything\)\) \(line 18\), \(rove:run :my-tests\) \(line 19\), \(parachute:test 'my-tests\) \(line 20\) is left out$/);
});

t.test('a Lisp block right after an Input block that reads input answers it, whatever its label', async (t) => {
  const plan = doc(
    `## Unknown method\n\n**Request:**\n${json('{"jsonrpc":"2.0","id":2,"method":"no/such","params":{}}')}\n**Response check:**\n${lisp('(assert (error-response-p (send-request *server* input)))')}\n## Other\n\n**Request:**\n${json('{"jsonrpc":"2.0","id":3,"method":"ping"}')}\n**Notes:**\n${lisp('(assert (= 1 1))')}`,
  );
  const [answer, other] = byKind(plan.units, 'lisp-block');
  t.ok(answer.input, 'the block reading input is paired');
  t.equal(other.input, undefined, 'a block under another label that does not read input is not');
});

t.test('a call of a name that only a block which cannot be read defines is told so, with the reader problem', async (t) => {
  const plan = doc(`## Helpers\n\n${lisp('(cl:defun helper (x)\n  (* x 2)')}\n## Test\n\n${lisp('(test uses-helper (is (= 4 (helper 2))))')}`);
  const helpers = plan.notRun.find((n) => n.readError !== undefined)!;
  t.equal(helpers.readError, `unbalanced parentheses: ( opened at line ${helpers.block.textLine} is never closed (line ${helpers.block.textLine})`);
  t.equal(unreadableDefinitionNote(plan, 'HELPER'), `this document's block at line ${helpers.block.line} would define HELPER, but cannot be read: ${helpers.readError}`);
  t.equal(unreadableDefinitionNote(plan, 'other'), null);
  t.equal(unreadableDefinitionNote(doc(lisp('(defun fine () 1)')), 'fine'), null, 'only unreadable blocks are searched');
});

t.test("a block that cannot be read is an error at the line and column of the reader's problem", async (t) => {
  const extra = doc(`## Extra\n\n${lisp('(assert t))')}`);
  const line = extra.notRun[0].block.textLine;
  t.match(extra.problems.filter((p) => p.line > 1), [{ line, column: 11, message: 'Lisp code cannot be read: unbalanced parentheses: this ) closes nothing' }], 'the stray ) itself');
  const open = doc(`## Open\n\n${lisp('(assert t)\n  (assert (= 1 1)')}`);
  t.match(open.problems.filter((p) => p.line > 1), [{ line: open.notRun[0].block.textLine + 1, column: 3, message: /is never closed/ }], 'the ( that is never closed');
});

t.test('a verify- function defined twice under one symbol: one unit, for the definition that stays, and an error at the one replaced', async (t) => {
  const plan = doc(`## One\n\n${lisp('(defun verify-length () (assert (= 5 4)))')}\n## Two\n\n${lisp('(defun verify-length () (assert (= 4 4)))')}`);
  const [first, second] = [plan.definitions[0].line, plan.definitions[1].line];
  t.same(byKind(plan.units, 'verify-function').map((u) => [u.name, u.line]), [['verify-length', second]], 'not two units both running the second definition');
  t.match(plan.problems, [{ line: first, severity: 'error', message: `verify-length is defined again at line ${second}, which replaces this definition: its checks would never run; give one of the two another name` }]);
  const packages = doc(lisp('(defpackage :a (:use :cl))\n(defun verify-length () (assert t))\n(in-package :a)\n(defun verify-length () (assert t))'));
  t.same(byKind(packages.units, 'verify-function').map((u) => u.functionName), ['verify-length', 'a::verify-length'], 'one name in two packages is two functions');
  const called = doc(lisp("(defpackage :a (:use :cl))\n(in-package :a)\n(defun check-size (xs) (assert (= 9 (length xs))))\n(defun verify-none () (mapc #'check-size '()))"));
  t.same(called.calledCheckFunctions?.map((fn) => fn.name), ['a::check-size'], 'a called function holding checks is named by its package too, for the unit that runs it if its checks never ran');
  t.same(packages.problems, []);
  const features = doc(lisp('#+sbcl (defun verify-length () (assert t))\n#-sbcl (defun verify-length () (assert nil))'));
  t.same(features.problems, [], 'alternatives by feature are no redefinition');
});

t.test('a test defined twice: one unit, for the definition that stays, and an error at the one replaced', async (t) => {
  const plan = doc(`## One\n\n${lisp('(test same (is (= 1 1)))')}\n## Two\n\n${lisp('(test same (is (= 2 2)))')}`);
  const tests = byKind(plan.units, 'fiveam-test');
  t.same(tests.map((u) => u.name), ['same'], 'not "same" and "same (2)", both running the second definition');
  const [first, second] = [plan.definitions[0].line, plan.definitions[1].line];
  t.equal(tests[0].line, second);
  t.match(plan.problems, [{ line: first, severity: 'error', message: `test same is defined again at line ${second}, which replaces this definition: its checks would never run; give one of the two another name` }]);
  const packages = doc(lisp('(defpackage :a (:use :cl :fiveam))\n(in-package :a)\n(test same (is t))\n(defpackage #:b (:use :cl :fiveam))\n(in-package #:b)\n(test same (is t))'));
  t.same(byKind(packages.units, 'fiveam-test').map((u) => [u.name, u.testName]), [['a::same', 'a::same'], ['b::same', 'b::same']], 'the same name in two packages is two tests, each named by its package');
  t.same(packages.problems, []);
  const features = doc(lisp('#+sbcl (test same (is t))\n#-sbcl (test same (is nil))'));
  t.same(byKind(features.units, 'fiveam-test').map((u) => [u.name, u.feature]), [['same', '#+sbcl'], ['same (2)', '#-sbcl']], 'alternatives by feature are no redefinition');
  t.same(features.problems, []);
});

t.test('tests inside a progn, an eval-when or a let are units; quoted data is not', async (t) => {
  const plan = doc(lisp(`(progn (test in-progn (is t)))
(eval-when (:load-toplevel :execute) (fiveam:def-test in-eval-when () (is t)))
(let ((x 1)) (test in-let (is (= 1 x))))
(defparameter *rows* '((test not-a-test)))`));
  const first = plan.definitions[0]?.line ?? byKind(plan.units, 'lisp-block')[0].code.line;
  t.same(byKind(plan.units, 'fiveam-test').map((u) => [u.name, u.line - first]), [['in-progn', 0], ['in-eval-when', 1], ['in-let', 2]]);
  const behind = doc(lisp('(progn\n  #-sbcl (test not-here (is nil))\n  #+(or sbcl ccl) (test here (is t)))'));
  t.same(byKind(behind.units, 'fiveam-test').map((u) => [u.name, u.feature]), [['not-here', '#-sbcl'], ['here', '#+(or sbcl ccl)']], 'the reader conditional of a nested test is kept');
  t.match(describePlan(behind), /fiveam-test {2}not-here .*\n\s+behind #-sbcl: skipped if that leaves it out/);
});

t.test('a function holding checks that nothing calls is a unit when it takes no arguments, an error when it needs some', async (t) => {
  const plan = doc(
    `## Checks\n\n${lisp(`(defun check-rejects-negatives ()
  (when t (assert (minusp -1))))
(defun check-with-optional (&optional (n 1))
  (fiveam:is (plusp n)))
(defun check-positive (n)
  (ok (plusp n)))
(defun called-check () (assert t))
(defun helper (x) (* 2 x))
(defun quoted-only () '(assert nil))
(defun verify-value () t)`)}\n${lisp('(called-check)\n(assert (= 4 (helper 2)))')}`,
  );
  t.same(
    byKind(plan.units, 'verify-function').map((u) => u.functionName),
    ['check-rejects-negatives', 'check-with-optional', 'verify-value'],
    'no-argument functions with checks, and verify- functions, that nothing calls',
  );
  t.same(
    plan.problems.map((p) => [p.line, p.severity, p.message]),
    [[plan.units[0].line + 4, 'error', 'check-positive holds checks, but nothing in this document or its specification tree calls it and it needs arguments, so spec-run cannot run it as a unit: its checks would never run; call it from a block']],
    'only the one needing arguments; a called one, one without checks and quoted data are no units',
  );
  t.match(describePlan(plan), /calls \(check-rejects-negatives\): defined, never called, and holds checks/);
  t.match(describePlan(plan), /calls \(verify-value\): defined, never called, and named verify-\.\.\./);
});

t.test('a function that nothing calls holds checks through the functions of the document it calls; a call SBCL does not read is no call', async (t) => {
  const plan = doc(
    lisp(`(defun verify-addition ()
  (assert (= (+ 1 1) 2)))
(defun run-all-checks ()
  (verify-addition))
(defun check-twice ()
  (run-all-checks))
(defun check-only-quoted ()
  '(verify-addition))
(defun verify-behind-conditionals () (assert t))
(defun verify-commented-out () (assert t))
(defun verify-read-by-sbcl () (assert t))`) +
      `\n${lisp('(check-twice)\n#+ccl (verify-behind-conditionals)\n#-sbcl (verify-behind-conditionals)\n#+(or) (verify-behind-conditionals)\n#+nil (verify-commented-out)\n#+ignore (verify-commented-out)\n#+(or sbcl ccl) (verify-read-by-sbcl)\n#-some-feature-not-sbcls (check-only-quoted)')}`,
  );
  t.same(
    byKind(plan.units, 'verify-function').map((u) => u.functionName),
    ['verify-behind-conditionals', 'verify-commented-out'],
    "check-twice is called; run-all-checks and verify-addition by it; a conditional SBCL leaves out (another Lisp's feature, #+nil, #+ignore: no feature SBCL has) calls nothing; one it reads calls",
  );
  const uncalled = doc(lisp('(defun verify-addition ()\n  (assert (= (+ 1 1) 3)))\n(defun run-all-checks ()\n  (verify-addition))'));
  t.same(byKind(uncalled.units, 'verify-function').map((u) => u.functionName), ['run-all-checks'], 'run-all-checks holds checks through verify-addition, and nothing calls it: a unit');
});

t.test('quoted data is no call of a function, a function named to be called is one', async (t) => {
  const defined = ['data-quoted', 'data-long-quote', 'data-backquoted', 'data-vector', 'data-string', 'data-listed', 'data-sharp-quoted', 'data-function-form', 'data-let-bound', 'data-parameter', 'by-sharp-quote', 'by-function-form', 'by-funcall', 'by-mapc', 'by-key', 'by-sharp-key', 'by-unquote', 'by-macro', 'by-eval', 'by-document-function'];
  const plan = doc(
    lisp(defined.map((name) => `(defun check-${name} () (assert (= 1 2)))`).join('\n')) +
      `\n${lisp(`(assert (equal '(check-data-quoted) (list 'check-data-listed)))
(defparameter *plan* (list (quote (check-data-long-quote)) \`(check-data-backquoted :later) #(check-data-vector) "(check-data-string)"))
(mapc #'funcall (list #'check-data-sharp-quoted (function check-data-function-form)))
(let ((f #'check-data-let-bound)) (funcall f))
(defparameter *checks* (vector #'check-data-parameter))
(mapc #'check-by-sharp-quote '())
(funcall (function check-by-function-form))
(sort (list 1) #'< :test #'check-by-sharp-key)
(funcall 'check-by-funcall)
(mapc 'check-by-mapc '())
(sort (list 1) #'< :key 'check-by-key)
(list \`(1 ,(check-by-unquote)))
(defmacro run-it () '(check-by-macro))
(eval '(check-by-eval))
(defun run-check (check) (funcall check))
(run-check 'check-by-document-function)`)}`,
  );
  t.same(
    byKind(plan.units, 'verify-function').map((u) => u.functionName),
    defined.filter((name) => name.startsWith('data-')).map((name) => `check-${name}`),
    'a function only quoted, backquoted, in a vector, a string, a quoted symbol given to a list, or #\'f put in a list, a vector or a binding runs as a unit; one named by \'f or #\'f given to funcall, mapc, :key, :test or a function of the document, unquoted, or in a macro\'s or eval\'s code is called',
  );
  const needingArguments = doc(lisp("(defun check-with (x) (assert (= x 1)))\n(defparameter *checks* (list #'check-with))\n(dolist (c *checks*) (funcall c 1))"));
  t.same([needingArguments.units.filter((u) => u.kind === 'verify-function'), needingArguments.problems], [[], []], "#'f of a function needing arguments, put in a list: what holds it may call it with them, no unit and no error");
  const outer = doc(lisp("(defun check-inner () (assert nil))\n(defun outer () (check-inner))") + `\n${lisp("'(outer)")}`);
  t.same(byKind(outer.units, 'verify-function').map((u) => u.functionName), ['outer'], "'(outer) alone calls nothing: outer runs as a unit, holding checks through check-inner");
});

t.test('holdsChecks finds a check under any wrapping of code, never in quoted data', async () => {
  const check = fc.constantFrom('(assert (= 1 x))', '(is (= 1 x))', '(fiveam:is-true x)', '(5am:signals error (f))', '(ok x)', '(parachute:true x)', '(rove:ng x)');
  const wrapper = fc.constantFrom((f: string) => `(when (> 1 2) ${f})`, (f: string) => `(dolist (x '()) ${f})`, (f: string) => `(lambda () ${f})`, (f: string) => `(ignore-errors ${f})`, (f: string) => `(let ((x 1)) ${f})`, (f: string) => `#+sbcl ${f}`);
  const wrapped = fc.tuple(check, fc.array(wrapper, { maxLength: 6 })).map(([form, wrappers]) => wrappers.reduce<string>((inner, wrap) => wrap(inner), form));
  const holds = (text: string) => holdsChecks(scanForms(text).forms[0].node);
  fc.assert(fc.property(wrapped, (code) => holds(`(progn ${code})`) && !holds(`(progn '${code})`) && !holds(`(progn (other:assert x) '(${code}))`)));
});

t.test("a block of Lisp code under a language near a Lisp one fails at its fence; Pandoc's {lisp} and {.lisp} are Lisp", async (t) => {
  const documentOf = (lang: string, text = '(assert (= 1 2))') => `---\ntype: verification\nname: f\n---\n# F\n\n## c\n\n\`\`\`${lang}\n${text}\n\`\`\`\n\n\`\`\`lisp\n(assert t)\n\`\`\`\n`;
  for (const lang of ['lsip', 'lisp-nope', 'clisp']) {
    const plan = translate(parseMarkdown('f.md', documentOf(lang)));
    t.match(plan.problems, [{ line: 9, severity: 'error', message: new RegExp(`^a code block of language '${lang}' is not run: did you mean 'lisp'\\?`) }], lang);
  }
  for (const lang of ['{lisp}', '{.lisp}', '.lisp', '{.lisp .numberLines}']) {
    const plan = translate(parseMarkdown('f.md', documentOf(lang)));
    t.equal(plan.units.filter((unit) => unit.kind === 'lisp-block').length, 2, `${lang} runs`);
  }
  for (const [lang, text] of [['list', 'one\ntwo'], ['python', '(1, 2)'], ['text', '(a note)']]) {
    t.same(translate(parseMarkdown('f.md', documentOf(lang, text))).problems, [], `${lang}: another language's block`);
  }
});

t.test('a Lisp language in look-alike letters that read as it once normalised (NFKC: fullwidth, mathematical) fails at its fence as other look-alikes do', async (t) => {
  const documentOf = (lang: string) => `---\ntype: verification\nname: f\n---\n# F\n\n## c\n\n\`\`\`${lang}\n(assert (= 1 2))\n\`\`\`\n\n\`\`\`lisp\n(assert t)\n\`\`\`\n`;
  // Fullwidth `ｌｉｓｐ`, mathematical bold `𝐥𝐢𝐬𝐩` and sans-serif `𝖼𝗅` (each code point its letter's compatibility form), and a Cyrillic `і`.
  const lookAlikes: [string, string][] = [['\uff4c\uff49\uff53\uff50', 'lisp'], ['\u{1d425}\u{1d422}\u{1d42c}\u{1d429}', 'lisp'], ['\u{1d5bc}\u{1d5c5}', 'cl'], ['l\u0456sp', 'lisp'], ['\uff53\uff42\uff43\uff4c', 'sbcl']];
  for (const [lang, meant] of lookAlikes) {
    const plan = translate(parseMarkdown('f.md', documentOf(lang)));
    t.match(plan.problems, [{ line: 9, severity: 'error', message: `did you mean '${meant}'?` }], `${lang} is a look-alike of ${meant}`);
    t.equal(plan.units.filter((unit) => unit.kind === 'lisp-block').length, 1, 'and is not run: the other block is');
  }
  // Other languages in compatibility letters are no Lisp: shown, as any other language's block is.
  for (const lang of ['\uff50\uff59\uff54\uff48\uff4f\uff4e', '\u{1d42d}\u{1d41e}\u{1d431}\u{1d42d}']) {
    t.same(translate(parseMarkdown('f.md', documentOf(lang))).problems, [], `${lang}: another language's block`);
  }
});

t.test('only an operator known to call a function calls it: one that takes the function or its name does not', async (t) => {
  const held = ['symbol-function', 'fdefinition', 'compile', 'fboundp', 'documentation', 'describe', 'trace', 'declaimed', 'coerce', 'disassemble', 'library-call'];
  const called = ['funcall-fetched', 'apply-fetched', 'mapc-fetched', 'thread-fetched'];
  const plan = doc(
    lisp([...held, ...called].map((name) => `(defun check-${name} () (assert (= 1 2)))`).join('\n')) +
      `\n${lisp(`(defparameter *checks* (list (symbol-function 'check-symbol-function) (fdefinition (quote check-fdefinition))))
(compile 'check-compile)
(assert (fboundp 'check-fboundp))
(documentation 'check-documentation 'function)
(describe 'check-describe)
(trace check-trace)
(declaim (notinline check-declaimed))
(coerce 'check-coerce 'function)
(disassemble #'check-disassemble)
(other:library-call #'check-library-call)
(funcall (symbol-function 'check-funcall-fetched))
(apply (fdefinition 'check-apply-fetched) '())
(mapc (symbol-function 'check-mapc-fetched) '())
(bt:join-thread (bt:make-thread (symbol-function 'check-thread-fetched)))`)}`,
  );
  t.same(
    byKind(plan.units, 'verify-function').map((u) => u.functionName).sort(),
    held.map((name) => `check-${name}`).sort(),
    'each function only fetched, compiled, asked about, traced, declared or given to another library runs as a unit of its own; one fetched by symbol-function or fdefinition and given to funcall, apply or mapc is called',
  );
  const needingArguments = doc(lisp("(defun check-with (x) (assert (= x 1)))\n(defparameter *check* (symbol-function 'check-with))\n(funcall *check* 1)"));
  t.same([byKind(needingArguments.units, 'verify-function'), needingArguments.problems], [[], []], '(symbol-function \'f) holds the function as #\'f does: what holds it may call it with arguments, no unit and no error');
});

t.test('an operator known to call a function calls only the argument that is its function: one given in another argument is data to it', async (t) => {
  const data = ['funcall-data', 'apply-data', 'mapcar-data', 'sort-data', 'merge-data'];
  const called = ['funcall', 'apply', 'map', 'sort', 'merge', 'substitute-if'];
  const plan = doc(
    lisp([...data, ...called].map((name) => `(defun check-${name} () (assert (= 1 2)))`).join('\n')) +
      `\n${lisp(`(list (funcall #'identity #'check-funcall-data)
      (apply #'list (symbol-function 'check-apply-data) nil)
      (mapcar #'identity (list 1) #'check-mapcar-data)
      (sort (list #'check-sort-data) #'string<)
      (merge 'list (list #'check-merge-data) nil #'<))
(funcall #'check-funcall)
(apply 'check-apply nil)
(map nil #'check-map '(1))
(sort (list 1 2) #'check-sort)
(merge 'list (list 1) (list 2) #'check-merge)
(substitute-if 0 #'check-substitute-if (list 1))`)}`,
  );
  t.same(
    byKind(plan.units, 'verify-function').map((u) => u.functionName),
    data.map((name) => `check-${name}`),
    "#'f as a value given to funcall, apply, mapcar, sort or merge is put aside: f runs as a unit of its own; #'f as the function they call is called",
  );
});

t.test('code on one line keeps the spaces of its string literals, |symbols| and #\\ characters, as the driver shows a form', async (t) => {
  t.equal(codeOnOneLine('(assert   (string= got\n     "a  b"))'), '(assert (string= got "a  b"))');
  t.equal(codeOnOneLine(`(list #\\  '|p  q| "say \\"x  y\\"")`), `(list #\\  '|p  q| "say \\"x  y\\"")`);
});

t.test("the plan and the driver know the same operators to call a function, and which argument each calls: the driver's table is this one", async (t) => {
  const checks = readFileSync(new URL('../../src/run/lisp/checks.lisp', import.meta.url), 'utf8');
  const table = /\(defparameter \*designator-callers\*\s+'\(((?:\s*\([^)]*\))*)\s*\)/.exec(checks);
  t.ok(table, 'checks.lisp defines *designator-callers*');
  const pairs = [...table![1].matchAll(/\(([^\s.()]+) \. (\d+)\)/g)].map(([, name, argument]) => [name, Number(argument)]);
  t.ok(pairs.length > 40, `the table is read whole (${pairs.length} operators)`);
  t.same(pairs.sort(), [...DESIGNATOR_CALLERS].sort());
});

t.test('the answer shown for an Input, in any form a user writes it, is compared or is an error at its line, never dropped', async (t) => {
  const input = (code: string) => json(`{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "${code}"}}}`);
  const body = [
    `## Plain fence\n\n**Input**:\n${input('(* 6 7)')}\n**Expected**:\n\`\`\`\n=> 43\n\`\`\`\n`,
    `## Text fence\n\n**Input**:\n${input('(/ 1 0)')}\n**Expected Output**:\n\`\`\`text\n=> 0\n\`\`\`\n`,
    `## JSON in a plain fence\n\n**Input**:\n${input('1')}\n**Response**:\n\`\`\`\n{"result": {"isError": false}}\n\`\`\`\n`,
    `## Comments only\n\n**Input**:\n${input('(+ 1 1)')}\n**Expected**:\n${lisp(';; TODO: check that the answer is 3')}`,
    `## Definitions only\n\n**Input**:\n${input('(+ 1 2)')}\n**Expected**:\n${lisp('(defun answer-ok-p (r) r)')}`,
    `## YAML\n\n**Input**:\n${input('(+ 1 3)')}\n**Expected**:\n\`\`\`yaml\nresult: 4\n\`\`\`\n`,
    `## Empty\n\n**Input**:\n${input('(+ 1 4)')}\n**Expected**:\n\`\`\`\n\n\`\`\`\n`,
    `## Prose\n\n**Input**: Call tools/list\n\n**Expected**:\n${json('{"result": {"tools": [{"name": "evaluate-lisp"}]}}')}`,
  ].join('\n');
  const plan = doc(body);
  /** The line of the document (its frontmatter and title are 7 lines) where NEEDLE first stands. */
  const lineOf = (needle: string) => body.split('\n').findIndex((line) => line.includes(needle)) + 8;
  const inputs = byKind(plan.units, 'json-input');
  t.same(
    inputs.map((unit) => [unit.headingPath.at(-1), unit.expected?.form ?? null, unit.expected?.text.trim() ?? null]),
    [
      ['Plain fence', 'text', '=> 43'],
      ['Text fence', 'text', '=> 0'],
      ['JSON in a plain fence', 'json', '{"result": {"isError": false}}'],
      ['Comments only', null, null],
      ['Definitions only', null, null],
      ['YAML', null, null],
      ['Empty', null, null],
      ['Prose', 'json', '{"result": {"tools": [{"name": "evaluate-lisp"}]}}'],
    ],
  );
  t.same(JSON.parse(inputs[7].code.text), { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, 'the prose Input is sent as the request it names');
  const errors = plan.problems.filter((p) => p.severity === 'error');
  t.same(
    errors.map((p) => p.message.replace(/ at line \d+/, '').slice(0, 60)),
    [
      'this block is the answer to the Input, but it holds only com',
      'this block is the answer to the Input, but it runs nothing o',
      'this yaml block is labelled as the answer to the Input, but ',
      'this block is labelled as the answer to the Input, but it is',
    ],
  );
  t.ok(errors.every((p) => /checks nothing, and the request is never sent/.test(p.message)), 'each says the request is never sent');
  t.same(errors.map((p) => p.line), [lineOf(';; TODO'), lineOf('(defun answer-ok-p'), lineOf('result: 4'), lineOf('(+ 1 4)') + 5], 'each at the first line of its block');
  t.notOk(plan.notRun.some((n) => /Plain fence|Text fence/.test(n.block.headingPath.join())), 'no answer is left as an illustration');
  t.match(describePlan(plan), /the text of the tool's answer must hold the lines of the Expected text at line \d+/);
});

t.test('an Expected JSON that states nothing of the answer carries a warning; one that states something, or the whole answer of a ping, does not', async (t) => {
  const section = (name: string, request: string, expected: string) => `## ${name}\n\n**Input**:\n${json(request)}\n**Expected**:\n${json(expected)}`;
  const call = '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(car 5)"}}}';
  const plan = doc(
    [
      section('Empty', call, '{}'),
      section('Empty result', call, '{"jsonrpc": "2.0", "id": 2, "result": {}}'),
      section('Envelope only', call, '{"jsonrpc": "2.0", "id": 2}'),
      section('Other id', call, '{"jsonrpc": "2.0", "id": 3, "result": {}}'),
      section('Content', call, '{"isError": true}'),
      section('Ping', '{"jsonrpc": "2.0", "id": 1, "method": "ping"}', '{"jsonrpc": "2.0", "id": 1, "result": {}}'),
    ].join('\n'),
  );
  t.same(
    byKind(plan.units, 'json-input').map((unit) => [unit.headingPath.at(-1), unit.expected?.checksNothing?.replace(/[:;].*/, '') ?? null]),
    [
      ['Empty', 'this Expected JSON states nothing of the answer but that it is a result that is no error'],
      ['Empty result', 'this Expected JSON states nothing of the answer but that it is a result that is no error'],
      ['Envelope only', 'this Expected JSON states only what every answer to the request has (jsonrpc, id)'],
      ['Other id', null],
      ['Content', null],
      ['Ping', null],
    ],
  );
  t.same(plan.problems, [], 'a warning, not a problem that fails the run');
});

t.test('checks in any function object nothing calls are reported: a defgeneric with a :method, a lambda given a name by setf, a lambda a variable holds', async (t) => {
  const uncalled = doc(
    lisp(`(defgeneric generic-check ()
  (:method () (is (= 1 2))))
(defvar *held-check* (lambda () (is (= 3 4))))
(defparameter *quiet* (lambda () 1))`) +
      lisp(`(setf (symbol-function 'set-check) (lambda () (is (= 5 6))))`) +
      lisp(`(test something (is (= 1 1)))`),
  );
  t.same(byKind(uncalled.units, 'verify-function').map((u) => u.functionName).sort(), ['generic-check', 'set-check'], 'named functions of no arguments nothing calls run as units of their own');
  t.same(uncalled.uncalledCheckFunctions?.map((fn) => fn.name).sort(), ['generic-check', 'set-check'], 'and are noted as uncalled');
  t.match(uncalled.problems, [{ severity: 'error', line: 11, message: /^\*held-check\* holds a function whose checks nothing .* calls: they would never run/ }], 'a lambda a variable holds that nothing calls is an error at its place; one holding no check is nothing');

  const called = doc(
    lisp(`(defgeneric generic-check ()
  (:method () (is (= 1 1))))
(defvar *held-check* (lambda () (is (= 3 3))))
(defvar *given* (lambda () (is (= 3 3))))
(defun hand-on (f) f)`) +
      lisp(`(setf (symbol-function 'set-check) (lambda () (is (= 5 5))))`) +
      lisp(`(test runs-them (generic-check) (funcall *held-check*) (hand-on *given*) (set-check))`),
  );
  t.same(byKind(called.units, 'verify-function'), [], 'called from a test, none is a unit of its own');
  t.same(called.problems, [], 'nor a problem');
  t.same(
    called.calledCheckFunctions?.map((fn) => [fn.name, fn.variable ?? false]),
    [['generic-check', false], ['*held-check*', true], ['*given*', true], ['set-check', false]],
    'each is judged by the run, by whether its checks were reached: one handed on included',
  );
});

t.test('a lambda kept as data (a registry of checks) is judged by the run, by whether a unit reached its checks', async (t) => {
  const plan = doc(
    lisp(`(defvar *checks* (make-hash-table))
(setf (gethash :positive *checks*) (lambda (x) (assert (plusp x))))
(let ((rules '()))
  (push #'(lambda () (is (= 1 1))) rules))
(defvar *listed* (list (lambda () (is (= 2 2)))))
(setf *plain* (lambda () (is (= 3 3))))
(push (lambda () (print 1)) *quiet*)`),
  );
  t.same(
    plan.calledCheckFunctions?.map((fn) => [fn.name, fn.stored ?? false, fn.checks.map((check) => check.text)]),
    [
      ['the lambda at line 10', true, ['(assert (plusp x))']],
      ['the lambda at line 12', true, ['(is (= 1 1))']],
      ['the lambda at line 13', true, ['(is (= 2 2))']],
    ],
    'each stored lambda holding checks, at its own line; one checking nothing is none',
  );
  t.match(plan.problems.map((problem) => problem.message), [/^\*plain\* holds a function whose checks nothing/], "a top-level setf of a variable stays the variable's");
  t.match(describePlan(plan), /the lambda at line 10 {2}\(doc\.test\.md:10; checks at line 10; kept as data, its checks are reported not run if no unit calls it\)/);
});
