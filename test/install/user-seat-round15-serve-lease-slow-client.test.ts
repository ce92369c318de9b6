// `spec-run serve` as a user runs it, installed into a fresh project, its stdin leased to the
// worker as it is by default now, under a client that sends several requests and then stops
// reading for a while: once it reads again, every answer is there, whole, once, matched by id,
// and the session's state is kept. Until round 15 the worker, blocked writing an answer while
// it held the lease, was taken for a stopped one and ended mid-answer: the client got a cut line.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { userEnvironment, userProject } from '../support/installed.js';

/** A raw line client of `spec-run serve` started from the project's own executable. */
function serve(dir: string, log: string) {
  const env: Record<string, string> = { ...(userEnvironment() as Record<string, string>), SPEC_RUN_SERVE_LEASE_LOG: log };
  delete env.SPEC_RUN_SERVE_LEASE;
  const child = spawn(join(dir, 'node_modules', '.bin', 'spec-run'), ['serve'], { cwd: dir, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      const waiter = waiters.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  const nextLine = () => (lines.length ? Promise.resolve(lines.shift()!) : new Promise<string>((resolve) => waiters.push(resolve)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, send, nextLine, exited };
}

const call = (id: number, code: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code } } });

t.test('a client that stops reading its answers for a while gets each one whole once it reads again, the lease on by default', async (t) => {
  const project = userProject();
  const log = join(project.dir, 'lease.log');
  const server = serve(project.dir, log);
  t.teardown(() => server.child.kill('SIGKILL'));
  const logLines = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);
  const leased = async () => {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const lines = logLines();
      if (lines.filter((line) => line.startsWith('grant')).length > lines.filter((line) => line.startsWith('back')).length) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  };
  server.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'user', version: '1' } } });
  t.equal(JSON.parse(await server.nextLine()).id, 0);
  server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  server.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'configure-limits', arguments: { timeout: 1, 'max-output': 2_000_000 } } });
  t.equal(JSON.parse(await server.nextLine()).id, 1);
  server.send(call(2, '(defvar *seen* 0)'));
  t.equal(JSON.parse(await server.nextLine()).id, 2);
  let id = 3;
  for (let round = 1; round <= 3; round++) {
    t.ok(await leased(), `round ${round}: the worker reads stdin (the lease, on without being asked for)`);
    server.child.stdout.pause();
    const big = id++;
    const ping = id++;
    const small = id++;
    server.send(call(big, `(princ (make-string 1000000 :initial-element #\\${'abc'[round - 1]})) nil`));
    server.send({ jsonrpc: '2.0', id: ping, method: 'ping' });
    server.send(call(small, '(incf *seen*)'));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    server.child.stdout.resume();
    const answers = new Map<unknown, Record<string, any>>();
    for (let k = 0; k < 3; k++) {
      const line = await server.nextLine();
      let answer: Record<string, any>;
      try {
        answer = JSON.parse(line);
      } catch {
        t.fail(`round ${round}: a cut line (${line.length} characters, ending ${line.slice(-40)})`);
        return;
      }
      t.notOk(answers.has(answer.id), `round ${round}: ${answer.id} answered once`);
      answers.set(answer.id, answer);
    }
    t.ok(answers.get(big)?.result?.content[0].text === `[stdout]\n${'abc'[round - 1].repeat(1_000_000)}\n\n=> NIL`, `round ${round}: the big answer whole`);
    t.same(answers.get(ping)?.result, {}, `round ${round}: the ping answered`);
    t.equal(answers.get(small)?.result?.content[0].text, `=> ${round}`, `round ${round}: the state kept`);
  }
  t.notOk(logLines().some((line) => line.includes(' exited ')), `no worker ended (${logLines().join('; ')})`);
  server.child.stdin.end();
  t.equal(await server.exited, 0);
});
