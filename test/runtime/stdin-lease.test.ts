// serve leases the reading of its stdin to the worker while the session is idle: the worker
// answers plain evaluate-lisp calls itself and hands the lease back, with every byte it read
// and did not take up, on anything else. Each way back is tested here, with the lease log
// (SPEC_RUN_SERVE_LEASE_LOG) saying which way it came back, and the answers checked against a
// server that never leases, byte for byte.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { LineClient, stopProcess, waitFor } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'stdin-lease-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
let logs = 0;

/** A server whose leases are logged (or that never leases), and its log's lines. */
function server(lease = true): { client: LineClient; log: () => string[] } {
  const file = join(dir, `lease-${++logs}.log`);
  const saved = { ...process.env };
  process.env.SPEC_RUN_SERVE_LEASE_LOG = file;
  process.env.SPEC_RUN_SERVE_LEASE = lease ? '1' : '0';
  const client = new LineClient();
  process.env = saved;
  return { client, log: () => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : []) };
}

const call = (id: unknown, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: args } });
const granted = (log: () => string[]) => waitFor(() => log().filter((line) => line.startsWith('grant')).length > log().filter((line) => line.startsWith('back')).length, 10_000);

/** The sbcl processes below `pid`. */
function workersOf(pid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' }).trim().split('\n').map((row) => row.trim().split(/\s+/));
  const below = (p: string): string[] => table.filter(([, ppid]) => ppid === p).flatMap(([child]) => [child, ...below(child)]);
  return below(String(pid)).filter((p) => table.find(([q]) => q === p)?.[2] === 'sbcl').map(Number);
}

/** Lines to send, as a client writes them: ids of both kinds, keys in any order, escapes, text beyond ASCII, errors, output. */
const SCRIPT: string[] = [
  JSON.stringify(call(1, { code: '(+ 1 2)' })),
  JSON.stringify(call(2, { code: '(defvar *x* 41) (incf *x*)' })),
  '{"params":{"arguments":{"code":"(format t \\"h\\u00e9llo~%\\") \\"\\u2603 \\ud83d\\ude00 é😀\\""},"name":"evaluate-lisp"},"method":"tools/call","id":"s-3","jsonrpc":"2.0"}',
  ' { "jsonrpc" : "2.0" , "id" : 4 , "method" : "tools/call" , "params" : { "name" : "evaluate-lisp" , "arguments" : { "code" : "(error \\"boom \\\\\\" \\\\t\\")" } } } ',
  JSON.stringify(call(5, { code: '(warn "careful") (values 1 "two" :three)', package: 'CL-USER', 'capture-time': false })),
  JSON.stringify(call(6, { code: '(in-package :cl-user) (princ (make-string 3000 :initial-element #\\z)) nil' })),
  JSON.stringify(call(-7, { code: '"tab\\there\\nnewline \\\\ \\u0001"' })),
  JSON.stringify(call(8, { code: '(/ 1 0)' })),
  JSON.stringify(call('é-9', { code: '(+ 4 5)' })),
  JSON.stringify(call(10, { code: '(list *x* (package-name *package*))' })),
  JSON.stringify(call(1.5, { code: '(+ 1 1)' })),
  JSON.stringify(call(12, { code: '' })),
  JSON.stringify(call(13, { code: '(+ 1' })),
];

/**
 * The answers to SCRIPT, and the lease log from the first of its lines on. Before it, a lease granted once `initialize`
 * was answered may find the client's `notifications/initialized` line, which is Node's, and hand it back: a way back
 * that a loaded machine takes (the notification arriving after the grant) and a quiet one does not.
 */
async function answersTo(lease: boolean, pause: number): Promise<{ lines: string[]; log: string[] }> {
  const { client, log } = server(lease);
  await client.initialize();
  const lines: string[] = [];
  let from = 0;
  for (const [i, line] of SCRIPT.entries()) {
    // Leased or not, each request is sent once the server has answered the one before and settled.
    if (lease) await granted(log);
    else await new Promise((resolve) => setTimeout(resolve, pause));
    if (i === 0) from = log().length;
    client.sendLine(line);
    lines.push(await client.nextLine());
  }
  t.equal(await client.close(), 0);
  return { lines, log: log().slice(from) };
}

