// evaluate-lisp: the answer's sections, values and error shape, and what user
// code must not be able to break.
import t from 'tap';
import { SdkSession } from './helpers.js';

const session = await SdkSession.open();
t.teardown(() => session.close());

t.test('values: one line each, printed with prin1 under bounded printer settings', async (t) => {
  t.same(await session.evaluate('(+ 1 2)'), { text: '=> 3', isError: false });
  t.equal((await session.evaluate('(values 1 "two" :three)')).text, '=> 1\n=> "two"\n=> :THREE');
  t.equal((await session.evaluate('(values)')).text, '', '(values) prints nothing');
  t.equal((await session.evaluate('1 2 (list 3 4)')).text, '=> (3 4)', 'the last form gives the values');
  t.equal((await session.evaluate("(loop for i below 150 collect i)")).text.match(/\.\.\.\)$/)?.[0], '...)', '*print-length* 100');
  t.match((await session.evaluate("(let ((x (list 1))) (setf (cdr x) x) x)")).text, /^=> #1=\(1 \. #1#\)$/, '*print-circle* t');
});

t.test('forms of odd shape reach the evaluator as they were read', async (t) => {
  // The runtime looks into each form to decide how to prepare it: a dotted call, or one
  // nested deeply, must still answer as the evaluator answers it.
  const dotted = await session.evaluate('(+ 1 . 2)');
  t.equal(dotted.isError, true, `a dotted call is an error of the code: ${dotted.text.split('\n')[0]}`);
  const nested = `${'(+ 1 '.repeat(200)}0${')'.repeat(200)}`;
  t.same(await session.evaluate(nested), { text: '=> 200', isError: false }, 'a call nested 200 deep');
  t.same(await session.evaluate('(+ 1 2)'), { text: '=> 3', isError: false }, 'the session goes on');
});

t.test('sections come in order and only with content', async (t) => {
  const answer = await session.evaluate(
    '(princ "out") (format *error-output* "err") (format *trace-output* "trace") (warn "careful ~A" 1) 42',
  );
  t.equal(answer.text, '[stdout]\nout\n\n[stderr]\nerrtrace\n\n[warnings]\nSIMPLE-WARNING: careful 1\n\n=> 42');
  t.equal(answer.isError, false);
});

t.test('capture-time adds the Timing line last', async (t) => {
  const answer = await session.evaluate('(make-list 1000)', { 'capture-time': true });
  t.match(answer.text, /\n; Timing: \d+\.\d{3}ms real, \d+\.\d{3}ms run, \d+\.\d{3}ms GC, \d+ bytes consed$/);
});

t.test('errors: [ERROR] TYPE, the message, and what was captured before', async (t) => {
  const answer = await session.evaluate('(princ "before") (warn "w") (/ 1 0)');
  t.equal(answer.isError, true);
  const [first, ...rest] = answer.text.split('\n');
  t.equal(first, '[ERROR] DIVISION-BY-ZERO');
  t.match(rest.join('\n'), /arithmetic error DIVISION-BY-ZERO signalled[\s\S]*\[stdout\]\nbefore[\s\S]*\[warnings\]\nSIMPLE-WARNING: w/);
  t.match((await session.evaluate('(error "custom ~A" 7)')).text, /^\[ERROR\] SIMPLE-ERROR\ncustom 7/);
  t.match((await session.evaluate('(error (quote condition))')).text, /^\[ERROR\] CONDITION\n/, 'a non-error condition given to error');
  t.match((await session.evaluate('undefined-thing')).text, /^\[ERROR\] UNBOUND-VARIABLE\n/);
});

t.test('reader errors have the same shape', async (t) => {
  const open = await session.evaluate('(+ 1 2');
  t.equal(open.isError, true);
  t.match(open.text, /^\[ERROR\] END-OF-FILE\n/);
  const prefix = await session.evaluate('(no-such-package::f 1)');
  t.match(prefix.text, /^\[ERROR\] SB-INT:SIMPLE-READER-PACKAGE-ERROR\n.*NO-SUCH-PACKAGE/);
  t.equal((await session.evaluate('(+ 1 1)')).text, '=> 2');
});

