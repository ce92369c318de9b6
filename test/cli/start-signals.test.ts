// A signal that comes while spec-run starts (its modules load, its documents are read) is
// never lost: a run reports itself interrupted (exit 128 + the signal), and the commands
// that are not runs end on it. main.js holds signals with its own copy of start-signals
// before the command line's bundle (which has another) is loaded; each copy's state was its
// own, so check, lsp and the others ignored SIGINT and SIGTERM for good, and releasing the
// hold dropped a signal the system had not yet handed to Node.
import t from 'tap';
import { spawn } from 'node:child_process';
import { cli } from './spec-run.js';

const slowDocument = '---\ntype: verification\n---\n# Slow\n\n```lisp\n(sleep 20)\n(assert t)\n```\n';

/** spec-run ARGS in DIR, sent SIGNAL after DELAY ms: how it ended and the last line of its stderr. */
function interruptedAfter(dir: string, args: string[], delay: number, signal: NodeJS.Signals = 'SIGINT'): Promise<{ code: number | null; signal: NodeJS.Signals | null; last: string }> {
  return new Promise((done) => {
    // stdin open, as an editor keeps the language server's: closed, the server would end on that.
    const child = spawn(process.execPath, [cli, ...args], { cwd: dir, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    setTimeout(() => child.kill(signal), delay);
    child.on('close', (code, ended) => done({ code, signal: ended, last: stderr.trim().split('\n').pop() ?? '' }));
  });
}

t.test('a run sent SIGINT at any moment of its start says it was interrupted and exits 130, never 0', async (t) => {
  const dir = t.testdir({ 'slow.test.md': slowDocument });
  for (let delay = 20; delay <= 400; delay += 20) {
    const ended = await interruptedAfter(dir, ['slow.test.md'], delay);
    // Before Node is up the signal's default action ends it: killed by SIGINT, nothing said.
    if (ended.signal === 'SIGINT') continue;
    t.equal(ended.code, 130, `after ${delay} ms: exit 130 (${ended.last})`);
    t.match(ended.last, /\(interrupted by SIGINT\)$/, `after ${delay} ms: the summary says so`);
  }
});

t.test('a command that is not a run (the language server, which runs until told) ends on SIGINT and SIGTERM', async (t) => {
  const dir = t.testdir({ 'slow.test.md': slowDocument });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // Long after the start, when nothing of spec-run's listens for the signal any more.
    const ended = await interruptedAfter(dir, ['lsp', '--stdio'], 1500, signal);
    t.equal(ended.signal, signal, `lsp ended on ${signal}`);
  }
});

t.test('the language server ends when its input does, the session open (an editor gone without a shutdown)', async (t) => {
  const dir = t.testdir({ 'slow.test.md': slowDocument });
  const child = spawn(process.execPath, [cli, 'lsp', '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'ignore'] });
  const send = (message: unknown) => {
    const text = JSON.stringify(message);
    child.stdin.write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  };
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('close', (code, signal) => done({ code, signal })));
  const answered = new Promise<void>((done) => child.stdout.once('data', () => done()));
  send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  await answered;
  // Initialized, the server watches the project's files itself: what kept the process alive.
  send({ jsonrpc: '2.0', method: 'initialized', params: {} });
  await new Promise((resolve) => setTimeout(resolve, 500));
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  t.same(await ended, { code: 0, signal: null }, 'it exits by itself');
  clearTimeout(timer);
});
