// FiveAM as a FiveAM user writes it, end to end with a real SBCL driver:
// def-test, suites made with def-suite*, fixtures defined in one block and used in
// another, skip, and for-all properties (one point for all trials; when falsified,
// the values found and the checks they failed).
import t from 'tap';
import { parseMarkdown } from '../../../src/parse/index.js';
import { translate } from '../../../src/translate/index.js';
import { frontmatter, lineIn, lisp, options, runMarkdown, type PointEvent } from './helpers.js';
import { runLispDocumentWithTranscript } from '../../../src/run/lisp/index.js';
import type { RunEvent } from '../../../src/model/events.js';

const summary = (p: PointEvent) => [p.ok, p.name, p.at?.line, p.skip ?? null];

const md = `${frontmatter('property')}## Suite and fixture

${lisp(`(def-suite* arithmetic :description "sums")

(def-fixture with-pair (a b)
  (let ((sum (+ a b)))
    (&body)))`)}
## Tests, one block each

${lisp(`(def-test fixture-sum (:suite arithmetic)
  (with-fixture with-pair (2 40)
    (is (= 42 sum) "sum was ~a" sum)))`)}
${lisp(`(test later
  (skip "not written yet"))`)}
${lisp(`(def-test sums-are-small ()
  (for-all ((a (gen-integer :min 0 :max 100))
            (b (gen-integer :min 0 :max 100)))
    (is (< (+ a b) 150) "~a + ~a is too big" a b)))`)}
${lisp(`(test sums-commute
  (for-all ((a (gen-integer)) (b (gen-integer)))
    (is (= (+ a b) (+ b a)))
    (is-true (integerp a))))`)}`;

t.test('def-test, def-suite* and def-fixture are definitions; each test is a unit named by it', async (t) => {
  const plan = translate(parseMarkdown('doc.test.md', md));
  t.same(plan.units.map((u) => [u.kind, u.name]), [
    ['fiveam-test', 'fixture-sum'],
    ['fiveam-test', 'later'],
    ['fiveam-test', 'sums-are-small'],
    ['fiveam-test', 'sums-commute'],
  ]);
});

t.test('fixtures, skip and for-all run as FiveAM runs them, one point each', async (t) => {
  const r = await runMarkdown(md, options());
  const forAll = (needle: string) => r.points.find((p) => p.at?.line === lineIn(md, needle));
  t.same(r.points.filter((p) => !p.name.startsWith('(for-all')).map(summary), [
    [true, '(= 42 sum)', lineIn(md, '(is (= 42 sum)'), null],
    [true, '(skip "not written yet")', lineIn(md, '(skip "not'), 'not written yet'],
  ], 'a skipped test is its skip point alone, not also a passing point named after the test');
  t.equal(r.points.length, 4, 'each for-all is one point, whatever its number of trials');
  const commute = forAll('(for-all ((a (gen-integer)) (b (gen-integer)))');
  t.equal(commute?.ok, true);
  const small = forAll('(for-all ((a (gen-integer :min 0');
  t.equal(small?.ok, false, 'two numbers up to 100 do not always sum below 150');
  const values = small?.diagnostics?.values as Record<string, string>;
  t.same(Object.keys(values), ['a', 'b'], 'the values that falsified it, by variable');
  t.ok(Number(values.a) + Number(values.b) >= 150, `the values shown falsify the check: ${JSON.stringify(values)}`);
  t.match(small?.diagnostics?.reason, new RegExp(`failed: \\(< \\(\\+ a b\\) 150\\) at line ${lineIn(md, '(is (< (+ a b)')}: ${values.a} \\+ ${values.b} is too big`));
});

