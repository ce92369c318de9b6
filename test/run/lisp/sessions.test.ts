// Sessions end when spec code can no longer reach them: a loop making sessions
// it never cleans up holds a few dozen workers, while sessions still referred
// to keep running through a full garbage collection.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { BuiltinRuntime } from '../../../src/run/lisp/servers.js';
import { frontmatter, lisp, options, runMarkdown } from './helpers.js';

/** Live runtime workers started by this test process (the built-in runtime serves sessions in it), read from /proc: cheap enough to sample often without holding up the event loop. */
function liveWorkers(): number {
  const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(' ').filter(Boolean);
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('runtime-worker');
    } catch {
      return false; // ended meanwhile
    }
  }).length;
}

t.test('120 sessions made in a loop and dropped: never more than 40 workers alive at once', async (t) => {
  const runtime = new BuiltinRuntime();
  t.teardown(() => runtime.close());
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, liveWorkers())), 50);
  const r = await runMarkdown(
    `${frontmatter()}${lisp(`(let ((answered 0))
  (dotimes (i 120)
    (when (search "=> 3" (result-content-text (evaluate-in-session (make-test-session) "(+ 1 2)")))
      (incf answered)))
  (assert (= answered 120)))`)}`,
    options({ runtime, unitTimeoutMs: 600_000 }), // a loaded machine may take its time; this is no speed test
  );
  clearInterval(sampler);
  t.same(r.failed, [], 'every session answered');
  t.equal(r.points.length, 1);
  t.ok(peak > 0, 'workers were seen');
  t.ok(peak <= 40, `at most 40 live workers (peak ${peak})`);
});

t.test('sessions still referred to survive a full collection; a cleaned-up one is closed at once', async (t) => {
  const runtime = new BuiltinRuntime();
  t.teardown(() => runtime.close());
  const r = await runMarkdown(
    `${frontmatter()}${lisp(`(let ((kept (loop repeat 40 collect (make-test-session))))
  (sb-ext:gc :full t)
  (make-test-session) ; releases whatever the collection found unreachable
  (assert (every (lambda (s) (search "=> 3" (result-content-text (evaluate-in-session s "(+ 1 2)")))) kept))
  (let ((gone (first kept)))
    (cleanup-test-session gone)
    (assert (handler-case (progn (evaluate-in-session gone "1") nil)
              (error () t)))))`)}`,
    options({ runtime }),
  );
  t.same(r.failed, [], 'all 40 kept sessions answer after the collection; the cleaned-up one is gone');
  t.equal(r.points.length, 2);
});
