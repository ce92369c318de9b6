// A check written in a unit that never ran, while others of the unit did, is a skipped
// point at its line: a branch not taken, a loop over nothing, a non-local exit past it,
// or a reader conditional that leaves it out in SBCL. Left unreported, the unit passed
// as if it had made the check. Outcomes written in a branch (pass, fail, skip) are no
// checks missed; a check that runs many times, or that a macro expands into, is reached.
import t from 'tap';
import { frontmatter, lineIn, lisp, options, runMarkdown } from './helpers.js';

const NEVER_REACHED = 'not run: the unit ended without evaluating it (a branch not taken, a loop over nothing, a non-local exit past it)';
const leftOutBy = (feature: string) => `its form stands behind ${feature}, which leaves it out in this SBCL`;
const shown = (r: Awaited<ReturnType<typeof runMarkdown>>) => r.points.map((p) => [p.ok, p.name, p.skip ?? null]);

t.test('a check under a false condition, or past a throw, is skipped at its line, in a block and in a FiveAM test written on one line', async (t) => {
  const md = `${frontmatter()}## Branch

${lisp('(when nil (assert (= 1 2)))\n(assert (= 1 1))')}
## Test on one line

${lisp('(fiveam:test t1 (fiveam:is (= 1 1)) (when nil (fiveam:is (= 1 2))))')}
## Helpers

${lisp("(defun g () (throw 'done nil))")}
## Throw

${lisp("(catch 'done (g) (assert (= 2 3)))\n(assert (= 2 2))")}`;
  const r = await runMarkdown(md);
  t.same(shown(r), [
    [true, '(= 1 1)', null],
    [true, '(assert (= 1 2))', NEVER_REACHED],
    [true, '(= 1 1)', null],
    [true, '(fiveam:is (= 1 2))', NEVER_REACHED],
    [true, '(= 2 2)', null],
    [true, '(assert (= 2 3))', NEVER_REACHED],
  ]);
  t.equal(r.points.find((p) => p.name === '(assert (= 1 2))')?.at?.line, lineIn(md, '(when nil (assert'));
  t.equal(r.points.find((p) => p.name === '(fiveam:is (= 1 2))')?.at?.line, lineIn(md, '(fiveam:test t1'));
  t.equal(r.points.find((p) => p.name === '(assert (= 2 3))')?.at?.line, lineIn(md, "(catch 'done"));
  t.equal(r.failed.length, 0, 'skipped, not failed: the checks that ran passed');
});

t.test('a check a reader conditional leaves out is skipped, naming the conditional; a block whose only check is left out is skipped, not "runs without error"', async (t) => {
  const md = `${frontmatter()}## Conditionals

${lisp('#+ccl (assert (= 3 (+ 1 1)))\n#-sbcl (assert (= 4 (+ 1 1)))\n#+(or) (fiveam:is (= 5 (+ 1 1)))\n#+sbcl (assert (= 2 (+ 1 1)))')}
## Only left out

${lisp('(print 1)\n#+ccl (assert (ccl::foo 1))')}
## In a test

${lisp('(fiveam:test t2\n  (fiveam:is (= 1 1))\n  #-sbcl (fiveam:is (= 6 (+ 1 1))))')}`;
  const r = await runMarkdown(md);
  t.same(shown(r), [
    [true, '(= 2 (+ 1 1))', null],
    [true, '(assert (= 3 (+ 1 1)))', leftOutBy('#+ccl')],
    [true, '(assert (= 4 (+ 1 1)))', leftOutBy('#-sbcl')],
    [true, '(fiveam:is (= 5 (+ 1 1)))', leftOutBy('#+(or)')],
    [true, '(assert (ccl::foo 1))', leftOutBy('#+ccl')],
    [true, '(= 1 1)', null],
    [true, '(fiveam:is (= 6 (+ 1 1)))', leftOutBy('#-sbcl')],
  ]);
  t.same(r.points.filter((p) => p.skip).map((p) => p.at?.line), [
    lineIn(md, '#+ccl (assert (= 3'), lineIn(md, '#-sbcl (assert'), lineIn(md, '#+(or)'), lineIn(md, '#+ccl (assert (ccl::foo'), lineIn(md, '#-sbcl (fiveam:is'),
  ]);
});

