// The warm pool of --watch, against the real runtime server.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { CommandRuntime as WarmServers } from '../../../src/run/lisp/servers.js';
import { REAL_RUNTIME } from './helpers.js';

const ask = async (server: Awaited<ReturnType<WarmServers['connect']>>) =>
  JSON.parse(await server.exchange(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(+ 1 2)' } } }))).result.content[0].text;

t.test('spares started between runs are taken with their handshake done; without one a server starts; close stops the rest', async (t) => {
  const pool = new WarmServers(REAL_RUNTIME, resolve('.'));
  pool.fill(2);
  const first = await pool.connect();
  const started = performance.now();
  const second = await pool.connect();
  t.ok(performance.now() - started < 1000, 'the second spare was already starting');
  t.equal(await ask(first), '=> 3');
  t.equal(await ask(second), '=> 3');
  const third = await pool.connect();
  t.equal(await ask(third), '=> 3', 'with no spare left, a server is started on demand');
  pool.fill(1);
  const spare = await pool.connect();
  pool.fill(1);
  await pool.close();
  await Promise.all([first, second, third, spare].map((s) => s.stop()));
  for (const server of [first, second, third, spare]) t.ok(server.ended, "server stopped");
});

t.test('a spare that died while waiting is never handed out', async (t) => {
  const pool = new WarmServers(REAL_RUNTIME, resolve('.'));
  const childrenBefore = children();
  pool.fill(1);
  await new Promise((r) => setTimeout(r, 1500)); // the spare is up and waiting
  const spares = children().filter((pid) => !childrenBefore.includes(pid));
  t.equal(spares.length, 1, 'one spare process was started');
  process.kill(-spares[0], 'SIGKILL'); // killed from outside, as an OOM killer or a user might
  await new Promise((r) => setTimeout(r, 200));
  const server = await pool.connect();
  t.notOk(server.ended, "a fresh server was started instead");
  t.equal(await ask(server), '=> 3');
  await server.stop();
  await pool.close();
});

/** Runtime servers this test process started. */
function children(): number[] {
  return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(REAL_RUNTIME[1]))
    .map((line) => Number.parseInt(line.trim(), 10));
}
