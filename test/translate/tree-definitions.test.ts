// A specification tree is one system: what a document borrows from the other documents
// of its tree (translate/tree-definitions.ts), decided on the documents' text alone.
import fc from 'fast-check';
import t from 'tap';
import type { DocumentPlan } from '../../src/model/plan.js';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import { borrowDefinitions, definedNames, definitionTree } from '../../src/translate/tree-definitions.js';
import { scanForms } from '../../src/translate/lisp-forms.js';

function plan(path: string, ...blocks: string[]): DocumentPlan {
  const body = blocks.map((code, i) => `## Block ${i + 1}\n\n\`\`\`lisp\n${code}\n\`\`\`\n`).join('\n');
  return translate(parseMarkdown(path, `---\ntype: verification\nname: ${path}\n---\n# ${path}\n\n${body}`));
}

const NONE = new Set<string>();
/** Each borrowed definition as "file:line text". */
const borrowedOf = (definitions: DocumentPlan['definitions']) => definitions.filter((d) => d.borrowed).map((d) => `${d.file}:${d.line} ${d.text}`);

const helpers = plan('specs/helpers.test.md', '(defun random-choice (list)\n  (nth (random (length list)) list))', '(assert (member (random-choice (list 1 2)) (list 1 2)))');

t.test('a document borrows a helper it calls and does not define, at its place in the other document', async (t) => {
  const user = plan('specs/user.test.md', '(assert (random-choice (list 1)))');
  const { definitions, problems } = borrowDefinitions(user, definitionTree([helpers, user]), NONE);
  t.same(problems, []);
  t.same(borrowedOf(definitions), ['specs/helpers.test.md:10 (defun random-choice (list)\n  (nth (random (length list)) list))']);
  t.same(definitions.find((d) => d.borrowed)?.borrowed, { names: ['random-choice'], usedAt: 10 }, 'the names needed and the first line needing them');
});

t.test("a document's own definition wins, and a document that does not use a name borrows nothing", async (t) => {
  const own = plan('specs/own.test.md', '(defun random-choice (list) (first list))', '(assert (random-choice (list 1)))');
  t.same(borrowedOf(borrowDefinitions(own, definitionTree([helpers, own]), NONE).definitions), []);
  const unrelated = plan('specs/unrelated.test.md', '(assert (= 2 (+ 1 1)))');
  const borrowing = borrowDefinitions(unrelated, definitionTree([helpers, unrelated]), NONE);
  t.same(borrowing.definitions, unrelated.definitions);
  t.same(borrowing.problems, []);
});

t.test('identical definitions in several documents are one; differing ones are an error naming each place, only where used', async (t) => {
  const same = plan('specs/same.test.md', ';; the same, spaced and commented otherwise\n(defun random-choice (list)   (nth (random (length list))\n list))');
  const user = plan('specs/user.test.md', '(assert (random-choice (list 1)))');
  const one = borrowDefinitions(user, definitionTree([helpers, same, user]), NONE);
  t.same(one.problems, []);
  t.equal(borrowedOf(one.definitions).length, 1, 'loaded once, from the first document of the tree');

  const other = plan('specs/other.test.md', '(defun random-choice (list) (car (last list)))');
  const tree = definitionTree([helpers, other, user]);
  const conflict = borrowDefinitions(user, tree, NONE);
  t.same(borrowedOf(conflict.definitions), [], 'nothing is loaded for it');
  t.equal(conflict.problems.length, 1);
  t.match(conflict.problems[0], { file: 'specs/user.test.md', line: 10, severity: 'error' });
  t.match(conflict.problems[0].message, /random-choice is defined differently in specs\/helpers\.test\.md:10, specs\/other\.test\.md:10, and this document uses it \(line 10\)/);
  const bystander = plan('specs/bystander.test.md', '(assert t)');
  t.same(borrowDefinitions(bystander, definitionTree([helpers, other, bystander]), NONE).problems, [], 'a document that does not use the name is not concerned');
});

