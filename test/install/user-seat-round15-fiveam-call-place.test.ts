// A misleading place the editor persona met, from a user's seat: spec-run packed, installed
// into a fresh project outside the repository, run through its bin. A FiveAM test calling an
// undefined function was reported at another unit's line (the first call of that name in
// the document, in a block above), in TAP and so in the editor; `check` had both right.
import t from 'tap';
import { userProject } from '../support/installed.js';

const DOC = `---
type: verification
name: loc
---
# Loc

## First

\`\`\`lisp
(assert (= 1 1))
(assert (= 2 (frob 1)))
\`\`\`

## A FiveAM test

\`\`\`lisp
(fiveam:test calls-frob
  (fiveam:is (= 1 1))
  (fiveam:is (= 2 (frob 1))))
\`\`\`
`;

t.test("a FiveAM test's undefined function is reported at the test's own call, as check places it", async (t) => {
  const project = userProject({ 'specs/loc.test.md': DOC });
  const run = await project.specRun(['specs/loc.test.md']);
  t.equal(run.code, 1);
  const test = run.stdout.slice(run.stdout.indexOf('# Subtest: calls-frob'));
  t.match(test, /not ok 2 - unexpected error in the test\n\s+---\n\s+at: specs\/loc\.test\.md:19\n\s+reason: frob is called here/, 'at line 19, in the test');
  t.match(run.stdout.slice(0, run.stdout.indexOf('# Subtest: calls-frob')), /at: specs\/loc\.test\.md:11\n[^]*?reason: frob is called here/, "the block's own call stays at line 11");
  const check = await project.specRun(['check', 'specs/loc.test.md']);
  t.match(check.stdout, /specs\/loc\.test\.md:11:\d+: error: .*frob/);
  t.match(check.stdout, /specs\/loc\.test\.md:19:\d+: error: .*frob/, 'the same lines as check');
});
