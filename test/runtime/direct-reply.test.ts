// Serving on its own stdout, serve's worker writes evaluate-lisp's answers there itself
// while Node writes the rest: every request still gets exactly one whole answer line, and
// Node's lines written during an evaluation (a ping's answer, an error) are not held back
// until it ends.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { LineClient, waitFor, WORKER_PID_CODE } from './helpers.js';

t.test('pipelined requests, evaluations with large output among them, get one whole answer line each', async (t) => {
  const client = new LineClient();
  t.teardown(() => client.child.kill());
  await client.initialize();
  const large = (id: number, char: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: `(princ (make-string 60000 :initial-element #\\${char}))` } } });
  // All sent before any answer is read: the worker's answers and Node's meet on the one pipe.
  client.send(large(1, 'a'));
  client.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
  client.send(large(3, 'b'));
  client.send({ jsonrpc: '2.0', id: 4, method: 'tools/list' });
  client.send(large(5, 'c'));
  client.sendLine('{not json');
  client.send(large(6, 'd'));
  client.send({ jsonrpc: '2.0', id: 7, method: 'ping' });
  const answers = new Map<unknown, Record<string, any>>();
  for (let i = 0; i < 8; i++) {
    const answer = await client.next(); // a line that is not whole JSON fails here
    t.notOk(answers.has(answer.id), `one answer for id ${answer.id}`);
    answers.set(answer.id, answer);
  }
  t.same([...answers.keys()].sort(), [1, 2, 3, 4, 5, 6, 7, null].sort());
  for (const [id, char] of [[1, 'a'], [3, 'b'], [5, 'c'], [6, 'd']] as const) {
    const text = answers.get(id)!.result.content[0].text as string;
    // Compared without t.equal: a diff of 120000 characters says less than the flag.
    t.ok(text === `[stdout]\n${char.repeat(60000)}\n\n=> "${char.repeat(60000)}"`, `evaluation ${id} answered whole`);
  }
  t.same(answers.get(2)!.result, {});
  t.ok(answers.get(4)!.result.tools.length > 0, 'tools/list answered');
  t.equal(answers.get(null)!.error.code, -32700);
  const after = await client.request(8, 'ping');
  t.equal(after.id, 8, 'no line beyond one answer per request');
  t.equal(await client.close(), 0);
});

t.test('a ping, an error and a tools/list sent during a long evaluation are answered while it runs', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'direct-reply-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const go = join(dir, 'go');
  const client = new LineClient();
  t.teardown(() => client.child.kill());
  await client.initialize();
  client.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: `(loop until (probe-file ${JSON.stringify(go)}) do (sleep 0.01)) :went` } } });
  const ping = await client.request(2, 'ping');
  t.equal(ping.id, 2, 'the ping is answered while the evaluation waits');
  const unknown = await client.request(3, 'método/desconocido');
  t.equal(unknown.error.message, 'Method not found: método/desconocido', 'text beyond ASCII passes whole');
  const list = await client.request(4, 'tools/list');
  t.equal(list.id, 4);
  writeFileSync(go, '');
  const evaluation = await client.next();
  t.equal(evaluation.id, 1);
  t.equal(evaluation.result.content[0].text, '=> :WENT');
  t.equal(await client.close(), 0);
});