t.test('outcomes in a branch are not checks missed; a check made many times, in a FOR-ALL trial or through a macro is reached', async (t) => {
  const md = `${frontmatter()}## Definitions

${lisp("(defun ok-p () t)\n(defmacro is-even (x) `(fiveam:is (evenp ,x)))\n(defmacro check-kind (x) `(if (numberp ,x) (fiveam:is (plusp ,x)) (fiveam:is (stringp ,x))))")}
## Outcome

${lisp('(fiveam:test outcome\n  (if (ok-p) (fiveam:pass) (fiveam:fail "not ok")))')}
## Twenty trials

${lisp('(dotimes (i 20)\n  (assert (< i 20)))')}
## Macros

${lisp('(fiveam:test macros\n  (is-even 4)\n  (check-kind 3))')}
## Property

${lisp('(fiveam:test prop\n  (fiveam:for-all ((x (fiveam:gen-integer :min 0 :max 10)))\n    (fiveam:is (<= 0 x))))')}`;
  const r = await runMarkdown(md);
  t.same(r.points.filter((p) => p.skip !== undefined).map((p) => p.name), [], 'no check skipped');
  t.equal(r.points.filter((p) => p.name === '(< i 20)').length, 20);
  t.same(r.failed, []);
});

t.test('a FOR-ALL is one point whichever of its checks ran: a guard that never holds, a unit stopped before it, a macro in its body add no point of their own', async (t) => {
  const md = `${frontmatter()}## Helpers

${lisp('(defmacro is-positive (x) `(fiveam:is (plusp ,x)))')}
## Guard never holds

${lisp('(fiveam:test far\n  (fiveam:for-all ((x (fiveam:gen-integer :min 1 :max 10) (> x 100)))\n    (fiveam:is (plusp x))\n    (is-positive x)))')}
## Stopped before it

${lisp('(assert (= 1 2))\n(fiveam:for-all ((x (fiveam:gen-integer :min 1 :max 10)))\n  (assert (plusp x)))')}
## Guard holds

${lisp('(fiveam:test near\n  (fiveam:for-all ((x (fiveam:gen-integer :min 1 :max 10) (> x 5)))\n    (when (> x 100) (fiveam:is (plusp x)))\n    (is-positive x)))')}`;
  const r = await runMarkdown(md);
  t.same(shown(r).filter(([, name]) => !String(name).startsWith('(fiveam:for-all')), [
    [false, '(= 1 2)', null],
  ], 'no check in a FOR-ALL body is a point of its own');
  t.same(r.points.filter((p) => p.name.startsWith('(fiveam:for-all')).map((p) => [p.ok, p.at?.line, p.skip ?? null]), [
    [false, lineIn(md, '(fiveam:for-all ((x (fiveam:gen-integer :min 1 :max 10) (> x 100)))'), null],
    [true, lineIn(md, '(fiveam:for-all ((x (fiveam:gen-integer :min 1 :max 10)))'), `not run: the unit stopped in the form at line ${lineIn(md, '(assert (= 1 2))')}`],
    [true, lineIn(md, '(fiveam:for-all ((x (fiveam:gen-integer :min 1 :max 10) (> x 5)))'), null],
  ], 'each FOR-ALL is its one point');
});

t.test('a FiveAM test ended by an error: its checks not reached say so; a test skipped for its dependencies adds no skipped check', async (t) => {
  const md = `${frontmatter()}## Tests

${lisp('(fiveam:test stops\n  (fiveam:is (= 1 1))\n  (when nil (fiveam:is (= 0 1)))\n  (error "midway")\n  (fiveam:is (= 2 2)))\n(fiveam:test fails\n  (fiveam:is (= 1 2)))\n(fiveam:test (dependent :depends-on fails)\n  (fiveam:is (= 3 3)))')}`;
  const r = await runMarkdown(md);
  const stops = r.points.filter((p) => ['(= 1 1)', '(fiveam:is (= 0 1))', 'unexpected error in the test', '(fiveam:is (= 2 2))'].includes(p.name));
  t.same(stops.map((p) => [p.ok, p.name, p.skip ?? null]), [
    [true, '(= 1 1)', null],
    [false, 'unexpected error in the test', null],
    [true, '(fiveam:is (= 0 1))', 'not run: the unit ended without evaluating it (a branch not taken, a loop over nothing, a non-local exit past it)'],
    [true, '(fiveam:is (= 2 2))', `not run: the test stopped at the error at line ${lineIn(md, '(error "midway")')}`],
  ], 'a check before the error was passed over for its own reason; the one after it, for the error');
  t.notOk(r.points.some((p) => p.name === '(fiveam:is (= 3 3))'), 'a test that did not run has no check of its own not reached');
});

t.test('a FiveAM test ended by an error SBCL cannot place (a call compiled inline): no check is said to come after a line it does not know', async (t) => {
  const md = `${frontmatter()}## Tests

${lisp("(fiveam:test totals\n  (let ((items '()))\n    (dolist (x items)\n      (fiveam:is (numberp x)))\n    (fiveam:is (= 5 5))\n    (car (the t 5))\n    (fiveam:is (= 6 6))))")}`;
  const r = await runMarkdown(md);
  const skipped = r.points.filter((p) => p.skip !== undefined).map((p) => [p.name, p.skip]);
  t.same(skipped.map(([name]) => name), ['(fiveam:is (numberp x))', '(fiveam:is (= 6 6))'], 'both checks not made are skipped points');
  for (const [name, skip] of skipped) t.notMatch(skip, /stopped at the error at line/, `${name}: no line claimed for an error SBCL could not place`);
  t.ok(r.points.some((p) => !p.ok && p.name === 'unexpected error in the test'), 'the error fails the test');
});

t.test("a verify- function's check never reached is skipped; an unreached check in a helper it calls is the helper's, not the unit's", async (t) => {
  const md = `${frontmatter()}## Helpers

${lisp('(defun helper (x)\n  (when (> x 10)\n    (assert (> x 100))))\n(defun verify-something ()\n  (helper 1)\n  (assert (= 1 1))\n  (unless t (assert (= 1 2))))')}`;
  const r = await runMarkdown(md);
  t.same(shown(r), [
    [true, '(= 1 1)', null],
    [true, '(assert (= 1 2))', NEVER_REACHED],
    [true, '(assert (> x 100))', 'not run: the code calls helper, but none of its checks ran (a call over nothing or in a branch not taken, a check in it not reached), and it needs arguments'],
  ], "the helper's check is a skipped point of the helper's, after the units");
});

t.test("a check inside a definition a unit's code holds (a function, a test defined in a LET) is not the unit's to reach", async (t) => {
  const md = `${frontmatter()}## Definitions in a block

${lisp("(let ((limit 10))\n  (defun within-limit (x)\n    (assert (<= x limit)))\n  (fiveam:test inner\n    (fiveam:is (= 2 (+ 1 1)))))\n(assert (= 1 1))")}`;
  const r = await runMarkdown(md);
  t.same(shown(r).filter((p) => p[2] !== null), [], 'no check skipped in the block: the function is not called, the test runs as its own unit');
  t.same(shown(r), [[true, '(= 1 1)', null], [true, '(= 2 (+ 1 1))', null]]);
});

t.test('a check of the constant NIL or T in a branch states an outcome, as FAIL and PASS do: one not taken is no check missed', async (t) => {
  const md = `${frontmatter()}## Expected error

${lisp('(handler-case (assert (= 2 (+ 1 1)))\n  (error (e) (assert nil () "signalled ~A" e)))\n(if (= 1 1) (assert t) (fiveam:is-true nil "never"))')}`;
  const r = await runMarkdown(md);
  t.same(shown(r), [[true, '(= 2 (+ 1 1))', null], [true, 't', null]]);
});

t.test('a unit that stops skips every check of its own code it did not reach: later in the same form, in a FiveAM test or verify- function, after an exit, at the exit\'s line', async (t) => {
  const md = `${frontmatter()}## Same form

${lisp('(when nil (assert (= 0 0)))\n(let ((x 1))\n  (assert (= x 2))\n  (assert (= x 1)))\n(assert (= 3 3))')}
## Test

${lisp('(fiveam:test t-direct\n  (assert (= 5 6))\n  (fiveam:is (= 1 1)))')}
## Verify

${lisp('(defun verify-stops ()\n  (assert (= 7 8))\n  (assert (= 2 2)))')}
## Exit

${lisp('(assert (= 1 1))\n(progn (sb-ext:exit :code 0)\n  (assert (= 4 4)))\n(assert (= 1 2))')}`;
  const r = await runMarkdown(md);
  const stoppedAt = (needle: string) => `not run: the unit stopped in the form at line ${lineIn(md, needle)}`;
  t.same(shown(r), [
    [false, '(= x 2)', null],
    [true, '(assert (= 0 0))', NEVER_REACHED],
    [true, '(assert (= x 1))', stoppedAt('(let ((x 1))')],
    [true, '(assert (= 3 3))', stoppedAt('(let ((x 1))')],
    [false, '(= 5 6)', null],
    [true, '(fiveam:is (= 1 1))', stoppedAt('(assert (= 5 6))')],
    [false, '(= 7 8)', null],
    [true, '(assert (= 2 2))', stoppedAt('(assert (= 7 8))')],
    [true, '(= 1 1)', null],
    [false, 'Exit completes', null],
    [true, '(assert (= 4 4))', stoppedAt('(progn (sb-ext:exit')],
    [true, '(assert (= 1 2))', stoppedAt('(progn (sb-ext:exit')],
  ], 'as a false check is, the exit is followed by the checks it left');
  const exit = r.points.find((p) => p.name === 'Exit completes');
  t.equal(exit?.at?.line, lineIn(md, '(progn (sb-ext:exit'), "the driver's end fails at the exit's line");
  t.match(exit?.diagnostics?.reason, /the driver process ended \(exit code 0\)/);
});

t.test("an exit in a thread a helper started fails the unit where the thread's stack places the call, else at the unit's form that started it, never at the form running then", async (t) => {
  const md = `${frontmatter()}${lisp(`(defun shut-down-later ()
  (bt:make-thread (lambda () (sleep 0.2) (sb-ext:exit :code 0))))
(defun do-exit () (sb-ext:exit :code 0))
(defun start-either (quick)
  (bt:make-thread (lambda () (sleep 0.2) (if quick (sb-ext:exit :code 0) (sb-ext:exit :code 1)))))`)}
## Helper's thread\n\n${lisp('(shut-down-later)\n(sleep 1)\n(assert (= 2 3))')}
## Helper called in a thread\n\n${lisp('(bt:make-thread (lambda () (sleep 0.2) (do-exit)))\n(sleep 1)\n(assert (= 2 3))')}
## Two exits\n\n${lisp('(assert (= 1 1))\n(start-either t)\n(sleep 1)\n(assert (= 2 3))')}`;
  const r = await runMarkdown(md);
  const failed = r.points.filter((p) => !p.ok);
  t.same(failed.map((p) => [p.name, p.at?.line]), [
    ["Helper's thread completes", lineIn(md, '(bt:make-thread (lambda () (sleep 0.2) (sb-ext:exit :code 0))))')],
    ['Helper called in a thread completes', lineIn(md, '(defun do-exit ()')],
    ['Two exits completes', lineIn(md, '(start-either t)')],
  ], "the exit call in the helper's thread, the exit call in the helper that thread called, and, where the helper exits in two places, the unit's call that started the thread");
  const sleeps = md.split('\n').flatMap((line, i) => (line === '(sleep 1)' ? [i + 1] : []));
  t.same(r.points.filter((p) => p.skip).map((p) => p.skip), sleeps.map((line) => `not run: the unit stopped in the form at line ${line}`), 'the checks after the form the unit was running are skipped, naming it');
});

