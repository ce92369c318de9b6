// FiveAM establishes RETEST and IGNORE restarts around a test's body, and RETEST is the first
// restart code in a test finds: code that invokes it would run the test again without end,
// each run a point more for every check. A test runs once in its unit (RUN-TEST-ONCE,
// driver.lisp): the check the restart left fails at its line, saying what the code did;
// restarts the document's own code establishes are its own.
import t from 'tap';
import { frontmatter, lisp, runMarkdown } from './helpers.js';

const RETEST = /its code invoked FiveAM's RETEST restart \(the first restart code in a test finds, which runs the test again from its start\), and spec-run runs a test once in its unit: the test ended there/;

t.test('a check whose code invokes the first restart is one failing point at its line, whether or not a rerun would pass', async (t) => {
  const always = await runMarkdown(
    `${frontmatter()}${lisp('(defun fact (n) (declare (ignore n)) (invoke-restart (first (compute-restarts))))')}\n## Test\n\n${lisp('(fiveam:test fact-works\n  (fiveam:is (eql 120 (fact 5))))')}`,
  );
  t.equal(always.points.length, 1, JSON.stringify(always.points));
  t.match(always.failed[0], { name: '(eql 120 (fact 5))', at: { line: 17 }, diagnostics: { reason: RETEST } });

  const once = await runMarkdown(
    `${frontmatter()}${lisp('(defvar *calls* 0)\n(defun fact (n) (declare (ignore n)) (if (< (incf *calls*) 2) (invoke-restart (first (compute-restarts))) 120))')}\n## Test\n\n${lisp('(fiveam:test fact-works\n  (fiveam:is (eql 120 (fact 5)))\n  (fiveam:is (eql 1 (fact 0))))')}`,
  );
  t.equal(once.failed.length, 1, JSON.stringify(once.points));
  t.match(once.failed[0], { name: '(eql 120 (fact 5))', at: { line: 18 }, diagnostics: { reason: RETEST } });
  t.match(once.points[1], { ok: true, name: '(fiveam:is (eql 1 (fact 0)))', skip: /^not run/ }, 'the check after it did not run: the test ended');
  t.notOk(once.points.some((p) => p.ok && !p.skip), 'no rerun made a passing point');
});

t.test("IGNORE invoked outside any check fails the test once; a restart the document's code establishes is its own", async (t) => {
  const r = await runMarkdown(
    `${frontmatter()}${lisp(`(fiveam:test gives-up
  (invoke-restart 'fiveam::ignore)
  (fiveam:is (= 1 1)))
(fiveam:test own-restart
  (fiveam:is (= 5 (restart-case (invoke-restart (first (compute-restarts))) (use-five () 5)))))`)}`,
  );
  t.equal(r.failed.length, 1, JSON.stringify(r.points));
  t.match(r.failed[0], { name: 'the test runs once', at: { line: 10 }, diagnostics: { reason: /invoked FiveAM's IGNORE restart \(which abandons the test\)/ } });
  t.ok(r.points.some((p) => p.ok && !p.skip && p.name === '(= 5 (restart-case (invoke-restart (first (compute-restarts))) (use-five () 5)))'), 'its own restart runs as written');
});
