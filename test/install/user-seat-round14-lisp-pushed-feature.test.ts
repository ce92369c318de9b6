// A Lisp finding of round 14 from a user's seat (spec-run packed, installed into a fresh
// project, run through its bin with the real SBCL and FiveAM): a FiveAM test is read with
// the definitions, before the document's blocks run, so its #+feature and #-feature were
// decided before a block above pushed the feature: a false check behind #+ was skipped
// "leaves it out in this SBCL" (the run green), and one behind #- ran and failed. Loading
// the file in order gives the opposite of both.
import t from 'tap';
import { userProject } from '../support/installed.js';

const document = (test: string) => `---
type: verification
name: pushed-feature
---
# A feature the document pushes

\`\`\`lisp
(pushnew :our-backend *features*)
\`\`\`

## The test

\`\`\`lisp
${test}
\`\`\`
`;

t.test('reader conditionals in a FiveAM test follow the features the blocks above it pushed', async (t) => {
  const project = userProject({
    'specs/plus.md': document('(fiveam:test backend\n  (fiveam:is (member :our-backend *features*))\n  #+our-backend (fiveam:is (= 3 4)))'),
    'specs/minus.md': document('(fiveam:test fallback\n  (fiveam:is (= 2 2))\n  #-our-backend (fiveam:is (= 5 6)))'),
    'specs/whole.md': document('#+our-backend\n(fiveam:test whole\n  (fiveam:is (= 1 1)))'),
  });
  const plus = await project.specRun(['specs/plus.md', '--reporter', 'tap']);
  t.equal(plus.code, 1, 'the check behind #+our-backend runs, and fails');
  t.match(plus.stdout, /not ok 2 - \(= 3 4\)/);
  t.notMatch(plus.stdout, /leaves it out in this SBCL/);

  const minus = await project.specRun(['specs/minus.md', '--reporter', 'tap']);
  t.equal(minus.code, 0, minus.stdout);
  t.match(minus.stdout, /ok 2 - \(fiveam:is \(= 5 6\)\) # SKIP its form stands behind #-our-backend, which leaves it out in this SBCL/, 'the check behind #-our-backend is left out');

  // Since round 15, a whole test behind the pushed feature is read at its place and runs (user-seat-round15-lisp-pushed-feature).
  const whole = await project.specRun(['specs/whole.md', '--reporter', 'tap']);
  t.equal(whole.code, 0, whole.stdout);
  t.match(whole.stdout, /ok 1 - \(= 1 1\)/);
});
