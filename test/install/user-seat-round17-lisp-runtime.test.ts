// A Lisp team's configuration, its own runtime server and `check`, from a user's seat: spec-run
// packed, installed into a fresh project outside the repository, run through its bin. Run from
// specs/, the configured runtime was silently replaced by the built-in one (a lying server
// passed) and no report said which ran; --watch re-ran on a configuration edit with the old
// server; a .markdown document was passed over without a word; check called a misspelt name of
// a vocabulary package, and every package a setup block loads with ASDF or load, "no package
// named"; check and doctor passed a server without the evaluate-lisp its senders call.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

/** The team's runtime: evaluate-lisp answers the sum of (+ 1 2 3) honestly, or one more (lie); notools lists configure-limits alone. Each start and evaluation is logged. */
const SERVER = `import readline from 'node:readline';
import { appendFileSync } from 'node:fs';
const mode = process.argv[2];
appendFileSync('runtime-starts.log', 'start ' + mode + '\\n');
const send = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
const tools = (mode === 'notools' ? ['configure-limits'] : ['evaluate-lisp', 'configure-limits', 'time-execution']).map((name) => ({ name, inputSchema: { type: 'object' } }));
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize') return send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'team', version: '1' } } });
  if (m.method === 'tools/list') return send({ jsonrpc: '2.0', id: m.id, result: { tools } });
  if (m.method === 'tools/call' && tools.some((tool) => tool.name === m.params.name)) {
    appendFileSync('runtime-starts.log', 'eval ' + mode + '\\n');
    return send({ jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text: mode === 'lie' ? '=> 7' : '=> 6' }], isError: false } });
  }
  send({ jsonrpc: '2.0', id: m.id, error: { code: -32602, message: 'Tool ' + m.params?.name + ' not found' } });
});
`;

const SUM = `---\ntype: verification\nname: sum-remote\n---\n# A sum, evaluated by our runtime\n\n\`\`\`lisp\n(defvar *s* (make-test-session))\n\`\`\`\n\n## Sum\n\n\`\`\`lisp\n(let ((r (evaluate-in-session *s* "(+ 1 2 3)")))\n  (assert (search "=> 6" (result-content-text r))))\n\`\`\`\n`;
const configuration = (mode: string, more: Record<string, unknown> = {}) => JSON.stringify({ paths: ['specs/'], runtime: ['node', 'server.mjs', mode], ...more });

