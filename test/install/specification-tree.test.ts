// From a user's seat: in a project with spec-run installed, one Lisp document uses a
// helper another document defines, as the files of a Lisp test system do; the document
// runs alone as it runs with its tree, and check notes where the helper comes from.
import t from 'tap';
import { userProject } from '../support/installed.js';
import { lispDocument as document } from '../cli/spec-run.js';

t.test("an installed spec-run lends one document's helper to another, alone and with the tree", async (t) => {
  const project = userProject({
    'specs/helpers.test.md': document('helpers', {
      'A helper': '(defun evaluated-text (code)\n  (result-content-text (evaluate-in-session (make-test-session) code)))',
      'It works': '(assert (search "=> 3" (evaluated-text "(+ 1 2)")))',
    }),
    'specs/arithmetic/user.test.md': document('user', {
      'Products are evaluated': '(assert (search "=> 42" (evaluated-text "(* 6 7)")))',
    }),
  });
  const alone = await project.specRun(['specs/arithmetic/user.test.md', '--reporter', 'tap']);
  t.equal(alone.code, 0, alone.code === 0 ? 'the document alone passes' : alone.stdout);
  t.match(alone.stderr, /\b1 passed, 0 failed\b/);
  const whole = await project.specRun(['--reporter', 'tap']);
  t.equal(whole.code, 0, whole.code === 0 ? 'the tree passes' : whole.stdout);
  t.match(whole.stderr, /\b2 passed, 0 failed\b/);
  const check = await project.specRun(['check']);
  t.equal(check.code, 0);
  t.match(check.stdout, /^specs\/arithmetic\/user\.test\.md:10:1: note: evaluated-text is borrowed from specs\/helpers\.test\.md:10, a document of the same specification tree$/m);
  const list = await project.specRun(['specs/arithmetic/user.test.md', '--list']);
  t.match(list.stdout, /specs\/helpers\.test\.md:10 {2}defun evaluated-text {2}\(borrowed from the specification tree, for evaluated-text\)/);
});
