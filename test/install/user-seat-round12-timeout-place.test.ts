// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): a unit past its time limit failed at its first line, and the check that hung
// was said to be one the limit expired "before".
import t from 'tap';
import { userProject } from '../support/installed.js';

const HANG = `---
type: verification
name: hang
---
# Where does it hang?

\`\`\`lisp
(defun widen (lo hi) (loop while (< lo hi) do (decf lo) (incf hi)) (list lo hi))
\`\`\`

## Widening

\`\`\`lisp
(assert (equal '(0 0) (widen 0 0)))
(assert (equal '(1 1) (widen 1 1)))
(assert (equal '(-1 3) (widen 0 2)))
(assert (equal '(2 2) (widen 2 2)))
\`\`\`
`;

t.test('a unit past its time limit fails at the form that hung; the check there was running', async (t) => {
  const project = userProject({ 'specs/hang.md': HANG });
  const run = await project.specRun(['specs/hang.md', '--timeout', '2s', '--reporter', 'tap']);
  t.equal(run.code, 1, run.stderr);
  t.match(run.stdout, /not ok 4 - Widening completes\n {10}---\n {10}at: specs\/hang\.md:16\n {10}reason: Widening exceeded the unit time limit of 2000 ms/);
  t.match(run.stdout, /ok \d - \(assert \(equal '\(-1 3\) \(widen 0 2\)\)\) # SKIP not run to its end: the unit exceeded its time limit in the form at line 16, which was running/);
  t.notMatch(run.stdout, /time limit before it/);
});
