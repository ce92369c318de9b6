// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): one false assert in a joined thread gave three failing points, one of them
// spec-run's own "attempt to THROW to a tag that does not exist: SPEC-RUN::UNIT-STOP",
// and skipped the unit's later check as if the unit had stopped.
import t from 'tap';
import { userProject } from '../support/installed.js';

const THREAD = `---
type: verification
name: thread
---
# A check in a worker thread

\`\`\`lisp
(let ((th (bt:make-thread (lambda () (assert (= 1 (length (list 1 2))))) :name "checker")))
  (bt:join-thread th))
(assert (= 1 1))
\`\`\`
`;

t.test('a false assert in a joined thread is one failing point, as itself; the unit goes on', async (t) => {
  const project = userProject({ 'specs/thread.md': THREAD });
  const run = await project.specRun(['specs/thread.md', '--reporter', 'tap']);
  t.equal(run.code, 1, run.stderr);
  t.match(run.stdout, /not ok 1 - \(= 1 \(length \(list 1 2\)\)\)\n {10}---\n {10}at: specs\/thread\.md:8\n[^]*?reason: the assertion is false; the rest of this thread is not run/);
  t.match(run.stdout, /\n {8}ok 2 - \(= 1 1\)\n/, 'the check after the join runs and passes');
  t.notMatch(run.stdout, /UNIT-STOP|THROW|JOIN-THREAD-ERROR|runs without error|SKIP/);
  t.equal(run.stderr.trim().split('\n').at(-1), '1 passed, 1 failed, 0 skipped, 0 todo');
});
