// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): a unit past its time limit listed the check after the hanging form before the
// one that hung, and a FiveAM test that called the hanging function three times failed
// at the test's first line, not at the check that was running.
import t from 'tap';
import { userProject } from '../support/installed.js';

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

const HANG = `---
type: verification
name: spread
---
# Spreading apart

\`\`\`lisp
(defun spread (lo hi) (loop while (< lo hi) do (decf lo) (incf hi)) (list lo hi))
\`\`\`

## Spreading

\`\`\`lisp
(assert (equal '(0 0) (spread 0 0)))
(assert (equal '(-1 3) (spread 0 2)))
(assert (equal '(2 2) (spread 2 2)))
\`\`\`

## In a test

\`\`\`lisp
(fiveam:test spreading
  (fiveam:is (equal '(1 1) (spread 1 1)))
  (fiveam:is (equal '(-2 4) (spread -1 3)))
  (fiveam:is (equal '(3 3) (spread 3 3))))
\`\`\`
`;

t.test("a timed-out unit's points come in the order of their lines, its failure at the form that was running", async (t) => {
  const project = userProject({ 'specs/hang.md': HANG });
  const run = await project.specRun(['specs/hang.md', '--timeout', '2s', '--reporter', 'json:run.jsonl']);
  t.equal(run.code, 1, run.stderr);
  const { readFileSync } = await import('node:fs');
  const points = readFileSync(`${project.dir}/run.jsonl`, 'utf8').trim().split('\n').map((line) => JSON.parse(line)).filter((event) => event.type === 'point');
  const shown = points.map((point) => [point.name, point.at.line, point.ok]);
  t.same(shown, [
    ["(equal '(0 0) (spread 0 0))", lineOf(HANG, '(spread 0 0)'), true],
    ["(assert (equal '(-1 3) (spread 0 2)))", lineOf(HANG, '(spread 0 2)'), true],
    ['Spreading completes', lineOf(HANG, '(spread 0 2)'), false],
    ["(assert (equal '(2 2) (spread 2 2)))", lineOf(HANG, '(spread 2 2)'), true],
    ["(equal '(1 1) (spread 1 1))", lineOf(HANG, '(spread 1 1)'), true],
    ["(fiveam:is (equal '(-2 4) (spread -1 3)))", lineOf(HANG, '(spread -1 3)'), true],
    ['spreading completes', lineOf(HANG, '(spread -1 3)'), false],
    ["(fiveam:is (equal '(3 3) (spread 3 3)))", lineOf(HANG, '(spread 3 3)'), true],
  ]);
  t.match(points[5].skip, `in the form at line ${lineOf(HANG, '(spread -1 3)')}, which was running`, 'the running check is named by its own line');
});