t.test("a for-all whose body checks with assert or another framework's check is one point for all its trials: falsified after passing trials, it fails with the values and the check they failed", async (t) => {
  // The generator counts 1, 2, 3...: the first two trials pass, the third falsifies.
  const counting = '(let ((n 0)) (lambda () (incf n)))';
  const md = `${frontmatter('property')}## Assert\n\n${lisp(`(fiveam:test with-assert
  (fiveam:for-all ((a ${counting}))
    (assert (< a 3))
    (assert (plusp a))))`)}\n## Rove\n\n${lisp(`(fiveam:test with-ok
  (fiveam:for-all ((b ${counting}))
    (ok (< b 3))))`)}\n## Holding\n\n${lisp(`(fiveam:test holds
  (fiveam:for-all ((c ${counting}))
    (assert (plusp c))
    (true (integerp c))))`)}\n## Block\n\n${lisp(`(fiveam:for-all ((d ${counting}))
  (assert (< d 3)))
(assert (= 1 1))`)}`;
  const r = await runMarkdown(md, options());
  t.same(r.points.map(summary), [
    [false, `(fiveam:for-all ((a ${counting})) (assert (< a 3)) (assert (plusp a)))`, lineIn(md, '(fiveam:for-all ((a'), null],
    [false, `(fiveam:for-all ((b ${counting})) (ok (< b 3)))`, lineIn(md, '(fiveam:for-all ((b'), null],
    [true, `(fiveam:for-all ((c ${counting})) (assert (plusp c)) (true (integerp c)))`, lineIn(md, '(fiveam:for-all ((c'), null],
    [false, `(fiveam:for-all ((d ${counting})) (assert (< d 3)))`, lineIn(md, '(fiveam:for-all ((d'), null],
    [true, '(= 1 1)', lineIn(md, '(assert (= 1 1))'), null],
  ], "no point of a trial's own, passed or failed: the for-all's says how its checks ended over all trials, and a false assert ends its trial, not the unit");
  t.match(r.points[0].diagnostics, { values: { a: '3' }, reason: `falsified by the values shown; failed: (< a 3) at line ${lineIn(md, '(assert (< a 3))')}: the assertion is false; the rest of this trial is not run` });
  t.match(r.points[1].diagnostics, { values: { b: '3' }, reason: `falsified by the values shown; failed: (ok (< b 3)) at line ${lineIn(md, '(ok (< b 3))')}: the check is false` });
  t.match(r.points[3].diagnostics, { values: { d: '3' } });
});

t.test("an error in a for-all's trial, inside a test, fails it with the condition and the trial's values; one in a generator, with the condition", async (t) => {
  const md = `${frontmatter()}## Trials\n\n${lisp(`(fiveam:test trial-signals
  (fiveam:for-all ((x (fiveam:gen-integer :min 0 :max 3)))
    (fiveam:is (plusp (/ 1 (- x x))))))`)}\n## Generator\n\n${lisp(`(fiveam:test generator-signals
  (fiveam:for-all ((s (lambda () (error "generator broke"))))
    (fiveam:is (stringp s))))`)}`;
  const r = await runMarkdown(md);
  t.match(r.failed, [
    { name: 'unexpected error in the test', diagnostics: { condition: { type: 'DIVISION-BY-ZERO' }, values: { x: /^[0-3]$/ } } },
    { name: 'unexpected error in the test', diagnostics: { condition: { type: 'SIMPLE-ERROR', message: 'generator broke' } } },
  ]);
  t.notMatch(JSON.stringify(r.failed), /none of its/, 'not said to have made no check');
});

