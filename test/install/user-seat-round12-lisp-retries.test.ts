// From a user's seat: --retries ran a failing Lisp unit again in the environment its failed
// attempt left, so a memo cache that attempt filled made the retry pass ("1 flaky") and the
// requirement verified. A retry now runs in a fresh driver, the definitions loaded again.
import t from 'tap';
import { userProject } from '../support/installed.js';

const CACHE = `---
type: verification
name: cache
covers:
  - Widths are cached
---
# Cache

\`\`\`lisp
(defvar *cache* (make-hash-table :test 'equal))
(defun cached-width (lo hi)
  (or (gethash (list lo hi) *cache*)
      (progn (setf (gethash (list lo hi) *cache*) (- hi lo)) nil)))
\`\`\`

## The first call answers

\`\`\`lisp
(assert (eql 4 (cached-width 1 5)))
\`\`\`
`;

t.test('a deterministic failure stays a failure under --retries: the retry does not inherit the failed attempt\'s state', async (t) => {
  const project = userProject({ 'specs/cache.md': CACHE });
  const run = await project.specRun(['specs/cache.md', '--retries', '1', '--require-verified', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.notMatch(run.stdout, /# flaky/);
  t.match(run.stdout, /# failed 2 attempts/);
  t.match(run.stdout, /ran in a fresh Lisp environment: the unit \\?"The first call answers\\?" \(line \d+\) failed and is retried/);
  t.match(run.stderr, /requirements: 0 verified, 1 failing/);
});