t.test('run from specs/, the project\'s runtime is the one run against: a lying server fails, and every report names it', async (t) => {
  const project = userProject({ 'server.mjs': SERVER, 'spec-run.config.json': configuration('lie', { reporter: ['tap', 'junit:reports/junit.xml', 'html:reports/index.html'] }), 'specs/sum.test.md': SUM });
  const run = await project.specRun(['sum.test.md'], { cwd: join(project.dir, 'specs') });
  t.equal(run.code, 1, 'the lie is caught from the subdirectory as from the root');
  t.match(run.stdout, /# Subtest: sum-remote \(sum\.test\.md\)\n {4}# runtime: node server\.mjs lie\n/);
  t.match(run.stderr, /reading the project's configuration \.\.\/spec-run\.config\.json \(found above the working directory\)/);
  t.match(run.stderr, /0 passed, 1 failed/);
  t.match(readFileSync(join(project.dir, 'reports', 'junit.xml'), 'utf8'), /<property name="runtime" value="node server\.mjs lie"\/>/);
  t.match(readFileSync(join(project.dir, 'reports', 'index.html'), 'utf8'), /runtime: node server\.mjs lie/);
  t.match(readFileSync(join(project.dir, 'runtime-starts.log'), 'utf8'), /eval lie/, 'the configured server answered');
  const json = await project.specRun(['sum.test.md', '--reporter', 'json'], { cwd: join(project.dir, 'specs') });
  t.match(json.stdout, /"type":"document-start","file":"sum\.test\.md","name":"sum-remote","runtime":"node server\.mjs lie"/);
});

t.test('--watch: a configuration edit starts the watch again with it, the new runtime server run against, and says so', async (t) => {
  const project = userProject({ 'server.mjs': SERVER, 'spec-run.config.json': configuration('honest'), 'specs/sum.test.md': SUM });
  const log = () => {
    try {
      return readFileSync(join(project.dir, 'runtime-starts.log'), 'utf8');
    } catch {
      return '';
    }
  };
  let switched = 0;
  const run = await project.specRun(['--watch', '--reporter', 'tap'], {
    signal: {
      send: 'SIGINT',
      when: () => {
        if (!switched && log().includes('eval honest')) {
          switched = Date.now();
          project.write({ 'spec-run.config.json': configuration('lie') });
        }
        return log().includes('eval lie') && Date.now() - switched > 4000;
      },
    },
  });
  t.match(run.stderr, /the configuration \(spec-run\.config\.json\) changed; starting again with it/);
  t.notMatch(run.stderr, /shared helper/);
  t.match(run.stderr, /1 passed, 0 failed[^]*the configuration[^]*0 passed, 1 failed/, 'green under the honest server, red under the lying one');
  t.match(run.stdout, /# runtime: node server\.mjs honest[^]*# runtime: node server\.mjs lie/);
});

t.test('a document saved as .markdown runs, is listed and checked as a .md one is', async (t) => {
  const failing = SUM.replace('sum-remote', 'limits').replace('=> 6', '=> 8');
  const project = userProject({ 'server.mjs': SERVER, 'spec-run.config.json': configuration('honest'), 'specs/ok.test.md': SUM, 'specs/limits.markdown': failing });
  const run = await project.specRun([]);
  t.equal(run.code, 1, 'its failing check fails the run');
  t.match(run.stderr, /1 passed, 1 failed/);
  const list = await project.specRun(['--list']);
  t.match(list.stderr, /^2 documents/m);
  const check = await project.specRun(['check']);
  t.match(check.stderr, /2 documents checked/);
});

t.test('check: a misspelt name of a vocabulary package is named as one; packages loaded as the document runs are notes; the senders\' tool is checked, and doctor agrees', async (t) => {
  const vocabulary = '(defpackage :tally.interp (:use :cl) (:export #:calc))\n(in-package :tally.interp)\n(defun calc (form) (eval form))\n';
  const head = (name: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n## Code\n\n`;
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ paths: ['specs/'], vocabulary: ['src/interp.lisp'] }),
    'src/interp.lisp': vocabulary,
    'src/fmt.lisp': '(defpackage :tally.fmt (:use :cl) (:export #:wrap-words))\n(in-package :tally.fmt)\n(defun wrap-words (text width) (declare (ignore width)) (list text))\n',
    'specs/loads.test.md': `${head('loads')}\`\`\`lisp\n(load "src/fmt.lisp")\n(assert (equal '("ab cd") (tally.fmt:wrap-words "ab cd" 2)))\n\`\`\`\n`,
  });
  const clean = await project.specRun(['check']);
  t.equal(clean.code, 0, 'what the run accepts, check does not refuse');
  t.match(clean.stdout, /specs\/loads\.test\.md:11:\d+: note: 'tally\.fmt:wrap-words': no package named TALLY\.FMT before the run; this document loads code as it runs \(load at specs\/loads\.test\.md:10\)/);
  const run = await project.specRun([]);
  t.equal(run.code, 0, 'and the run passes');
  project.write({ 'specs/typo.test.md': `${head('typo')}\`\`\`lisp\n(assert (= 6 (tally.interp:calk '(+ 1 2 3))))\n\`\`\`\n` });
  const typo = await project.specRun(['check']);
  t.equal(typo.code, 1);
  t.match(typo.stdout, /specs\/typo\.test\.md:10:15: error: 'tally\.interp:calk' is called but neither this document nor the test vocabulary defines it; did you mean 'tally\.interp:calc'\?/);
  t.notMatch(typo.stdout, /no package named TALLY\.INTERP/);

  const own = userProject({ 'server.mjs': SERVER, 'spec-run.config.json': configuration('notools'), 'specs/sum.test.md': SUM });
  const checked = await own.specRun(['check']);
  t.equal(checked.code, 1);
  t.match(checked.stdout, /specs\/sum\.test\.md:14:11: error: tool 'evaluate-lisp' \(which evaluate-in-session calls\) is not listed by the runtime \(it lists configure-limits\)/);
  const doctor = await own.specRun(['doctor']);
  t.equal(doctor.code, 1);
  t.match(doctor.stdout, /^MISSING +runtime tool evaluate-lisp: not listed by node server\.mjs notools/m);
  t.notMatch(doctor.stderr, /everything they need is here/);
});