t.test('a unit whose driver ends in any other way skips the checks it did not reach too: an exit in a thread stops it at the call, joined or not; _exit, a FiveAM test and a verify- function ended at once, the time limit', async (t) => {
  const underscoreExit = '(sb-alien:alien-funcall (sb-alien:extern-alien "_exit" (function sb-alien:void sb-alien:int)) 0)';
  const md = `${frontmatter()}## Exit in a thread

${lisp('(assert (= 1 1))\n(bt:join-thread (bt:make-thread (lambda () (sb-ext:exit :code 0 :abort t))))\n(assert (= 1 2))')}
## Underscore exit

${lisp(`(assert (= 1 1))\n(when t\n  ${underscoreExit}\n  (fiveam:is (= 2 3)))\n(if nil (fiveam:pass) (fiveam:fail "an outcome"))\n(assert (= 3 4))`)}
## Test

${lisp(`(fiveam:test ends-at-once\n  (fiveam:is (= 1 1))\n  ${underscoreExit}\n  (fiveam:is (= 5 6)))`)}
## Verify

${lisp(`(defun verify-ends-at-once ()\n  ${underscoreExit}\n  (assert (= 7 8)))`)}`;
  const r = await runMarkdown(md);
  const ended = 'not run: the driver process ended before it';
  t.same(shown(r), [
    [true, '(= 1 1)', null],
    [false, 'Exit in a thread completes', null],
    [true, '(assert (= 1 2))', `not run: the unit stopped in the form at line ${lineIn(md, '(bt:join-thread')}`],
    [true, '(= 1 1)', null],
    [true, '(fiveam:is (= 2 3))', ended],
    [true, '(assert (= 3 4))', ended],
    [false, 'Underscore exit completes', null],
    [true, '(= 1 1)', null],
    [true, '(fiveam:is (= 5 6))', ended],
    [false, 'ends-at-once completes', null],
    [true, '(assert (= 7 8))', ended],
    [false, 'verify-ends-at-once completes', null],
  ]);
  t.equal(r.points[1].at?.line, lineIn(md, '(bt:join-thread'), "an exit in a thread fails the unit at the call's line, before the checks after it");
  t.same(r.points.filter((p) => p.skip === ended).map((p) => p.at?.line), [lineIn(md, '(fiveam:is (= 2 3))'), lineIn(md, '(assert (= 3 4))'), lineIn(md, '(fiveam:is (= 5 6))'), lineIn(md, '(assert (= 7 8))')], 'each at its line');
  const unjoined = `${frontmatter()}## Unjoined thread\n\n${lisp('(assert (= 1 1))\n(bt:make-thread (lambda ()\n                  (sleep 0.2)\n                  (sb-ext:exit :code 0 :abort t)))\n(sleep 1)\n(assert (= 2 2))')}`;
  const late = await runMarkdown(unjoined);
  t.same(shown(late), [
    [true, '(= 1 1)', null],
    [false, 'Unjoined thread completes', null],
    [true, '(assert (= 2 2))', `not run: the unit stopped in the form at line ${lineIn(unjoined, '(sleep 1)')}`],
  ], "a thread that exits after its form: the checks after the form the unit was running are skipped, after the failure, as a false check's are");
  t.equal(late.points[1].at?.line, lineIn(unjoined, '(sb-ext:exit'), "the unit fails at the thread's call, not at the form it was running");
  const spins = `${frontmatter()}## Spins\n\n${lisp('(assert (= 1 1))\n(loop)\n(assert (= 1 2))')}`;
  const slow = await runMarkdown(spins, options({ unitTimeoutMs: 1000 }));
  t.same(shown(slow), [
    [true, '(= 1 1)', null],
    [false, 'Spins completes', null],
    [true, '(assert (= 1 2))', `not run: the unit stopped in the form at line ${lineIn(spins, '(loop)')}`],
  ], 'the driver stopped at its time limit reports them itself, and none twice, after the failure at its form');
});

