// A Lisp course's autograder from a user's seat (round 21): a submission the document loaded
// redefined spec-run's ASSERT, unlocked FiveAM to redefine IS, or set a reader macro on ( that
// rewrote every check read after it, and a wrong solution passed; one invoking the first
// restart reran its FiveAM test 4,364 times; one in the runtime that signalled its parent
// ended the whole class's run with its own document ok; and a timing claim passed on code
// that raised an error.
import { chmodSync } from 'node:fs';
import t from 'tap';
import { userProject } from '../support/installed.js';
import { scratchDirectory } from '../support/scratch.js';

const doc = (name: string, ...blocks: string[]) =>
  `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n${blocks.map((code) => `\`\`\`lisp\n${code}\n\`\`\`\n`).join('\n')}`;
const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const GRADER = ['(load "subs/student.lisp")', '(assert (= 120 (fact 5)))', '(fiveam:test fact-works\n  (fiveam:is (= 1 (fact 0))))'];

const CHEATS: Record<string, string> = {
  assert: "(defmacro assert (form &rest r) (declare (ignore form r)) '(fiveam:pass))\n(defun fact (n) n)\n",
  is: "(sb-ext:unlock-package :fiveam)\n(defmacro fiveam:is (&rest r) (declare (ignore r)) '(fiveam:pass))\n(defun fact (n) n)\n",
  reader: `(defun fact (n) n)
