// What a user-seat session found in Lisp documents, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A checking
// function only held by #'f in data (a list in a defparameter) counted as called, so its
// failing check never ran and the run was green; an exit in a thread that outlived its
// form was blamed on the form running then.
import t from 'tap';
import { userProject } from '../support/installed.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const fence = (code: string) => `\`\`\`lisp\n${code}\n\`\`\`\n`;
const doc = (name: string, body: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n${body}`;
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

const REGISTRY = doc(
  'registry',
  `${fence("(defun check-a () (assert (= 1 1)))\n(defun check-b () (assert (= 1 2)))\n(defparameter *checks* (list #'check-a #'check-b))")}
## Run the first check\n\n${fence('(funcall (first *checks*))')}
## Mapped\n\n${fence("(defun check-mapped (n) (assert (plusp n)))\n(mapc #'check-mapped '(1 2))")}`,
);
const EXITS = doc(
  'exits2',
  `## Unjoined thread exits later\n\n${fence('(assert (= 1 1))\n(bt:make-thread (lambda ()\n                  (sleep 0.2)\n                  (sb-ext:exit :code 0 :abort t)))\n(sleep 1)\n(assert (= 2 2))')}`,
);

t.test("#'f put in data is no call: the function runs as a unit; an exit in an unjoined thread fails the unit at the thread's call", async (t) => {
  const project = userProject({ 'registry/z3.md': REGISTRY, 'exits/exits2.md': EXITS });

  const run = await project.specRun(['registry/z3.md', '--reporter', 'tap']);
  t.equal(run.code, 1, "check-b's failing check runs and fails the run");
  t.match(run.stdout, /# Subtest: check-b\n\s+not ok 1 - \(= 1 2\)/);
  t.match(run.stdout, /# Subtest: check-a\n\s+ok 1 - \(= 1 1\)/, 'check-a runs as a unit too, as well as through the funcall');
  t.notMatch(run.stdout, /# Subtest: check-mapped/, "#'f given to mapc calls it");
  t.equal(summary(run.stderr), '4 passed, 1 failed, 0 skipped, 0 todo');
  const list = await project.specRun(['registry/z3.md', '--list']);
  t.match(list.stdout, /units \(4\)[^]*verify-function\s+check-a\s[^]*verify-function\s+check-b\s/, '--list shows both as units');
  const check = await project.specRun(['check', 'registry/z3.md']);
  t.match(check.stdout, /check-b holds checks and nothing in this document or its specification tree calls it: it runs as a unit/);

  const exits = await project.specRun(['exits/exits2.md', '--reporter', 'tap']);
  t.equal(exits.code, 1);
  t.match(exits.stdout, `ok 3 - (assert (= 2 2)) # SKIP not run: the unit stopped in the form at line ${lineOf(EXITS, '(sleep 1)')}`, 'the checks after the form the unit was running are skipped, naming it');
  t.match(exits.stdout, new RegExp(`not ok 2 - Unjoined thread exits later completes\\n\\s+---\\n\\s+at: exits/exits2\\.md:${lineOf(EXITS, '(sb-ext:exit')}\\n`), "the unit fails at the thread's call");
  t.equal(summary(exits.stderr), '1 passed, 1 failed, 1 skipped, 0 todo');
});
