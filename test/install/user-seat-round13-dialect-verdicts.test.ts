// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): a rove, prove or Parachute check whose argument signalled inside IGNORE-ERRORS or
// HANDLER-CASE left no point at all, so its test passed on the checks after it; FiveAM's
// failed there. Their tests that never reach a verdict fail as FiveAM's do.
import t from 'tap';
import { userProject } from '../support/installed.js';

const DIALECTS = `---
type: verification
name: dialects
covers:
  - Numbers parse
---
# Parsing numbers

## rove

\`\`\`lisp
(rove:deftest parses-rove
  (ignore-errors (rove:ok (= 4 (parse-integer "four"))))
  (rove:ok (= 1 1)))
\`\`\`

## prove

\`\`\`lisp
(prove:deftest parses-prove
  (ignore-errors (prove:is (parse-integer "four") 4))
  (prove:ok t))
\`\`\`

## Parachute

\`\`\`lisp
(parachute:define-test parses-parachute
  (handler-case (parachute:is = 4 (parse-integer "four")) (error () nil))
  (parachute:true t))
(parachute:define-test errs-first
  (parse-integer "four")
  (parachute:true t))
(parachute:define-test checks-nothing-made
  (dolist (text '()) (parachute:true (parse-integer text))))
\`\`\`
`;

t.test("a test of rove, prove or Parachute that reaches no verdict fails; the requirement is failing, not verified", async (t) => {
  const project = userProject({ 'specs/dialects.md': DIALECTS });
  const run = await project.specRun(['specs/dialects.md', '--reporter', 'tap', '--require-verified']);
  t.equal(run.code, 1, run.stderr);
  for (const check of ['(rove:ok (= 4 (parse-integer "four")))', '(prove:is (parse-integer "four") 4)', '(parachute:is = 4 (parse-integer "four"))'])
    t.match(run.stdout, `not ok 1 - ${check}`, `${check} fails at its line`);
  t.equal(run.stdout.match(/reason: "the check never reached a verdict: evaluating it signalled SB-INT:SIMPLE-PARSE-ERROR, which code around the check caught"/g)?.length, 3);
  t.match(run.stdout, /# Subtest: errs-first\n\s+not ok 1 - unexpected error in the test/);
  t.match(run.stdout, /# Subtest: checks-nothing-made\n\s+not ok 1 - checks-nothing-made makes its checks/);
  t.match(run.stderr, /requirements: 0 verified, 1 failing/);
  t.match(run.stderr, /3 passed, 5 failed, 0 skipped, 0 todo/);
});