t.test('the worker answers what Node would, byte for byte, and hands back what it does not answer', async (t) => {
  const leased = await answersTo(true, 0);
  const plain = await answersTo(false, 20);
  t.equal(plain.log.length, 0, 'a server told not to lease never does');
  // Object addresses in a backtrace differ from one process to the next.
  const addressless = (line: string) => line.replace(/\{[0-9A-F]{8,}\}/g, '{…}');
  for (let i = 0; i < SCRIPT.length; i++) t.equal(addressless(leased.lines[i]), addressless(plain.lines[i]), `answer ${i + 1} the same bytes`);
  const backs = leased.log.filter((line) => line.startsWith('back')).map((line) => line.split(' ')[2]);
  // Node answers a string id beyond ASCII and an id that is no integer, and reads the end of input; an evaluation
  // that ran long on a loaded machine goes back to Node too. The worker answered the rest.
  t.same(backs.filter((reason) => reason !== 'long'), ['request', 'request', 'eof'], `handed back as expected (${leased.log.join('; ')})`);
});

t.test("a call other than evaluate-lisp while leased is Node's: tools/list, ping, configure-limits, time-execution, an unknown method, malformed input", async (t) => {
  const { client, log } = server();
  t.teardown(() => client.child.kill('SIGKILL'));
  await client.initialize();
  await client.tool(1, 'evaluate-lisp', { code: '(+ 1 2)' });
  const asks: [unknown, () => Promise<Record<string, any>>][] = [
    [2, () => client.request(2, 'tools/list')],
    [3, () => client.request(3, 'ping')],
    [4, async () => (client.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'configure-limits', arguments: { 'max-output': 50 } } }), client.next())],
    [5, async () => (client.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'time-execution', arguments: { code: '(+ 2 3)' } } }), client.next())],
    [6, () => client.request(6, 'no/such-method')],
    [null, async () => (client.sendLine('{"jsonrpc":"2.0","id":7,"method":'), client.next())],
  ];
  for (const [id, ask] of asks) {
    t.ok(await granted(log), `leased before ${id}`);
    const answer = await ask();
    t.equal(answer.id, id, `answered ${id}`);
  }
  t.match((await client.tool(8, 'evaluate-lisp', { code: '(make-string 80 :initial-element #\\a)' })).text, /output truncated/, 'the limits Node set hold under the next lease');
  const backs = log().filter((line) => line.startsWith('back'));
  t.ok(backs.filter((line) => line.includes(' request ')).length >= 6, `each handed back (${backs.join('; ')})`);
  t.equal(await client.close(), 0);
});

t.test('a long evaluation goes back to Node while it runs: it can be cancelled, and a timeout stops it as before', async (t) => {
  const { client, log } = server();
  t.teardown(() => client.child.kill('SIGKILL'));
  await client.initialize();
  await client.tool(1, 'evaluate-lisp', { code: '(defvar *kept* :kept)' });
  t.ok(await granted(log));
  client.send(call(2, { code: '(sleep 30) :slept' }));
  await waitFor(() => log().some((line) => line.includes(' long ') && line.includes('job=2')), 10_000);
  t.ok(log().some((line) => line.includes(' long ') && line.includes('job=2')), 'handed back with the call in flight');
  const ping = await client.request(3, 'ping');
  t.equal(ping.id, 3, 'Node answers while it runs');
  client.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'enough' } });
  const after = await client.tool(4, 'evaluate-lisp', { code: '*kept*' });
  t.equal(after.text, '=> :KEPT', 'the next call answered, nothing for the cancelled one, the session kept');
  await client.tool(5, 'configure-limits', { timeout: 1 });
  t.ok(await granted(log));
  const timedOut = await client.tool(6, 'evaluate-lisp', { code: '(loop)' });
  t.match(timedOut.text, /^\[ERROR\] TIMEOUT\nEvaluation exceeded the timeout of 1 seconds/);
  t.equal((await client.tool(7, 'evaluate-lisp', { code: '*kept*' })).text, '=> :KEPT');
  t.equal(await client.close(), 0);
});

