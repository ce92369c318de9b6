// Lisp from a user's seat (round 20): a team maintaining a numerical library found a
// helper's assert precondition failing a test that expects its error, check and --list
// passing code SBCL cannot read ('(1 . 2 . 3), a:b:c), check calling type specifiers,
// assert places, slot entries and local macros undefined functions, and a FOR-ALL whose
// guard never holds adding a skipped point for the check in its body.
import t from 'tap';
import { userProject } from '../support/installed.js';

const doc = (name: string, type: string, ...blocks: string[]) =>
  `---\ntype: ${type}\nname: ${name}\n---\n# ${name}\n\n${blocks.map((code, i) => `## Part ${i + 1}\n\n\`\`\`lisp\n${code}\n\`\`\`\n`).join('\n')}`;
const helper = '(defun safe-sqrt (x)\n  (assert (>= x 0) (x) "negative input ~a" x)\n  (sqrt x))';

t.test("a helper's assert precondition is the error a check expects; where no check expects it, it still fails the unit", async (t) => {
  const project = userProject({
    'specs/expected.test.md': doc(
      'expected',
      'verification',
      helper,
      '(fiveam:test rejects-negative\n  (fiveam:is (= 2 (safe-sqrt 4)))\n  (fiveam:signals error (safe-sqrt -1)))',
      '(assert (handler-case (progn (safe-sqrt -1) nil) (error () t)))\n(assert (= 3 (safe-sqrt 9)))',
    ),
    'specs/unexpected.test.md': doc('unexpected', 'verification', helper, '(ignore-errors (safe-sqrt -1))\n(assert (= 3 (safe-sqrt 9)))'),
  });
  const run = await project.specRun(['specs/expected.test.md', '--reporter', 'tap']);
  t.equal(run.code, 0, run.stdout);
  t.match(run.stdout, /ok \d+ - \(fiveam:signals error \(safe-sqrt -1\)\)/);
  t.match(run.stderr, /6 passed, 0 failed, 0 skipped/);
  const caught = await project.specRun(['specs/unexpected.test.md', '--reporter', 'tap']);
  t.equal(caught.code, 1, 'an ignore-errors outside every check does not hide a false assert');
  t.match(caught.stdout, /not ok 1 - \(>= x 0\)\n[\s\S]*reason: negative input -1 \(the assertion is false; the rest of this unit is not run\)/);
});

t.test('check, --list and --dry-run refuse a block SBCL cannot read; code SBCL reads passes', async (t) => {
  const project = userProject({
    'specs/dots.test.md': doc('dots', 'verification', "(assert (equal (car '(1 . 2 . 3)) 1))"),
    'specs/colons.test.md': doc('colons', 'verification', "(assert (eq 'a:b:c 'a))"),
    'specs/fine.test.md': doc('fine', 'verification', "(assert (equal (cdr '(1 . 2)) 2))\n(assert (eq 'cl::car 'car))"),
  });
  for (const [file, message] of [
    ['specs/dots.test.md', /^specs\/dots\.test\.md:10:29: error: Lisp code cannot be read: more than one form follows \. in the list/m],
    ['specs/colons.test.md', /^specs\/colons\.test\.md:10:14: error: Lisp code cannot be read: too many colons in 'a:b:c'/m],
  ] as const) {
    const check = await project.specRun(['check', file]);
    t.equal(check.code, 1, `check ${file}`);
    t.match(check.stdout, message);
    t.equal((await project.specRun([file, '--list'])).code, 1, `--list ${file}`);
    t.equal((await project.specRun([file, '--dry-run'])).code, 1, `--dry-run ${file}`);
    t.equal((await project.specRun([file])).code, 1, `the run ${file}`);
  }
  const check = await project.specRun(['check', 'specs/fine.test.md']);
  t.equal(check.code, 0, check.stdout);
  t.equal((await project.specRun(['specs/fine.test.md'])).code, 0);
});

t.test("check reads type specifiers, assert places, slot entries, modify macros and iterator macros as the run does, and still finds a call of nothing", async (t) => {
  const code = `(defun clamp (tol)
  (check-type tol (real 0))
  (assert (plusp tol) (tol) "tolerance must be positive, got ~a" tol)
  (min tol 1d-3))
(defstruct (bracket (:constructor make-bracket (lo hi))) lo hi)
(defun width (b) (with-accessors ((lo bracket-lo) (hi bracket-hi)) b (- hi lo)))
(define-modify-macro scalef (factor) *)
(defun scaled (x) (scalef x 3) x)
(defun first-entry (h) (with-hash-table-iterator (next h) (multiple-value-list (next))))`;
  const checks = "(assert (= 1d-3 (clamp 1d0)))\n(assert (= 2 (width (make-bracket 1 3))))\n(assert (= 6 (scaled 2)))\n(let ((h (make-hash-table)))\n  (setf (gethash :a h) 1)\n  (assert (equal '(t :a 1) (first-entry h))))";
  const project = userProject({
    'specs/places.test.md': doc('places', 'verification', code, checks),
    'specs/typo.test.md': doc('typo', 'verification', code, '(assert (= 2 (widht (make-bracket 1 3))))'),
  });
  const check = await project.specRun(['check', 'specs/places.test.md']);
  t.equal(check.code, 0, check.stdout);
  t.equal((await project.specRun(['specs/places.test.md'])).code, 0, 'the run agrees');
  const typo = await project.specRun(['check', 'specs/typo.test.md']);
  t.equal(typo.code, 1);
  t.notMatch(typo.stdout, /'(real|tol|hi|factor|scalef|next)' is called/, 'only the misspelt call');
  t.match(typo.stdout, /typo\.test\.md:\d+:\d+: error: 'widht' is called but neither this document nor the test vocabulary defines it/);
});

t.test('a FOR-ALL whose guard never holds is its one failing point, with no skipped point for its body', async (t) => {
  const project = userProject({
    'specs/guard.test.md': doc('guard', 'property', '(fiveam:test far\n  (fiveam:for-all ((x0 (fiveam:gen-integer :min 1 :max 10) (> x0 100)))\n    (fiveam:is (plusp x0))))'),
  });
  const run = await project.specRun(['--reporter', 'tap']);
  t.equal(run.code, 1);
  t.match(run.stdout, /reason: Guard conditions never passed/);
  t.notMatch(run.stdout, /# SKIP/);
  t.match(run.stderr, /0 passed, 1 failed, 0 skipped/);
});