(let ((standard (get-macro-character #\\( (copy-readtable nil))))
  (set-macro-character #\\(
    (lambda (stream char)
      (let ((form (funcall standard stream char)))
        (if (and (consp form) (symbolp (car form)) (member (symbol-name (car form)) '("IS" "ASSERT") :test #'string=))
            (list (car form) '(eq t t))
            form)))))
`,
};

t.test('a loaded submission cannot replace the checks: a wrong solution fails whatever it redefines; a right one passes', async (t) => {
  const project = userProject({ 'specs/fact.md': doc('fact', ...GRADER) });
  for (const [cheat, submission] of Object.entries(CHEATS)) {
    project.write({ 'subs/student.lisp': submission });
    const run = await project.specRun(['specs/', '--reporter', 'tap'], { env: { CI: 'true' } });
    t.equal(run.code, 1, `${cheat}: the wrong solution fails\n${run.stdout}`);
    t.match(run.stdout, /not ok \d+ - \(= 120 \(fact 5\)\)\n\s+---\n\s+at: specs\/fact\.md:12\n/, `${cheat}: the assert is read and run as written`);
    t.match(run.stdout, /not ok \d+ - \(= 1 \(fact 0\)\)\n\s+---\n\s+at: specs\/fact\.md:17\n/, `${cheat}: the IS too`);
    t.notMatch(run.stdout, /ok \d+ - \(pass\)|\(eq t t\)/, `${cheat}: no check is replaced`);
    if (cheat !== 'reader') t.match(run.stdout, /not ok 1 - spec-run's own functions are left as they are\n\s+---\n\s+at: specs\/fact\.md:8\n\s+reason: "this code redefined (spec-run:assert|fiveam:is): /);
  }
  project.write({ 'subs/student.lisp': '(defun fact (n) (if (< n 2) 1 (* n (fact (1- n)))))\n' });
  const right = await project.specRun(['specs/', '--reporter', 'tap'], { env: { CI: 'true' } });
  t.equal(right.code, 0, right.stdout);
  t.equal(summary(right.stderr), '3 passed, 0 failed, 0 skipped, 0 todo');
});

t.test('a submission invoking the first restart is one failing point at its check, once or always', async (t) => {
  const project = userProject({
    'specs/ex.md': doc('ex', '(load "subs/student.lisp")', '(fiveam:test fact-works\n  (fiveam:is (eql 120 (fact 5))))'),
    'subs/student.lisp': '(defun fact (n) (declare (ignore n)) (invoke-restart (first (compute-restarts))))\n',
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap', '--reporter', 'junit:j.xml'], { env: { CI: 'true' } });
  t.equal(run.code, 1);
  t.equal(summary(run.stderr), '1 passed, 1 failed, 0 skipped, 0 todo');
  t.match(run.stdout, /not ok 1 - \(eql 120 \(fact 5\)\)\n\s+---\n\s+at: specs\/ex\.md:13\n[\s\S]*reason: "the check never reached a verdict: its code invoked FiveAM's RETEST restart/);
  project.write({ 'subs/student.lisp': '(defvar *calls* 0)\n(defun fact (n) (declare (ignore n)) (if (< (incf *calls*) 2) (invoke-restart (first (compute-restarts))) 120))\n' });
  const once = await project.specRun(['specs/', '--reporter', 'tap'], { env: { CI: 'true' } });
  t.equal(once.code, 1, 'a rerun that would pass does not');
  t.equal(summary(once.stderr), '1 passed, 1 failed, 0 skipped, 0 todo');
});

t.test('a timing claim fails on an evaluation that failed, saying why, and holds on one that ran', async (t) => {
  const project = userProject({
    'specs/timing.md': doc(
      'timing',
      '(defvar *s* (make-test-session))',
      '(let ((r (time-execution *s* "(fact-undefined 1000)")))\n  (assert (< (result-real-time-ms r) 200)))',
      '(let ((r (time-execution *s* "(+ 1 2)")))\n  (assert (< (result-real-time-ms r) 200)))',
    ),
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap'], { env: { CI: 'true' } });
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok 1 - [^\n]*runs without error\n\s+---\n\s+at: specs\/timing\.md:13\n[\s\S]*message: "the evaluation this timing measures failed \(UNDEFINED-FUNCTION: The function COMMON-LISP-USER::FACT-UNDEFINED is undefined\.\)/);
  t.match(run.stdout, /ok \d+ - \(< \(result-real-time-ms r\) 200\)\n/, 'the evaluation that ran meets its limit');
});

const KILLER = doc(
  'killer',
  '(defvar *s* (make-test-session))',
  '(let ((r (evaluate-in-session *s* "(progn (require :sb-posix) (funcall (intern \\"KILL\\" :sb-posix) (funcall (intern \\"GETPPID\\" :sb-posix)) 15) (funcall (intern \\"KILL\\" :sb-posix) 0 15) (sleep 2) 120)")))\n  (assert (equal \'("120") (result-values r))))',
);
const OTHER = doc('other', '(defvar *s* (make-test-session))', '(assert (equal \'("6") (result-values (evaluate-in-session *s* "(+ 1 2 3)"))))');

// Loaded into the driver: there its parent is the zygote (root), or a process of its own that ignores SIGTERM.
const DRIVER_KILLER = doc('driver-killer', '(load "subs/kill-parent.lisp")', '(assert (= 120 (fact 5)))');
const KILL_PARENT = '(require :sb-posix)\n(funcall (intern "KILL" :sb-posix) (funcall (intern "GETPPID" :sb-posix)) 15)\n(sleep 1)\n(defun fact (n) (if (< n 2) 1 (* n (fact (1- n)))))\n';

for (const user of ['root', 'nobody'] as const) {
  t.test(`as ${user}: a submission in the runtime or the driver that signals its parent and its process group fails alone, and the run grades the others`, async (t) => {
    const project = userProject({ 'specs/a-killer.md': KILLER, 'specs/b-other.md': OTHER, 'specs/c-driver.md': DRIVER_KILLER, 'subs/kill-parent.lisp': KILL_PARENT });
    const env: Record<string, string> = { CI: 'true' };
    if (user === 'nobody') {
      chmodSync(project.dir, 0o777);
      const cache = scratchDirectory('spec-run-cache-');
      chmodSync(cache, 0o777);
      Object.assign(env, { HOME: cache, SPEC_RUN_CACHE: cache });
    }
    const run = await project.specRun(['specs/', '--reporter', 'tap'], { env, ...(user === 'nobody' ? { asUser: 'nobody' } : {}) });
    t.equal(run.signal, null);
    t.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    t.match(run.stdout, /not ok 1 - killer \(specs\/a-killer\.md\)/, "the attacker's document fails");
    t.match(run.stdout, /ok 2 - other \(specs\/b-other\.md\)/, 'the next document ran');
    // As root the driver's parent is the zygote, which ends with it; else a parent of its own, which ignores SIGTERM.
    if (user === 'root') {
      t.match(run.stdout, /not ok 1 - driver-killer completes\n[\s\S]*the zygote that forked it ended/);
      t.equal(summary(run.stderr), '1 passed, 3 failed, 0 skipped, 0 todo');
    } else {
      t.match(run.stdout, /ok 3 - driver-killer \(specs\/c-driver\.md\)/);
      t.equal(summary(run.stderr), '3 passed, 1 failed, 0 skipped, 0 todo');
    }
  });
}