t.test('a worker that ends mid-lease with requests read and not taken up: the one it ran is answered as lost, the others by a fresh worker, each once', async (t) => {
  const { client, log } = server();
  t.teardown(() => client.child.kill('SIGKILL'));
  await client.initialize();
  await client.tool(1, 'evaluate-lisp', { code: '(+ 1 2)' });
  t.ok(await granted(log));
  const exit = '(sb-alien:alien-funcall (sb-alien:extern-alien "_exit" (function sb-alien:void sb-alien:int)) 3)';
  // One write: the worker reads all three before it runs the first.
  client.sendLine([call(2, { code: exit }), call(3, { code: '(+ 3 4)' }), { jsonrpc: '2.0', id: 4, method: 'ping' }, call(5, { code: '(+ 5 6)' })].map((m) => JSON.stringify(m)).join('\n'));
  const answers = new Map<unknown, Record<string, any>>();
  for (let i = 0; i < 4; i++) {
    const answer = await client.next();
    t.notOk(answers.has(answer.id), `one answer for ${answer.id}`);
    answers.set(answer.id, answer);
  }
  t.match(answers.get(2)!.result.content[0].text, /^\[ERROR\] LISP-PROCESS-ENDED/);
  // As when a worker dies in an evaluation Node sent: that one says the state was lost, the next runs in a fresh worker.
  t.match(answers.get(2)!.result.content[0].text, /session state.*lost/s);
  t.equal(answers.get(3)!.result.content[0].text, '=> 7');
  t.same(answers.get(4)!.result, {});
  t.equal(answers.get(5)!.result.content[0].text, '=> 11');
  t.ok(log().some((line) => /back \d+ exited unread=\d+ job=2/.test(line) && !line.endsWith('unread=0 job=2')), `taken back with the unread bytes (${log().join('; ')})`);
  t.equal((await client.tool(6, 'evaluate-lisp', { code: '(+ 6 7)' })).text, '=> 13', 'no answer beyond one per request');
  t.equal(await client.close(), 0);
});

