// A reply that comes after its driver was stopped is never read by another driver. A
// driver forked by the zygote shares the zygote's command pipe, and request ids start
// at 1 in every driver: a late reply written there used to reach the next document's or
// unit's driver, which took it as the answer to its own request of the same id. Real SBCL,
// and the project's runtime server behind a real delay in starting.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { closeDrivers } from '../../../src/run/lisp/driver.js';
import { containment } from '../../../src/process/containment.js';
import { frontmatter, lisp, options, REAL_RUNTIME, realRuntimeBuilt, runMarkdown } from './helpers.js';

const START_DELAY_S = 3;

/** Processes whose command line holds `marker`. */
function processesWith(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

t.test('a late reply to a driver that died is not the answer to the next driver\'s request', { skip: !realRuntimeBuilt() && 'the runtime is not built' }, async (t) => {
  t.teardown(closeDrivers);
  t.comment(containment().pidNamespace ? 'drivers are forked by a zygote' : 'every driver is a process of its own');
  const marker = `spec-run-late-reply-${process.pid}`;
  // Every session of this runtime takes START_DELAY_S to start: a real server, started late.
  const slowRuntime = ['sh', '-c', `sleep ${START_DELAY_S}; ${REAL_RUNTIME.map((part) => `'${part}'`).join(' ')}`, marker];
  const doc =
    frontmatter() +
    '## Dies while a session starts\n\n' +
    // Request 1 of this driver: a session, asked for by a thread; the driver ends before it is answered.
    lisp(`(bt:make-thread (lambda () (make-test-session)))
(sleep 0.5)
(sb-ext:exit :abort t)`) +
    '\n## The next driver\n\n' +
    // Requests 1 and 2 of a fresh driver, made once the late reply to the first driver's request 1 is due.
    lisp(`(sleep ${START_DELAY_S + 1})
(let* ((session (make-test-session))
       (result (evaluate-in-session session "(+ 1 2)")))
  (fiveam:is (equal "3" (result-value result))))`);
  const { failed } = await runMarkdown(doc, options({ runtimeCommand: slowRuntime }));
  t.equal(failed.length, 1, 'only the unit whose driver died fails');
  t.match(String(failed[0].diagnostics?.reason), /driver/, `it fails for its driver: ${String(failed[0].diagnostics?.reason).slice(0, 200)}`);
  t.match(failed[0].name, /^Dies while a session starts/);
  await sleep(200);
  t.same(processesWith(marker), [], 'the session that started after its driver died was stopped');
});

t.test('a thread stopped while it reads the replies passes on the one it read', { skip: !realRuntimeBuilt() && 'the runtime is not built' }, async (t) => {
  t.teardown(closeDrivers);
  // The reader thread waits for its evaluation's reply; stopped, it still reads the next
  // message whole, which answers the main thread: it used to be lost with the thread,
  // and the main thread waited for it until the unit's time limit. The reader's own reply,
  // which comes after the unit, is dropped by the driver.
  const doc =
    frontmatter() +
    lisp(`(let* ((session (make-test-session))
       (reader (bt:make-thread (lambda () (evaluate-in-session session "(sleep 2)")) :name "reader")))
  (sleep 0.5)
  (bt:destroy-thread reader)
  (fiveam:is (equal '(1) (parse-json "[1]")))
  (sb-thread:join-thread reader :default nil))`) +
    lisp(`(fiveam:is (equal '(2) (parse-json "[2]")))`);
  const { failed, points } = await runMarkdown(doc, options({ unitTimeoutMs: 15_000 }));
  t.same(
    failed.map((p) => `${p.name}: ${JSON.stringify(p.diagnostics).slice(0, 300)}`),
    [],
    'no point fails',
  );
  t.equal(points.length, 2, 'both checks ran');
});