t.test('a client that reads slowly: the answers Node has yet to write out and the worker writes stay whole, in the order written', async (t) => {
  const client = new LineClient();
  t.teardown(() => client.child.kill());
  await client.initialize();
  await client.tool(1, 'configure-limits', { 'max-output': 5_000_000 });
  const printing = (id: number, tool: string, count: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: { code: `(princ (make-string ${count} :initial-element #\\x)) nil` } } });
  // Unread, the pipe fills: Node's own answer (time-execution's) waits in its buffers while the next evaluation ends.
  client.child.stdout.pause();
  client.send(printing(2, 'evaluate-lisp', 3_000_000));
  client.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
  client.send(printing(4, 'time-execution', 2_000_000));
  client.send(printing(5, 'evaluate-lisp', 1_000_000));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  client.child.stdout.resume();
  const answers = new Map<unknown, Record<string, any>>();
  for (let i = 0; i < 4; i++) {
    const answer = await client.next();
    answers.set(answer.id, answer);
  }
  t.same([...answers.keys()].sort(), [2, 3, 4, 5]);
  t.ok(answers.get(2)!.result.content[0].text === `[stdout]\n${'x'.repeat(3_000_000)}\n\n=> NIL`, 'the first evaluation whole');
  t.ok(JSON.parse(answers.get(4)!.result.content[0].text).output === 'x'.repeat(2_000_000), 'time-execution whole');
  t.ok(answers.get(5)!.result.content[0].text === `[stdout]\n${'x'.repeat(1_000_000)}\n\n=> NIL`, 'the last evaluation whole');
  t.equal(await client.close(), 0);
});

