// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): an error escaping a thread was reported at the line of the enclosing form (a LET
// whose second binding started the thread), two threads started on two lines were both
// reported at the first, and both were named "thread Anonymous thread". Each thread's
// error now stands at the call that started it, and names it by that line.
import t from 'tap';
import { userProject } from '../support/installed.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const fence = (code: string) => `\`\`\`lisp\n${code}\n\`\`\`\n`;
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

const THREADS = `---\ntype: verification\nname: threads\n---\n# A thread's error, and the line it is reported at\n
${fence('(defun call-crashing (what)\n  (bt:make-thread (lambda () (error "crash in ~A" what))))')}
## Second thread fails\n\n${fence('(let ((t1 (bt:make-thread (lambda () 1)))\n      (t2 (bt:make-thread (lambda () (error "boom in t2")))))\n  (bt:join-thread t1)\n  (sleep 0.5)\n  (assert (= 1 1)))')}
## Two threads through a helper\n\n${fence('(let ((a (call-crashing "a"))\n      (b (call-crashing "b")))\n  (sleep 0.5))')}`;

t.test("an error escaping a thread fails the unit at the line that started that thread, each thread named by its own line", async (t) => {
  const project = userProject({ 'specs/threads.test.md': THREADS });
  const run = await project.specRun(['specs/threads.test.md', '--reporter', 'tap']);
  t.equal(run.code, 1, run.stderr);
  for (const [needle, message] of [['(t2 (bt:make-thread', 'boom in t2'], ['(a (call-crashing "a"))', 'crash in a'], ['(b (call-crashing "b"))', 'crash in b']]) {
    const line = lineOf(THREADS, needle);
    t.match(
      run.stdout,
      new RegExp(`not ok \\d+ - thread started at line ${line} runs without error\\n\\s+---\\n\\s+at: specs/threads\\.test\\.md:${line}\\n[^]*?message: ${message}\\n`),
      `the error "${message}" stands at line ${line}, where its thread was started`,
    );
  }
  t.notMatch(run.stdout, /Anonymous thread/, 'no point names a thread "Anonymous thread"');
  t.equal(summary(run.stderr), '1 passed, 3 failed, 0 skipped, 0 todo');
});