t.test('a worker stopped (SIGSTOP) while it holds the lease idle: Node takes the lease back and the request is answered', async (t) => {
  const { client, log } = server();
  t.teardown(() => client.child.kill('SIGKILL'));
  await client.initialize();
  await client.tool(1, 'evaluate-lisp', { code: '(+ 1 2)' });
  t.ok(await granted(log));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const workers = workersOf(client.child.pid!);
  t.ok(workers.length > 0, 'the worker found');
  for (const pid of workers) t.ok(await stopProcess(pid), `worker ${pid} stopped`);
  t.teardown(() => workers.forEach((pid) => { try { process.kill(pid, 'SIGCONT'); } catch { /* ended */ } }));
  const started = Date.now();
  const answer = await client.tool(2, 'evaluate-lisp', { code: '(+ 2 3)' });
  // The stopped worker never read it: it runs in the fresh worker, whose answer says the state was lost.
  t.match(answer.text, /^=> 5\n\n; Note: the Lisp process had ended after the previous evaluation \(it held the client's input and stopped answering, so it was ended\); this one ran in a fresh process, so earlier definitions were lost\.$/, 'answered');
  t.ok(Date.now() - started < 8000, `within the backstop (${Date.now() - started} ms)`);
  t.ok(log().some((line) => / (exited|revoked) /.test(line)), `taken back (${log().join('; ')})`);
  t.equal((await client.tool(3, 'evaluate-lisp', { code: '(+ 3 4)' })).text, '=> 7');
  t.equal(await client.close(), 0);
});

t.test('a worker stopped while it writes an answer it read under the lease, to a client that does not read: Node ends it, the cut line is ended and answered as lost, and the next answer says why the state was lost', async (t) => {
  const { client, log } = server();
  t.teardown(() => client.child.kill('SIGKILL'));
  await client.initialize();
  await client.tool(1, 'configure-limits', { 'max-output': 2_000_000 });
  t.ok(await granted(log));
  client.child.stdout.pause();
  client.send(call(2, { code: '(princ (make-string 400000 :initial-element #\\x)) nil' }));
  // Unread, the pipe fills: the worker waits in the middle of the answer's line, saying it is alive.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const workers = workersOf(client.child.pid!);
  t.ok(workers.length > 0, 'the worker found');
  for (const pid of workers) t.ok(await stopProcess(pid), `worker ${pid} stopped`);
  t.teardown(() => workers.forEach((pid) => { try { process.kill(pid, 'SIGCONT'); } catch { /* ended */ } }));
  t.ok(await waitFor(() => log().some((line) => / exited .*job=2$/.test(line)), 10_000), `ended by Node, the lease back with the job it answered (${log().join('; ')})`);
  client.child.stdout.resume();
  const partial = await client.nextLine();
  t.ok(partial.length > 0 && partial.length < 400_000, `what the worker wrote, cut short (${partial.length} characters)`);
  const lost = await client.next();
  t.equal(lost.id, 2, 'the request is answered on a line of its own');
  t.match(lost.result.content[0].text, /^\[ERROR\] LISP-PROCESS-ENDED\nThe Lisp process ended during the evaluation: it ended while it wrote this answer to the client/);
  const next = await client.tool(3, 'evaluate-lisp', { code: '(+ 2 3)' });
  t.match(next.text, /^=> 5\n\n; Note: the Lisp process had ended after the previous evaluation \(it held the client's input and stopped answering, so it was ended\); this one ran in a fresh process, so earlier definitions were lost\.$/, 'the note says why the worker was ended');
  t.equal(await client.close(), 0);
});

t.test('stdin closed while the worker holds the lease: serve ends, and a last request sent with the close is answered', async (t) => {
  const { client, log } = server();
  t.teardown(() => client.child.kill('SIGKILL'));
  await client.initialize();
  await client.tool(1, 'evaluate-lisp', { code: '(+ 1 2)' });
  t.ok(await granted(log));
  client.send(call(2, { code: '(+ 40 2)' }));
  client.child.stdin.end();
  t.equal((await client.next()).result.content[0].text, '=> 42');
  t.equal(await client.exited, 0, 'serve ended');
  t.ok(log().some((line) => line.includes(' eof ')));
});

t.test('requests pipelined without waiting, of every kind: each answered once, evaluations in the order sent', async (t) => {
  const { client, log } = server();
  t.teardown(() => client.child.kill('SIGKILL'));
  await client.initialize();
  await client.tool(0, 'evaluate-lisp', { code: '(defvar *order* nil)' });
  t.ok(await granted(log));
  const lines: string[] = [];
  let id = 1;
  const expected = new Set<unknown>();
  for (let round = 0; round < 20; round++) {
    for (let k = 0; k < 3; k++) {
      expected.add(id);
      lines.push(JSON.stringify(call(id, { code: `(push ${id} *order*) ${id}` })));
      id++;
    }
    expected.add(id);
    lines.push(JSON.stringify(round % 3 === 0 ? { jsonrpc: '2.0', id, method: 'ping' } : round % 3 === 1 ? { jsonrpc: '2.0', id, method: 'tools/list' } : { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'configure-limits', arguments: {} } }));
    id++;
    if (round % 5 === 4) {
      expected.add(id);
      lines.push(JSON.stringify(call(id, { code: `(sleep 0.08) (push ${id} *order*) ${id}` })));
      id++;
    }
  }
  // Written in pieces that cut lines anywhere.
  const text = `${lines.join('\n')}\n`;
  for (let at = 0; at < text.length; at += 997) client.child.stdin.write(text.slice(at, at + 997));
  const answers = new Map<unknown, Record<string, any>>();
  while (answers.size < expected.size) {
    const answer = await client.next();
    t.notOk(answers.has(answer.id), `one answer for ${answer.id}`);
    answers.set(answer.id, answer);
  }
  t.same(new Set(answers.keys()), expected);
  const order = await client.tool(id, 'evaluate-lisp', { code: '(reverse *order*)' });
  const evaluated = lines.map((line) => JSON.parse(line)).filter((m) => m.params?.name === 'evaluate-lisp').map((m) => m.id);
  t.equal(order.text.replace(/\s+/g, ' '), `=> (${evaluated.join(' ')})`, 'evaluated in the order sent');
  t.equal(await client.close(), 0);
});

t.test('a client that pipelines requests then stops reading, then reads: every answer whole and matched by id, round after round, the worker kept', async (t) => {
  const { client, log } = server();
  t.teardown(() => client.child.kill('SIGKILL'));
  await client.initialize();
  await client.tool(0, 'configure-limits', { timeout: 1, 'max-output': 2_000_000 });
  await client.tool(1, 'evaluate-lisp', { code: '(defvar *rounds* 0)' });
  const big = (char: string) => `(princ (make-string 1000000 :initial-element #\\${char})) nil`;
  const bigText = (char: string) => `[stdout]\n${char.repeat(1_000_000)}\n\n=> NIL`;
  let id = 2;
  for (let round = 1; round <= 4; round++) {
    t.ok(await granted(log), `leased before round ${round}`);
    client.child.stdout.pause();
    // Evaluated at once, the first answer fills the pipe: the worker waits to write it, holding the lease.
    const sent: [number, (answer: Record<string, any>) => boolean][] = [
      [id++, (a) => a.result?.content[0].text === bigText('a')],
      [id++, (a) => JSON.stringify(a.result) === '{}'],
      [id++, (a) => a.result?.content[0].text === bigText('b')],
      [id++, (a) => a.result?.tools?.length > 0],
      [id++, (a) => a.result?.content[0].text === `=> ${round}`],
    ];
    client.send(call(sent[0][0], { code: big('a') }));
    client.send({ jsonrpc: '2.0', id: sent[1][0], method: 'ping' });
    client.send(call(sent[2][0], { code: big('b') }));
    client.send({ jsonrpc: '2.0', id: sent[3][0], method: 'tools/list' });
    client.send(call(sent[4][0], { code: '(incf *rounds*)' }));
    // Past the lease's heartbeat check and the wait on a revoke (0.8 s + 0.6 s), and past the timeout.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    client.child.stdout.resume();
    const answers = new Map<unknown, Record<string, any>>();
    for (let k = 0; k < sent.length; k++) {
      const line = await client.nextLine();
      let answer: Record<string, any>;
      try {
        answer = JSON.parse(line);
      } catch {
        t.fail(`round ${round}: a line that is not whole JSON (${line.length} characters: ${line.slice(0, 60)}…${line.slice(-60)})`);
        return;
      }
      t.notOk(answers.has(answer.id), `round ${round}: one answer for ${answer.id}`);
      answers.set(answer.id, answer);
    }
    for (const [sentId, whole] of sent) t.ok(answers.has(sentId) && whole(answers.get(sentId)!), `round ${round}: ${sentId} answered whole`);
  }
  t.notOk(log().some((line) => line.includes(' exited ')), `no worker ended (${log().join('; ')})`);
  t.equal(await client.close(), 0);
});

t.test('a request split across many writes, a character among them, is read whole', async (t) => {
  const { client, log } = server();
  t.teardown(() => client.child.kill('SIGKILL'));
  await client.initialize();
  await client.tool(1, 'evaluate-lisp', { code: '(+ 1 2)' });
  t.ok(await granted(log));
  // Ways back before this grant (the client's `notifications/initialized`, read by an earlier lease) are not this request's.
  const from = log().length;
  const bytes = Buffer.from(`${JSON.stringify(call(2, { code: '(length "é😀☃ ünïcödé")' }))}\n`);
  for (let at = 0; at < bytes.length; at += 3) {
    client.child.stdin.write(bytes.subarray(at, at + 3));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  t.equal((await client.next()).result.content[0].text, '=> 11');
  t.notOk(log().slice(from).some((line) => line.startsWith('back')), `the worker read it itself (${log().join('; ')})`);
  t.equal(await client.close(), 0);
});

t.test('huge requests: one past what the worker reads goes to Node, whole; one under it the worker answers', async (t) => {
  const { client, log } = server();
  t.teardown(() => client.child.kill('SIGKILL'));
  await client.initialize();
  await client.tool(1, 'configure-limits', { 'max-output': 10_000_000 });
  for (const [id, size] of [[2, 500_000], [3, 3_000_000]] as const) {
    t.ok(await granted(log));
    client.send(call(id, { code: `(length "${'é'.repeat(size)}")` }));
    t.equal((await client.next()).result.content[0].text, `=> ${size}`, `${size} characters`);
  }
  const backs = log().filter((line) => line.startsWith('back'));
  t.ok(backs.some((line) => line.includes(' long-line ')), `the huge one handed back (${backs.join('; ')})`);
  t.equal(await client.close(), 0);
});

t.test('a worker that ends while idle holding the lease, after it answered: that answer is not given again, and the next says the process was fresh', async (t) => {
  const { client, log } = server();
  t.teardown(() => client.child.kill('SIGKILL'));
  await client.initialize();
  await client.tool(1, 'evaluate-lisp', { code: '(+ 1 2)' });
  t.ok(await granted(log));
  const exit = '(sb-alien:alien-funcall (sb-alien:extern-alien "_exit" (function sb-alien:void sb-alien:int)) 7)';
  const scheduled = await client.tool(2, 'evaluate-lisp', { code: `(sb-ext:schedule-timer (sb-ext:make-timer (lambda () ${exit}) :thread t) 0.2) :scheduled` });
  t.equal(scheduled.text, '=> :SCHEDULED');
  await waitFor(() => log().some((line) => line.includes(' exited ')), 10_000);
  client.send(call(3, { code: '(+ 2 3)' }));
  const next = await client.next();
  t.equal(next.id, 3, 'the next line answers the next request, not the one answered before');
  t.match(next.result.content[0].text, /^=> 5\n\n; Note: the Lisp process had ended after the previous evaluation \(.*exited with code 7\)/);
  t.equal(await client.close(), 0);
});
