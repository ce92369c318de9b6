// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): `spec-run check` failed (exit 1) on `cl-user::iv-width`, a vocabulary function
// called from a document's own package, while the run of the same document was green.
import t from 'tap';
import { userProject } from '../support/installed.js';

const PKG = `---
type: verification
name: pkg
---
# Tests in their own package

\`\`\`lisp
(defpackage :iv-tests (:use :cl :fiveam))
(in-package :iv-tests)
(test width (is (= 2 (cl-user::iv-width 1 3))))
\`\`\`
`;

t.test('check agrees with the run on a vocabulary function called package-qualified from a document\'s own package', async (t) => {
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ paths: ['specs/'], vocabulary: ['lib/interval.lisp'] }),
    'lib/interval.lisp': '(defun iv-width (lo hi) (- hi lo))\n',
    'specs/pkg.md': PKG,
  });
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 0, check.stdout + check.stderr);
  t.match(check.stderr, /1 documents checked: 0 errors, 0 warnings/);
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, /ok 1 - \(= 2 \(cl-user::iv-width 1 3\)\)/);

  project.write({ 'specs/pkg.md': PKG.replace('cl-user::iv-width', 'cl-user::iv-widht') });
  const typo = await project.specRun(['check', 'specs/']);
  t.equal(typo.code, 1, 'a name the vocabulary does not define is still an error');
  t.match(typo.stdout, /specs\/pkg\.md:10:\d+: error: 'cl-user::iv-widht' is called but neither this document nor the test vocabulary defines it/);
});
