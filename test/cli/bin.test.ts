// The `spec-run` executable (package.json "bin", main.js): `serve` is dispatched before the
// command line parser loads and answers as `serve` through the parser (program.js) does,
// and its bundle like the compiled modules; every other command line (serve's own --help
// included) goes through the parser unchanged.
import t from 'tap';
import { execFile, spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { root } from './spec-run.js';
import { CLI_BUNDLE, loadBundle, SERVE_BUNDLE } from '../../src/cli/bundles.js';
import { scratchDirectory } from '../support/scratch.js';

const bin = join(root, (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['spec-run']);
const run = promisify(execFile);

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bin-test', version: '1' } } });
const EVALUATE = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(+ 1 2)' } } });
const call = (id: number, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params });
/** Answers of every kind: results, tool errors, protocol errors, malformed lines. */
const MANY_KINDS = [
  INITIALIZE,
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  '{not json',
  '[1,2]',
  JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'no/such/method' }),
  call(4, { name: 'no-such-tool', arguments: {} }),
  call(5, { name: 'evaluate-lisp' }),
  call(6, { name: 'evaluate-lisp', arguments: { code: '(/ 1 0)' } }),
  call(7, { name: 'configure-limits', arguments: { timeout: -1 } }),
  call(8, { name: 'evaluate-lisp', arguments: { code: '(+ 1 2)', extra: 1 } }),
  call(9, { name: 'time-execution', arguments: { code: 42 } }),
  JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/list' }),
  JSON.stringify({ jsonrpc: '2.0', id: 11, method: 'initialize', params: { protocolVersion: 'x', capabilities: {}, clientInfo: { name: 'p', version: '1' } } }),
  JSON.stringify({ jsonrpc: '2.0', id: 12, method: 'tools/call', params: 'bad' }),
  JSON.stringify({ jsonrpc: '2.0', id: 13, method: 'ping' }),
  call(14, { name: 'evaluate-lisp', arguments: { code: '(princ 1) (warn "w") (values 1 2)' } }),
];
/** `spec-run serve` through the command line parser, not the early dispatch. */
const PARSED_SERVE = ['--input-type=module', '-e', `await (await import(${JSON.stringify(join(root, 'dist/src/cli/program.js'))})).main([process.argv[0], 'spec-run', 'serve'])`];
/** The runtime server from its compiled modules, not the bundle. */
const UNBUNDLED_SERVE = ['--input-type=module', '-e', `await (await import(${JSON.stringify(join(root, 'dist/src/runtime/server.js'))})).serveStdio()`];

/** The answer lines of `entry serve` to `lines`, written at once with stdin then closed. */
function serveAnswers(entry: string | string[], lines: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, typeof entry === 'string' ? [entry, 'serve'] : entry, { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.once('error', reject);
    child.once('close', () => resolve(stdout.split('\n').filter(Boolean)));
    child.stdin.end(lines.map((line) => `${line}\n`).join(''));
  });
}

t.test('spec-run serve answers byte for byte as serve through the command line parser does', async (t) => {
  const [fromBin, fromParser] = await Promise.all([serveAnswers(bin, [INITIALIZE, EVALUATE]), serveAnswers(PARSED_SERVE, [INITIALIZE, EVALUATE])]);
  t.equal(fromBin.length, 2, 'an answer to each request');
  t.same(fromBin, fromParser);
  t.match(JSON.parse(fromBin[1]), { id: 2, result: { content: [{ type: 'text', text: '=> 3' }], isError: false } });
});

t.test('the bundle spec-run serve loads answers byte for byte as the compiled modules do', async (t) => {
  const [fromBundle, fromModules] = await Promise.all([serveAnswers(bin, MANY_KINDS), serveAnswers(UNBUNDLED_SERVE, MANY_KINDS)]);
  t.equal(fromBundle.length, MANY_KINDS.length - 1, 'every request and malformed line answered, no notification');
  // Each answer byte for byte; their order is not the protocol's (JSON-RPC pairs them by id):
  // an answer Node writes and one the worker writes directly may pass each other.
  const byId = (answers: string[]) => [...answers].sort((a, b) => String(JSON.parse(a).id).localeCompare(String(JSON.parse(b).id)) || a.localeCompare(b));
  t.same(byId(fromBundle), byId(fromModules));
});

/** Whether V8 refuses the build's code cache of `bundle` loaded first in a process of its own, as spec-run loads it (under the bundle's V8 flags). */
async function cacheRejectedAlone(bundle: string): Promise<boolean> {
  const load = `const { loadBundle } = await import(${JSON.stringify(join(root, 'dist/src/cli/bundles.js'))}); console.log(loadBundle(${JSON.stringify(bundle)}).cacheRejected)`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', load], { cwd: root });
  return JSON.parse(stdout) as boolean;
}

for (const [bundle, entry] of [[SERVE_BUNDLE, 'serveStdio'], [CLI_BUNDLE, 'main']] as const) {
  t.test(`${basename(bundle)}: the code cache the build made is taken, and a missing or refused one only costs the compilation`, async (t) => {
    t.equal(await cacheRejectedAlone(bundle), false, 'the cache the build made is taken');
    const directory = scratchDirectory('spec-run-bundle-');
    t.teardown(() => rmSync(directory, { recursive: true, force: true }));
    const refused = join(directory, 'refused.v8cache');
    writeFileSync(refused, 'not a code cache');
    const withRefused = loadBundle<Record<string, unknown>>(bundle, refused);
    t.equal(withRefused.cacheRejected, true);
    t.type(withRefused.exports[entry], 'function');
    t.type(loadBundle<Record<string, unknown>>(bundle, join(directory, 'missing.v8cache')).exports[entry], 'function');
  });
}

// A worker started after the session closed would hold the process open: the timeout fails it.
t.test('a serve whose input ends after initialize exits: no worker starts after the session closed', { timeout: 30000 }, async (t) => {
  const answers = await serveAnswers(bin, [INITIALIZE]);
  t.equal(answers.length, 1);
  t.match(JSON.parse(answers[0]), { id: 1, result: { serverInfo: { name: 'spec-run-runtime' } } });
});

t.test('the executable runs as itself, as npx and a shell run it (the build marks it executable)', async (t) => {
  const version = await run(bin, ['--version'], { cwd: root });
  t.match(version.stdout, /^\d+\.\d+\.\d+/);
});

t.test('other command lines go through the command line parser', async (t) => {
  const version = await run(process.execPath, [bin, '--version'], { cwd: root });
  t.match(version.stdout, /^\d+\.\d+\.\d+/);
  const help = await run(process.execPath, [bin, 'serve', '--help'], { cwd: root });
  t.match(help.stdout, /Usage: spec-run serve/);
});
