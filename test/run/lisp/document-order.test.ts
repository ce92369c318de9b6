// A Lisp document is read as loading it in order would: each block in the package in effect at
// its place, the definitions of a block that also runs code where they stand in it, a block of
// definitions only first unless a block above it loads code or changes how code reads (or it
// changes that itself, below a unit); spec code's CONTINUE finds no restart of the driver's own.
// Each shape both ways: it passes where true and fails where false.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parseFile } from '../../../src/parse/index.js';
import { translate } from '../../../src/translate/index.js';
import { scratchDirectory } from '../../support/scratch.js';
import { frontmatter, lineIn, lisp, options, runMarkdown } from './helpers.js';

const section = (heading: string, code: string) => `## ${heading}\n\n${lisp(code)}\n`;
const ownPackage = '(defpackage :mine (:use :cl) (:shadow #:assert))\n(in-package :mine)\n(defmacro assert (form &rest r) (declare (ignore r)) `(progn ,form t))\n(cl:assert (= 5 5))';

t.test("a later block's in-package (in a block that also checks) never changes how an earlier block reads", async (t) => {
  for (const [claim, ok] of [['(= 1 2)', false], ['(= 2 2)', true]] as const) {
    const md = `${frontmatter()}${section('First', `(assert ${claim})`)}${section('Own package', ownPackage)}`;
    const r = await runMarkdown(md, options());
    t.equal(r.failed.length, ok ? 0 : 1, `${claim}: ${JSON.stringify(r.failed.map((p) => p.name))}`);
    if (!ok) t.equal(r.failed[0].at?.line, lineIn(md, `(assert ${claim})`));
  }
});

t.test('a block of definitions only that enters a package, below a unit, loads where it stands: the unit above reads in CL-USER', async (t) => {
  for (const [claim, ok] of [['(= 1 2)', false], ['(= 2 2)', true]] as const) {
    const defs = '(defpackage :mine (:use :cl) (:shadow #:assert))\n(in-package :mine)\n(defmacro assert (form &rest r) (declare (ignore r)) `(progn ,form t))\n(fiveam:test mine-test (fiveam:is (= 2 2)))';
    const md = `${frontmatter()}${section('First', `(assert ${claim})`)}${section('Own package', defs)}${section('After', '(cl:assert (= 3 3))')}`;
    const r = await runMarkdown(md, options());
    t.equal(r.failed.length, ok ? 0 : 1, `${claim}: ${JSON.stringify(r.failed.map((p) => p.name))}`);
    t.ok(r.points.some((p) => p.ok && p.name === '(= 2 2)' && p.at?.line === lineIn(md, 'fiveam:test mine-test')), 'the test of the package runs');
    const placed = r.plan.definitions.find((ref) => ref.line === lineIn(md, '(defpackage :mine'));
    t.match(placed?.loads, { at: 'in-place', because: /a block above it runs first/ });
  }
});

t.test("a defparameter in a block that also checks runs where it stands: its block's check sees its own value", async (t) => {
  for (const [expected, ok] of [[3, false], [4, true]] as const) {
    const md = `${frontmatter()}${section('First', `(defparameter *expected* ${expected})\n(assert (= *expected* (length (list :a :b :c :d))))`)}${section('Second', '(defparameter *expected* 5)\n(assert (= *expected* 5))')}`;
    const r = await runMarkdown(md, options());
    t.equal(r.failed.length, ok ? 0 : 1, `${expected}: ${JSON.stringify(r.failed.map((p) => p.name))}`);
    if (!ok) t.match(r.failed[0].diagnostics, { values: { '*expected*': '3' } });
  }
  // A defvar and incf, then a defparameter of the same variable below: in order, both hold; as hoisted, both failed.
  const md = `${frontmatter()}${section('First', '(defvar *n* 0)\n(incf *n*)\n(assert (= *n* 1))')}${section('Second', '(defparameter *n* 100)\n(assert (= *n* 100))')}`;
  const r = await runMarkdown(md, options());
  t.equal(r.failed.length, 0, JSON.stringify(r.failed.map((p) => p.diagnostics)));
  t.equal(r.plan.definitions.filter((ref) => ref.loads === undefined).length, 0, 'nothing loads before the units');
});

t.test('definitions after a Setup that loads the library: loaded where they stand, they find its package', async (t) => {
  const dir = scratchDirectory('spec-run-order-');
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'counter.lisp'), '(defpackage :counter (:use :cl) (:export #:make-counter #:bump))\n(in-package :counter)\n(defun make-counter () (list 0))\n(defun bump (c) (incf (car c)))\n');
  for (const [count, ok] of [[3, true], [4, false]] as const) {
    const md = `${frontmatter()}${section('Setup', '(load "src/counter.lisp")')}${section('Helpers', '(defun bumped (n)\n  (let ((c (counter:make-counter)))\n    (dotimes (i n (car c)) (counter:bump c))))')}${section('Bumps', `(assert (= ${count} (bumped 3)))`)}`;
    const r = await runMarkdown(md, options({ projectRoot: dir }));
    t.equal(r.failed.length, ok ? 0 : 1, `${count}: ${JSON.stringify(r.failed.map((p) => [p.name, p.diagnostics?.reason]))}`);
    if (!ok) t.equal(r.failed[0].at?.line, lineIn(md, `(assert (= ${count}`));
  }
});