t.test("FiveAM's checks at top level of a block or in a verify- function are points, the unit goes on; a test is found in the package it was defined in", async (t) => {
  const doc = `${frontmatter()}## Own package

${lisp(`(defpackage :own-spec (:use :cl :fiveam))
(in-package :own-spec)
(test in-own-package
  (let ((ok (string= "ab" (concatenate 'string "a" "b"))))
    (is-true ok)))`)}
## Back in CL-USER, checks outside any test

${lisp(`(in-package :cl-user)
(is (= 2 (+ 1 1)))
(is (= 3 (+ 1 1)) "one and one make ~a" (+ 1 1))
(is-false (evenp 3))`)}
## In a verification function

${lisp(`(defun verify-with-fiveam ()
  (is (= 1 2) "one is not ~a" 2)
  (is-true (= 1 1)))`)}`;
  const r = await runMarkdown(doc, options());
  t.same(r.points.map(summary), [
    [true, '(is-true ok)', lineIn(doc, '(is-true ok)'), null],
    [true, '(= 2 (+ 1 1))', lineIn(doc, '(is (= 2'), null],
    [false, '(= 3 (+ 1 1))', lineIn(doc, '(is (= 3'), null],
    [true, '(is-false (evenp 3))', lineIn(doc, '(is-false'), null],
    [false, '(= 1 2)', lineIn(doc, '(is (= 1 2)'), null],
    [true, '(= 1 1)', lineIn(doc, '(is-true (= 1 1))'), null],
  ]);
  t.equal(r.failed[0]?.diagnostics?.reason, 'one and one make 2');
});

t.test('one name in two packages is two tests, and two verify- functions: each unit runs its own, though the document ends in the other package', async (t) => {
  const doc = `${frontmatter()}## Packages

${lisp('(defpackage :p2 (:use :cl :fiveam))')}
## In CL-USER

${lisp(`(test capacity (is (= 4 (length (list 1 2 3 4)))))
(defun verify-capacity () (assert (= 4 (length (list 1 2 3 4)))))`)}
## In P2, where the document stays

${lisp(`(in-package :p2)
(test capacity (is (= 5 (length (list 1 2 3 4)))))
(defun verify-capacity () (assert (= 6 (length (list 1 2 3 4)))))`)}`;
  const r = await runMarkdown(doc, options());
  t.same(r.plan.units.map((u) => u.name), ['capacity', 'verify-capacity', 'p2::capacity', 'p2::verify-capacity']);
  t.same(r.points.map(summary), [
    [true, '(= 4 (length (list 1 2 3 4)))', lineIn(doc, '(test capacity (is (= 4'), null],
    [true, '(= 4 (length (list 1 2 3 4)))', lineIn(doc, '(defun verify-capacity () (assert (= 4'), null],
    [false, '(= 5 (length (list 1 2 3 4)))', lineIn(doc, '(test capacity (is (= 5'), null],
    [false, '(= 6 (length (list 1 2 3 4)))', lineIn(doc, '(defun verify-capacity () (assert (= 6'), null],
  ]);
});

t.test('a failed FiveAM check in a thread of spec code is its point; the thread goes on', async (t) => {
  const doc = `${frontmatter()}## Threads\n\n${lisp(`(bt:join-thread
 (bt:make-thread (lambda ()
                   (is (= 1 2) "in a thread")
                   (is (= 1 1)))))`)}`;
  const r = await runMarkdown(doc, options());
  t.same(r.points.map(summary), [
    [false, '(= 1 2)', lineIn(doc, '(is (= 1 2)'), null],
    [true, '(= 1 1)', lineIn(doc, '(is (= 1 1))'), null],
  ]);
  t.equal(r.failed[0]?.diagnostics?.reason, 'in a thread');
});

t.test(':depends-on: a dependency is not run again in the dependent\'s unit; a failed one skips the dependent, named by it', async (t) => {
  const doc = `${frontmatter()}## Tests\n\n${lisp(`(test (uses-later :depends-on later-base)
  (is-true t))

(test later-base
  (is (= 1 1)))

(test broken
  (is (= 1 2)))

(test (needs-broken :depends-on broken)
  (is-true t))`)}`;
  const r = await runMarkdown(doc, options());
  t.same(
    r.points.map((p) => [p.unitId.slice(p.unitId.lastIndexOf('#') + 1), p.ok, p.name, p.skip ?? null]),
    [
      ['1', true, '(is-true t)', null],
      ['2', true, '(= 1 1)', null],
      ['3', false, '(= 1 2)', null],
      ['4', true, 'needs-broken', 'Dependencies not satisfied'],
    ],
    "each test's checks are its own unit's points, once",
  );
});

t.test('finishes is one point: its body returning passes; an error fails it with the condition, and the test goes on', async (t) => {
  const doc = `${frontmatter('verification')}## Finishing

${lisp(`(test finishing
  (finishes (+ 1 2))
  (finishes (parse-integer "twelve"))
  (finishes (undefined-helper-of-this-test 3))
  (is (= 2 (+ 1 1))))`)}
## At a block's top level

${lisp(`(finishes (error "boom at top level"))
(assert (= 1 1))`)}`;
  const r = await runMarkdown(doc, options());
  t.same(r.points.map(summary), [
    [true, '(finishes (+ 1 2))', lineIn(doc, '(finishes (+ 1 2))'), null],
    [false, '(finishes (parse-integer "twelve"))', lineIn(doc, '(finishes (parse-integer'), null],
    [false, '(finishes (undefined-helper-of-this-test 3))', lineIn(doc, '(finishes (undefined-helper'), null],
    [true, '(= 2 (+ 1 1))', lineIn(doc, '(is (= 2'), null],
    [false, '(finishes (error "boom at top level"))', lineIn(doc, '(finishes (error'), null],
    [true, '(= 1 1)', lineIn(doc, '(assert (= 1 1))'), null],
  ], 'no second "did not finish" or "unexpected error" point for the same check');
  const parse = r.points[1].diagnostics!;
  t.match(parse.reason, /^its body signalled SB-INT:SIMPLE-PARSE-ERROR: junk in string "twelve"/);
  t.match(parse.condition, { type: 'SB-INT:SIMPLE-PARSE-ERROR' });
  t.match(parse.backtrace, /PARSE-INTEGER "twelve"/, 'the frames where it was signalled');
  t.match(r.points[2].diagnostics, { undefined: 'undefined-helper-of-this-test' }, 'an undefined function is named as such');
  t.match(r.points[2].diagnostics?.reason, /undefined-helper-of-this-test is called here, but neither this document nor the vocabulary defines it/);
});

t.test('a test calling a helper whose block cannot be read says so, instead of "nothing defines it"', async (t) => {
  const doc = `${frontmatter('verification')}## Helpers

${lisp(`(defun doubled (x)
  (* x 2)`)}
## Test

${lisp(`(test uses-doubled
  (is (= 4 (doubled 2))))`)}`;
  const r = await runMarkdown(doc, options());
  t.equal(r.points.length, 1);
  t.match(r.points[0], { ok: false, at: { line: lineIn(doc, '(is (= 4 (doubled 2)))') } });
  t.match(r.points[0].diagnostics?.reason, new RegExp(`this document's block at line ${lineIn(doc, '(defun doubled') - 1} would define doubled, but cannot be read: unbalanced parentheses`));
});

t.test('a test behind a reader conditional that leaves it out in SBCL is skipped, saying why; one it keeps runs', async (t) => {
  const doc = `${frontmatter('verification')}## Per implementation

${lisp(`#-sbcl
(test elsewhere-only (is (= 1 2)))

#+(or sbcl ccl)
(test here-too (is (= 1 1)))

#+(and sbcl (not sbcl))
(test never (is nil))`)}`;
  const r = await runMarkdown(doc, options());
  t.same(r.points.map(summary), [
    [true, 'elsewhere-only', lineIn(doc, '#-sbcl'), 'its definition stands behind #-sbcl, which leaves it out in this SBCL'],
    [true, '(= 1 1)', lineIn(doc, '(test here-too'), null],
    [true, 'never', lineIn(doc, '#+(and sbcl'), 'its definition stands behind #+(and sbcl (not sbcl)), which leaves it out in this SBCL'],
  ]);
});

t.test("a failed is shows the values of its arguments, hash tables with their entries; FiveAM's own reason on one line", async (t) => {
  const doc = `${frontmatter('verification')}## Comparisons

${lisp(`(test comparisons
  (let ((h1 (make-hash-table :test 'equal)) (h2 (make-hash-table :test 'equal)))
    (setf (gethash "a" h1) 1 (gethash "a" h2) 2)
    (is (equalp h1 h2)))
  (multiple-value-bind (q r) (truncate 17 5)
    (is (= 4 q))
    (is (= 2 r)))
  (is (= 2 3)))`)}`;
  const r = await runMarkdown(doc, options());
  t.same(r.points.map(summary), [
    [false, '(equalp h1 h2)', lineIn(doc, '(is (equalp h1 h2))'), null],
    [false, '(= 4 q)', lineIn(doc, '(is (= 4 q))'), null],
    [true, '(= 2 r)', lineIn(doc, '(is (= 2 r))'), null],
    [false, '(= 2 3)', lineIn(doc, '(is (= 2 3))'), null],
  ]);
  t.same(r.points[0].diagnostics?.values, { h1: '#<HASH-TABLE :TEST EQUAL :COUNT 1 {"a" 1}>', h2: '#<HASH-TABLE :TEST EQUAL :COUNT 1 {"a" 2}>' });
  t.equal(r.points[0].diagnostics?.reason, '(equalp h1 h2) is false', 'the form as written');
  t.same(r.points[1].diagnostics?.values, { q: '3' });
  t.equal(r.points[3].diagnostics?.reason, '3 evaluated to 3 which is not = to 2', "FiveAM's reason without its blank lines");
});

t.test("checks a document's macro expands into stand at the macro's call, named by their own form", async (t) => {
  const doc = `${frontmatter('verification')}## Helpers

${lisp(`(defmacro check-sum (a b expected)
  \`(progn (assert (numberp (+ ,a ,b)))
          (is (= ,expected (+ ,a ,b)))))`)}
## Uses

${lisp(`(test sums
  (check-sum 1 2 3)
  (check-sum 2 2 5))`)}
${lisp(`(check-sum 5 5 10)`)}`;
  const r = await runMarkdown(doc, options());
  t.same(r.points.map(summary), [
    [true, '(numberp (+ 1 2))', lineIn(doc, '(check-sum 1 2 3)'), null],
    [true, '(= 3 (+ 1 2))', lineIn(doc, '(check-sum 1 2 3)'), null],
    [true, '(numberp (+ 2 2))', lineIn(doc, '(check-sum 2 2 5)'), null],
    [false, '(= 5 (+ 2 2))', lineIn(doc, '(check-sum 2 2 5)'), null],
    [true, '(numberp (+ 5 5))', lineIn(doc, '(check-sum 5 5 10)'), null],
    [true, '(= 10 (+ 5 5))', lineIn(doc, '(check-sum 5 5 10)'), null],
  ]);
});

t.test("a test whose definition did not load says why, at the definition's failure, not 'did its definition load?'", async (t) => {
  const doc = `${frontmatter('verification')}## Tests

${lisp(`(test unknown-package
  (is (= 1 (no-such-package-here:thing 1))))`)}`;
  const r = await runMarkdown(doc, options());
  const test = r.points.find((p) => p.name === 'unknown-package');
  t.match(test, { ok: false, at: { line: lineIn(doc, '(test unknown-package') } });
  t.equal(
    test?.diagnostics?.reason,
    `no FiveAM test named unknown-package was defined: its definition did not load (line ${lineIn(doc, 'no-such-package-here')}: cannot read the code at line ${lineIn(doc, 'no-such-package-here')}: Package NO-SUCH-PACKAGE-HERE does not exist.)`,
  );
});

t.test("a block that runs the suite itself (run, run!, explain!) inside other code does not count the tests' checks again", async (t) => {
  const doc = `${frontmatter('verification')}## Suite

${lisp(`(def-suite by-hand)
(in-suite by-hand)
(test passes-by-hand (is (= 1 1)))
(test fails-by-hand (is (= 2 3)))`)}
## Run at the REPL's way

${lisp(`(let ((results (run 'by-hand)))
  (explain! results)
  (assert (not (results-status results))))`)}`;
  const r = await runMarkdown(doc, options());
  t.same(r.points.map(summary), [
    [true, '(= 1 1)', lineIn(doc, '(test passes-by-hand'), null],
    [false, '(= 2 3)', lineIn(doc, '(test fails-by-hand'), null],
    [true, '(not (results-status results))', lineIn(doc, '(assert (not'), null],
  ], 'each check once, in its own test; the block has its own assertion');
});

t.test('an error outside any check stands at the call it came from when that call is the only one of its function; else at its top-level form', async (t) => {
  const doc = `${frontmatter('verification')}## Errors

${lisp(`(defun risky (x)
  (when (minusp x) (error "negative: ~a" x))
  x)

(test error-in-builtin
  (when nil (error "not this one"))
  (let ((n (parse-integer "x1")))
    n))

(test error-in-helper-called-twice
  (risky 1)
  (risky -2))`)}
${lisp(`(let ((pair (list 1 2)))
  (car pair)
  (parse-integer "nope"))`)}`;
  const r = await runMarkdown(doc, options());
  t.same(r.points.map((p) => [p.ok, p.at?.line]), [
    [false, lineIn(doc, '(parse-integer "x1")')],
    [false, lineIn(doc, '(test error-in-helper-called-twice')],
    [false, lineIn(doc, '(parse-integer "nope")')],
  ], 'the error of a library call at that call; (error "not this one") is not taken for it; two calls of risky could be either');
});

t.test("a check a macro made in a document's own package is named as that package reads it", async (t) => {
  const doc = `${frontmatter('verification')}## Own package

${lisp(`(defpackage :own-checks (:use :cl :fiveam))
(in-package :own-checks)
(defmacro same-length (a b) \`(is (= (length ,a) (length ,b))))
(test lengths
  (let ((xs '(1 2)) (ys '(3 4)))
    (same-length xs ys)))`)}`;
  const r = await runMarkdown(doc, options());
  t.same(r.points.map(summary), [[true, '(= (length xs) (length ys))', lineIn(doc, '(same-length xs ys)'), null]], 'not own-checks::xs');
});

t.test('a FiveAM test defined through a macro runs as a unit; one whose definition spec-run cannot see fails at the form that defined it, never silently unrun', async (t) => {
  const md = `${frontmatter('property')}## Macros

${lisp("(defmacro my-test (name &body body)\n  `(fiveam:test ,name ,@body))\n(defmacro listed-test (name &body body)\n  (list* 'fiveam:test name body))")}
## Through the template

${lisp('(my-test always-fails\n  (fiveam:is (= 1 2)))')}
## Through LIST

${lisp('(listed-test hidden\n  (fiveam:is (= 1 2)))')}
## Through EVAL

${lisp("(eval (list 'fiveam:test 'evaluated '(fiveam:is (= 1 1))))\n(assert (= 1 1))")}`;
  const r = await runMarkdown(md);
  t.same(r.points.map(summary), [
    [false, '(= 1 2)', lineIn(md, '(fiveam:is (= 1 2)))'), null],
    [false, 'FiveAM test hidden runs', lineIn(md, '(listed-test hidden'), null],
    [false, 'FiveAM test evaluated runs', lineIn(md, "(eval (list 'fiveam:test"), null],
    [true, '(= 1 1)', lineIn(md, '(assert (= 1 1))'), null],
  ]);
  t.match(r.points[1].diagnostics?.reason, /spec-run did not see a test's definition in it, so no unit runs it: its checks would never run/);
});

t.test('a run narrowed to one test still loads the others the plan defines, without taking them for tests no unit runs', async (t) => {
  const md = `${frontmatter()}${lisp("(defmacro my-test (name &body body)\n  `(fiveam:test ,name ,@body))\n(my-test first-one (fiveam:is (= 1 1)))\n(fiveam:test second-one (fiveam:is (= 2 2)))")}`;
  const plan = translate(parseMarkdown('narrowed.md', md));
  const events: RunEvent[] = [];
  await runLispDocumentWithTranscript({ ...plan, units: plan.units.filter((unit) => unit.name === 'first-one') }, options(), (event) => events.push(event));
  const points = events.filter((event): event is PointEvent => event.type === 'point');
  t.same(points.map(summary), [[true, '(= 1 1)', lineIn(md, '(my-test first-one'), null]]);
});

t.test("a failing point shows a string literal's runs of spaces as written, in its form and in FiveAM's reason; the code around is one line", async (t) => {
  const md = `${frontmatter()}## assert\n\n${lisp(`(let ((got "a b"))
  (assert   (string= got
                     "a  b")))`)}\n## FiveAM\n\n${lisp(`(fiveam:test two-spaces
  (fiveam:is (string= "x  y" "x y"))
  (fiveam:is (equal (list "x  y"   #\\  '|p  q|) (list "x y" #\\  '|p q|))))`)}`;
  const r = await runMarkdown(md);
  const [asserted, strings, fiveam] = r.failed;
  t.equal(asserted?.name, '(string= got "a  b")', 'the literal keeps its two spaces, the code between forms is one space');
  t.equal(asserted?.diagnostics?.form, '(assert (string= got "a  b"))');
  t.same(asserted?.diagnostics?.values, { got: '"a b"' }, 'the value, as printed, beside the literal it differs from');
  t.equal(fiveam?.diagnostics?.form, `(equal (list "x  y" #\\  '|p  q|) (list "x y" #\\  '|p q|))`, 'a character #\\Space and a |symbol| keep their spaces too');
  t.equal(strings?.diagnostics?.reason, '"x y" evaluated to "x y" which is not STRING= to "x  y"', "FiveAM's reason quotes the two values as FiveAM printed them");
});

t.test("an undefined function a test calls is placed at the test's own call, not at another unit's earlier call of it", async (t) => {
  const doc = `${frontmatter('verification')}## First

${lisp(`(assert (= 1 1))
(assert (= 2 (frob-nowhere 1)))`)}
## Later

${lisp(`(defun helper-between () 1)`)}
## A FiveAM test

${lisp(`(fiveam:test calls-frob
  (fiveam:is (= 1 1))
  (fiveam:is (= 2 (frob-nowhere 1))))`)}`;
  const r = await runMarkdown(doc, options());
  const failing = r.points.filter((p) => !p.ok);
  t.same(failing.map((p) => p.at?.line), [lineIn(doc, '(assert (= 2 (frob-nowhere'), lineIn(doc, '(fiveam:is (= 2 (frob-nowhere')], 'each unit at its own call');
  t.match(failing[1], { name: 'unexpected error in the test', diagnostics: { undefined: 'frob-nowhere' } });
});

t.test("a FOR-ALL whose body makes no check in the trial FiveAM tries fails naming its checks and the values tried, not FiveAM's bare 'No tests'; one whose trials check passes", async (t) => {
  const doc = `${frontmatter('property')}## Never checked

${lisp('(fiveam:test long-lists\n  (fiveam:for-all ((l (fiveam:gen-list)))\n    (when (> (length l) 1000)\n      (fiveam:is (equal l (reverse (reverse l)))))))')}
## Always checked

${lisp('(fiveam:test every-list\n  (fiveam:for-all ((l (fiveam:gen-list)))\n    (fiveam:is (equal l (reverse (reverse l))))))')}`;
  const r = await runMarkdown(doc);
  t.same(r.points.map((p) => p.ok), [false, true]);
  const reason = String(r.points[0].diagnostics?.reason);
  t.match(reason, new RegExp(`^the check \\(fiveam:is \\(equal l \\(reverse \\(reverse l\\)\\)\\)\\) at line ${lineIn(doc, '(fiveam:is (equal l (reverse (reverse l)))))))')} of this FOR-ALL ran in none of its trials`));
  t.match(reason, /put the condition in the guard/);
  t.notMatch(reason, /^No tests/);
  t.match(r.points[0].diagnostics, { values: { l: /^\(.*\)$|^nil$/i } }, 'the values of the trial tried');
});
