// configure-limits, and what the timeout does to code that will not finish.
import t from 'tap';
import { backstopMs } from '../../src/runtime/session.js';
import { SdkSession, stopProcess, WORKER_PID_CODE } from './helpers.js';

const session = await SdkSession.open();
t.teardown(() => session.close());

t.test('configure-limits reports, sets and keeps the limits', async (t) => {
  t.same(await session.configure({}), {
    text: 'Current limits:\n  timeout: 30 seconds\n  max-output: 100000 characters',
    isError: false,
  });
  t.match((await session.configure({ timeout: 60 })).text, /timeout: 60 seconds\n  max-output: 100000 characters/);
  t.match((await session.configure({ 'max-output': 50000 })).text, /timeout: 60 seconds\n  max-output: 50000 characters/);
  t.match((await session.configure({ timeout: 120, 'max-output': 200000 })).text, /timeout: 120 seconds\n  max-output: 200000 characters/);
  await session.evaluate('(+ 1 2)');
  t.match((await session.configure({})).text, /timeout: 120 seconds\n  max-output: 200000 characters/, 'settings last');
  const disabled = await session.configure({ timeout: 0 });
  t.equal(disabled.isError, false);
  t.match(disabled.text, /timeout: disabled/);
  t.match(disabled.text, /WARNING/);
  t.equal((await session.evaluate('(sleep 0.3) :done')).text, '=> :DONE', 'no timeout applies');
  await session.configure({ timeout: 30, 'max-output': 100000 });
});

t.test('bad values are rejected, naming argument and value, and change nothing', async (t) => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ timeout: -5 }, /"timeout": -5/],
    [{ 'max-output': -1000 }, /"max-output": -1000/],
    [{ timeout: 1.5 }, /"timeout": 1\.5/],
    [{ timeout: '10' }, /"timeout": "10"/],
    [{ 'max-output': true }, /"max-output": true/],
    [{ timeout: null }, /"timeout": null/],
    [{ timeout: 5, 'max-output': -1 }, /"max-output": -1/],
    [{ timeouts: 5 }, /Unknown argument "timeouts"/],
  ];
  for (const [args, message] of cases) {
    const answer = await session.configure(args);
    t.equal(answer.isError, true, JSON.stringify(args));
    t.match(answer.text, message);
  }
  t.match((await session.configure({})).text, /timeout: 30 seconds\n  max-output: 100000 characters/, 'still the defaults');
});

t.test('the timeout stops every kind of slow code and keeps the session', async (t) => {
  await session.configure({ timeout: 1 });
  await session.evaluate('(defvar *before* 42)');
  const slow = [
    '(loop)',
    '(do () (nil))',
    '(tagbody loop (go loop))',
    '(sleep 100)',
    '(loop repeat 100000000000 sum (random 100))',
    // Allocation without end: a fixed count (a million lists) ran in 0.96 s on a fast machine.
    '(loop (make-list 1000))',
    '(let ((x 0)) (loop (setf x (expt 3 (+ 100000 (random 10))))))',
  ];
  for (const code of slow) {
    const started = Date.now();
    const answer = await session.evaluate(code);
    const elapsed = (Date.now() - started) / 1000;
    t.equal(answer.isError, true, code);
    t.match(answer.text, /^\[ERROR\] TIMEOUT\n.*1 seconds.*loop forever or be too expensive.*configure-limits/s, code);
    t.ok(elapsed >= 0.95 && elapsed < 2, `${code} answered after ${elapsed} s`);
  }
  t.equal((await session.evaluate('*before*')).text, '=> 42', 'state survives');
});

t.test('output and warnings written before a timeout are in its answer', async (t) => {
  await session.configure({ timeout: 1 });
  const answer = await session.evaluate('(princ "hello") (princ "world") (warn "caution") (defpackage :rt-elsewhere (:use :cl)) (in-package :rt-elsewhere) (loop)');
  t.equal(answer.isError, true);
  t.match(answer.text, /^\[ERROR\] TIMEOUT\n[\s\S]*\n\n\[stdout\]\nhelloworld\n\n\[warnings\]\nSIMPLE-WARNING: caution$/);
  t.equal((await session.evaluate('(package-name *package*)')).text, '=> "RT-ELSEWHERE"', 'the package change before the timeout stays');
  await session.evaluate('(in-package :cl-user)');
});

t.test('a cleanup form that loops is interrupted too', async (t) => {
  await session.configure({ timeout: 1 });
  const answer = await session.evaluate('(unwind-protect (loop) (loop))');
  t.match(answer.text, /^\[ERROR\] TIMEOUT\n/);
  t.notMatch(answer.text, /state .* was lost/);
  t.equal((await session.evaluate('*before*')).text, '=> 42');
});

