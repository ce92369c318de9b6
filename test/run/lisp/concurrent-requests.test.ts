// Requests of several spec-code threads are in flight at once: spec-run serves each
// driver request as it arrives and replies as each completes, so slow evaluations
// sent from N threads overlap. Measures wall time (listed in scripts/test.mjs).
import t from 'tap';
import { frontmatter, lisp, runMarkdown } from './helpers.js';

const THREADS = 4;
const SLEEP_SECONDS = 0.5;

interface EvaluationExchange {
  request: { id?: unknown; params?: { name?: string } };
  response: { id?: unknown } | null;
  sentAt: number;
  durationMs: number;
}

/** The exchanges that evaluated the slow code, from the document's transcript. */
function slowEvaluations(exchanges: unknown[]): EvaluationExchange[] {
  return (exchanges as EvaluationExchange[]).filter((e) => e.request?.params?.name === 'evaluate-lisp');
}

/** Wall time from the first request sent to the last response, against the sum of each one's time. */
function overlap(evaluations: EvaluationExchange[]): { wallMs: number; sumMs: number } {
  const start = Math.min(...evaluations.map((e) => e.sentAt));
  const end = Math.max(...evaluations.map((e) => e.sentAt + e.durationMs));
  return { wallMs: end - start, sumMs: evaluations.reduce((sum, e) => sum + e.durationMs, 0) };
}

/** A block where THREADS threads each evaluate a slow form returning their index, on the server `serverFor` names. */
const threadsBlock = (serverFor: string, servers: number) =>
  lisp(`(let* ((servers (loop repeat ${servers} collect (make-initialized-test-server)))
       (answers (make-hash-table))
       (lock (bt:make-lock))
       (threads (loop for index below ${THREADS}
                      collect (let ((index index))
                                (bt:make-thread
                                 (lambda ()
                                   (let ((response (evaluate-in-session ${serverFor}
                                                                        (format nil "(progn (sleep ${SLEEP_SECONDS}) ~D)" index))))
                                     (bt:with-lock-held (lock)
                                       (setf (gethash index answers) response)))))))))
  (mapc #'bt:join-thread threads)
  (assert (= (hash-table-count answers) ${THREADS}))
  (loop for index below ${THREADS}
        do (assert (search (format nil "=> ~D" index) (result-content-text (gethash index answers)))))
  (mapc #'stop-test-server servers))`);

t.test(`${THREADS} threads each evaluating a ${SLEEP_SECONDS} s sleep on servers of their own overlap, each answered with its own id`, async (t) => {
  const r = await runMarkdown(`${frontmatter()}## Threads\n\n${threadsBlock('(nth index servers)', THREADS)}`);
  t.same(r.failed, [], 'every thread got its own answer');
  t.ok(r.points.length > 0);
  const evaluations = slowEvaluations(r.transcript.exchanges);
  t.equal(evaluations.length, THREADS, 'one evaluation per thread');
  for (const evaluation of evaluations) t.same(evaluation.response?.id, evaluation.request.id, 'a response carries its own request id');
  const { wallMs, sumMs } = overlap(evaluations);
  t.comment(`wall ${wallMs.toFixed(0)} ms for ${THREADS} evaluations taking ${sumMs.toFixed(0)} ms in all`);
  t.ok(wallMs < 0.8 * sumMs, `the evaluations overlap: wall ${wallMs.toFixed(0)} ms < 0.8 x ${sumMs.toFixed(0)} ms`);
});

t.test(`${THREADS} threads sending to one server are all answered with their own ids`, async (t) => {
  const r = await runMarkdown(`${frontmatter()}## One server\n\n${threadsBlock('(first servers)', 1)}`);
  t.same(r.failed, [], 'every thread got its own answer');
  const evaluations = slowEvaluations(r.transcript.exchanges);
  t.equal(evaluations.length, THREADS);
  for (const evaluation of evaluations) t.same(evaluation.response?.id, evaluation.request.id, 'a response carries its own request id');
  t.equal(new Set(evaluations.map((e) => JSON.stringify(e.request.id))).size, THREADS, 'the ids of one server differ');
});
