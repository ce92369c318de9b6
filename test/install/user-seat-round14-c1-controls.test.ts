// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): a C1 control character (U+0080-U+009F) in a Lisp string passed silently, the check
// comparing a value the file does not show; C0 controls and DEL were already errors.
import t from 'tap';
import { userProject } from '../support/installed.js';

const C1 = '---\ntype: verification\nname: c1-controls\n---\n# C1\n\n```lisp\n(defvar *expected-user* "admin\u009b")\n(assert (= 6 (length *expected-user*)))\n```\n';

t.test('a C1 control character in a Lisp string is an error at its line and column, for check and run alike', async (t) => {
  const project = userProject({ 'specs/c1.test.md': C1 });
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 1, check.stdout + check.stderr);
  t.match(check.stdout + check.stderr, /specs\/c1\.test\.md:8:31: error: the control character U\+009B stands in the text/);
  const run = await project.specRun(['specs/']);
  t.not(run.code, 0, 'the run does not pass on it');
  t.notMatch(run.stderr, /1 passed, 0 failed/);
});
