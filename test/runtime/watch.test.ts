// The worker's control thread is not woken for each evaluation: it sleeps until the
// deadline it saw last, and an evaluation wakes it only when its own deadline comes
// sooner. Whatever came before (a longer timeout, none, an evaluation thread ended by
// the code it ran), a timeout must still fire in time.
import t from 'tap';
import { defaultLisp } from '../../src/lisp-image/core-image.js';
import { LispWorker } from '../../src/runtime/worker.js';

const worker = await LispWorker.start({ lisp: defaultLisp() });
t.teardown(() => worker.stop());
let nextId = 1;
const evaluate = (code: string, timeoutMs?: number) =>
  worker.evaluate({ id: nextId++, code, timeoutMs, graceMs: timeoutMs === undefined ? undefined : 300, maxOutput: 1000 });

/** `(loop)` under a timeout of `timeoutMs`: its status and how long the answer took. */
async function endlessLoop(timeoutMs: number): Promise<{ status: string; ms: number }> {
  const started = Date.now();
  const answer = await evaluate('(loop)', timeoutMs);
  return { status: answer.status, ms: Date.now() - started };
}

t.test('a short timeout after evaluations under a long one fires at its own deadline, not theirs', async (t) => {
  for (let i = 0; i < 20; i++) t.same((await evaluate('(+ 1 2)', 60_000)).values, ['3']);
  const { status, ms } = await endlessLoop(500);
  t.equal(status, 'timeout');
  t.ok(ms < 10_000, `answered after ${ms} ms; the earlier evaluations' deadlines were a minute away`);
});

t.test('a timeout after evaluations with none fires', async (t) => {
  for (let i = 0; i < 20; i++) t.same((await evaluate('(+ 1 2)')).values, ['3']);
  const { status, ms } = await endlessLoop(500);
  t.equal(status, 'timeout');
  t.ok(ms < 10_000, `answered after ${ms} ms`);
});

t.test('each of several timed-out evaluations in a row is stopped, and the state is kept', async (t) => {
  await evaluate('(defvar *kept* :here)', 60_000);
  for (let i = 0; i < 3; i++) t.equal((await endlessLoop(300)).status, 'timeout');
  t.same((await evaluate('*kept*', 60_000)).values, [':HERE']);
});

t.test('after code ends the evaluation thread, a new one answers, and timeouts still fire', async (t) => {
  const ended = await evaluate('(sb-thread:abort-thread)', 60_000);
  t.equal(ended.status, 'error', 'the evaluation that ended its thread is answered');
  t.same((await evaluate('(+ 2 3)', 60_000)).values, ['5'], 'by a new evaluation thread');
  const { status, ms } = await endlessLoop(500);
  t.equal(status, 'timeout');
  t.ok(ms < 10_000, `answered after ${ms} ms`);
  t.ok(worker.alive);
});
