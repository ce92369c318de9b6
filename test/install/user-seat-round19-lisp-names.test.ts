// Lisp names from a user's seat (round 19): a team writing documents for its ring-buffer
// library found names told apart without their package (a test or verify- function of one
// name in two packages ran the first twice, the second's false check skipped; a verify-
// function defined twice ran the second twice), check passing a call of a vocabulary
// package's function from CL-USER that the run fails on, a package of helpers not shared
// with the tree in silence, runtime ["builtin"] reported as the built-in runtime, and a
// call of what a vocabulary file that ended its driver defines said to be defined nowhere.
import t from 'tap';
import { userProject } from '../support/installed.js';

const doc = (name: string, ...blocks: string[]) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n${blocks.map((code, i) => `## Part ${i + 1}\n\n\`\`\`lisp\n${code}\n\`\`\`\n`).join('\n')}`;
const ring = '(defpackage :ring (:use :cl) (:export #:make-ring #:ring-push))\n(in-package :ring)\n(defun make-ring (n) (make-array n :initial-element nil))\n(defun ring-push (r x) (setf (aref r 0) x))\n';

t.test('a test and a verify- function of one name in two packages are two units, each running its own: the false one fails the run', async (t) => {
  const project = userProject({
    'specs/dup.test.md': doc(
      'dup',
      '(defpackage :p2 (:use :cl))',
      '(fiveam:test capacity (fiveam:is (= 4 (length (list 1 2 3 4)))))\n(defun verify-size () (assert (= 4 (length (list 1 2 3 4)))))',
      '(in-package :p2)\n(fiveam:test capacity (fiveam:is (= 5 (length (list 1 2 3 4)))))\n(defun verify-size () (assert (= 6 (length (list 1 2 3 4)))))\n(in-package :cl-user)',
    ),
  });
  const run = await project.specRun(['--reporter', 'tap']);
  t.equal(run.code, 1, 'the false checks fail the run');
  t.match(run.stdout, /not ok \d+ - p2::capacity/);
  t.match(run.stdout, /not ok \d+ - p2::verify-size/);
  t.match(run.stdout, /ok \d+ - capacity/);
  t.notMatch(run.stdout, /SKIP not run: the unit ended without evaluating it/, 'no check skipped as "a branch not taken"');
  t.match(run.stderr, /2 passed, 2 failed, 0 skipped/);
});

t.test('a verify- function defined twice is an error at the first, in the run and in check', async (t) => {
  const project = userProject({
    'specs/twice.test.md': doc('twice', '(defun verify-length () (assert (= 5 (length (list 1 2 3 4)))))', '(defun verify-length () (assert (= 4 (length (list 1 2 3 4)))))'),
  });
  const run = await project.specRun(['--reporter', 'tap']);
  t.equal(run.code, 1, 'not green');
  t.match(run.stdout, /not ok 1 - verify-length is defined again at line 16, which replaces this definition: its checks would never run/);
  const check = await project.specRun(['check']);
  t.equal(check.code, 1);
  t.match(check.stdout, /^specs\/twice\.test\.md:10:1: error: verify-length is defined again at line 16/m);
});

t.test("check reads a bare name in CL-USER, as the run does: a vocabulary package's function is no CL-USER function, and the suggestion is written as the document must write it", async (t) => {
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ vocabulary: ['src/ring.lisp'] }),
    'src/ring.lisp': ring,
    'specs/typo.test.md': doc('typo', '(let ((r (ring:make-ring 2)))\n  (ring-psh r 1)\n  (assert r))'),
    'specs/bare.test.md': doc('bare', '(let ((r (ring:make-ring 2)))\n  (ring-push r 1)\n  (assert r))'),
  });
  const check = await project.specRun(['check']);
  t.equal(check.code, 1);
  t.match(check.stdout, /specs\/typo\.test\.md:11:4: error: 'ring-psh' is called but neither this document nor the test vocabulary defines it; did you mean 'ring:ring-push'\?/);
  t.match(check.stdout, /specs\/bare\.test\.md:11:4: error: 'ring-push' is called in CL-USER, but the vocabulary defines it in package RING, which CL-USER does not use: write 'ring:ring-push'/);
  const run = await project.specRun(['specs/bare.test.md', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the run fails on it too');
  t.match(run.stdout, /The function COMMON-LISP-USER::RING-PUSH is undefined/);
});

t.test("a package of helpers one document defines is not shared: another naming it fails at that line, saying what a tree shares", async (t) => {
  const project = userProject({
    'specs/helpers.test.md': doc('helpers', '(defpackage :ring-test (:use :cl) (:export #:full))\n(in-package :ring-test)\n(defun full (n) (make-list n))\n(in-package :cl-user)', '(assert (= 2 (length (ring-test:full 2))))'),
    'specs/uses.test.md': doc('uses', '(assert (= 3 (length (ring-test:full 3))))'),
  });
  const message = /ring-test:full names the package RING-TEST, which specs\/helpers\.test\.md:10 defines; a specification tree shares the definitions its documents make in CL-USER, not the packages they define .*put the package and its definitions in a vocabulary file/;
  const check = await project.specRun(['check']);
  t.equal(check.code, 1);
  t.match(check.stdout, new RegExp(`^specs/uses\\.test\\.md:10:1: error: ${message.source}`, 'm'));
  const run = await project.specRun(['--reporter', 'tap']);
  t.equal(run.code, 1);
  t.match(run.stdout, message);
});

t.test('runtime ["builtin"] is reported as the command it is, with how to name the built-in runtime', async (t) => {
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ runtime: ['builtin'], timeout: '20s' }),
    'specs/eval.test.md': doc('eval', '(assert (equal "3" (result-text (evaluate-lisp *server* "(+ 1 2)"))))'),
  });
  const run = await project.specRun(['--reporter', 'tap', '--reporter', 'junit:j.xml']);
  t.equal(run.code, 1);
  const shown = '["builtin"], a command named builtin, not the built-in runtime (the built-in runtime is named by the string: "runtime": "builtin")';
  t.match(run.stdout, `# runtime: ${shown}`);
  t.notMatch(run.stdout, /# runtime: builtin$/m);
  const doctor = await project.specRun(['doctor']);
  t.match(doctor.stdout, `runtime server: ${shown}:`);
});

t.test('a call of what a vocabulary file defines, after its load ended the driver, names the file, the line and where it stopped', async (t) => {
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ vocabulary: ['src/helpers.lisp'], timeout: '3s' }),
    'spec-run.config.exit.json': JSON.stringify({ vocabulary: ['src/helpers-exit.lisp'] }),
    'src/helpers.lisp': '(defun helper-a () 1)\n(loop)\n',
    'src/helpers-exit.lisp': '(defun helper-a () 1)\n(sb-ext:exit :code 0)\n',
    'specs/v.test.md': doc('v', '(assert (= 1 (helper-a)))'),
  });
  const hangs = await project.specRun(['--reporter', 'tap']);
  t.equal(hangs.code, 1);
  t.match(hangs.stdout, /helper-a is called here, but is not defined: the vocabulary file src\/helpers\.lisp defines it at line 1, but did not finish within the unit time limit of 3000 ms \(the configuration's timeout\) at line 2/);
  const exits = await project.specRun(['--config', 'spec-run.config.exit.json', '--reporter', 'tap']);
  t.equal(exits.code, 1);
  t.match(exits.stdout, /helper-a is called here, but is not defined: the vocabulary file src\/helpers-exit\.lisp defines it at line 1, but ended its driver at line 2/);
});
