// Nothing green that was not checked, from a user's seat, for Lisp documents: spec-run
// packed, installed into a fresh project outside the repository, run through
// node_modules/.bin/spec-run on the documents of a user's audit: checks that never
// ran, a check function nothing calls, a thread outliving its unit, a unit past the
// time limit, a dry run, and a check never reached (or left out by a reader
// conditional) beside checks that passed.
import t from 'tap';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';
import { lispDocument as document, parseTap } from '../cli/spec-run.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);


t.test('units whose checks never ran fail, saying how many and where; a block with no check at all says it ran without error', async (t) => {
  const project = userProject({
    'specs/never.test.md': document('never', {
      'Every element is divisible by one': "(defparameter *my-list* '())\n(fiveam:test divisible\n  (dolist (n *my-list*)\n    (fiveam:is (= 0 (mod n 1)))))",
      'An assert that never runs': '(when (> 1 2)\n  (assert (= 1 2)))',
      'An error swallowed': '(ignore-errors (fiveam:is (= 1 (error "boom"))))',
    }),
    'specs/plain.test.md': document('plain', { 'Hello': '(format t "hello~%")', 'Counted': '(assert (= 2 (+ 1 1)))' }),
  });
  const run = await project.specRun(['specs/never.test.md', '--reporter', 'tap']);
  t.equal(run.code, 1, 'a document of such units does not pass');
  t.equal(summary(run.stderr), '0 passed, 3 failed, 0 skipped, 0 todo');
  const tap = await parseTap(run.stdout);
  t.equal(tap.ok, false);
  t.equal(tap.plan.end, 1, 'valid TAP');
  for (const unit of ['divisible', 'An assert that never runs']) {
    t.match(run.stdout, new RegExp(`not ok 1 - ${unit} makes its checks\\n[^]*?reason: "none of its 1 check ran \\(line \\d+\\)`), `${unit}: not ok, its check counted`);
  }
  // The check was entered: the error its argument signalled, caught around it, is its failure, at its line.
  t.match(run.stdout, /not ok 1 - \(= 1 \(error "boom"\)\)\n[^]*?reason: "the check never reached a verdict: evaluating it signalled/, 'An error swallowed: not ok at the check itself');
  const plain = await project.specRun(['specs/plain.test.md', '--reporter', 'tap']);
  t.equal(plain.code, 0, plain.stdout + plain.stderr);
  t.match(plain.stdout, /ok 1 - Hello runs without error\n/, 'a block without checks says what its point checked');
  t.match(plain.stdout, /ok 1 - \(= 2 \(\+ 1 1\)\)\n/);
});

t.test('a unit whose checks are all in the helpers it calls fails when none of theirs ran; a helper\'s checks that ran are its points', async (t) => {
  const project = userProject({
    'specs/helpers.test.md': document('helpers', {
      'Helpers': "(defparameter *orders* '())\n(defun check-order (order)\n  (assert (plusp (getf order :total))))\n(defun check-orders (orders)\n  (mapc #'check-order orders))",
      'Every order has a total': '(check-orders *orders*)',
      'One order has a total': "(check-orders '((:total 3)))",
    }),
  });
  const run = await project.specRun(['specs/helpers.test.md', '--reporter', 'tap']);
  t.equal(run.code, 1, 'a unit that checked nothing through its helpers does not pass');
  t.equal(summary(run.stderr), '1 passed, 1 failed, 0 skipped, 0 todo');
  t.match(run.stdout, /not ok 1 - Every order has a total makes its checks\n[^]*?reason: "none of the 1 check of the functions it calls ran \(check-order at helpers\.test\.md:\d+\)/);
  t.match(run.stdout, /ok 1 - \(plusp \(getf order :total\)\)\n/, 'the check made through the helper is the other unit\'s point');
  t.equal((await parseTap(run.stdout)).ok, false);
});

t.test('a function holding checks that nothing calls runs as a unit; one needing arguments is an error of check and of the run', async (t) => {
  const project = userProject({
    'specs/uncalled.test.md': document('uncalled', {
      'Contract: parse-age rejects negatives': '(defun parse-age (s) (parse-integer s))\n\n(defun check-parse-age-rejects-negatives ()\n  (assert (null (ignore-errors (parse-age "-5")))))',
      'Contract: parse-age reads digits': '(assert (= 42 (parse-age "42")))',
    }),
    'specs/arguments.test.md': document('arguments', {
      'A helper': '(defun check-positive (n)\n  (assert (plusp n)))',
      'A check': '(assert (= 1 1))',
    }),
  });
  const run = await project.specRun(['specs/uncalled.test.md', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the stated contract ran, and fails');
  t.match(run.stdout, /# Subtest: check-parse-age-rejects-negatives\n\s+not ok 1 - \(null \(ignore-errors \(parse-age "-5"\)\)\)/);
  const list = await project.specRun(['specs/uncalled.test.md', '--list']);
  t.match(list.stdout, /verify-function\s+check-parse-age-rejects-negatives[^\n]*\n\s+calls \(check-parse-age-rejects-negatives\): defined, never called, and holds checks/);
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 1);
  t.match(check.stdout, /uncalled\.test\.md:\d+:1: note: check-parse-age-rejects-negatives holds checks and nothing in this document or its specification tree calls it: it runs as a unit/);
  t.match(check.stdout, /arguments\.test\.md:\d+:1: error: check-positive holds checks, but nothing in this document or its specification tree calls it and it needs arguments/);
  const withArguments = await project.specRun(['specs/arguments.test.md', '--reporter', 'tap']);
  t.equal(withArguments.code, 1, 'the run does not pass either');
  t.match(withArguments.stdout, /not ok 1 - check-positive holds checks, but nothing in this document or its specification tree calls it/);
});

t.test('a thread left running fails the unit that started it, and its late check lands in no other unit', async (t) => {
  const project = userProject({
    'specs/threads.test.md': document('threads', {
      'A check in a thread nobody joins': '(bt:make-thread (lambda () (sleep 0.5) (fiveam:is (= 1 2))) :name "late checker")\n(assert (= 1 1))',
      'Another unit': '(sleep 1)\n(assert (= 2 2))',
    }),
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.equal(summary(run.stderr), '2 passed, 1 failed, 0 skipped, 0 todo', 'the late check is counted nowhere');
  t.match(run.stdout, /not ok 2 - A check in a thread nobody joins leaves no thread running\n[^]*?reason: "1 thread it started was still running when it ended \(late checker\): stopped/);
  t.match(run.stdout, /# Subtest: Another unit\n\s+ok 1 - \(= 2 2\)\n\s+# seed: \d+\n\s+1\.\.1\n/, 'the next unit holds its own point only');
  t.equal((await parseTap(run.stdout)).plan.end, 1, 'valid TAP');
});

t.test('after a unit past the time limit, the units after it say they ran in a fresh environment', async (t) => {
  const project = userProject({
    'specs/state.test.md': document('state', {
      Setup: '(defvar *counter* 0)',
      Bump: '(setf *counter* 5)\n(assert (= *counter* 5))',
      Loop: '(loop)',
      After: '(assert (= *counter* 5))',
    }),
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap', '--timeout', '2s']);
  t.equal(run.code, 1);
  t.match(run.stdout, /# Subtest: Bump\n\s+ok 1/, 'the unit before the loop is told nothing');
  t.notMatch(run.stdout.slice(0, run.stdout.indexOf('# Subtest: Loop')), /fresh Lisp environment/);
  t.match(run.stdout, /# After ran in a fresh Lisp environment: the unit "Loop" \(line \d+\) exceeded the unit time limit/);
  t.match(run.stdout, /environment: "ran in a fresh Lisp environment: [^\n]*"\n/, 'the failing point says why *counter* is 0');
  const spec = await project.specRun(['specs/', '--reporter', 'spec', '--timeout', '2s']);
  t.match(spec.stdout, /After ran in a fresh Lisp environment/, 'the terminal says so too');
});

t.test('a dry run runs no Lisp unit: each is skipped, and only what a dry run can know fails it', async (t) => {
  const project = userProject();
  const written = join(project.dir, 'written.txt');
  project.write({
    'specs/effects.test.md': document('effects', {
      'Writes a file': `(with-open-file (out ${JSON.stringify(written)} :direction :output) (write-line "ran" out))\n(assert t)`,
      'Loops forever': '(loop)',
    }),
  });
  const run = await project.specRun(['specs/', '--dry-run', '--reporter', 'tap']);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.equal(summary(run.stderr), '0 passed, 0 failed, 2 skipped, 0 todo');
  t.match(run.stdout, /ok 1 - Writes a file # SKIP dry run: not run\n/);
  t.match(run.stdout, /ok 1 - Loops forever # SKIP dry run: not run\n/);
  t.notOk(existsSync(written), 'no unit ran');
  const real = await project.specRun(['specs/effects.test.md', '--reporter', 'tap', '--grep', 'Writes a file']);
  t.equal(real.code, 0, real.stdout + real.stderr);
  t.ok(existsSync(written), 'the same unit run for real writes the file');
  project.write({ 'specs/broken.test.md': document('broken', { Unbalanced: '(assert (= 1 1)' }) });
  const broken = await project.specRun(['specs/', '--dry-run', '--reporter', 'tap']);
  t.equal(broken.code, 1, 'a block that cannot be read fails a dry run');
  t.equal((await parseTap(broken.stdout)).plan.end, 2, 'valid TAP');
});

t.test("checks muffled by the document's own code still fail: ASSERT in the document's own package, FiveAM's IS inside HANDLER-CASE", async (t) => {
  const project = userProject({
    'specs/muffled.test.md': document('muffled', {
      'Package': '(defpackage :my-tests (:use :cl))\n(in-package :my-tests)',
      'Muffled assert': '(ignore-errors (assert (= 1 2)))',
      'Muffled is': '(fiveam:test muffled\n  (fiveam:is (= 1 1))\n  (handler-case (fiveam:is (equal "a" "b")) (error () :ignored)))',
    }),
  });
  const run = await project.specRun(['specs/muffled.test.md', '--reporter', 'tap']);
  t.equal(run.code, 1, run.stdout + run.stderr);
  t.equal(summary(run.stderr), '1 passed, 2 failed, 0 skipped, 0 todo');
  t.match(run.stdout, /not ok 1 - \(= 1 2\)\n/);
  t.match(run.stdout, /not ok 2 - \(equal "a" "b"\)\n/);
  t.equal((await parseTap(run.stdout)).ok, false);
});

t.test('a check never reached while the rest of its unit passed, or left out by a reader conditional, is a skipped point: the run passes, its requirement is untested', async (t) => {
  const project = userProject({
    'specs/reached.test.md': document(
      'reached',
      {
        'A branch not taken': '(when nil (assert (= 1 2)))\n(assert (= 1 1))',
        'A test on one line': '(fiveam:test t1 (fiveam:is (= 1 1)) (when nil (fiveam:is (= 1 2))))',
        'A throw past it': "(defun g () (throw 'done nil))\n\n(catch 'done (g) (assert (= 2 3)))\n(assert (= 2 2))",
        'Left out': '#+ccl (assert (= 3 (+ 1 1)))\n#-sbcl (assert (= 4 (+ 1 1)))\n(assert (= 2 (+ 1 1)))',
        'An outcome in a branch': '(fiveam:test outcome\n  (if (= 1 1) (fiveam:pass) (fiveam:fail "not one")))',
      },
      'covers: [Reached]\n',
    ),
  });
  const run = await project.specRun(['specs/reached.test.md', '--reporter', 'tap']);
  t.equal(run.code, 0, `skips do not fail a run: ${run.stderr}`);
  t.equal(summary(run.stderr), '5 passed, 0 failed, 5 skipped, 0 todo');
  const never = 'not run: the unit ended without evaluating it (a branch not taken, a loop over nothing, a non-local exit past it)';
  for (const check of ['(assert (= 1 2))', '(fiveam:is (= 1 2))', '(assert (= 2 3))']) {
    t.ok(run.stdout.includes(`- ${check} # SKIP ${never}\n`), `${check} is skipped, never reached`);
  }
  t.match(run.stdout, /- \(assert \(= 3 \(\+ 1 1\)\)\) # SKIP its form stands behind #\+ccl, which leaves it out in this SBCL\n/);
  t.match(run.stdout, /- \(assert \(= 4 \(\+ 1 1\)\)\) # SKIP its form stands behind #-sbcl, which leaves it out in this SBCL\n/);
  t.notMatch(run.stdout, /fiveam:fail/, 'the outcome not taken is no check missed');
  t.equal((await parseTap(run.stdout)).ok, true);
  const gated = await project.specRun(['specs/reached.test.md', '--require-verified']);
  t.equal(gated.code, 1, 'the requirement is untested');
  t.match(gated.stderr, /--require-verified: specs\/reached\.test\.md#Reached is untested \(5 checks were skipped/);
});
