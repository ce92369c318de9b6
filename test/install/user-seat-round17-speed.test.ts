// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// a tree of Lisp documents, as the documents' benchmark runs it (issue 24). Each block of code
// is now read once per run and looked up after (translate/lisp-forms.ts), and whether a unit
// reads the clock is found in the forms already read: the tree still runs as before. Each
// document's definitions, special variables and packages stay invisible to the next, whether
// it was parsed afresh or kept from the run before, and `--jobs 2` gives the verdicts `--jobs 1`
// gives; a FiveAM test that reads the clock in its definition, behind a reader conditional too,
// still runs and passes.
import t from 'tap';
import { userProject } from '../support/installed.js';

/** Document I: its own suite and tests, and what it leaves defined for a later one to look for. */
const document = (i: number) => `---
type: verification
---
# Document ${i}

\`\`\`lisp
(defun helper-${i} () ${i})
(defvar *left-${i}* ${i})
(defpackage #:left-package-${i} (:use #:cl))
(fiveam:def-suite suite-${i})
(fiveam:in-suite suite-${i})
(fiveam:test own-${i} (fiveam:is (= ${i} (helper-${i}))) (fiveam:is (= ${i} *left-${i}*)))
(fiveam:test nothing-before-${i}
  (fiveam:is (loop for j from 1 below ${i}
                   never (or (find-package (format nil "LEFT-PACKAGE-~D" j))
                             (let ((name (find-symbol (format nil "HELPER-~D" j)))) (and name (fboundp name)))
                             (let ((name (find-symbol (format nil "*LEFT-~D*" j)))) (and name (boundp name)))))))
(fiveam:test timed-${i}
  (let ((start #+sbcl (get-internal-real-time) #-sbcl 0))
    (fiveam:is (<= start (get-internal-real-time)))))
\`\`\`
`;

/** From the third on, a document's driver may be one forked ahead of time while the one before ran. */
const DOCUMENTS = 4;

/** Each document's line of the TAP output (`ok N - Document I ...`), in order, without its time. */
const documentLines = (stdout: string) => stdout.split('\n').filter((line) => /^(not )?ok \d+ - Document /.test(line)).map((line) => line.replace(/ # time=.*$/, ''));

// Three runs of the tree, and the package's installation when this file runs alone: more than tap's 30 s on a loaded machine.
t.test('a tree of Lisp documents: each one alone, parsed afresh or kept, and --jobs 2 as --jobs 1', { timeout: 240_000 }, async (t) => {
  const project = userProject(Object.fromEntries(Array.from({ length: DOCUMENTS }, (_, i) => [`specs/doc-${i + 1}.test.md`, document(i + 1)])));
  const afresh = await project.specRun(['specs/', '--reporter', 'tap', '--seed', '7'], { env: { SPEC_RUN_DOCUMENT_CACHE: 'off' } });
  t.equal(afresh.code, 0, 'every document parsed afresh passes', { stderr: afresh.stderr.slice(-2000) });
  t.match(afresh.stderr, new RegExp(`${DOCUMENTS * 4} passed, 0 failed, 0 skipped, 0 todo`), 'every check ran and passed: nothing of an earlier document was seen');
  const lines = documentLines(afresh.stdout);
  t.equal(lines.length, DOCUMENTS, 'one result per document');
  t.ok(lines.every((line) => line.startsWith('ok ')), lines.join('\n'));
  // The run before kept the documents it parsed: this run reads them from there.
  const kept = await project.specRun(['specs/', '--reporter', 'tap', '--seed', '7']);
  t.equal(kept.code, 0, 'the documents kept from the run before pass', { stderr: kept.stderr.slice(-2000) });
  t.same(documentLines(kept.stdout), lines, 'with the same results');
  const twoJobs = await project.specRun(['specs/', '--reporter', 'tap', '--seed', '7', '--jobs', '2']);
  t.equal(twoJobs.code, 0, '--jobs 2 passes', { stderr: twoJobs.stderr.slice(-2000) });
  t.same(documentLines(twoJobs.stdout), lines, '--jobs 2 gives the results --jobs 1 gives, in the same order');
});