t.test('a borrowed definition brings what it uses, from its own document first, loaded before it', async (t) => {
  const recorder = plan('specs/recorder.test.md', "(defvar *transcript* '())\n(defun send-and-record (x)\n  (push x *transcript*)\n  (random-choice (list x)))");
  const otherTranscript = plan('specs/other.test.md', '(defvar *transcript* (list :other))');
  const user = plan('specs/user.test.md', '(assert (send-and-record 1))');
  const { definitions, problems } = borrowDefinitions(user, definitionTree([helpers, recorder, otherTranscript, user]), NONE);
  t.same(problems, [], "the recorder's own *transcript* is taken, the conflicting one elsewhere is no problem");
  t.same(
    definitions.map((d) => d.text.split('\n')[0]),
    ['(defun random-choice (list)', "(defvar *transcript* '())", '(defun send-and-record (x)'],
    'what a definition needs comes before it',
  );
});

t.test('borrowed definitions load before the own definitions that need them; those only units need come last', async (t) => {
  const macros = plan('specs/macros.test.md', '(defmacro twice (form) `(progn ,form ,form))', '(defun shout (s) (string-upcase s))');
  const user = plan('specs/user.test.md', '(defun run-twice () (twice (print 1)))', '(defun unrelated () 1)', '(assert (string= "A" (shout "a")))');
  const { definitions } = borrowDefinitions(user, definitionTree([macros, user]), NONE);
  t.same(
    definitions.map((d) => (d.borrowed ? `borrowed ${d.text.split(' ').slice(0, 2).join(' ')}` : `own ${d.line}`)),
    ['borrowed (defmacro twice', 'own 10', 'own 16', 'borrowed (defun shout'],
  );
});

t.test('names every driver has already (the vocabulary) are never borrowed', async (t) => {
  const redefines = plan('specs/redefines.test.md', '(defvar *server* (make-test-server))', '(defun extract-timing (r) r)');
  const user = plan('specs/user.test.md', '(assert (extract-timing *server*))');
  const { definitions, problems } = borrowDefinitions(user, definitionTree([redefines, user]), new Set(['*server*', 'extract-timing']));
  t.same(borrowedOf(definitions), []);
  t.same(problems, []);
});

t.test("a structure's or class's derived names borrow its definition", async (t) => {
  const shapes = plan('specs/shapes.test.md', '(defstruct (point (:conc-name pt-)) x y)', '(defclass box () ((w :accessor box-w :initarg :w)))', '(define-condition oops (error) ((why :reader oops-why)))');
  for (const [use, expected] of [
    ['(make-point :x 1)', '(defstruct'],
    ['(pt-x p)', '(defstruct'],
    ['(point-p p)', '(defstruct'],
    ['(box-w b)', '(defclass'],
    ["(make-instance 'box)", '(defclass'],
    ['(oops-why c)', '(define-condition'],
  ]) {
    const user = plan('specs/user.test.md', `(assert (list ${use}))`);
    t.same(borrowedOf(borrowDefinitions(user, definitionTree([shapes, user]), NONE).definitions).map((d) => d.split(' ')[1]), [expected], use);
  }
  t.same(definedNames(scanForms('(defstruct (p (:constructor new-p) (:copier nil) (:predicate is-p)) a)').forms[0].node), ['p', 'new-p', 'is-p', 'p-a']);
  t.same(definedNames(scanForms('(eval-when (:compile-toplevel) (defun a ()) (defvar *b* 1))').forms[0].node), ['a', '*b*'], 'read through eval-when and progn');
  t.same(definedNames(scanForms('(defun other-package::f ())').forms[0].node), [], 'a name of another package is not lent');
});

