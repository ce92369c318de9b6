// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): an sb-ext:exit in a thread a helper function started failed the unit at the form
// it happened to be running (a sleep), neither the exit call nor the form that started
// the thread. The thread's stack now places the call.
import t from 'tap';
import { userProject } from '../support/installed.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const fence = (code: string) => `\`\`\`lisp\n${code}\n\`\`\`\n`;
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

const HELPER_EXIT = `---\ntype: verification\nname: helper-exit\n---\n# Exit in a thread started by a helper\n
${fence('(defun shut-down-later ()\n  (bt:make-thread (lambda () (sleep 0.2) (sb-ext:exit :code 0))))\n(defun start-either (quick)\n  (bt:make-thread (lambda () (sleep 0.2) (if quick (sb-ext:exit :code 0) (sb-ext:exit :code 1)))))')}
## The helper's thread ends the driver\n\n${fence('(shut-down-later)\n(sleep 1)\n(assert (= 2 3))')}
## Two exits in the helper\n\n${fence('(start-either t)\n(sleep 1)\n(assert (= 2 3))')}`;

t.test("an exit in a thread a helper started fails the unit at the exit call, else at the unit's call of the helper, not at the form running then", async (t) => {
  const project = userProject({ 'specs/helper-exit.md': HELPER_EXIT });
  const run = await project.specRun(['specs/helper-exit.md', '--reporter', 'tap']);
  t.equal(run.code, 1, run.stderr);
  t.match(
    run.stdout,
    new RegExp(`not ok 1 - The helper's thread ends the driver completes\\n\\s+---\\n\\s+at: specs/helper-exit\\.md:${lineOf(HELPER_EXIT, '(sb-ext:exit :code 0))))')}\\n`),
    "the unit fails at the exit call in the helper's thread",
  );
  t.match(
    run.stdout,
    new RegExp(`not ok 1 - Two exits in the helper completes\\n\\s+---\\n\\s+at: specs/helper-exit\\.md:${lineOf(HELPER_EXIT, '(start-either t)')}\\n`),
    "where the helper exits in two places, at the unit's call that started the thread",
  );
  const sleeps = HELPER_EXIT.split('\n').flatMap((line, i) => (line === '(sleep 1)' ? [i + 1] : []));
  for (const line of sleeps) t.match(run.stdout, `ok 2 - (assert (= 2 3)) # SKIP not run: the unit stopped in the form at line ${line}`, 'the checks after the form running then are skipped, after the failure');
  t.equal(summary(run.stderr), '0 passed, 2 failed, 2 skipped, 0 todo');
});
