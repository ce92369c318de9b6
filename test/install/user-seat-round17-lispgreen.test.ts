// From a user's seat (round 17, a Lisp team): Lisp verification documents that passed where
// they should fail. (1) (fiveam:signals error (calculate ...)) and a HANDLER-CASE (error ...)
// around an ASSERT passed on the check's own code being broken: CALCULATE undefined, a
// variable unbound, a call with a wrong argument list.
import t from 'tap';
import { userProject } from '../support/installed.js';

const INTERP = `(defpackage :tally.interp (:use :cl) (:export #:calc #:calc-error))
(in-package :tally.interp)
(define-condition calc-error (error) ())
(defun calc (expr)
  (cond ((numberp expr) expr)
        ((and (consp expr) (eq (first expr) '/) (zerop (third expr))) (error 'calc-error))
        (t (apply (symbol-function (first expr)) (mapcar #'calc (rest expr))))))
`;

const SIGNALS = `---
type: verification
name: calc-signals
---
# Errors the calculator signals

\`\`\`lisp
(fiveam:test div-zero-signals
  (fiveam:signals error (calculate '(/ 1 0))))
(fiveam:test unbound
  (fiveam:signals error (tally.interp:calc *the-expr*)))
(fiveam:test arity
  (fiveam:signals error (tally.interp:calc '(/ 1 0) :strict t)))
(fiveam:test the-real-one
  (fiveam:signals tally.interp:calc-error (tally.interp:calc '(/ 1 0))))
\`\`\`

## The same with handler-case

\`\`\`lisp
(assert (eq :signalled (handler-case (calculate '(/ 1 0)) (error () :signalled))))
\`\`\`
`;

t.test('(1) an expected error met by the check\'s own broken code fails the run, at its line, naming the check; the real one passes', async (t) => {
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ paths: ['specs/'], vocabulary: ['src/interp.lisp'] }),
    'src/interp.lisp': INTERP,
    'specs/signals.test.md': SIGNALS,
  });
  const run = await project.specRun(['--reporter', 'tap']);
  t.equal(run.code, 1, run.stdout + run.stderr);
  t.match(run.stdout + run.stderr, /1 passed, 4 failed/);
  t.match(run.stdout, /ok \d+ - the-real-one/);
  t.match(run.stdout, /at: specs\/signals\.test\.md:9[\s\S]*would have taken this UNDEFINED-FUNCTION for the error it expects/);
  t.match(run.stdout, /would have taken this UNBOUND-VARIABLE/);
  t.match(run.stdout, /at: specs\/signals\.test\.md:13[\s\S]*invalid number of arguments: 3[\s\S]*name its type \(program-error\)/);
  t.match(run.stdout, /\(handler-case \(calculate '\(\/ 1 0\)\) \(error \(\) :signalled\)\) at line 21 would have taken this UNDEFINED-FUNCTION/);
});