t.test("a FiveAM test's reader conditionals follow the features a block above it pushed, as loading the file in order does", async (t) => {
  const md = `${frontmatter()}## Setup

${lisp('(pushnew :spec-run-pushed *features*)')}
## Tests

${lisp('(fiveam:test plus\n  #+spec-run-pushed (fiveam:is (= 3 4)))\n\n(fiveam:test minus\n  (fiveam:is (= 2 2))\n  #-spec-run-pushed (fiveam:is (= 5 6))\n  #+sbcl (fiveam:is (= 1 1)))')}`;
  const r = await runMarkdown(md);
  t.same(shown(r).slice(1), [
    [false, '(= 3 4)', null],
    [true, '(= 2 2)', null],
    [true, '(= 1 1)', null],
    [true, '(fiveam:is (= 5 6))', leftOutBy('#-spec-run-pushed')],
  ]);
});

t.test('a whole definition behind a feature a block above it pushed is read at its place, as loading the file in order reads it', async (t) => {
  const md = `${frontmatter()}## Setup

${lisp('(pushnew :spec-run-pushed *features*)')}
## Definitions

${lisp('#+spec-run-pushed\n(defun backend-name () "pushed")\n#-spec-run-pushed\n(defun backend-name () "default")')}
## Uses

${lisp('(assert (string= "pushed" (backend-name)))')}
## Tests

${lisp('#+spec-run-pushed\n(fiveam:test defined-now\n  (fiveam:is (= 3 4)))\n\n#-spec-run-pushed\n(fiveam:test left-out-now\n  (fiveam:is (= 5 6)))\n\n#+spec-run-never-pushed\n(fiveam:test never\n  (fiveam:is (= 7 8)))')}`;
  const r = await runMarkdown(md);
  t.same(shown(r).slice(1), [
    [true, '(string= "pushed" (backend-name))', null],
    [false, '(= 3 4)', null],
    [true, 'left-out-now', 'its definition stands behind #-spec-run-pushed, which leaves it out where it stands, as loading the file in order reads it: a block above it changed *features*'],
    [true, 'never', 'its definition stands behind #+spec-run-never-pushed, which leaves it out in this SBCL'],
  ]);
});
