// A Lisp finding of round 14 from a user's seat (spec-run packed, installed into a fresh
// project, run through its bin with the real SBCL and FiveAM): with --grep, file:LINE or
// --only-failures, a selected unit whose only check was skipped passed, because a unit
// before it, run only for its Lisp environment, contributed the pass. Whether the run
// checked something is judged on the selected units alone.
import t from 'tap';
import { userProject } from '../support/installed.js';

const feature = (check: string) => `---
type: verification
name: grep-selected-checks-nothing
---
# A selected unit that checks nothing

## Setup check

\`\`\`lisp
(defvar *x* 1)
(assert (= *x* 1))
\`\`\`

## Target feature

\`\`\`lisp
(fiveam:test target-feature
  ${check})
\`\`\`
`;

t.test('a selection that checked nothing fails, whatever the units run before it did', async (t) => {
  const project = userProject({ 'specs/feature.test.md': feature('#+ccl (fiveam:is (= *x* 2))') });
  const whole = await project.specRun(['specs/']);
  t.equal(whole.code, 0, 'the whole document checked its setup');
  for (const selection of [['specs/', '--grep', 'target-feature'], ['specs/feature.test.md:17']]) {
    const run = await project.specRun([...selection, '--reporter', 'tap']);
    t.equal(run.code, 1, `${selection.join(' ')} fails`);
    t.match(run.stdout, /not ok \d+ - the run checked nothing: no check passed \(1 skipped\) in the selected units \(the 1 unit run only before them not counted\)/);
    t.match(run.stderr, /the run checked nothing and fails/);
  }

  project.write({ 'specs/feature.test.md': feature('(fiveam:is (= *x* 2))') });
  const failing = await project.specRun(['specs/']);
  t.equal(failing.code, 1, 'the target fails in a whole run');
  project.write({ 'specs/feature.test.md': feature('#+ccl (fiveam:is (= *x* 2))') });
  const rerun = await project.specRun(['--only-failures', 'specs/', '--reporter', 'tap']);
  t.equal(rerun.code, 1, '--only-failures of a unit now checking nothing fails');
  t.match(rerun.stdout, /the run checked nothing: no check passed \(1 skipped\) in the selected units/);
});