t.test('packages: the argument, and in-package moving the session', async (t) => {
  t.equal((await session.evaluate('(package-name *package*)', { package: 'common-lisp' })).text, '=> "COMMON-LISP"');
  t.equal((await session.evaluate('(package-name *package*)')).text, '=> "COMMON-LISP-USER"', 'the argument does not stick');
  t.match((await session.evaluate('1', { package: 'nope' })).text, /^\[ERROR\] UNKNOWN-PACKAGE\nNo package named "nope"/);
  await session.evaluate('(defpackage :rt-test (:use :cl)) (in-package :rt-test) (defun here () :rt)');
  t.equal((await session.evaluate('(here)')).text, '=> :RT', 'in-package lasts for the session');
  t.equal((await session.evaluate('(in-package :cl-user)')).text, '=> #<PACKAGE "COMMON-LISP-USER">');
});

t.test('non-error conditions signalled are not errors', async (t) => {
  t.same(await session.evaluate('(signal (quote condition)) (signal "just a note ~A" 1) :after'), { text: '=> :AFTER', isError: false });
});

t.test('nobody answers reads: stdin is empty, *query-io* and *debug-io* refuse', async (t) => {
  const stdin = await session.evaluate('(read-line)');
  t.match(stdin.text, /^\[ERROR\] END-OF-FILE\nend of file on #<standard input \(no input\)>/);
  t.equal((await session.evaluate('(read-line *standard-input* nil :eof)')).text, '=> :EOF\n=> T');
  for (const code of ['(y-or-n-p "Proceed?")', '(read-line *query-io*)', '(read-char *debug-io*)', '(read *terminal-io*)']) {
    const answer = await session.evaluate(code);
    t.equal(answer.isError, true, code);
    t.match(answer.text, /INPUT-UNAVAILABLE\n.*cannot be read/, code);
  }
  t.match((await session.evaluate('(y-or-n-p "Proceed?")')).text, /\[stdout\]\nProceed\? \(y or n\)/, 'the prompt is captured');
  t.match((await session.evaluate('(break)')).text, /^\[ERROR\] SIMPLE-CONDITION\n/, 'break does not wait either');
});

t.test('exit and quit from user code are refused and the session goes on', async (t) => {
  await session.evaluate('(defvar *kept* :yes)');
  for (const code of ['(sb-ext:exit)', '(sb-ext:exit :code 3 :abort t)', '(sb-ext:quit)', '(sb-sys:os-exit 0)']) {
    const answer = await session.evaluate(code);
    t.equal(answer.isError, true, code);
    t.match(answer.text, /^\[ERROR\] EXIT-REFUSED\n.* is not available to evaluated code/, code);
  }
  t.equal((await session.evaluate('*kept*')).text, '=> :YES');
  t.match((await session.evaluate('(abort)')).text, /^\[ERROR\] EVALUATION-ABORTED\n/);
  t.match((await session.evaluate('(sb-thread:abort-thread)')).text, /^\[ERROR\] EVALUATION-ABORTED\n/);
  t.match((await session.evaluate('(sb-thread:terminate-thread sb-thread:*current-thread*) (sleep 1)')).text, /^\[ERROR\] EVALUATION-ABORTED\n/);
  t.equal((await session.evaluate('*kept*')).text, '=> :YES');
});

t.test('a control thread that wakes late still watches every job, the one that ended the evaluation thread too', async (t) => {
  // The interrupt holds the worker's control thread back while the next jobs
  // run; before jobs were queued to it, it saw one job twice and missed the one
  // that ended the evaluation thread, so no thread was left to read the next request.
  const late = await SdkSession.open();
  t.teardown(() => late.close());
  await late.configure({ timeout: 3 });
  await late.evaluate('(defvar *kept* :yes)');
  for (let round = 0; round < 2; round++) {
    t.equal((await late.evaluate('(sb-thread:interrupt-thread spec-run.worker::*control-thread* (lambda () (sleep 0.3))) :late')).text, '=> :LATE');
    t.equal((await late.evaluate(':a')).text, '=> :A');
    for (let ended = 0; ended < 2; ended++) {
      t.match((await late.evaluate('(sb-thread:abort-thread)')).text, /^\[ERROR\] EVALUATION-ABORTED\n/);
      t.equal((await late.evaluate('*kept*')).text, '=> :YES', 'the next request is read and the session kept');
    }
  }
});

t.test('control stack exhaustion is an error answer; state survives', async (t) => {
  for (let i = 0; i < 2; i++) {
    const answer = await session.evaluate('(defun deep (n) (1+ (deep n))) (deep 1)');
    t.equal(answer.isError, true);
    t.match(answer.text, /^\[ERROR\] SB-KERNEL::CONTROL-STACK-EXHAUSTED\nControl stack exhausted/);
  }
  t.equal((await session.evaluate('*kept*')).text, '=> :YES');
});

t.test('a request for more heap than exists is an error answer', async (t) => {
  const answer = await session.evaluate('(length (make-array (expt 2 40)))');
  t.equal(answer.isError, true);
  t.match(answer.text, /^\[ERROR\] SB-KERNEL::HEAP-EXHAUSTED-ERROR\nHeap exhausted/);
  t.equal((await session.evaluate('*kept*')).text, '=> :YES');
});

t.test('writing straight to fd 1 and 2 does not reach the JSON-RPC stream', async (t) => {
  const answer = await session.evaluate(
    '(let ((bytes (map (quote (vector (unsigned-byte 8))) (function char-code) "{\\"jsonrpc\\": oops}\n")))' +
      ' (sb-unix:unix-write 1 bytes 0 (length bytes)) (sb-unix:unix-write 2 bytes 0 (length bytes)))' +
      ' (write-string "raw" sb-sys:*stdout*) (finish-output sb-sys:*stdout*) :written',
  );
  t.same(answer, { text: '=> :WRITTEN', isError: false });
  t.equal((await session.evaluate('(+ 2 2)')).text, '=> 4');
});

t.test('binary and non-UTF-8 output arrives as text', async (t) => {
  const answer = await session.evaluate(
    '(princ (coerce (loop for i below 256 collect (code-char i)) (quote string))) (princ (code-char #xD800)) (princ (code-char #x1F600)) :done',
  );
  t.equal(answer.isError, false);
  const stdout = answer.text.slice('[stdout]\n'.length, answer.text.indexOf('\n\n=> :DONE'));
  const expected = Array.from({ length: 256 }, (_, i) => String.fromCharCode(i)).join('') + '\uFFFD' + '\u{1F600}';
  t.equal(stdout, expected, 'every code point comes through; a lone surrogate becomes U+FFFD');
  const bytes = await session.evaluate('(write-byte 65 *standard-output*)');
  t.equal(bytes.isError, true, 'binary writes to the character capture are an error');
});

t.test('printing megabytes keeps the answer at max-output', async (t) => {
  const answer = await session.evaluate('(dotimes (i 200000) (write-string "0123456789")) (make-string 300000 :initial-element #\\x)');
  t.equal(answer.isError, false);
  t.match(answer.text, /\[output truncated: 1900000 characters dropped\]/);
  t.match(answer.text, /=> "x+ \[output truncated: 200002 characters dropped\]$/);
  t.ok(answer.text.length < 200_200, `answer is ${answer.text.length} characters`);
});

t.test('threads left running are stopped and reported; threads joined are fine', async (t) => {
  const left = await session.evaluate('(sb-thread:make-thread (lambda () (loop (sleep 0.01))) :name "spinner") :returned');
  t.equal(left.isError, true);
  t.match(left.text, /^\[ERROR\] THREADS-LEFT-RUNNING\n.*1 thread\(s\) running \(spinner\)/);
  t.match(left.text, /=> :RETURNED$/);
  t.equal((await session.evaluate('(remove "spinner" (sb-thread:list-all-threads) :key (function sb-thread:thread-name) :test-not (function equal))')).text, '=> NIL', 'the spinner is gone');
  const joined = await session.evaluate('(sb-thread:join-thread (sb-thread:make-thread (lambda () (* 6 7))))');
  t.same(joined, { text: '=> 42', isError: false });
  const failing = await session.evaluate('(values (sb-thread:join-thread (sb-thread:make-thread (lambda () (error "in thread"))) :default :failed))');
  t.same(failing, { text: '=> :FAILED', isError: false }, 'an unhandled error ends only its own thread');
});

t.test('a missing required argument is invalid params (-32602); bad argument values are tool errors naming the argument', async (t) => {
  await t.rejects(session.call('evaluate-lisp', {}), { code: -32602, message: /evaluate-lisp requires the argument "code"/ });
  t.match(await session.call('evaluate-lisp', { code: 5 }), { isError: true, text: /"code": 5 is not a string/ });
  t.match(await session.call('evaluate-lisp', { code: '1', 'capture-time': 'yes' }), { isError: true, text: /"capture-time": "yes"/ });
  t.match(await session.call('evaluate-lisp', { code: '1', extra: 1 }), { isError: true, text: /Unknown argument "extra"/ });
});
