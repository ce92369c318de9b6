// A false green a user met in round 18, from a user's seat: spec-run packed, installed into
// a fresh project, run through its bin. A Lisp document redefined spec-run's own point
// function (spec-run::emit-point) and then (assert (= 1 2)) and (fiveam:is (= 3 4)) both
// reported ok; another wrote well-formed point and done lines on fd 4, the driver's
// channel, and its failing assert was reported under the next unit, whose own check was
// lost. The redefinition now fails at its line and is undone; a forged line fails its unit.
import t from 'tap';
import { userProject } from '../support/installed.js';

const REDEFINED = `---
type: verification
name: cheat
---
# The harness redefined

## Unit

\`\`\`lisp
(let ((orig (fdefinition 'spec-run::emit-point)))
  (ignore-errors (sb-ext:unlock-package :spec-run))
  (setf (fdefinition 'spec-run::emit-point)
        (lambda (ok name location &optional diagnostics skip-reason unchecked)
          (declare (ignore ok diagnostics skip-reason unchecked))
          (funcall orig t name location nil nil nil))))
(assert (= 1 2))
\`\`\`

## Same form

\`\`\`lisp
(progn
  (defun spec-run::emit-point (&rest arguments) (declare (ignore arguments)) nil)
  (fiveam:is (= 3 4)))
\`\`\`

## After

\`\`\`lisp
(assert (= 5 6))
\`\`\`
`;

const FORGED = `---
type: verification
name: forge
---
# Forged points on the driver channel

## Unit

\`\`\`lisp
(let ((s (sb-sys:make-fd-stream 4 :output t :buffering :full :external-format :utf-8)))
  (format s "{\\"type\\":\\"point\\",\\"ok\\":true,\\"name\\":\\"(= 1 2)\\",\\"file\\":\\"specs/forge.test.md\\",\\"line\\":15}~%")
  (format s "{\\"type\\":\\"done\\",\\"points\\":1,\\"slept\\":0,\\"reached\\":[\\"specs/forge.test.md:15\\"]}~%")
  (finish-output s))
(sleep 0.5)
(assert (= 1 2))
\`\`\`

## Later

\`\`\`lisp
(assert (= 1 1))
\`\`\`
`;

t.test("redefining spec-run's point function fails at that line, is undone, and no false check passes", async (t) => {
  const project = userProject({ 'specs/cheat.test.md': REDEFINED });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the run fails');
  const refusals = run.stdout.match(/not ok \d+ - spec-run's own functions are left as they are\n\s+---\n\s+at: specs\/cheat\.test\.md:(\d+)/g) ?? [];
  t.equal(refusals.length, 2, `both redefinitions fail, each at its form:\n${run.stdout}`);
  t.match(run.stdout, /at: specs\/cheat\.test\.md:10\n[^]*?spec-run::emit-point/, 'the setf of fdefinition, at its line, naming the function');
  t.match(run.stdout, /not ok \d+ - \(= 1 2\)/, 'the assert after the redefinition fails: the harness is back');
  t.notMatch(run.stdout, /^\s+ok \d+ - \(= 1 2\)|^\s+ok \d+ - \(fiveam:is \(= 3 4\)\)$/m, 'no false check passes');
  t.match(run.stdout, /not ok \d+ - \(= 5 6\)/, 'a later unit reports its own failure');
});

t.test('well-formed lines written on fd 4 by spec code fail their unit, and the next unit keeps its own check', async (t) => {
  const project = userProject({ 'specs/forge.test.md': FORGED });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the run fails');
  t.match(run.stdout, /not ok \d+ - Unit completes\n\s+---\n\s+at: specs\/forge\.test\.md:\d+\n\s+reason: "a line on the driver's channel \(fd 4\) that the driver did not write in turn/);
  t.notMatch(run.stdout, /^\s+ok \d+ - \(= 1 2\)$/m, 'the forged pass is not counted');
  t.match(run.stdout, /# Subtest: Later[^]*?ok 1 - \(= 1 1\)\n/, 'Later reports its own check');
});