t.test('what a document borrows depends on its tree, never on the order or the selection of the documents around it', async (t) => {
  const a = plan('specs/a.test.md', '(defun helper-a () (helper-b))', '(defun helper-b () (incf *counter*))', '(defvar *counter* 0)');
  const b = plan('specs/b.test.md', '(defun helper-b () :different)', '(defmacro with-twice (&body body) `(progn ,@body ,@body))');
  const c = plan('specs/c.test.md', '(defun helper-b () :more-different)');
  const user = plan('specs/user.test.md', '(assert (with-twice (helper-a)))');
  const tree = [a, b, c, user];
  const expected = borrowDefinitions(user, definitionTree(tree), NONE);
  await fc.assert(
    fc.asyncProperty(fc.shuffledSubarray(tree, { minLength: tree.length, maxLength: tree.length }), async (order) => {
      t.same(borrowDefinitions(user, definitionTree(order), NONE), expected);
    }),
    { numRuns: 50 },
  );
  t.same(borrowedOf(expected.definitions), [
    'specs/a.test.md:22 (defvar *counter* 0)',
    'specs/a.test.md:16 (defun helper-b () (incf *counter*))',
    'specs/a.test.md:10 (defun helper-a () (helper-b))',
    'specs/b.test.md:16 (defmacro with-twice (&body body) `(progn ,@body ,@body))',
  ]);
  t.same(expected.problems, [], "helper-b differs in b and c, but helper-a's own document defines it");
  const lone = plan('specs/lone.test.md', '(defun helper-c () (helper-b))');
  const needsB = plan('specs/needs-b.test.md', '(assert (helper-c))');
  const viaHelper = borrowDefinitions(needsB, definitionTree([lone, b, c, needsB]), NONE);
  t.match(viaHelper.problems, [{ line: 10, message: /^helper-b is defined differently in specs\/b\.test\.md:10, specs\/c\.test\.md:10, and helper-c, borrowed from specs\/lone\.test\.md:10 for line 10, uses it/ }], 'what a borrowed helper needs is resolved as a use of the document');
});

