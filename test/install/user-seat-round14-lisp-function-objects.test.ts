// Two Lisp findings of round 14 from a user's seat (spec-run packed, installed into a fresh
// project, run through its bin with the real SBCL and FiveAM): checks in a function object
// nothing calls (a defgeneric's :method, a lambda given a name by setf, a lambda a variable
// holds) gave no unit and no note, the document green; and a helper holding checks that a
// for-all's trials call was skipped as "not run" though it ran.
import t from 'tap';
import { userProject } from '../support/installed.js';

const UNCALLED = `---
type: verification
name: uncalled
---
# Uncalled

\`\`\`lisp
(defgeneric generic-check ()
  (:method () (fiveam:is (= 1 2))))

(defvar *held-check* (lambda () (fiveam:is (= 3 4))))
\`\`\`

\`\`\`lisp
(setf (symbol-function 'set-check) (lambda () (fiveam:is (= 5 6))))
\`\`\`

\`\`\`lisp
(fiveam:test something
  (fiveam:is (= 1 1)))
\`\`\`
`;

const PROPERTY = `---
type: property
name: sizes
---
# Sizes

Every size a helper checks is positive.

\`\`\`lisp
(defun check-size (w)
  "W is a size."
  (fiveam:is (plusp w)))

(fiveam:test sizes-are-positive
  (fiveam:for-all ((w (fiveam:gen-integer :min 1 :max 50)))
    (check-size w)))
\`\`\`
`;

t.test('checks in a function object nothing calls are run or said never to run; a helper a for-all calls counts as run', async (t) => {
  const project = userProject({ 'specs/uncalled.md': UNCALLED, 'specs/widths.md': PROPERTY });
  const uncalled = await project.specRun(['specs/uncalled.md']);
  t.equal(uncalled.code, 1, uncalled.stderr);
  t.match(uncalled.stdout, /# Subtest: generic-check\n {8}not ok 1 - \(= 1 2\)/, "the defgeneric's method runs as a unit of its own, and its check fails");
  t.match(uncalled.stdout, /# Subtest: set-check\n {8}not ok 1 - \(= 5 6\)/, 'so does the lambda setf names');
  t.match(uncalled.stdout, /not ok 1 - \*held-check\* holds a function whose checks nothing in this document or its specification tree calls: they would never run/, 'the lambda a variable holds is an error at its place');
  const checked = await project.specRun(['check', 'specs/uncalled.md']);
  t.match(checked.stdout, /specs\/uncalled\.md:8:1: note: generic-check holds checks and nothing in this document or its specification tree calls it/);
  t.match(checked.stdout, /specs\/uncalled\.md:11:1: error: \*held-check\* holds a function whose checks nothing/);
  t.match(checked.stdout, /specs\/uncalled\.md:15:1: note: set-check holds checks and nothing/);
  t.notMatch(checked.stdout, /'set-check' is called but neither/, 'the name setf gives it is a defined function');

  const widths = await project.specRun(['specs/widths.md', '--reporter', 'tap']);
  t.equal(widths.code, 0, widths.stdout);
  t.notMatch(widths.stdout, /SKIP/, 'the helper the trials called is not said not to have run');
  t.match(widths.stdout, /ok 1 - \(fiveam:for-all \(\(w \(fiveam:gen-integer :min 1 :max 50\)\)\) \(check-size w\)\)/);
  t.equal(widths.stderr.trim().split('\n').at(-1), '1 passed, 0 failed, 0 skipped, 0 todo');

  // A helper the trials never reach (a branch not taken) is still said not to have run.
  project.write({ 'specs/widths.md': PROPERTY.replace('(check-size w)))', '(when (> w 1000) (check-size w))))') });
  const unreached = await project.specRun(['specs/widths.md', '--reporter', 'tap']);
  t.match(unreached.stdout, /ok 1 - \(fiveam:is \(plusp w\)\) # SKIP not run: the code calls check-size, but none of its checks ran/);
});