t.test('code that blocks interrupts: the worker is replaced and the answer says state was lost', async (t) => {
  await session.configure({ timeout: 1 });
  const pid = (await session.evaluate(WORKER_PID_CODE)).text;
  const started = Date.now();
  const answer = await session.evaluate('(princ "partial") (sb-sys:without-interrupts (loop))');
  const elapsed = (Date.now() - started) / 1000;
  t.equal(answer.isError, true);
  t.match(answer.text, /^\[ERROR\] TIMEOUT\n[\s\S]*could not be stopped in place[\s\S]*session state \(definitions, variables, current package\) was lost/);
  t.match(answer.text, /\[stdout\]\npartial/, 'partial output still arrives');
  t.ok(elapsed < 2, `answered after ${elapsed} s`);
  t.not((await session.evaluate(WORKER_PID_CODE)).text, pid, 'a fresh worker runs');
  t.match((await session.evaluate('*before*')).text, /^\[ERROR\] UNBOUND-VARIABLE/, 'its state is fresh');
  t.match((await session.configure({})).text, /timeout: 1 seconds/, 'the limits belong to the session, not the worker');
});

t.test('a worker that stops answering altogether is ended after the timeout and replaced', async (t) => {
  await session.configure({ timeout: 1 });
  const pid = Number((await session.evaluate(WORKER_PID_CODE)).text.slice(3));
  t.ok(await stopProcess(pid), 'the worker stopped');
  const started = Date.now();
  const answer = await session.evaluate('(+ 1 2)');
  const elapsed = (Date.now() - started) / 1000;
  const next = (await session.evaluate('(+ 1 2)')).text;
  // Answered without waiting on the stopped worker for ever, however loaded the machine: within three
  // of its backstops (the answer before, whose completion line it may not have written; the wait for
  // that line; this request's own) and a fresh worker's start.
  const bound = (3 * backstopMs(1000) + 2000) / 1000;
  t.ok(elapsed < bound, `answered after ${elapsed} s (at most ${bound} s)`);
  if (answer.isError) {
    t.match(answer.text, /^\[ERROR\] TIMEOUT\n[\s\S]*stopped answering[\s\S]*was lost/, 'the request reached the stopped worker: lost with it');
    t.equal(next, '=> 3', 'the loss is said once');
    return;
  }
  // Stopped while idle holding the client's input (the stdin lease): the request never reached it,
  // so it runs in the fresh worker, and the answer says the earlier state was lost; the next does not.
  t.match(answer.text, /^=> 3\n\n; Note: the Lisp process had ended after the previous evaluation \(it held the client's input and stopped answering, so it was ended\); this one ran in a fresh process, so earlier definitions were lost\.$/, 'the request the stopped worker never read: run in a fresh one, saying state was lost');
  t.equal(next, '=> 3', 'the loss is said once');
});

t.test('a worker that dies is replaced and the answer says so', async (t) => {
  await session.configure({ timeout: 5 });
  const exit = '(sb-alien:alien-funcall (sb-alien:extern-alien "_exit" (function sb-alien:void sb-alien:int)) 7)';
  const answer = await session.evaluate(`(defvar *doomed* t) ${exit}`);
  t.equal(answer.isError, true);
  t.match(answer.text, /^\[ERROR\] LISP-PROCESS-ENDED\n.*exited with code 7.*state .* was lost/s);
  t.equal((await session.evaluate('(+ 1 2)')).text, '=> 3');

  // A timer thread ends the process after the evaluation has answered.
  const timer = await session.evaluate(`(sb-ext:schedule-timer (sb-ext:make-timer (lambda () ${exit}) :thread t) 0.2) :scheduled`);
  t.same(timer, { text: '=> :SCHEDULED', isError: false });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const next = await session.evaluate('(+ 2 3)');
  t.equal(next.isError, false);
  t.match(next.text, /^=> 5\n\n; Note: the Lisp process had ended after the previous evaluation \(.*exited with code 7\); this one ran in a fresh process/);
});

t.test('threads that cannot be stopped: the worker is replaced', async (t) => {
  await session.configure({ timeout: 5 });
  const answer = await session.evaluate(
    '(let ((inside (sb-thread:make-semaphore)))' +
      ' (sb-thread:make-thread (lambda () (sb-sys:without-interrupts (sb-thread:signal-semaphore inside) (loop))) :name "stubborn")' +
      ' (sb-thread:wait-on-semaphore inside) :started)',
  );
  t.equal(answer.isError, true);
  t.match(answer.text, /^\[ERROR\] THREADS-LEFT-RUNNING\n.*stubborn.*session state .* was lost/s);
  t.match(answer.text, /=> :STARTED$/);
  t.equal((await session.evaluate('(+ 1 2)')).text, '=> 3');
});

t.test('max-output 100: printing 1000 characters gives a short answer', async (t) => {
  await session.configure({ 'max-output': 100 });
  const answer = await session.evaluate('(dotimes (i 100) (princ "abcdefghij"))');
  t.ok(answer.text.length < 200, `${answer.text.length} characters`);
  t.match(answer.text, /truncated: 900 characters dropped/);
  await session.configure({ 'max-output': 100000 });
});
