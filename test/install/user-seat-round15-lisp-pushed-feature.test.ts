// A Lisp finding of round 15 from a user's seat (spec-run packed, installed into a fresh
// project, run through its bin with the real SBCL and FiveAM): a whole FiveAM test (or a
// function) behind #+feature, whose feature a block above it pushes, was never defined, since
// definitions are read before the blocks run; loading the file in order defines it. Now each
// definition the blocks' features decide otherwise is read again at its place: #+ defines it,
// #- leaves it out, and a feature nothing pushes leaves it out, skipped, saying why.
import t from 'tap';
import { userProject } from '../support/installed.js';

const document = (name: string, push: string, tests: string) => `---
type: verification
name: ${name}
---
# A feature the document pushes

\`\`\`lisp
${push}
\`\`\`

## The tests

\`\`\`lisp
${tests}
\`\`\`
`;

const tests = `#+my-feature
(test behind-plus
  (is (= 3 (backend-sum 1 2))))

#-my-feature
(test behind-minus
  (is (= 5 6)))

#+my-feature
(defun backend-sum (a b) (+ a b))`;

t.test('a whole test or function behind a feature an earlier block pushes is defined and runs, as loading the file in order gives', async (t) => {
  const project = userProject({
    'specs/pushed.md': document('pushed', '(pushnew :my-feature *features*)', tests),
    'specs/not-pushed.md': document('not-pushed', '(defvar *x* 1)\n(assert (= *x* 1))', tests),
  });
  const pushed = await project.specRun(['specs/pushed.md', '--reporter', 'tap']);
  t.equal(pushed.code, 0, pushed.stdout);
  t.match(pushed.stdout, /ok 1 - \(= 3 \(backend-sum 1 2\)\)/, 'the test behind #+my-feature ran, and the function behind it was defined');
  t.match(pushed.stdout, /ok 1 - behind-minus # SKIP its definition stands behind #-my-feature, which leaves it out where it stands, as loading the file in order reads it: a block above it changed \*features\*/);

  const notPushed = await project.specRun(['specs/not-pushed.md', '--reporter', 'tap']);
  t.equal(notPushed.code, 1, 'the test behind #-my-feature runs, and fails');
  t.match(notPushed.stdout, /not ok 1 - \(= 5 6\)/);
  t.match(notPushed.stdout, /ok 1 - behind-plus # SKIP its definition stands behind #\+my-feature, which leaves it out in this SBCL/, 'left out, skipped: never a pass nor a failure');

  const checked = await project.specRun(['check', 'specs/']);
  t.equal(checked.code, 0, checked.stderr);
});

t.test('check agrees with the run on checks behind a feature an earlier block pushes: they are checks, not a test holding none', async (t) => {
  const project = userProject({
    'specs/inner.md': document('inner', '(pushnew :my-feature *features*)', '(test inner\n  #+my-feature (is (= 2 (+ 1 1))))'),
  });
  const checked = await project.specRun(['check', 'specs/']);
  t.equal(checked.code, 0);
  t.notMatch(checked.stdout + checked.stderr, /: warning:/, 'no warning that the test, or the document, holds no check');
  t.match(checked.stdout + checked.stderr, /checked: 0 errors, 0 warnings/);
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 0, run.stdout);
  t.match(run.stdout, /ok 1 - \(= 2 \(\+ 1 1\)\)/, 'the run makes the check');
});
