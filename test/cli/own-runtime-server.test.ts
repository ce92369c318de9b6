// A team's own MCP server as `runtime:`, misbehaving as real servers do, through the real
// CLI: a server that never answers holds a unit no longer than its time limit, nor the run
// past a signal; a paged tools/list is read whole; lines on stdout that are no JSON-RPC
// message are warned of once per run, and never fail checks that hold.
import t, { type Test } from 'tap';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cli, specRun } from './spec-run.js';
import { ownServer, type OwnServerWays } from '../support/tools-server.js';

const input = (tool: string, args: Record<string, unknown> = {}) =>
  `**Input**:\n\`\`\`json\n${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: args } })}\n\`\`\`\n`;
const contract = (name: string, body: string) => `---\ntype: contract\nname: ${name}\n---\n# ${name}\n\n${body}`;
const project = (t: Test, ways: OwnServerWays, specs: Record<string, string>, timeout = '2s') =>
  t.testdir({ 'server.mjs': ownServer(ways), 'spec-run.config.json': JSON.stringify({ runtime: [process.execPath, 'server.mjs'], timeout }), specs });
const summary = (stderr: string) => stderr.trim().split('\n').at(-1);

t.test('a server that never answers tools/list fails a lone Input at the unit time limit, and each lone Input after it at once', async (t) => {
  const dir = project(t, { pages: [['add']], silentOn: ['tools/list'] }, { 'lone.md': contract('lone', `## One\n\n${input('add')}\n## Two\n\n${input('add')}`) });
  const started = Date.now();
  const run = await specRun(['specs/', '--reporter', 'tap'], dir);
  t.ok(Date.now() - started < 15_000, 'the run ends: one unit limit (2 s), not one per Input, nor for ever');
  t.equal(run.code, 1);
  t.equal(run.stdout.match(/cannot ask the runtime for its tools: it did not answer tools\/list within the unit time limit of 2000 ms \(the configuration's timeout\); its server was stopped/g)?.length, 1);
  t.match(run.stdout, /not ok 1 - the JSON is a valid tools\/call request[^]*not ok 1 - the JSON is a valid tools\/call request[^]*cannot ask the runtime for its tools: no answer within the unit time limit/);
  t.equal(summary(run.stderr), '0 passed, 2 failed, 0 skipped, 0 todo');
});

t.test('an Input with its Expected JSON, to a server that never answers tools/call, fails at the unit time limit', async (t) => {
  const body = `## Call\n\n${input('add', { a: 1 })}\n**Expected**:\n\`\`\`json\n{"isError": false}\n\`\`\`\n`;
  const dir = project(t, { pages: [['add']], silentOn: ['tools/call'] }, { 'call.md': contract('call', body) });
  const started = Date.now();
  const run = await specRun(['specs/', '--reporter', 'tap'], dir);
  t.ok(Date.now() - started < 15_000);
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok 1 - the response holds the Expected JSON of line \d+[^]*the request was not answered within the unit time limit of 2000 ms \(the configuration's timeout\); its runtime server was stopped/);
  t.equal(summary(run.stderr), '0 passed, 1 failed, 0 skipped, 0 todo');
});

t.test('the first SIGTERM stops a lone Input waiting on a silent server: the run ends with its report, summary line and 143', async (t) => {
  const dir = project(t, { pages: [['add']], silentOn: ['tools/list'] }, { 'lone.md': contract('lone', `## One\n\n${input('add')}`) }, '10m');
  const child = spawn('env', ['-u', 'NODE_OPTIONS', process.execPath, cli, 'specs/', '--reporter', 'tap', '--reporter', 'junit:junit.xml'], { cwd: dir, env: { ...process.env, GITHUB_ACTIONS: '' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const closed = new Promise<number | null>((done) => child.once('close', done));
  // The unit is waiting once its subtest is announced.
  while (!stdout.includes('# Subtest: One')) await new Promise((wait) => setTimeout(wait, 100));
  await new Promise((wait) => setTimeout(wait, 1000));
  const signalled = Date.now();
  child.kill('SIGTERM');
  t.equal(await closed, 143);
  t.ok(Date.now() - signalled < 10_000, 'one signal was enough');
  t.match(stdout, /ok 1 - the JSON is a valid tools\/call request for a tool the runtime lists # SKIP run interrupted by SIGTERM before this finished/);
  t.equal(summary(stderr), '0 passed, 0 failed, 1 skipped, 0 todo (interrupted by SIGTERM)');
  t.match(readFileSync(`${dir}/junit.xml`, 'utf8'), /<testsuites/);
  t.same(readdirSync(dir).filter((name) => name.endsWith('.tmp')), [], 'no temporary report left');
});

t.test('a paged tools/list is read whole: check and lone Inputs accept the tools of every page', async (t) => {
  const doc = contract('paged', `## Later page\n\n${input('echo')}\n## Unknown\n\n${input('nope')}`);
  const dir = project(t, { pages: [['add'], ['echo'], ['sum']] }, { 'paged.md': doc });
  const check = await specRun(['check', 'specs/'], dir);
  t.equal(check.code, 1);
  t.equal(check.stdout.trim(), `specs/paged.md:${doc.split('\n').indexOf('## Unknown') + 5}:1: error: the JSON is not a valid tools/call request: the runtime lists no tool "nope" (it lists: add, echo, sum)`);
  const run = await specRun(['specs/', '--reporter', 'tap'], dir);
  t.match(run.stdout, /# Subtest: Later page \(input\)\n\s+ok 1 - /);
  t.match(run.stdout, /the runtime lists no tool "nope" \(it lists: add, echo, sum\)/);
  t.equal(summary(run.stderr), '1 passed, 1 failed, 0 skipped, 0 todo');
});

t.test('pages that never end are not followed for ever: check says so and checks no tool names; a lone Input fails saying so', async (t) => {
  const dir = project(t, { pages: [['add'], ['echo']], endlessPages: true }, { 'endless.md': contract('endless', `## Echo\n\n${input('echo')}`) });
  const check = await specRun(['check', 'specs/'], dir);
  t.equal(check.code, 0);
  t.match(check.stderr, /could not be asked for its tools \(page 2 of its tools\/list answer \(cursor "1"\) gives the nextCursor "1" again: its pages never end\)/);
  const run = await specRun(['specs/', '--reporter', 'tap'], dir);
  t.equal(run.code, 1);
  t.match(run.stdout, /cannot ask the runtime for its tools: page 2 of its tools\/list answer/);
});

t.test('lines on stdout that are no JSON-RPC message are warned of once per run, in the report and on stderr, and in check and doctor; the checks that hold pass', async (t) => {
  const call = '## Call\n\n```lisp\n(defvar *s* (make-test-session))\n(assert (valid-response-p (call-tool *s* "add" \'(("a" . 1)))))\n```\n';
  const dir = project(t, { pages: [['add']], strayLine: 'DEBUG not json' }, { 'a.md': contract('a', call), 'b.md': contract('b', `${call}\n## Lone\n\n${input('add')}`) }, '60s');
  const run = await specRun(['specs/', '--reporter', 'tap'], dir);
  t.equal(run.code, 0);
  t.equal(summary(run.stderr), '3 passed, 0 failed, 0 skipped, 0 todo');
  const warning = /warning: the runtime server \(.*server\.mjs\) wrote on stdout \d+ lines? that (is|are) no JSON-RPC message, the first: DEBUG not json; MCP's stdio transport allows only its messages there/g;
  t.equal(run.stdout.match(warning)?.length, 1, 'once in the report');
  t.equal(run.stderr.match(warning)?.length, 1, 'once on stderr');
  const check = await specRun(['check', 'specs/'], dir);
  t.equal(check.code, 0);
  t.match(check.stderr, warning);
  t.match(check.stderr, /2 documents checked: 0 errors, 1 warnings/);
  const doctor = await specRun(['doctor'], dir);
  t.match(doctor.stdout, /ok {7}runtime server: .*server\.mjs: lists add; warning: the runtime server/);
  t.notOk(existsSync(`${dir}/junit.xml`));
});

t.test('run from a subdirectory, the project\'s configured runtime is the one run against, and the report names it', async (t) => {
  const body = `## Call\n\n${input('add', { a: 1 })}\n**Expected**:\n\`\`\`json\n{"isError": false}\n\`\`\`\n`;
  const dir = project(t, { pages: [['add']], silentOn: ['tools/call'] }, { 'call.md': contract('call', body) });
  const run = await specRun(['call.md', '--reporter', 'tap'], `${dir}/specs`);
  t.equal(run.code, 1, 'the configured server (which never answers) failed it: not the built-in runtime, which lists no add');
  t.match(run.stdout, /the request was not answered within the unit time limit of 2000 ms \(the configuration's timeout\)/);
  t.match(run.stdout, new RegExp(`# Subtest: call \\(call\\.md\\)\\n {4}# runtime: ${process.execPath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} server\\.mjs\\n`));
  t.match(run.stderr, /spec-run: reading the project's configuration \.\.\/spec-run\.config\.json \(found above the working directory\)/);
});