t.test("a definition made in a document's own package is lent only to code read in that package", async (t) => {
  const defs = plan('specs/defs.md', '(defpackage :team-tests (:use :cl :fiveam))\n(in-package :team-tests)\n(defun team-helper (x) (* x 100))', '(assert (= 300 (team-helper 3)))');
  const same = plan('specs/same.md', '(defpackage :team-tests (:use :cl :fiveam))\n(in-package :team-tests)', '(fiveam:test uses (is (= 500 (team-helper 5))))');
  const other = plan('specs/other.md', '(fiveam:test other (is (= 1 (team-helper 1))))');
  const own = plan('specs/own.md', '(defpackage :a-tests (:use :cl))\n(in-package :a-tests)\n(defun is (x) x)', '(assert (a-tests::is t))');
  const user = plan('specs/user.md', '(fiveam:test b1 (is (= 1 1)))');
  const tree = definitionTree([defs, same, other, own, user]);
  t.match(borrowedOf(borrowDefinitions(same, tree, NONE).definitions), [/^specs\/defs\.md:\d+ \(defun team-helper/], 'the same package borrows it');
  t.same(borrowedOf(borrowDefinitions(other, tree, NONE).definitions), [], 'CL-USER does not');
  t.same(borrowedOf(borrowDefinitions(user, tree, NONE).definitions), [], "another package's `is` is not FiveAM's");
});

t.test('a helper written the same in two documents, needing a name they define differently, is an error, whatever the files are called', async (t) => {
  const a = (path: string, limit: number) => plan(path, `(defun limit () ${limit})\n(defun within-limit-p (x) (<= x (limit)))`, '(assert (within-limit-p 5))');
  const user = plan('specs/user.md', '(assert (within-limit-p 500))');
  for (const [first, second] of [['specs/a.md', 'specs/b.md'], ['specs/c.md', 'specs/b.md']]) {
    const tree = definitionTree([a(first, 10), a(second, 1000), user]);
    const { problems } = borrowDefinitions(user, tree, NONE);
    t.match(problems, [{ severity: 'error', message: /^limit is defined differently in .*, and within-limit-p, borrowed from .* \(written the same in .*\) for line \d+, uses it without defining it/ }], `${first} and ${second}`);
  }
});

t.test('methods of one generic function in several documents add up; one method written differently in two is an error', async (t) => {
  const circle = plan('specs/circle.md', '(defgeneric area (shape))\n(defclass circle () ((r :initarg :r :reader circle-r)))\n(defmethod area ((c circle)) (* 3 (circle-r c) (circle-r c)))', '(assert (= 12 (area (make-instance (quote circle) :r 2))))');
  const square = plan('specs/sq.md', '(defclass sq () ((s :initarg :s :reader sq-s)))\n(defmethod area ((q sq)) (* (sq-s q) (sq-s q)))', '(assert (= 9 (area (make-instance (quote sq) :s 3))))');
  const user = plan('specs/user.md', '(assert (= 27 (area (make-instance (quote circle) :r 3))))');
  const { definitions, problems } = borrowDefinitions(user, definitionTree([circle, square, user]), NONE);
  t.same(problems, []);
  const borrowed = borrowedOf(definitions);
  t.ok(borrowed.some((d) => d.includes('(defgeneric area')), 'the generic');
  t.ok(borrowed.some((d) => d.includes('(defmethod area ((c circle))')), "circle's method");
  t.ok(borrowed.some((d) => d.includes('(defmethod area ((q sq))')), "the square's method");
  const other = plan('specs/other.md', '(defmethod area ((c circle)) 0)', '(assert t)');
  const clash = borrowDefinitions(user, definitionTree([circle, square, other, user]), NONE);
  t.match(clash.problems, [{ severity: 'error', message: /^the method of area on \(circle\) is defined differently in specs\/circle\.md:\d+, specs\/other\.md:\d+/ }]);
});

t.test('a document that defines only its own method of a tree generic still borrows the generic and the other methods', async (t) => {
  const circle = plan('specs/circle.md', '(defgeneric area (shape))\n(defclass circle () ((r :initarg :r :reader circle-r)))\n(defmethod area ((c circle)) (* 3 (circle-r c) (circle-r c)))', '(assert t)');
  const square = plan('specs/sq.md', '(defclass sq () ((s :initarg :s :reader sq-s)))\n(defmethod area ((q sq)) (* (sq-s q) (sq-s q)))', '(assert (> (area (make-instance (quote sq) :s 3)) (area (make-instance (quote circle) :r 1))))');
  const borrowed = borrowedOf(borrowDefinitions(square, definitionTree([circle, square]), NONE).definitions);
  t.ok(borrowed.some((d) => d.includes('(defgeneric area')), 'the generic');
  t.ok(borrowed.some((d) => d.includes('(defmethod area ((c circle))')), "circle's method");
  t.same(borrowedOf(borrowDefinitions(circle, definitionTree([circle, square]), NONE).definitions), [], 'the generic\'s own document borrows no method it does not use');
});

t.test("the forms of a document that call a borrowed definition, directly or through the document's own helpers, are told with where it is defined; the others are not", async (t) => {
  const user = plan(
    'specs/uses.test.md',
    '(defun pick-one () (random-choice (list 1 2)))',
    '(assert (= 2 (+ 1 1)))\n(assert (pick-one))',
    '(assert (random-choice (list 3)))',
  );
  const { uses } = borrowDefinitions(user, definitionTree([helpers, user]), NONE);
  const lines = user.units.flatMap((unit) => (unit.kind === 'lisp-block' ? [unit.code.line] : []));
  const through = (line: number) => uses.find(({ from, to }) => from <= line && line <= to)?.names;
  const where = [{ name: 'random-choice', file: 'specs/helpers.test.md', line: 10 }];
  t.same(through(lines[0]), undefined, 'a check using nothing of another document');
  t.same(through(lines[0] + 1), where, "through the document's own helper");
  t.same(through(lines[1]), where, 'called directly');
  const own = plan('specs/own.test.md', '(defun random-choice (list) (first list))', '(assert (random-choice (list 1)))');
  t.same(borrowDefinitions(own, definitionTree([helpers, own]), NONE).uses, [], "a document's own definition is no borrowed one");
});
