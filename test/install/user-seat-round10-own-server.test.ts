// What the user-seat session with its own MCP server as `runtime:` found, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, run through its
// bin. A server that never answered tools/list held a run with a lone Input block for ever
// (no report, the first SIGTERM not enough); a paged tools/list was read as its first page;
// stray lines on stdout, which MCP forbids, passed with nothing said.
import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { userProject } from '../support/installed.js';
import { ownServer, type OwnServerWays } from '../support/tools-server.js';

const input = (tool: string) => `**Input**:\n\`\`\`json\n{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "${tool}", "arguments": {"a": 1}}}\n\`\`\`\n`;
const contract = (name: string, body: string) => `---\ntype: contract\nname: ${name}\n---\n# ${name}\n\n${body}`;
const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const withServer = (ways: OwnServerWays, specs: Record<string, string>) =>
  userProject({
    'server.mjs': ownServer(ways),
    'spec-run.config.json': JSON.stringify({ runtime: ['node', 'server.mjs'], timeout: '3s' }),
    ...Object.fromEntries(Object.entries(specs).map(([name, text]) => [`specs/${name}`, text])),
  });

t.test('a server that never answers tools/list fails a lone Input at the unit time limit; the run beside it ends with its JUnit report', async (t) => {
  const other = '## Sum\n\n```lisp\n(defvar *s* (make-test-session))\n(assert (valid-response-p (call-tool *s* "add" \'(("a" . 1)))))\n```\n';
  const project = withServer({ pages: [['add']], silentOn: ['tools/list'] }, { 'lone.md': contract('lone', `## Add\n\n${input('add')}`), 'other.md': contract('other', other) });
  const started = Date.now();
  const run = await project.specRun(['specs/', '--jobs', '2', '--reporter', 'tap', '--reporter', 'junit:junit.xml']);
  t.ok(Date.now() - started < 30_000, 'the run ends');
  t.equal(run.code, 1);
  t.match(run.stdout, /cannot ask the runtime for its tools: it did not answer tools\/list within the unit time limit of 3000 ms \(the configuration's timeout\)/);
  t.match(run.stdout, /ok 1 - \(valid-response-p/, "the other document's result is there");
  t.equal(summary(run.stderr), '1 passed, 1 failed, 0 skipped, 0 todo');
  t.match(readFileSync(`${project.dir}/junit.xml`, 'utf8'), /failures="1"/);
  t.same(readdirSync(project.dir).filter((name) => name.endsWith('.tmp')), []);
});

t.test("a paged tools/list is every page: check and a lone Input accept a tool of page 2", async (t) => {
  const project = withServer({ pages: [['add'], ['echo']] }, { 'echo.md': contract('echo', `## Echo\n\n${input('echo')}`) });
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 0);
  t.match(check.stderr, /1 documents checked: 0 errors, 0 warnings/);
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 0);
  t.equal(summary(run.stderr), '1 passed, 0 failed, 0 skipped, 0 todo');
});

t.test('stray lines a server writes on stdout are a warning of the run, of check and of doctor; the checks that hold pass', async (t) => {
  const body = '## Sum\n\n```lisp\n(defvar *s* (make-test-session))\n(assert (valid-response-p (call-tool *s* "add" \'(("a" . 1)))))\n```\n';
  const project = withServer({ pages: [['add']], strayLine: 'server starting... (not JSON)' }, { 'add.md': contract('add', body) });
  const run = await project.specRun(['specs/', '--reporter', 'tap', '--reporter', 'json:run.jsonl']);
  t.equal(run.code, 0);
  const warning = /wrote on stdout 2 lines that are no JSON-RPC message, the first: server starting\.\.\. \(not JSON\); MCP's stdio transport allows only its messages there/;
  t.match(run.stdout, warning);
  t.match(run.stderr, warning);
  t.match(readFileSync(`${project.dir}/run.jsonl`, 'utf8'), /"type":"comment"[^\n]*server starting/);
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 0);
  t.match(check.stderr, /spec-run: warning: the runtime server \(node server\.mjs\) wrote on stdout 1 line that is no JSON-RPC message/);
  const doctor = await project.specRun(['doctor']);
  t.match(doctor.stdout, /runtime server: node server\.mjs: lists add; warning: /);
});
