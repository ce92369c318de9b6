// Two low-severity Lisp findings of round 14 from a user's seat (spec-run packed, installed
// into a fresh project, run through its bin with the real SBCL): a check whose string
// literal spans lines was named with a space for its line break in TAP (a check that should
// pass, by its name), and written raw in JUnit's name attribute, which XML parsers read as a
// space; a `runtime:` server answering "jsonrpc": "1.0" was taken, its checks passing.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { userProject } from '../support/installed.js';
import { ownServer } from '../support/tools-server.js';

const greeting = `---
type: verification
name: greeting
---
# Greeting

\`\`\`lisp
(defvar *greeting* "hello world")
(assert (string= *greeting* "hello
world"))
\`\`\`
`;

t.test("a check's line break stays one in its TAP and JUnit names", async (t) => {
  const project = userProject({ 'specs/greeting.md': greeting });
  const run = await project.specRun(['specs/', '--reporter', 'tap', '--reporter', 'junit:junit.xml']);
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok 1 - \(string= \*greeting\* "hello\\nworld"\)/, 'TAP writes the line break as \\n');
  t.notMatch(run.stdout, /"hello world"\)/);
  t.match(readFileSync(`${project.dir}/junit.xml`, 'utf8'), /<testcase name="[^"]*\(string= \*greeting\* &quot;hello&#10;world&quot;\)"/, 'JUnit writes it as a character reference');
});

t.test('a runtime server answering "jsonrpc": "1.0" fails the request that got the answer', async (t) => {
  const body = '## Sum\n\n```lisp\n(defvar *s* (make-test-session))\n(assert (valid-response-p (call-tool *s* "add" \'(("a" . 1)))))\n```\n';
  const project = userProject({
    'server.mjs': ownServer({ pages: [['add']], jsonrpc: '1.0' }),
    'spec-run.config.json': JSON.stringify({ runtime: ['node', 'server.mjs'], timeout: '10s' }),
    'specs/add.md': `---\ntype: contract\nname: add\n---\n# add\n\n${body}`,
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1, run.stdout);
  t.match(run.stdout, /the server answered with \\?"jsonrpc\\?": \\?"1\.0\\?", where JSON-RPC 2\.0 \(MCP\) says/);
});