t.test('a worker killed while it writes an answer: its unfinished line is ended, and the request is answered as that of a process that ended; the next runs in a fresh one', async (t) => {
  const { execFileSync } = await import('node:child_process');
  const client = new LineClient();
  t.teardown(() => client.child.kill());
  await client.initialize();
  await client.tool(1, 'configure-limits', { 'max-output': 5_000_000 });
  client.child.stdout.pause();
  client.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(princ (make-string 3000000 :initial-element #\\x)) nil' } } });
  // Unread, the pipe fills: the worker stops in the middle of the answer's line.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' }).trim().split('\n').map((row) => row.trim().split(/\s+/));
  const below = (pid: string): string[] => table.filter(([, ppid]) => ppid === pid).flatMap(([child]) => [child, ...below(child)]);
  const workers = below(String(client.child.pid)).filter((pid) => table.find(([p]) => p === pid)?.[2] === 'sbcl');
  t.ok(workers.length > 0, 'the worker found');
  for (const pid of workers) process.kill(Number(pid), 'SIGKILL');
  client.child.stdout.resume();
  const partial = await client.nextLine();
  t.ok(partial.length > 0 && partial.length < 3_000_000, `what the worker wrote, cut short (${partial.length} characters)`);
  t.throws(() => JSON.parse(partial), 'no whole answer');
  const answer = JSON.parse(await client.nextLine());
  t.equal(answer.id, 2, 'the request is answered on a line of its own');
  t.match(answer.result.content[0].text, /^\[ERROR\] LISP-PROCESS-ENDED\nThe Lisp process ended during the evaluation: it ended while it wrote this answer to the client/);
  const after = await client.tool(3, 'evaluate-lisp', { code: '(+ 1 2)' });
  t.match(after.text, /=> 3/, 'a fresh worker answers the next');
  t.equal(await client.close(), 0);
});

t.test("a worker killed once its answer is written, before serve has read that it answered: the answer stands alone, and the next request runs in a fresh worker, saying so", async (t) => {
  const { execFileSync } = await import('node:child_process');
  const client = new LineClient();
  t.teardown(() => client.child.kill('SIGKILL'));
  await client.initialize();
  const pid = Number((await client.tool(1, 'evaluate-lisp', { code: WORKER_PID_CODE })).text.slice(3));
  // The worker's own process, serve's child (sbcl runs below it, in its PID namespace).
  const workerProcesses = execFileSync('pgrep', ['-P', String(client.child.pid)], { encoding: 'utf8' }).trim().split('\n').map(Number);
  const dir = mkdtempSync(join(tmpdir(), 'direct-reply-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const began = join(dir, 'began');
  const code = `(close (open ${JSON.stringify(began)} :direction :output)) (sleep 1) :slept`;
  client.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code } } });
  // Serve stopped once the worker has the request: the worker answers the client, and the
  // line saying so to serve waits unread.
  t.ok(await waitFor(() => existsSync(began), 10_000), 'the evaluation began');
  process.kill(client.child.pid!, 'SIGSTOP');
  const answer = await client.next();
  t.equal(answer.id, 2);
  t.equal(answer.result.content[0].text, '=> :SLEPT');
  // Killed once it has marked the answer written (a kill in the instant between the write and
  // the mark counts as one in the middle of the answer, as the test above has it).
  await new Promise((resolve) => setTimeout(resolve, 500));
  process.kill(pid, 'SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 300));
  process.kill(client.child.pid!, 'SIGCONT');
  // A request read before serve has reaped the worker would go to that worker (see answers.test).
  t.ok(await waitFor(() => workerProcesses.every((worker) => !existsSync(`/proc/${worker}`)), 10_000), 'serve has seen its worker end');
  const after = await client.request(3, 'tools/call', { name: 'evaluate-lisp', arguments: { code: '(+ 1 1)' } });
  t.equal(after.id, 3, 'no second answer to the request answered');
  t.match(after.result.content[0].text, /^=> 2\n\n; Note: the Lisp process had ended after the previous evaluation \(the Lisp process was ended by signal SIGKILL\)/, 'a fresh worker answers, saying the earlier one ended');
  t.equal(await client.close(), 0);
});

t.test("evaluated code that writes on fd 6, where the worker was handed the client's stdout, cannot reach the client: the worker keeps it elsewhere", async (t) => {
  const { lispString } = await import('../../src/lisp-image/lisp-string.js');
  const client = new LineClient();
  t.teardown(() => client.child.kill());
  await client.initialize();
  const forged = '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"=> FORGED"}],"isError":false}}\n';
  // A forged answer for the next request, and bytes that would break the next line.
  const code = `(let ((line ${lispString(forged)})) (list (sb-unix:unix-write 6 line 0 (length line)) (sb-unix:unix-write 6 "garbage" 0 7)))`;
  const answer = await client.request(1, 'tools/call', { name: 'evaluate-lisp', arguments: { code } }); // a line that is not whole JSON fails here
  t.equal(answer.id, 1, 'the next line is the answer to the request');
  t.equal(answer.result.content[0].text, '=> (NIL NIL)', 'both writes failed: fd 6 is not open');
  const next = await client.request(2, 'tools/call', { name: 'evaluate-lisp', arguments: { code: '(+ 1 1)' } });
  t.equal(next.id, 2);
  t.equal(next.result.content[0].text, '=> 2', 'the next request gets its own answer, not the forged one');
  const after = await client.request(3, 'ping');
  t.same(after, { jsonrpc: '2.0', id: 3, result: {} }, 'and nothing it wrote came between');
  t.equal(await client.close(), 0);
});

t.test('a pipelining client that stops reading: the next request\'s timeout is not counted while the worker waits to write an answer, and nothing is lost', async (t) => {
  const client = new LineClient();
  t.teardown(() => client.child.kill());
  await client.initialize();
  await client.tool(1, 'configure-limits', { timeout: 1, 'max-output': 5_000_000 });
  await client.tool(2, 'evaluate-lisp', { code: '(defvar *kept* 41)' });
  client.child.stdout.pause();
  // Unread, the pipe fills: the worker stops in the middle of the first answer's line, with the next request sent.
  client.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(princ (make-string 3000000 :initial-element #\\x)) nil' } } });
  client.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(1+ *kept*)' } } });
  // Past the second request's timeout, grace and backstop margin (1 s + 0.3 s + 0.6 s).
  await new Promise((resolve) => setTimeout(resolve, 3000));
  client.child.stdout.resume();
  const first = await client.next(); // a line that is not whole JSON fails here
  t.equal(first.id, 3);
  t.ok(first.result.content[0].text === `[stdout]\n${'x'.repeat(3_000_000)}\n\n=> NIL`, 'the first answer whole');
  const second = await client.next();
  t.equal(second.id, 4);
  t.equal(second.result.content[0].text, '=> 42', 'the second evaluated in the same worker: its state kept');
  t.equal(await client.close(), 0);
});
