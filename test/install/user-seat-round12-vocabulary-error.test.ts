// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): an error at line 7 of a vocabulary file was reported at line 1 with no form, the
// rest of the file was lost, and documents calling a function defined after it were told
// that the vocabulary does not define it.
import t from 'tap';
import { userProject } from '../support/installed.js';

const LIB = `;;; our library
(defun ok-1 () 1)

(defun ok-2 () 2)

;; a mistake at line 7:
(defparameter *table* (make-hash-table :test 'no-such-test))

(defun ok-3 () 3)

(defun cut-short (x
`;

const doc = (name: string, call: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n\`\`\`lisp\n${call}\n\`\`\`\n`;

t.test("a vocabulary file's failing form is reported at its line with its form; what it defines after it loads; a lost definition is said to be lost there", async (t) => {
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ paths: ['specs/'], vocabulary: ['lib/lib.lisp'] }),
    'lib/lib.lisp': LIB,
    'specs/a.md': doc('a', '(assert (= 3 (ok-3)))'),
    'specs/b.md': doc('b', '(assert (= 4 (cut-short 4)))'),
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1, run.stderr);
  t.match(run.stdout, /# Subtest: vocabulary file lib\/lib\.lisp\n {8}not ok 1 - \(defparameter \*table\* \(make-hash-table :test 'no-such-test\)\) runs without error\n {10}---\n {10}at: lib\/lib\.lisp:7\n[^]*?form: \(defparameter \*table\* \(make-hash-table :test 'no-such-test\)\)/);
  t.match(run.stdout, /not ok 2 - the code can be read\n {10}---\n {10}at: lib\/lib\.lisp:11\n/, 'the form that cannot be read, at its line');
  t.match(run.stdout, /# Subtest: a\n {8}ok 1 - \(= 3 \(ok-3\)\)/, 'the function defined after the failing form is there');
  t.match(run.stdout, /reason: "?cut-short is called here, but neither this document nor the vocabulary defines it; the vocabulary did not load whole: lib\/lib\.lisp failed at line 7 \(Unknown :TEST for MAKE-HASH-TABLE: NO-SUCH-TEST\); lib\/lib\.lisp failed at line 11 \(unbalanced parentheses/);
  t.notMatch(run.stdout, /lib\/lib\.lisp:1\n/);
});
