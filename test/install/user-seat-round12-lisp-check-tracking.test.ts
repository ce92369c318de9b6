// From a user's seat: checks inside a defmethod (or a lambda kept in a defparameter) were
// invisible to the tracking of the checks a unit makes through the functions it calls, so
// mapping one over nothing passed and verified; a defun wrapped in LET failed its own block
// with "none of its 1 check ran"; and a check whose argument signalled inside HANDLER-CASE
// or IGNORE-ERRORS left no point at all.
import t from 'tap';
import { userProject } from '../support/installed.js';

const lisp = (code: string) => `\`\`\`lisp\n${code}\n\`\`\`\n`;
const document = (name: string, sections: [string, string][]) =>
  `---\ntype: verification\nname: ${name}\ncovers:\n  - ${name} holds\n---\n# ${name}\n\n${sections.map(([heading, code]) => `## ${heading}\n\n${lisp(code)}`).join('\n')}`;

t.test('checks of methods and of lambdas in variables count as the functions\' checks: called over nothing, the unit fails', async (t) => {
  const project = userProject({
    'specs/shapes.md': document('shapes', [
      ['Definitions', "(defgeneric check-area (shape))\n(defmethod check-area ((shape list))\n  (assert (> (second shape) 1000)))\n(defparameter *check* (lambda (x) (assert (> x 1000))))"],
      ['Every shape has a large area', "(mapc #'check-area (list))"],
      ['Every width is large', '(mapc *check* (list))'],
      ['Arithmetic still works', '(assert (= 4 (+ 2 2)))'],
    ]),
  });
  const run = await project.specRun(['specs/shapes.md', '--reporter', 'tap', '--require-verified']);
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok 1 - Every shape has a large area makes its checks\n\s+---\n\s+at: specs\/shapes\.md:\d+\n\s+reason: "none of the 1 check of the functions it calls ran \(check-area at shapes\.md:\d+\)/);
  t.match(run.stdout, /not ok 1 - Every width is large makes its checks[\s\S]*?\(\*check\* at shapes\.md:\d+\)/);
  t.match(run.stderr, /requirements: 0 verified, 1 failing/);

  project.write({
    'uncalled/uncalled.md': document('uncalled', [
      ['Definitions', '(defgeneric verify-area (s))\n(defmethod verify-area ((s t)) (assert (> s 1000)))'],
      ['Real', '(assert (= 2 (+ 1 1)))'],
    ]),
  });
  const check = await project.specRun(['check', 'uncalled/']);
  t.equal(check.code, 1, 'a method nothing calls, needing an argument, is an error as a defun is');
  t.match(check.stdout, /uncalled\/uncalled\.md:\d+:1: error: verify-area holds checks, but nothing in this document or its specification tree calls it and it needs arguments/);
});

t.test('a function defined in a LET or by a def- macro leaves its defining block passing, and its check runs where it is called', async (t) => {
  const project = userProject({
    'specs/closure.md': document('closure', [
      ['Helpers', "(let ((limit 1000))\n  (defun check-big (x) (assert (> x limit))))\n(defmacro defcheck (name &body body) `(defun ,name (x) ,@body))\n(defcheck check-small (assert (< x 10)))"],
      ['A large number is large', '(check-big 2000)\n(check-small 3)'],
    ]),
  });
  const run = await project.specRun(['specs/closure.md', '--reporter', 'tap']);
  t.equal(run.code, 0, run.stdout);
  t.match(run.stdout, /ok 1 - Helpers runs without error/);
  t.match(run.stdout, /ok 1 - \(> x limit\)\n\s+ok 2 - \(< x 10\)/);
});

t.test('a check whose argument signals inside HANDLER-CASE or IGNORE-ERRORS fails at its line; the requirement is failing', async (t) => {
  const project = userProject({
    'specs/handled.md': document('handled', [
      ['In a block', '(handler-case (assert (= 4 (parse-integer "four")))\n  (error (e) (format t "could not parse: ~a~%" e)))\n(assert (= 1 1))'],
      ['In a FiveAM test', '(fiveam:test handled-in-test\n  (ignore-errors (fiveam:is (= 4 (parse-integer "four"))))\n  (fiveam:is (= 1 1)))'],
    ]),
  });
  const run = await project.specRun(['specs/handled.md', '--reporter', 'tap', '--require-verified']);
  t.equal(run.code, 1);
  const failures = run.stdout.match(/not ok 1 - \(= 4 \(parse-integer "four"\)\)\n\s+---\n\s+at: specs\/handled\.md:(\d+)/g) ?? [];
  t.equal(failures.length, 2, 'both checks fail at their lines');
  t.match(run.stdout, /reason: "the check never reached a verdict: evaluating it signalled SB-INT:SIMPLE-PARSE-ERROR, which code around the check caught"/);
  t.match(run.stderr, /2 passed, 2 failed, 0 skipped, 0 todo/);
});
