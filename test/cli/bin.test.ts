// The `spec-run` executable (package.json "bin"): `serve` is dispatched before the command
// line parser loads and answers like `spec-run serve` through main.js; every other command
// line (serve's own --help included) goes through main.js unchanged.
import t from 'tap';
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { root } from './spec-run.js';

const bin = join(root, (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['spec-run']);
const run = promisify(execFile);

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bin-test', version: '1' } } });
const EVALUATE = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(+ 1 2)' } } });

/** The answer lines of `entry serve` to `lines`, written at once with stdin then closed. */
function serveAnswers(entry: string, lines: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, 'serve'], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.once('error', reject);
    child.once('close', () => resolve(stdout.split('\n').filter(Boolean)));
    child.stdin.end(lines.map((line) => `${line}\n`).join(''));
  });
}

t.test('spec-run serve answers byte for byte as main.js serve does', async (t) => {
  const [fromBin, fromMain] = await Promise.all([serveAnswers(bin, [INITIALIZE, EVALUATE]), serveAnswers(join(root, 'dist/src/cli/main.js'), [INITIALIZE, EVALUATE])]);
  t.equal(fromBin.length, 2, 'an answer to each request');
  t.same(fromBin, fromMain);
  t.match(JSON.parse(fromBin[1]), { id: 2, result: { content: [{ type: 'text', text: '=> 3' }], isError: false } });
});

// A worker started after the session closed would hold the process open: the timeout fails it.
t.test('a serve whose input ends after initialize exits: no worker starts after the session closed', { timeout: 30000 }, async (t) => {
  const answers = await serveAnswers(bin, [INITIALIZE]);
  t.equal(answers.length, 1);
  t.match(JSON.parse(answers[0]), { id: 1, result: { serverInfo: { name: 'spec-run-runtime' } } });
});

t.test('other command lines go through main.js', async (t) => {
  const version = await run(process.execPath, [bin, '--version'], { cwd: root });
  t.match(version.stdout, /^\d+\.\d+\.\d+/);
  const help = await run(process.execPath, [bin, 'serve', '--help'], { cwd: root });
  t.match(help.stdout, /Usage: spec-run serve/);
});
