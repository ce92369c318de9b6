// A server that answers a request with a line that is no JSON (cl-mcp-server writes raw
// NUL characters in a reader error's text) fails that request, saying so, instead of
// leaving it to wait for the unit's time limit; other lines that are no JSON (logs) are
// left alone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import t from 'tap';
import { CommandRuntime, LineConnection } from '../../../src/run/lisp/servers.js';
import { root } from '../../cli/spec-run.js';
import { frontmatter, lisp, options, runMarkdown } from './helpers.js';

const call = (id: number | string, code: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code } } });

t.test('over in-process streams: the answer that is no JSON fails its own request only; a log line is ignored', async (t) => {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const connection = new LineConnection(toServer, fromServer, async () => undefined);
  const first = connection.exchange(call(6, '(+ 1 2'));
  const second = connection.exchange(call('seven', '(+ 1 2)'));
  // The stand-in server's lines: a log line, a broken answer to 6, a good answer to "seven".
  fromServer.write('Waiting for message...\n');
  fromServer.write('{"jsonrpc":"2.0","id":6,"result":{"content":[{"type":"text","text":"from \\"(+ 1 2\u0000\u0000...\\""}]}}\n');
  fromServer.write('{"jsonrpc":"2.0","id":"seven","result":{"content":[{"type":"text","text":"=> 3"}]}}\n');
  await t.rejects(first, /^the server answered with a line that is not JSON \(Bad control character in string literal in JSON at position \d+\): \{"jsonrpc":"2\.0","id":6,/);
  t.match(JSON.parse(await second), { id: 'seven', result: { content: [{ text: '=> 3' }] } });
});

t.test('an answer of another JSON-RPC version fails its request, saying so; one of 2.0 is taken', async (t) => {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const connection = new LineConnection(toServer, fromServer, async () => undefined);
  const old = connection.exchange(call(1, '(+ 1 2)'));
  const none = connection.exchange(call(2, '(+ 1 2)'));
  const good = connection.exchange(call(3, '(+ 1 2)'));
  fromServer.write('{"jsonrpc":"1.0","id":1,"result":{"content":[{"type":"text","text":"=> 3"}]}}\n');
  fromServer.write('{"id":2,"result":{"content":[{"type":"text","text":"=> 3"}]}}\n');
  fromServer.write('{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"=> 3"}]}}\n');
  await t.rejects(old, /^the server answered with "jsonrpc": "1\.0", where JSON-RPC 2\.0 \(MCP\) says "2\.0": \{"jsonrpc":"1\.0","id":1,/);
  await t.rejects(none, /^the server answered with no "jsonrpc", where JSON-RPC 2\.0/);
  t.match(JSON.parse(await good), { id: 3 });
});

const PEER = join(root, '..', 'shared', 'peers', 'cl-mcp-server', 'run-server.lisp');

/** Why cl-mcp-server cannot run here, or false: it needs its source beside the project and its Lisp libraries (bash scripts/setup.sh --bench). */
function peerMissing(): string | false {
  if (!existsSync(PEER)) return 'the peer server is not beside the project';
  const probe = spawnSync('sbcl', ['--non-interactive', '--no-userinit', '--eval', '(require :asdf)', '--eval', '(sb-ext:exit :code (if (asdf:find-system "yason" nil) 0 1))'], { stdio: 'ignore' });
  return probe.status === 0 ? false : "the peer server's Lisp libraries are not installed (bash scripts/setup.sh --bench)";
}

t.test('cl-mcp-server itself: a reader error is answered with raw NULs, and the request fails at once', { skip: peerMissing() }, async (t) => {
  const runtime = new CommandRuntime(['sbcl', '--script', PEER], root);
  t.teardown(() => runtime.close());
  const server = await runtime.connect();
  await t.rejects(server.exchange(call(6, '(+ 1 2')), /the server answered with a line that is not JSON/);
  t.match(JSON.parse(await server.exchange(call(7, '(+ 1 2)'))), { id: 7 }, 'the session goes on');
  await server.stop();
});

t.test('what the server wrote that answered no request, and the end of its stderr, are kept to say why a request was never answered', async (t) => {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const connection = new LineConnection(toServer, fromServer, async () => undefined, () => 'starting\nbad-server: evaluator crashed\n');
  t.equal(new LineConnection(new PassThrough(), new PassThrough(), async () => undefined).unexpectedOutput(), null, 'nothing unexpected: nothing said');
  void connection.exchange(call(1, '(+ 1 1)')).catch(() => undefined);
  fromServer.write('Traceback: something broke\n');
  fromServer.write('{"jsonrpc":"2.0","id":99999,"result":{}}\n');
  await new Promise((r) => setImmediate(r));
  t.equal(
    connection.unexpectedOutput(),
    'it wrote lines that answered no request (the last 2):\nTraceback: something broke\n{"jsonrpc":"2.0","id":99999,"result":{}}\nits stderr ended with:\nstarting\nbad-server: evaluator crashed',
  );
});

t.test('a unit past its time limit, its request unanswered by a server that wrote something else: the failure says what it wrote', async (t) => {
  const dir = t.testdir({
    'bad-server.mjs': `import readline from 'node:readline';
const send = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize') return send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'bad', version: '0' } } });
  if (m.method === 'tools/call') { process.stdout.write('Traceback: something broke\\n'); process.stderr.write('bad-server: evaluator crashed\\n'); return; }
  send({ jsonrpc: '2.0', id: m.id, result: {} });
});
`,
  });
  const md = `${frontmatter()}## Sum\n\n${lisp('(assert (search "=> 2" (result-content-text (evaluate-lisp *server* "(+ 1 1)"))))')}`;
  const r = await runMarkdown(md, options({ unitTimeoutMs: 2000, runtimeCommand: [process.execPath, join(dir, 'bad-server.mjs')], projectRoot: dir }));
  const failed = r.points.find((p) => !p.ok);
  t.match(failed?.diagnostics, { reason: /exceeded the unit time limit/, response: null, serverWrote: /Traceback: something broke[^]*its stderr ended with:\nbad-server: evaluator crashed/ });
});

t.test('a server that never answers initialize is stopped with its unit at the time limit, not held the 30 s initialize allows', async (t) => {
  const dir = t.testdir({ 'mute-server.mjs': "import readline from 'node:readline';\nreadline.createInterface({ input: process.stdin }).on('line', () => {});\n" });
  const md = `${frontmatter()}## Sum\n\n${lisp('(assert (search "=> 2" (result-content-text (evaluate-lisp *server* "(+ 1 1)"))))')}`;
  const r = await runMarkdown(md, options({ unitTimeoutMs: 1500, runtimeCommand: [process.execPath, join(dir, 'mute-server.mjs')], projectRoot: dir }));
  t.match(r.points.find((p) => !p.ok)?.diagnostics, { reason: /unit time limit/ });
  // Before, it lived on until its initialize limit (30 s), and spec-run's exit waited for it.
  // Stopped, it may take a moment to be gone on a loaded machine: looked for up to 5 s.
  const running = () => spawnSync('pgrep', ['-f', join(dir, 'mute-server.mjs')], { encoding: 'utf8' }).stdout.trim();
  for (const until = Date.now() + 5000; running() !== '' && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 100));
  t.equal(running(), '', 'no server left running');
});
