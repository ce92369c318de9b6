// What error answers carry besides type and message: the frames of the user's code,
// the timing of a failed time-execution as JSON; and the REPL's leniency with a close
// parenthesis that closes nothing.
import t from 'tap';
import { LineClient } from './helpers.js';

t.test('error answers: [Backtrace] with the user frames; time-execution errors end with their timing as JSON; stray ) ignored with a warning', async (t) => {
  const client = new LineClient();
  await client.initialize();

  const nested = await client.tool(1, 'evaluate-lisp', { code: '(defun inner (x) (car x)) (defun outer (y) (1+ (inner y))) (outer 5)' });
  t.ok(nested.isError);
  t.match(nested.text, /^\[ERROR\] TYPE-ERROR\n[\s\S]*\n\n\[Backtrace\]\n\d+: \(CAR 5\)[^\n]*\n\d+: \(OUTER 5\)/);
  t.notMatch(nested.text, /SPEC-RUN\.WORKER|SIMPLE-EVAL-IN-LEXENV|Backtrace for/, 'the runtime\'s own frames are left out');
  const signalled = await client.tool(2, 'evaluate-lisp', { code: '(progn (princ "before") (error "boom"))' });
  t.match(signalled.text, /\[Backtrace\]\n\d+: \(ERROR "boom"\)\n\n\[stdout\]\nbefore/);
  const deep = await client.tool(20, 'evaluate-lisp', {
    code: '(defun level-3 (x) (error "deep ~A" x)) (defun level-2 (x) (list (level-3 (* 2 x)))) (defun level-1 (x) (list (level-2 (1+ x)))) (level-1 1)',
  });
  const frames = deep.text.split('[Backtrace]\n')[1].split('\n\n')[0].split('\n');
  t.same(
    frames.map((line) => /^\d+: \(([^ )]+)/.exec(line)?.[1]),
    ['ERROR', 'LEVEL-3', 'LEVEL-2', 'LEVEL-1'],
    'the frames shown are the signalling call and the user\'s functions, innermost first, and nothing of the runtime',
  );
  t.match(frames, [/\(ERROR "deep ~A" 4\)$/, /\(LEVEL-3 4\)$/, /\(LEVEL-2 2\)$/, /\(LEVEL-1 1\)$/], 'each with its arguments');

  const timed = await client.tool(3, 'time-execution', { code: '(/ 1 0)' });
  t.ok(timed.isError);
  t.match(timed.text, /^\[ERROR\] DIVISION-BY-ZERO\n/);
  const timing = JSON.parse(timed.text.split('\n').at(-1)!) as { timing: Record<string, number> };
  t.same(Object.keys(timing.timing), ['real-time-ms', 'run-time-ms', 'gc-time-ms', 'bytes-allocated', 'allocation-rate-mb-per-sec']);
  t.ok(timing.timing['real-time-ms'] > 0);
  const answered = await client.tool(4, 'time-execution', { code: '(+ 1 2 3)' });
  t.match(answered.text, /^\{"result": "6", "output": "", "timing": \{"real-time-ms": [\d.]+, /, 'written as the runtime contract shows it');

  const stray = await client.tool(5, 'evaluate-lisp', { code: '(+ 1 2)) (* 2 3)' });
  t.notOk(stray.isError);
  t.match(stray.text, /\[warnings\]\nSIMPLE-WARNING: Ignoring an unmatched close parenthesis at character 8 of the code\.\n\n=> 6$/);
  t.equal(await client.close(), 0);
});

t.test('max-output bounds an error\'s message and backtrace too: a 10 MB error with max-output 500 is a short answer saying what was left out', async (t) => {
  const client = new LineClient();
  await client.initialize();
  await client.tool(1, 'configure-limits', { 'max-output': 500 });
  const answer = await client.tool(2, 'evaluate-lisp', { code: '(error "~A" (make-string (* 10 1024 1024) :initial-element #\\x))' });
  t.ok(answer.isError);
  t.ok(answer.text.length < 5000, `${answer.text.length} characters, not 10 MB`);
  t.match(answer.text, /xxxxx… \(10485260 more characters\)/, 'the message cut at max-output, saying how much was left out');
  client.close();
});

t.test('a cancelled evaluation gets no answer and does not hold the server: it exits, with its worker, once stdin closes', async (t) => {
  const client = new LineClient();
  await client.initialize();
  await client.tool(1, 'evaluate-lisp', { code: '(+ 1 2)' }); // the worker is up
  const { execFileSync } = await import('node:child_process');
  const children = execFileSync('pgrep', ['-P', String(client.child.pid)], { encoding: 'utf8' }).trim().split('\n').map(Number);
  t.ok(children.length > 0, 'the server has its worker');
  client.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(sleep 60)' } } });
  await new Promise((resolve) => setTimeout(resolve, 500));
  client.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'the user cancelled it' } });
  const started = Date.now();
  const code = await Promise.race([client.close(), new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000))]);
  t.equal(code, 0, `serve exited ${Date.now() - started} ms after stdin closed, not when the minute was over`);
  const { processAlive, waitFor } = await import('./helpers.js');
  t.ok(await waitFor(() => children.every((pid) => !processAlive(pid)), 10_000), 'and its worker is gone');
});
