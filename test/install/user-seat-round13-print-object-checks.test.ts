// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): a check held by a print-object method of the document's class, reached only by
// printing an object, was not followed: a test printing over nothing was skipped as
// holding no check instead of failing, and check warned that a test printing a point held none.
import t from 'tap';
import { userProject } from '../support/installed.js';

const PRINTED = `---
type: verification
name: printed
covers:
  - Points print large
---
# Printed points

\`\`\`lisp
(defclass point () ((x :initarg :x :reader point-x)))
(defmethod print-object ((p point) stream)
  (fiveam:is (> (point-x p) 1000))
  (format stream "#<point ~a>" (point-x p)))
\`\`\`

## Printing every point

\`\`\`lisp
(fiveam:test print-points
  (dolist (p (list))
    (princ-to-string p)))
\`\`\`

## Printing one point

\`\`\`lisp
(fiveam:test print-one
  (format nil "~a" (make-instance 'point :x 5000)))
\`\`\`
`;

t.test('a check in print-object is followed through printing: printed over nothing, the test fails and the requirement is not verified', async (t) => {
  const project = userProject({ 'specs/printed.md': PRINTED });
  const run = await project.specRun(['specs/printed.md', '--reporter', 'tap', '--require-verified']);
  t.equal(run.code, 1, run.stderr);
  t.match(run.stdout, /not ok 1 - print-points makes its checks\n\s+---\n\s+at: specs\/printed\.md:\d+\n\s+reason: "none of the 1 check of the functions it calls ran \(print-object at printed\.md:12\)/);
  t.match(run.stdout, /# Subtest: print-one\n\s+ok 1 - \(> \(point-x p\) 1000\)\n/, "the check print-object made is print-one's point");
  t.match(run.stderr, /requirements: 0 verified, 1 failing/);

  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 0, check.stdout);
  t.notMatch(check.stdout, /holds no check/, 'check sees the check printing reaches');
  t.match(check.stderr, /0 errors, 0 warnings/);
});
