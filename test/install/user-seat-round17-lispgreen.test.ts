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

// (2) --retries (and frontmatter retries:) retried a failed unit in a fresh Lisp environment
// without what the units before it did: a steady, state-dependent failure passed as flaky.
const RATELIMIT = `(defpackage :tally.ratelimit (:use :cl) (:export #:make-bucket #:take))
(in-package :tally.ratelimit)
(defstruct bucket capacity tokens)
(defun make-bucket* (n) (make-bucket :capacity n :tokens n))
(defun take (bucket n) (when (<= n (bucket-tokens bucket)) (decf (bucket-tokens bucket) n) t))
`;

const bucket = (frontmatter: string) => `---
type: verification
name: bucket-sequence
${frontmatter}---
# A bucket used by two callers in turn

\`\`\`lisp
(defvar *b* (tally.ratelimit::make-bucket* 3))
\`\`\`

## The first caller takes all three tokens

\`\`\`lisp
(assert (tally.ratelimit:take *b* 3))
\`\`\`

## The second caller still gets one

\`\`\`lisp
(assert (tally.ratelimit:take *b* 1))
\`\`\`
`;

t.test('(2) a retry runs the units before it again: a steady failure that depends on them stays a failure, --retries or retries:', async (t) => {
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ paths: ['specs/'], vocabulary: ['src/ratelimit.lisp'] }),
    'src/ratelimit.lisp': RATELIMIT,
    'specs/bucket.test.md': bucket(''),
    'fm/bucket.test.md': bucket('retries: 2\n'),
  });
  const flag = await project.specRun(['--retries', '1', '--reporter', 'tap']);
  t.equal(flag.code, 1, flag.stdout + flag.stderr);
  t.match(flag.stdout + flag.stderr, /1 passed, 1 failed/);
  t.notMatch(flag.stdout, /# flaky/);
  t.match(flag.stdout, /ran there again first/);
  const frontmatter = await project.specRun(['fm/bucket.test.md']);
  t.equal(frontmatter.code, 1, frontmatter.stdout + frontmatter.stderr);
  t.match(frontmatter.stdout + frontmatter.stderr, /1 passed, 1 failed/);
});

// (7) After a definitions block timed out (a runtime that never answers initialize), a correct
// fiveam:test was said to be "not seen defined ... define it with fiveam:test", then ran anyway.
t.test('(7) a runtime that never answers initialize: one failure at the block naming initialize; the test after it is no false "define it with fiveam:test"', async (t) => {
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ paths: ['specs/'], runtime: ['node', '-e', 'setTimeout(()=>{},1e9)'], timeout: '3s' }),
    'specs/hang.test.md': `---
type: verification
name: hang-at-start
---
# A runtime that never answers initialize

\`\`\`lisp
(defvar *s* (make-test-session))
\`\`\`

## Products

\`\`\`lisp
(fiveam:test products
  (fiveam:is (search "=> 24" (result-content-text (evaluate-in-session *s* "(* 2 3 4)")))))
\`\`\`
`,
  });
  const run = await project.specRun(['--reporter', 'tap']);
  t.equal(run.code, 1, run.stdout + run.stderr);
  t.match(run.stdout, /definitions at line 8 exceeded the unit time limit of 3000 ms .*waiting for the runtime server's answer to its "initialize" request, which never came/);
  t.notMatch(run.stdout, /did not see a test's definition|define it with fiveam:test/);
  t.match(run.stdout, /not ok \d+ - products/);
});
