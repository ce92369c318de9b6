// The worker's channels, driven from Node: an answer line longer than the supervisor
// reads is refused without being built, and a cancellation interrupts the evaluation
// it names (before or during it), keeping the worker and its state.
import t from 'tap';
import { defaultLisp } from '../../src/lisp-image/core-image.js';
import { LispWorker } from '../../src/runtime/worker.js';
import { RuntimeSession } from '../../src/runtime/session.js';

t.test('an answer past maxAnswerChars fails its request, unread, and the worker answers the next one', async (t) => {
  const worker = await LispWorker.start({ lisp: defaultLisp(), maxAnswerChars: 10_000 });
  t.teardown(() => worker.stop());
  await t.rejects(
    worker.evaluate({ id: 1, code: '(princ (make-string 50000 :initial-element #\\a)) :done', maxOutput: 1_000_000 }),
    /answer exceeded 10000 characters and was dropped; lower max-output/,
  );
  const next = await worker.evaluate({ id: 2, code: '(+ 1 2)', maxOutput: 1000 });
  t.same(next.values, ['3'], 'the rest of the long line was skipped; the next answer is whole');
  t.ok(worker.alive);
});

t.test("a session's evaluation cancelled while it runs answers CANCELLED and keeps the state; one cancelled before its turn never runs", async (t) => {
  const session = new RuntimeSession();
  t.teardown(() => session.close());
  session.limits.timeoutSeconds = 0;
  await session.evaluate('(defvar *count* 0)');
  const running = new AbortController();
  const queued = new AbortController();
  const first = session.evaluate('(loop (sleep 0.01))', undefined, { signal: running.signal });
  const second = session.evaluate('(incf *count*)', undefined, { signal: queued.signal });
  queued.abort();
  setTimeout(() => running.abort(), 300);
  const [a, b] = await Promise.all([first, second]);
  t.equal(a.kind, 'answer');
  t.equal(a.answer?.status, 'cancelled', 'the endless loop was interrupted');
  t.equal(b.answer?.status, 'cancelled', 'the queued evaluation answered cancelled');
  const count = await session.evaluate('*count*');
  t.same(count.answer?.values, ['0'], 'it never ran, and the state defined before is kept');
});

t.test('a cancellation that arrives after its evaluation ended changes nothing', async (t) => {
  const session = new RuntimeSession();
  t.teardown(() => session.close());
  const late = new AbortController();
  const done = await session.evaluate('(+ 2 3)', undefined, { signal: late.signal });
  late.abort();
  t.same(done.answer?.values, ['5']);
  const next = await session.evaluate('(+ 3 4)');
  t.equal(next.answer?.status, 'ok', 'the next evaluation is not cancelled');
  t.same(next.answer?.values, ['7']);
});
