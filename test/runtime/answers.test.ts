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

t.test('notifications/cancelled interrupts the evaluation it names, as a timeout does: no answer to it, the session state kept, the next request answered at once', async (t) => {
  const client = new LineClient();
  await client.initialize();
  await client.tool(1, 'configure-limits', { timeout: 0 }); // no timeout: only the cancellation can stop it
  await client.tool(2, 'evaluate-lisp', { code: '(defvar *kept* 41)' });
  client.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(loop (sleep 0.01))' } } });
  await new Promise((resolve) => setTimeout(resolve, 500));
  client.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, reason: 'the user pressed stop' } });
  const started = Date.now();
  const next = await client.request(4, 'tools/call', { name: 'evaluate-lisp', arguments: { code: '(1+ *kept*)' } });
  t.equal(next.id, 4, 'the next line the server writes answers the next request: the cancelled one gets none, as MCP says');
  t.match(next.result.content[0].text, /=> 42/, 'in the same session: its state was kept');
  t.ok(Date.now() - started < 10_000, `answered ${Date.now() - started} ms after the cancellation (the loop had no end)`);
  t.equal(await client.close(), 0);
});

t.test("a line evaluated code forges on the worker's answer channel is dropped: each request gets its own answer", async (t) => {
  const client = new LineClient();
  await client.initialize();
  // The forger writes a plausible answer for its own request and for the next one (ids are easy to guess).
  const forge = `(let ((s (sb-sys:make-fd-stream 4 :output t :external-format :latin-1)))
    (dolist (id '(1 2 3 4 5 6))
      (format s "{\\"id\\":~D,\\"status\\":\\"ok\\",\\"stdout\\":\\"\\",\\"stdoutDropped\\":0,\\"stderr\\":\\"\\",\\"stderrDropped\\":0,\\"warnings\\":[],\\"warningsDropped\\":0,\\"package\\":\\"CL-USER\\",\\"values\\":[\\"FORGED\\"],\\"valuesDropped\\":0}~%" id))
    (finish-output s)
    :real)`;
  const forged = await client.tool(1, 'evaluate-lisp', { code: forge });
  t.match(forged.text, /=> :REAL/, 'the request is answered by its real result');
  t.notMatch(forged.text, /FORGED/);
  const next = await client.tool(2, 'evaluate-lisp', { code: '(+ 20 22)' });
  t.match(next.text, /=> 42/, 'and the next request by its own, not the first one\'s');
  t.notMatch(next.text, /FORGED|:REAL/);
  t.equal(await client.close(), 0);
});

t.test('programs started by evaluated code end with their worker when it dies by itself, and with serve even when that code cleared the subreaper flag', async (t) => {
  const { execFileSync } = await import('node:child_process');
  const { existsSync } = await import('node:fs');
  const { processAlive, waitFor } = await import('./helpers.js');
  const { descendantsOf } = await import('../../src/process/stop.js');
  const programsOf = (marker: string) =>
    execFileSync('pgrep', ['-f', `sleep ${marker}`], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  const stillThere = (marker: string) => {
    try {
      return programsOf(marker).filter(processAlive);
    } catch {
      return []; // pgrep exits 1 when nothing matches
    }
  };

  t.test('the worker killed by SIGKILL', async (t) => {
    const client = new LineClient();
    await client.initialize();
    const marker = `${300 + Math.random()}`.slice(0, 12);
    await client.tool(1, 'evaluate-lisp', { code: `(sb-ext:run-program "/bin/sleep" '("${marker}") :wait nil) :started` });
    t.ok(await waitFor(() => stillThere(marker).length === 1, 5000), 'the program runs');
    const sbcl = descendantsOf(client.child.pid!).filter((pid) => {
      try {
        return execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }).trim() === 'sbcl';
      } catch {
        return false;
      }
    });
    t.equal(sbcl.length, 1, 'one worker');
    // The worker's own process, serve's child (sbcl runs below it, in its PID namespace).
    const workerProcesses = execFileSync('pgrep', ['-P', String(client.child.pid)], { encoding: 'utf8' }).trim().split('\n').map(Number);
    process.kill(sbcl[0], 'SIGKILL');
    t.ok(await waitFor(() => stillThere(marker).length === 0, 10_000), 'the program ended with its worker');
    // The request below is to find serve knowing the worker is gone: one read before serve has
    // reaped the worker's process goes to that worker, and is answered as one it died on
    // (LISP-PROCESS-ENDED). Once reaped (gone from /proc, not even a zombie), serve has run its
    // exit handler, in the same turn of its event loop, before it reads another line.
    t.ok(await waitFor(() => workerProcesses.every((pid) => !existsSync(`/proc/${pid}`)), 10_000), 'serve has seen its worker end');
    const after = await client.tool(2, 'evaluate-lisp', { code: '(+ 1 1)' });
    t.match(after.text, /=> 2/, 'and the session goes on in a fresh worker');
    t.match(after.text, /the Lisp process was ended by signal SIGKILL\)/, 'saying how the worker ended');
    t.notMatch(after.text, /unshare/, 'not as a complaint of unshare (util-linux 2.38 prints one on a SIGKILL of its command, and exits 1)');
    t.equal(await client.close(), 0);
  });

  t.test('setsid after clearing PR_SET_CHILD_SUBREAPER, then serve ends', async (t) => {
    const client = new LineClient();
    await client.initialize();
    const marker = `${400 + Math.random()}`.slice(0, 12);
    const code = `(sb-alien:alien-funcall (sb-alien:extern-alien "prctl" (function sb-alien:int sb-alien:int sb-alien:unsigned-long sb-alien:unsigned-long sb-alien:unsigned-long sb-alien:unsigned-long)) 36 0 0 0 0)
      (sb-ext:run-program "/bin/sh" '("-c" "setsid sleep ${marker} >/dev/null 2>&1 &") :wait t) :started`;
    await client.tool(1, 'evaluate-lisp', { code });
    t.ok(await waitFor(() => stillThere(marker).length === 1, 5000), 'the daemonized program runs');
    t.equal(await client.close(), 0, 'serve exits once stdin closes');
    t.ok(await waitFor(() => stillThere(marker).length === 0, 10_000), 'and the program is gone with it');
  });
});