t.test('spec code whose handler invokes CONTINUE where it has none goes on as in a REPL; the checks after it run', async (t) => {
  for (const [claim, ok] of [['(null result)', true], ['(eq result :boom)', false]] as const) {
    const md = `${frontmatter()}${section('Declines', `(let ((result (ignore-errors (handler-bind ((error #'continue)) (error "boom")))))\n  (assert ${claim}))`)}${section('Test', "(fiveam:test declines\n  (handler-bind ((error #'continue)) (fiveam:is (= 7 8)))\n  (fiveam:is (= 9 9)))")}`;
    const r = await runMarkdown(md, options());
    const names = r.points.map((p) => `${p.ok ? 'ok' : 'not ok'} ${p.name}`);
    t.same(names, [`${ok ? 'ok' : 'not ok'} ${claim}`, 'not ok (= 7 8)', 'ok (= 9 9)'], JSON.stringify(r.failed.map((p) => p.diagnostics?.reason)));
  }
});

t.test('--list and the plan say where each block of definitions loads', async (t) => {
  const md = `${frontmatter()}${section('Helpers', '(defun twice (x) (* 2 x))')}${section('Setup', '(require :sb-rotate-byte)\n(defun four () 4)\n(assert (= (four) (twice 2)))')}${section('More', '(defun thrice (x) (* 3 x))')}`;
  const path = join(scratchDirectory('spec-run-order-'), 'doc.test.md');
  writeFileSync(path, md);
  const plan = translate(await parseFile(path));
  t.same(
    plan.definitions.map((ref) => [ref.line, ref.loads?.at ?? 'first']),
    [
      [lineIn(md, '(defun twice'), 'first'],
      [lineIn(md, '(require'), 'with-unit'],
      [lineIn(md, '(defun thrice'), 'in-place'],
    ],
  );
  t.match(plan.definitions[2].loads, { because: new RegExp(`the block at line ${lineIn(md, '(require')} above it runs where it stands and loads code \\(require at line`) });
});

t.test('a block of definitions only that defines a variable again loads where it stands: the blocks above see the value of their place', async (t) => {
  for (const [value, ok] of [[1, true], [2, false]] as const) {
    const md = `${frontmatter()}${section('First', '(defparameter *x* 1)')}${section('Above', `(assert (= *x* ${value}))`)}${section('Again', '(defparameter *x* 2)')}${section('Below', '(assert (= *x* 2))')}`;
    const r = await runMarkdown(md, options());
    t.equal(r.failed.length, ok ? 0 : 1, `${value}: ${JSON.stringify(r.failed.map((p) => p.name))}`);
    if (!ok) t.equal(r.failed[0].at?.line, lineIn(md, `(assert (= *x* ${value}))`));
    t.same(r.plan.definitions.map((ref) => ref.loads?.at ?? 'first'), ['first', 'in-place']);
  }
});

t.test("a block of definitions only whose variable's value reads what a block that runs above it makes loads where it stands; one reading nothing of theirs loads first", async (t) => {
  const calls = `${frontmatter()}${section('Above', '(defun twice (x) (* 2 x))\n(assert (= 2 (twice 1)))')}${section('Value', '(defparameter *four* (twice 2))')}${section('Below', '(assert (= 4 *four*))')}`;
  const sets = `${frontmatter()}${section('Above', '(defvar *n* 0)\n(setf *n* 5)\n(assert (= 5 *n*))')}${section('Value', '(defparameter *m* (* 2 *n*))')}${section('Below', '(assert (= 10 *m*))')}`;
  for (const [md, read, at] of [[calls, 'TWICE', '(twice 2)'], [sets, '\\*N\\*', '(* 2 *n*)']] as const) {
    const r = await runMarkdown(md, options());
    t.same(r.failed.map((p) => p.name), [], `${read}: every check holds`);
    t.same(r.plan.definitions.map((ref) => ref.loads?.at ?? 'first'), ['with-unit', 'in-place']);
    t.match(r.plan.definitions[1].loads, { because: new RegExp(`^the value of \\*[a-z]+\\* \\(at line ${lineIn(md, at)}\\) reads ${read.toLowerCase()}, which the block at line \\d+ above it defines or sets where it runs: loaded first, it would be computed before that$`) });
  }
  const independent = `${frontmatter()}${section('Above', '(defun twice (x) (* 2 x))\n(assert (= 2 (twice 1)))')}${section('Value', "(defparameter *four* (+ 2 2))\n(defparameter *names* '(twice))")}${section('Below', '(assert (= 4 *four*))')}`;
  const r = await runMarkdown(independent, options());
  t.same(r.plan.definitions.map((ref) => ref.loads?.at ?? 'first'), ['with-unit', 'first'], 'a value of its own (a quoted name is no call) loads first');
});
