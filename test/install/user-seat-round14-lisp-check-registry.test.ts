// A Lisp finding of round 14 from a user's seat (spec-run packed, installed into a fresh
// project, run through its bin with the real SBCL and FiveAM): a setup block that stored
// checking lambdas in a registry (a hash table, a list) failed, "none of its 2 checks ran",
// though the next unit ran both and they passed. A stored lambda's checks are its own:
// they count where they run, and one no unit ever calls is reported not run.
import t from 'tap';
import { userProject } from '../support/installed.js';

const REGISTRY = `---
type: verification
name: check-registry
---
# A registry of checks

\`\`\`lisp
(defvar *checks* (make-hash-table))
(defvar *rules* '())
(setf (gethash :positive *checks*) (lambda (x) (assert (plusp x))))
(push (lambda (x) (fiveam:is (integerp x))) *rules*)
\`\`\`

## Every registered check holds for 3

\`\`\`lisp
(maphash (lambda (name check) (declare (ignore name)) (funcall check 3)) *checks*)
(dolist (rule *rules*) (funcall rule 3))
\`\`\`
`;

const NEVER_CALLED = `---
type: verification
name: registry-never-called
---
# A registry no unit calls

\`\`\`lisp
(defvar *checks* (make-hash-table))
(setf (gethash :wrong *checks*) (lambda () (fiveam:is (= 1 2))))
\`\`\`

## Something else

\`\`\`lisp
(assert (= 1 1))
\`\`\`
`;

const CALLED_FALSE = `---
type: verification
name: registry-called-false
---
# A registry

\`\`\`lisp
(defvar *rules* '())
(push (lambda () (fiveam:is (= 1 2))) *rules*)
\`\`\`

## The rules hold

\`\`\`lisp
(mapc #'funcall *rules*)
\`\`\`
`;

t.test("a registry's lambdas are checked where a unit calls them, and reported when none does", async (t) => {
  const project = userProject({ 'specs/registry.md': REGISTRY, 'specs/never.md': NEVER_CALLED, 'specs/false.md': CALLED_FALSE });
  const registry = await project.specRun(['specs/registry.md', '--reporter', 'tap']);
  t.equal(registry.code, 0, registry.stdout + registry.stderr);
  t.match(registry.stdout, /ok 1 - A registry of checks runs without error/, 'the storing block verified nothing of its own');
  t.match(registry.stdout, /ok 1 - \(plusp x\)\n {8}ok 2 - \(integerp x\)/, 'the unit that calls them runs both');
  t.notMatch(registry.stdout, /none of its/);

  const never = await project.specRun(['specs/never.md', '--reporter', 'tap']);
  t.match(never.stdout, /ok 1 - \(fiveam:is \(= 1 2\)\) # SKIP not run: the lambda at line 9 is kept as data \(in a table, a list or a place\), and no unit called it/, 'a stored check no unit calls is reported at its line');

  const called = await project.specRun(['specs/false.md', '--reporter', 'tap']);
  t.equal(called.code, 1, 'a stored check that runs and is false fails');
  t.match(called.stdout, /# Subtest: The rules hold\n {8}not ok 1 - \(= 1 2\)/);
});
