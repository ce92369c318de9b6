// A Lisp finding of round 15 from a user's seat (spec-run packed, installed into a fresh
// project, run through its bin with the real SBCL): --only-failures found last time's failing
// block by its place and name alone, and a block written above it under the same heading took
// both ("Checks (2)"): the new block ran, passed, and the run was green, the failure skipped.
import t from 'tap';
import { userProject } from '../support/installed.js';

const document = (...checks: string[]) => `---
type: verification
name: checks
---
# Checks

${checks.map((check) => `\`\`\`lisp\n(assert ${check})\n\`\`\`\n`).join('\n')}`;

t.test('--only-failures reruns the Lisp block that failed, wherever edits above it moved it', async (t) => {
  const project = userProject({ 'specs/checks.md': document('(= 1 1)', '(= 2 3)') });
  const first = await project.specRun(['specs/']);
  t.equal(first.code, 1, 'the second block fails');

  project.write({ 'specs/checks.md': document('(= 1 1)', '(= 5 5)', '(= 2 3)') });
  const moved = await project.specRun(['--only-failures', 'specs/', '--reporter', 'tap']);
  t.equal(moved.code, 1, 'the failing block ran again, and fails again');
  t.match(moved.stdout, /not ok \d+ - \(= 2 3\)/);

  project.write({ 'specs/checks.md': document('(= 1 1)', '(= 6 6)', '(= 5 5)', '(= 2 4)') });
  const edited = await project.specRun(['--only-failures', 'specs/', '--reporter', 'tap']);
  t.equal(edited.code, 1, 'edited and moved, it is told apart nowhere: the whole document runs, never another block alone');
  t.match(edited.stdout, /not ok \d+ - \(= 2 4\)/);

  project.write({ 'specs/checks.md': document('(= 1 1)', '(= 6 6)', '(= 5 5)', '(= 2 2)') });
  t.equal((await project.specRun(['specs/'])).code, 0, 'fixed, the whole run passes');
  const none = await project.specRun(['--only-failures', 'specs/']);
  t.match(none.stderr, /the last run recorded no failures/, 'and the record keeps no failure of it');
});
