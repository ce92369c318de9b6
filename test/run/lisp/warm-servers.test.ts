// The relay to runtime sessions (servers.ts): the built-in runtime served in this process,
// another server as a process per session (with spares for --watch), and
// responses matched to requests by id when several are in flight.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { BuiltinRuntime, CommandRuntime } from '../../../src/run/lisp/servers.js';
import type { RuntimeConnection } from '../../../src/run/types.js';
import { REAL_RUNTIME } from './helpers.js';
import { WORKER_PID_CODE } from '../../runtime/helpers.js';
import { descendantsOf } from '../../../src/process/stop.js';

const call = (id: number | string, code: string) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code } } });

const text = (line: string) => (JSON.parse(line) as { result: { content: { text: string }[] } }).result.content[0].text;

const ask = async (server: RuntimeConnection, code = '(+ 1 2)') => text(await server.exchange(call(1, code)));

/** This test process's children whose command line contains `marker`, by pid. */
function children(marker: string): number[] {
  return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(marker))
    .map((line) => Number.parseInt(line.trim(), 10));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

t.test('built-in sessions are served in this process, each with its own worker and state', async (t) => {
  const nodesBefore = children(process.execPath);
  const runtime = new BuiltinRuntime({ spareWorkers: 1 });
  const first = await runtime.connect();
  const second = await runtime.connect();
  t.same(children(process.execPath), nodesBefore, 'no server process was started');
  const firstPid = Number((await ask(first, WORKER_PID_CODE)).slice(3));
  const secondPid = Number((await ask(second, WORKER_PID_CODE)).slice(3));
  t.not(firstPid, secondPid, 'each session has its own worker');
  t.ok(descendantsOf(process.pid).includes(firstPid), 'the worker runs below this process');
  await ask(first, '(defvar *only-here* 1)');
  t.match(await ask(second, '(boundp (quote *only-here*))'), '=> NIL', 'definitions stay in their session');
  await first.stop();
  t.ok(first.ended, 'a stopped session has ended');
  t.notOk(alive(firstPid), 'its worker was stopped');
  await t.rejects(first.exchange(call(2, '1')), /ended/, 'a request to it fails plainly');
  t.equal(await ask(second), '=> 3', 'the other session goes on');
  await second.stop();
  await runtime.close();
  const left = children('runtime-worker').filter((pid) => alive(pid));
  t.same(left, [], 'closing the runtime stopped its spare workers');
});

t.test('several requests in flight to one session are answered by id; id null answers the unreadable line', async (t) => {
  const runtime = new BuiltinRuntime({ spareWorkers: 0 });
  const server = await runtime.connect();
  const slow = server.exchange(call('slow', '(progn (sleep 0.3) :slow)'));
  const ping = server.exchange(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping' }));
  const unreadable = server.exchange('{"jsonrpc": "2.0", "id": 9, "method"');
  const fast = server.exchange(call(10, ':fast'));
  const order: string[] = [];
  const settled = await Promise.all(
    [slow, ping, unreadable, fast].map((answer, i) => answer.then((line) => (order.push(['slow', 'ping', 'unreadable', 'fast'][i]), JSON.parse(line)))),
  );
  t.equal(settled[0].id, 'slow');
  t.equal(text(JSON.stringify(settled[0])), '=> :SLOW');
  t.same(settled[1], { jsonrpc: '2.0', id: 8, result: {} });
  t.equal(settled[2].id, null);
  t.equal(settled[2].error.code, -32700, 'the unreadable line got its parse error');
  t.equal(settled[3].id, 10);
  t.equal(text(JSON.stringify(settled[3])), '=> :FAST');
  t.ok(order.indexOf('ping') < order.indexOf('slow'), `the ping was answered while the evaluation ran (${order.join(', ')})`);
  await server.stop();
  await runtime.close();
});

t.test('another server: a process per session; spares started between runs are taken with their handshake done', async (t) => {
  const pool = new CommandRuntime(REAL_RUNTIME, resolve('.'));
  pool.fill(2);
  const first = await pool.connect();
  const second = await pool.connect();
  t.equal(await ask(first), '=> 3');
  t.equal(await ask(second), '=> 3');
  const third = await pool.connect();
  t.equal(await ask(third), '=> 3', 'with no spare left, a server is started on demand');
  t.equal(children(REAL_RUNTIME[1]).length, 3, 'three server processes run');
  pool.fill(1);
  await pool.close();
  await Promise.all([first, second, third].map((s) => s.stop()));
  for (const server of [first, second, third]) t.ok(server.ended, 'server stopped');
  t.same(children(REAL_RUNTIME[1]).filter(alive), [], 'no server process is left, spares included');
});

t.test('a spare that died while waiting is never handed out', async (t) => {
  const pool = new CommandRuntime(REAL_RUNTIME, resolve('.'));
  const before = children(REAL_RUNTIME[1]);
  pool.fill(1);
  await new Promise((r) => setTimeout(r, 1500)); // the spare is up and waiting
  const spares = children(REAL_RUNTIME[1]).filter((pid) => !before.includes(pid));
  t.equal(spares.length, 1, 'one spare process was started');
  process.kill(-spares[0], 'SIGKILL'); // killed from outside, as an OOM killer or a user might
  await new Promise((r) => setTimeout(r, 200));
  const server = await pool.connect();
  t.notOk(server.ended, 'a fresh server was started instead');
  t.equal(await ask(server), '=> 3');
  await server.stop();
  await pool.close();
});
