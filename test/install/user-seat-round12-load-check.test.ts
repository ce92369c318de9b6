// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): a FiveAM `is` in a defparameter's value signalled out of the definition as its
// block loaded: two failing points for one check, and the variable left unbound, which
// failed the next unit too.
import t from 'tap';
import { userProject } from '../support/installed.js';

const LOAD_CHECK = `---
type: verification
name: loadcheck
---
# A table checked as it is built

\`\`\`lisp
(defparameter *widths* (let ((w (list 1 2 3))) (fiveam:is (= 4 (length w))) w))
\`\`\`

\`\`\`lisp
(assert (= 3 (length *widths*)))
\`\`\`
`;

t.test("a failed is in a definition's value is one point and the definition is made", async (t) => {
  const project = userProject({ 'specs/loadcheck.md': LOAD_CHECK });
  const run = await project.specRun(['specs/loadcheck.md', '--reporter', 'tap']);
  t.equal(run.code, 1, run.stderr);
  t.match(run.stdout, /# Subtest: definitions at line 8\n {8}not ok 1 - \(= 4 \(length w\)\)\n[^]*?values:\n {12}\(length w\): "3"\n[^]*? {8}1\.\.1\n/);
  t.match(run.stdout, /# Subtest: A table checked as it is built\n {8}ok 1 - \(= 3 \(length \*widths\*\)\)/, 'the next unit sees the variable');
  t.notMatch(run.stdout, /CHECK-FAILURE|unbound|runs without error/);
  t.equal(run.stderr.trim().split('\n').at(-1), '1 passed, 1 failed, 0 skipped, 0 todo');
});
