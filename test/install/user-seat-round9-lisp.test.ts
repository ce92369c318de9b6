// What the ninth round's user-seat session found in Lisp documents, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, run through its
// bin. A quoted list '(check-parser) counted as a call, so the no-argument checking
// function never ran and the run was green; after an exit in a thread (or _exit), the
// checks the unit did not reach were nowhere in the report.
import t from 'tap';
import { userProject } from '../support/installed.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const fence = (code: string) => `\`\`\`lisp\n${code}\n\`\`\`\n`;
const doc = (name: string, body: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n${body}`;
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

const QUOTED = doc('q', `## Definitions\n\n${fence('(defun check-parser ()\n  (assert (= 1 2)))')}\n## A sample\n\n${fence("(assert (equal '(check-parser) (list 'check-parser)))")}`);
const PLAN = doc(
  'plan',
  `## Definitions\n\n${fence('(defun check-parser ()\n  (assert (= 1 2)))\n(defun check-inner ()\n  (assert (= 1 3)))\n(defun outer ()\n  (check-inner))\n(defun check-called ()\n  (assert (= 1 1)))')}
## Plan\n\n${fence("(defparameter *plan* (list '(check-parser) :later))")}
## Only data\n\n${fence("'(outer)")}
## Called by name\n\n${fence("(funcall 'check-called)")}`,
);
const UNDERSCORE_EXIT = '(sb-alien:alien-funcall (sb-alien:extern-alien "_exit" (function sb-alien:void sb-alien:int)) 0)';
const EXITS = doc(
  'exits',
  `## In a thread\n\n${fence('(assert (= 1 1))\n(bt:join-thread (bt:make-thread (lambda () (sb-ext:exit :code 0 :abort t))))\n(assert (= 1 2))')}
## At once\n\n${fence(`(assert (= 1 1))\n${UNDERSCORE_EXIT}\n(assert (= 3 4))`)}`,
);

t.test('quoted data is no call: a checking function only quoted runs as a unit; checks an exit in a thread or _exit cut off are skipped points', async (t) => {
  const project = userProject({
    'q/q.md': QUOTED,
    'plan/plan.md': PLAN,
    'tree/a.md': doc('a', fence('(defun check-tree-parser ()\n  (assert (= 1 2)))')),
    'tree/b.md': doc('b', fence("(defparameter *plan* (list '(check-tree-parser) :later))\n(assert (= 1 1))")),
    'exits/exits.md': EXITS,
  });

  const quoted = await project.specRun(['q/q.md', '--reporter', 'tap']);
  t.equal(quoted.code, 1, 'the uncalled check fails the run');
  t.match(quoted.stdout, /# Subtest: check-parser\n\s+not ok 1 - \(= 1 2\)/);
  t.equal(summary(quoted.stderr), '1 passed, 1 failed, 0 skipped, 0 todo');
  const check = await project.specRun(['check', 'q/q.md']);
  t.match(check.stdout, /q\/q\.md:10:1: note: check-parser holds checks and nothing in this document or its specification tree calls it: it runs as a unit/);

  const plan = await project.specRun(['plan/plan.md', '--reporter', 'tap']);
  t.equal(plan.code, 1);
  t.match(plan.stdout, /# Subtest: check-parser\n\s+not ok 1 - \(= 1 2\)/, 'a quoted list in a defparameter is no call');
  t.match(plan.stdout, /# Subtest: outer\n\s+not ok 1 - \(= 1 3\)/, "'(outer) alone calls nothing: outer runs, through check-inner");
  t.match(plan.stdout, /ok 1 - Only data runs without error/, 'and the block holding it is not blamed for its checks');
  t.notMatch(plan.stdout, /# Subtest: check-called/, "(funcall 'check-called) calls it");
  t.equal(summary(plan.stderr), '2 passed, 2 failed, 0 skipped, 0 todo', 'the defparameter loads with the definitions');

  const tree = await project.specRun(['tree/', '--reporter', 'tap']);
  t.equal(tree.code, 1, 'another document of the tree that only quotes it does not call it');
  t.match(tree.stdout, /# Subtest: check-tree-parser\n\s+not ok 1 - \(= 1 2\)/);

  const exits = await project.specRun(['exits/exits.md', '--reporter', 'tap']);
  t.equal(exits.code, 1);
  t.match(exits.stdout, `ok 3 - (assert (= 1 2)) # SKIP not run: the unit stopped in the form at line ${lineOf(EXITS, '(bt:join-thread')}`);
  t.match(exits.stdout, new RegExp(`not ok 2 - In a thread completes\\n\\s+---\\n\\s+at: exits/exits\\.md:${lineOf(EXITS, '(bt:join-thread')}\\n`), "the thread's exit fails the unit at its line");
  t.match(exits.stdout, 'ok 2 - (assert (= 3 4)) # SKIP not run: the driver process ended before it');
  t.equal(summary(exits.stderr), '2 passed, 2 failed, 2 skipped, 0 todo');
});
