// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): a check left by a non-local exit that is not an error (a timeout caught around it,
// a warning, THROW, RETURN-FROM) left no point at all, so the run was green and its
// requirement verified; Parachute's (skip "reason" body...) ran its body's checks and failed
// on them. Now every check that began and reached no verdict fails at its line, and a
// skipped Parachute body's checks are skipped points.
import t from 'tap';
import { userProject } from '../support/installed.js';

const GUARDED = `---
type: verification
name: timeout-guarded-check
covers:
  - Answers in time
---
# A check guarded by a timeout

\`\`\`lisp
(defun slow-answer () (sleep 3) 42)

(fiveam:test answers-in-time
  (handler-case
      (sb-ext:with-timeout 0.3
        (fiveam:is (= 42 (slow-answer))))
    (sb-ext:timeout () :gave-up))
  (fiveam:is (= 1 1)))
\`\`\`

## Other exits

\`\`\`lisp
(catch 'out (assert (= 1 (throw 'out 7))))
(rove:deftest left-by-return-from
  (block b (rove:ok (= 1 (return-from b nil)))))
\`\`\`
`;

const SKIPPED = `---
type: verification
name: parachute-skip-body
---
# Parachute skip with a body

\`\`\`lisp
(parachute:define-test later-feature
  (parachute:true (= 2 2))
  (parachute:skip "not implemented yet"
    (parachute:is = 3 (+ 1 1))))
\`\`\`
`;

/** The line of TEXT where NEEDLE first stands. */
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

t.test('a check left by a caught timeout, a THROW or a RETURN-FROM fails at its line; the requirement is failing', async (t) => {
  const project = userProject({ 'specs/guarded.test.md': GUARDED });
  const run = await project.specRun(['specs/', '--reporter', 'tap', '--require-verified']);
  t.equal(run.code, 1, run.stderr);
  t.match(run.stdout, new RegExp(String.raw`not ok 1 - \(= 42 \(slow-answer\)\)\n\s+---\n\s+at: specs\/guarded.test.md:${lineOf(GUARDED, '(fiveam:is (= 42')}\n[^]*?reason: "the check never reached a verdict: evaluating it signalled TIMEOUT, which code around the check caught"`));
  t.match(run.stdout, new RegExp(String.raw`not ok 1 - \(= 1 \(throw 'out 7\)\)\n\s+---\n\s+at: specs\/guarded.test.md:${lineOf(GUARDED, "(catch 'out (assert")}\n[^]*?reason: "the check never reached a verdict: a non-local exit`));
  t.match(run.stdout, new RegExp(String.raw`not ok 1 - \(rove:ok \(= 1 \(return-from b nil\)\)\)\n\s+---\n\s+at: specs\/guarded.test.md:${lineOf(GUARDED, '(block b (rove:ok')}\n`));
  t.match(run.stderr, /requirements: 0 verified, 1 failing/);
  t.match(run.stderr, /1 passed, 3 failed, 0 skipped/);
});

t.test("Parachute's skip with a body: its checks are skipped points with the reason, and the run passes", async (t) => {
  const project = userProject({ 'specs/parachute-skip.test.md': SKIPPED });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.match(run.stdout, new RegExp(String.raw`ok 2 - \(parachute:is = 3 \(\+ 1 1\)\) # SKIP not implemented yet\n\s+---\n\s+at: specs\/parachute-skip.test.md:${lineOf(SKIPPED, '(parachute:is = 3')}\n`));
  t.notMatch(run.stdout, /not ok/);
  t.match(run.stderr, /1 passed, 0 failed, 1 skipped/);
});
