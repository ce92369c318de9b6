// The worker's interrupt discipline: a timeout interrupt can land anywhere, also
// in the few instructions around the evaluation (before its catch tag exists,
// while the answer is being built). Wherever it lands, the answer is a whole
// "ok" or a "timeout", never an aborted evaluation or a lost evaluation thread.
import t from 'tap';
import { defaultLisp } from '../../src/lisp-image/core-image.js';
import { LispWorker, requestLine } from '../../src/runtime/worker.js';
import { INTERRUPT_GRACE_MS } from '../../src/runtime/session.js';

t.test('timeouts of 1 to 8 ms, landing anywhere in a short evaluation, answer ok or timeout', async (t) => {
  const worker = await LispWorker.start({ lisp: defaultLisp() });
  t.teardown(() => worker.stop());
  const seen = new Map<string, number>();
  // The work grows with the id and the timeouts cycle from 1 to 8 ms, so that they land
  // before, inside and after it whatever this machine's speed (a fresh evaluation's
  // compilation alone can take 2 ms): some evaluations finish, some time out.
  for (let id = 1; id <= 400; id++) {
    const repeat = id * 20_000;
    const answer = await worker.evaluate({ id, code: `(princ "x") (loop repeat ${repeat} sum 1)`, timeoutMs: 1 + (id % 8), maxOutput: 1000, graceMs: INTERRUPT_GRACE_MS });
    seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
    if (answer.status === 'ok') {
      if (answer.values?.[0] !== String(repeat) || answer.stdout !== 'x') t.fail(`an ok answer lost its parts: ${JSON.stringify(answer)}`);
    } else if (answer.status !== 'timeout') t.fail(`evaluation ${id} answered ${JSON.stringify(answer)}`);
  }
  t.ok(worker.alive, 'the worker is still running');
  t.ok(seen.get('timeout'), `some evaluations timed out: ${JSON.stringify([...seen])}`);
  t.ok(seen.get('ok'), `and some finished: ${JSON.stringify([...seen])}`);
  const after = await worker.evaluate({ id: 1000, code: '(+ 1 2)', maxOutput: 1000, graceMs: INTERRUPT_GRACE_MS });
  t.same(after.values, ['3'], 'the next evaluation runs normally');
});

t.test("the worker's interrupt windows come from the session's grace, sent with each timed request", async (t) => {
  t.match(requestLine({ id: 1, code: '1', timeoutMs: 1000, maxOutput: 10, graceMs: INTERRUPT_GRACE_MS }), `:grace-ms ${INTERRUPT_GRACE_MS}`);
});
