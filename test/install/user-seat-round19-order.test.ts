// Round 19 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository, Lisp documents of a team's own library run through its bin): a document is read
// in its order. A later block's in-package or defparameter never reaches an earlier block,
// helpers defined after a Setup that loads the library find its package, and a handler that
// invokes CONTINUE where there is none goes on; each passes where true and fails where false.
import t from 'tap';
import { userProject } from '../support/installed.js';

const doc = (name: string, blocks: string[]) => ['---', 'type: verification', `name: ${name}`, '---', `# ${name}`, '', ...blocks.flatMap((code, i) => [`## Block ${i + 1}`, '', '```lisp', code, '```', '']), ''].join('\n');
const ownPackage = '(defpackage :mine (:use :cl) (:shadow #:assert))\n(in-package :mine)\n(defmacro assert (form &rest r) (declare (ignore r)) `(progn ,form t))\n(cl:assert (= 5 5))';
const helpers = '(defun bumped (n)\n  (let ((c (counter:make-counter)))\n    (dotimes (i n (car c)) (counter:bump c))))';

t.test('a document read in its order: each shape passes where true and fails where false, and check agrees', async (t) => {
  const project = userProject({
    'src/counter.lisp': '(defpackage :counter (:use :cl) (:export #:make-counter #:bump))\n(in-package :counter)\n(defun make-counter () (list 0))\n(defun bump (c) (incf (car c)))\n',
    'specs/package-true.test.md': doc('package-true', ['(assert (= 2 2))', ownPackage]),
    'specs/package-false.test.md': doc('package-false', ['(assert (= 1 2))', ownPackage]),
    'specs/value-true.test.md': doc('value-true', ['(defparameter *expected* 4)\n(assert (= *expected* (length (list :a :b :c :d))))', '(defparameter *expected* 5)\n(assert (= *expected* 5))']),
    'specs/value-false.test.md': doc('value-false', ['(defparameter *expected* 3)\n(assert (= *expected* (length (list :a :b :c :d))))', '(defparameter *expected* 4)\n(assert (= *expected* 4))']),
    'specs/load-true.test.md': doc('load-true', ['(load "src/counter.lisp")', helpers, '(assert (= 3 (bumped 3)))']),
    'specs/load-false.test.md': doc('load-false', ['(load "src/counter.lisp")', helpers, '(assert (= 4 (bumped 3)))']),
    'specs/continue-true.test.md': doc('continue-true', ["(let ((result (ignore-errors (handler-bind ((error #'continue)) (error \"boom\")))))\n  (assert (null result)))", '(assert (= 9 9))']),
    'specs/continue-false.test.md': doc('continue-false', ["(let ((result (ignore-errors (handler-bind ((error #'continue)) (error \"boom\")))))\n  (assert (eq result :boom)))", '(assert (= 9 9))']),
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  for (const name of ['package', 'value', 'load', 'continue']) {
    t.match(run.stdout, new RegExp(`\\nok \\d+ - ${name}-true \\(`), `${name}: true, it passes`);
    t.match(run.stdout, new RegExp(`\\nnot ok \\d+ - ${name}-false \\(`), `${name}: false, it fails`);
  }
  t.notMatch(run.stdout, /driver process ended|Package COUNTER does not exist/);
  t.match(run.stderr, /\d+ passed, 4 failed/);
  t.equal(run.code, 1);
  const listed = await project.specRun(['specs/load-true.test.md', '--list']);
  t.match(listed.stdout, /definitions where they stand \(1\)[^\n]*\n\s+specs\/load-true\.test\.md:\d+ +defun bumped +\(loaded before the next unit: the block at line \d+ above it runs where it stands and loads code/);
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 0, check.stdout + check.stderr);
});
