// From a user's seat: asserts and FiveAM tests under a "Counterexample regression tests"
// heading or an "Implementation Requirements" label were dropped as illustrations, a false
// one too, and the requirement verified. A block that states checks runs wherever it stands.
import t from 'tap';
import { userProject } from '../support/installed.js';

const DOCUMENT = `---
type: verification
name: cex
covers:
  - Products of intervals
---
# Products of intervals

## Ordinary product

\`\`\`lisp
(assert (= 6 (* 2 3)))
\`\`\`

## Counterexample regression tests

\`\`\`lisp
(assert (= -4 (min (* -2 1) (* -2 2) (* 1 1) (* 1 2))))
(assert (= 99 (max (* -2 1) (* -2 2) (* 1 1) (* 1 2))))
\`\`\`

## Notes

**Implementation Requirements**:
\`\`\`lisp
(fiveam:test sketch-still-checked (fiveam:is (= 5 (+ 2 2))))
\`\`\`

## Counterexample

\`\`\`lisp
(time-execution "nil")
\`\`\`
`;

t.test('checks under counterexample and implementation headings run, and a false one fails the run and its requirement', async (t) => {
  const project = userProject({ 'specs/cex.md': DOCUMENT });
  const run = await project.specRun(['specs/cex.md', '--reporter', 'tap', '--require-verified']);
  t.equal(run.code, 1);
  t.match(run.stdout, /ok 1 - \(= -4 \(min/);
  t.match(run.stdout, /not ok 2 - \(= 99 \(max/);
  t.match(run.stdout, /not ok 1 - \(= 5 \(\+ 2 2\)\)/);
  t.match(run.stderr, /requirements: 0 verified, 1 failing/);
  const list = await project.specRun(['specs/cex.md', '--list']);
  t.match(list.stdout, /illustration: under the heading "Counterexample"; a counterexample shows what must not happen/, 'a block stating no check is still shown, not run');
});
