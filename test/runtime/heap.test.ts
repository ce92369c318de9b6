// Filling the heap step by step, in a worker with a small heap so it fills fast.
import t from 'tap';
import { evaluationText } from '../../src/runtime/format.js';
import { RuntimeSession } from '../../src/runtime/session.js';

t.test('a heap filled step by step ends in an error answer; the session goes on', async (t) => {
  const session = new RuntimeSession({ dynamicSpaceMb: 256 });
  t.teardown(() => session.close());
  session.limits.timeoutSeconds = 60;
  await session.evaluate('(defvar *kept* :yes)');
  const filled = evaluationText(await session.evaluate('(let ((all nil)) (loop (push (make-array 100000) all)))'));
  t.equal(filled.isError, true);
  // Either SBCL signals the exhaustion in the evaluation (state kept), or its
  // collector gives up and the process ends (state lost, said so).
  t.match(filled.text, /^\[ERROR\] (SB-KERNEL::HEAP-EXHAUSTED-ERROR\nHeap exhausted|LISP-PROCESS-ENDED\n.*was lost)/s);
  t.comment(filled.text.split('\n')[0]);
  if (filled.text.startsWith('[ERROR] LISP-PROCESS-ENDED')) t.match(filled.text, /exited with code \d+: Heap exhausted/, "the process's end says why, in SBCL's words");
  const after = evaluationText(await session.evaluate('(+ 1 2)'));
  t.match(after, { text: '=> 3', isError: false });
  const again = evaluationText(await session.evaluate('(length (make-array 1000000))'));
  t.match(again, { text: '=> 1000000', isError: false }, 'the memory is usable again');
});

t.test('a process that fills its heap with small conses ends saying the heap was exhausted, not only the last backtrace lines', async (t) => {
  const session = new RuntimeSession({ dynamicSpaceMb: 256 });
  t.teardown(() => session.close());
  session.limits.timeoutSeconds = 60;
  const filled = evaluationText(await session.evaluate('(let (l) (loop (push (cons 1 1) l)))'));
  t.equal(filled.isError, true);
  t.match(filled.text, /^\[ERROR\] (SB-KERNEL::HEAP-EXHAUSTED-ERROR|LISP-PROCESS-ENDED\n.*exited with code \d+: Heap exhausted)/s);
});

t.test('max-output bounds the values, their "=> " lines included: many values that print as nothing do not fill the answer', async (t) => {
  const session = new RuntimeSession();
  t.teardown(() => session.close());
  const empty = evaluationText(await session.evaluate('(progn (defstruct (quiet (:print-function (lambda (o s d) (declare (ignore o s d)))))) (values-list (loop repeat 100000 collect (make-quiet))))'));
  t.ok(empty.text.length <= session.limits.maxOutput + 200, `${empty.text.length} characters`);
  const many = evaluationText(await session.evaluate('(values-list (make-list 100000))'));
  t.ok(many.text.length <= session.limits.maxOutput + 200, `${many.text.length} characters`);
  t.match(many.text, /\[output truncated: \d+ characters dropped\]$/);
});
