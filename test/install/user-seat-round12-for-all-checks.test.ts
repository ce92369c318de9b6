// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): a for-all whose body checks with assert stopped at its first trial when that
// trial passed ("No tests", the assert a passing point of its own), so a property
// falsified by a later trial was reported as passing its check and with no values.
import t from 'tap';
import { userProject } from '../support/installed.js';

// Trials see 1, 2, 3...: the first two pass, the third falsifies the property.
const PROPERTY = `---
type: property
name: widths
---
# Widths

\`\`\`lisp
(fiveam:test width-is-small
  (fiveam:for-all ((w (let ((n 0)) (lambda () (incf n)))))
    (assert (< w 3))))
\`\`\`

\`\`\`lisp
(fiveam:test width-is-positive
  (fiveam:for-all ((w (fiveam:gen-integer :min 1 :max 100)))
    (assert (plusp w))
    (ok (integerp w))))
\`\`\`
`;

t.test("a for-all of asserts falsified after passing trials fails as one point with its counterexample; one that holds passes", async (t) => {
  const project = userProject({ 'specs/widths.md': PROPERTY });
  const run = await project.specRun(['specs/widths.md', '--reporter', 'tap']);
  t.equal(run.code, 1, run.stderr);
  t.match(run.stdout, /# Subtest: width-is-small\n {8}not ok 1 - \(fiveam:for-all \(\(w [^\n]*\n[^]*? {10}values:\n {12}w: "3"\n {10}reason: "falsified by the values shown; failed: \(< w 3\) at line 10: the assertion is false; the rest of this trial is not run"/);
  t.notMatch(run.stdout, /No tests/, 'not said to have made no check');
  t.notMatch(run.stdout, /ok \d+ - \(< w 3\)/, "the assert is no point of its own: it did not hold over all trials");
  t.match(run.stdout, /# Subtest: width-is-positive\n {8}ok 1 - \(fiveam:for-all \(\(w \(fiveam:gen-integer :min 1 :max 100\)\)\) \(assert \(plusp w\)\) \(ok \(integerp w\)\)\)\n(?: {8}# seed: \d+\n)? {8}1\.\.1/);
  t.equal(run.stderr.trim().split('\n').at(-1), '1 passed, 1 failed, 0 skipped, 0 todo');
});
