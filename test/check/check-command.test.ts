// spec-run check end to end: a real process, SBCL asked about the names.
import t from 'tap';
import { toolsServer } from '../support/tools-server.js';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = join(root, 'dist/src/cli/main.js');

function check(paths: string[], cwd = root): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(process.execPath, [cli, 'check', ...paths], { cwd }, (error, stdout, stderr) => done({ code: error ? Number((error as { code?: number }).code) : 0, stdout, stderr })),
  );
}

const lispDocument = `---
type: verification
name: broken
tags: timeout
colour: blue
---
# Broken

## Calls

\`\`\`lisp
(let* ((response (send-tool-call *s* "evaluate-lispp" '(("code" . "1"))))
       (text (result-content-text response)))
  (assert (serach "=> 1" text)))
\`\`\`

## Unbalanced

\`\`\`lisp
(assert (= 1 1)
\`\`\`
`;

const openspecDocument = `# Specification: Things

### Requirement: Unexercised
The system does things.

### Requirement: Exercised
The system SHALL do things.

#### Scenario: One
Then:
1. The frobnicator spins 3 times

#### Scenario: Two
- **WHEN** the frobnicator starts with:
  \`\`\`text
  spin fast
  \`\`\`
- **AND** it warms up
`;

t.test('each problem is a file:line:col message; errors make exit status 1', async (t) => {
  const dir = t.testdir({ 'broken.md': lispDocument, 'spec.md': openspecDocument });
  const { code, stdout, stderr } = await check([dir]);
  t.equal(code, 1);
  const file = join(dir, 'broken.md');
  t.match(stdout, `${file}:5:1: warning: unknown frontmatter field 'colour'`, 'at the line of the key');
  t.match(stdout, `${file}:4:1: error: frontmatter 'tags' must be a list of strings`);
  t.match(stdout, `${file}:12:38: error: tool 'evaluate-lispp' is not listed by the runtime`);
  t.match(stdout, `${file}:14:12: error: 'serach' is called but neither this document nor the test vocabulary defines it`);
  t.notMatch(stdout, /'(let\*|send-tool-call|result-content-text|assert|response|text)'/, 'vocabulary, CL and bound variables are not reported');
  t.match(stdout, new RegExp(`${file}:20:\\d+: error: .*unbalanced|${file}:20:\\d+: error: .*(closed|end)`, 'i'));
  const spec = join(dir, 'spec.md');
  t.match(stdout, `${spec}:3:1: error: requirement 'Unexercised' has no '#### Scenario:'`);
  t.match(stdout, `${spec}:3:1: warning: requirement 'Unexercised' does not state what is required with SHALL or MUST`);
  t.match(stdout, `${spec}:11:1: error: 3 steps have no definition yet: no steps file was loaded`, 'with no steps file at all, one error at the first step rather than one per step: the run fails on them');
  t.match(stderr, /2 documents checked: [1-9]\d* errors/);
});

t.test('the seed documents check clean', async (t) => {
  const { code, stdout } = await check([resolve(root, '../shared/seed-specs')]);
  t.equal(stdout, '');
  t.equal(code, 0);
});

t.test('an undefined name: where a checked document outside its tree defines it, and a near vocabulary name', async (t) => {
  const head = (name: string) => `---\ntype: verification\nname: ${name}\n---\n# D\n\n## Code\n\n`;
  const dir = t.testdir({
    a: { 'helpers.test.md': `${head('helpers')}\`\`\`lisp\n(defun random-choice (list) (first list))\n(assert (random-choice '(1)))\n\`\`\`\n` },
    b: { 'user.test.md': `${head('user')}\`\`\`lisp\n(defvar *s* (make-test-sesion))\n(assert (random-choice '(1 2)))\n\`\`\`\n` },
  });
  // Two documents given alone, each its own directory's tree: b's does not hold a's helper.
  const { code, stdout } = await check([join(dir, 'a', 'helpers.test.md'), join(dir, 'b', 'user.test.md')]);
  t.equal(code, 1);
  const user = join(dir, 'b', 'user.test.md');
  t.match(stdout, `${user}:10:14: error: 'make-test-sesion' is called but neither this document nor the test vocabulary defines it; did you mean 'make-test-session'?`);
  t.match(stdout, `${user}:11:10: error: 'random-choice' is called but neither this document nor the test vocabulary defines it; random-choice is defined in ${join(dir, 'a', 'helpers.test.md')}:10; add it to a vocabulary file to share it`);
  t.notMatch(stdout, /helpers\.test\.md:\d+:\d+:/, 'the defining document is clean');
});

t.test('a helper of the same tree is borrowed: a note where it is first used, no error', async (t) => {
  const head = (name: string) => `---\ntype: verification\nname: ${name}\n---\n# D\n\n## Code\n\n`;
  const dir = t.testdir({
    'helpers.test.md': `${head('helpers')}\`\`\`lisp\n(defun random-choice (list) (first list))\n(assert (random-choice '(1)))\n\`\`\`\n`,
    'user.test.md': `${head('user')}\`\`\`lisp\n(assert (random-choice '(1 2)))\n\`\`\`\n`,
  });
  const { code, stdout } = await check([dir]);
  t.equal(code, 0);
  t.equal(stdout, `${join(dir, 'user.test.md')}:10:1: note: random-choice is borrowed from ${join(dir, 'helpers.test.md')}:10, a document of the same specification tree\n`);
});

t.test("the vocabulary's builders, senders and answer readers are known to check; a builder's tool name is checked as a sender's is", async (t) => {
  const head = `---\ntype: verification\nname: readers\n---\n# D\n\n## Code\n\n`;
  const code = `(with-test-session (s)
  (let ((r (send-request s (make-evaluate-lisp-request "(/ 1 0)" :id (next-request-id s)))))
    (assert (valid-response-p r))
    (assert (equal (result-error-type r) "DIVISION-BY-ZERO"))
    (assert (extract-section r "Backtrace"))
    (assert (find-line (result-backtrace r) "/"))
    (assert (= 1 (count-occurrences "[ERROR]" r)))
    (assert (section-names r))
    (assert (null (result-values r))))
  (assert (numberp (extract-number (time-execution s "1") "real-time-ms")))
  (assert (find-tool (send-request s (make-tools-list-request)) "evaluate-lisp"))
  (send-request s (make-tool-call-request "evaluate-lispp" '())))`;
  const dir = t.testdir({ 'readers.test.md': `${head}\`\`\`lisp\n${code}\n\`\`\`\n` });
  const { code: status, stdout } = await check([dir]);
  t.equal(status, 1);
  t.equal(stdout, `${join(dir, 'readers.test.md')}:21:43: error: tool 'evaluate-lispp' is not listed by the runtime (it lists evaluate-lisp, configure-limits, time-execution)\n`, 'no name of the vocabulary is reported');
});

t.test('the corpus documents check with only their genuine problems, a block SBCL cannot read and a check function nothing calls, and notes of the helpers they borrow', async (t) => {
  const { stdout } = await check([resolve(root, '../shared/corpus/lisp')]);
  const messages = stdout.trim().split('\n');
  // Its alist holds two forms after a consing dot, where SBCL's reader stops, before a ) that closes nothing.
  t.equal(messages.filter((m) => /state-persistence\.test\.md:180:46: error: Lisp code cannot be read: more than one form follows \. in the list/.test(m)).length, 1);
  // "All Errors Are Valid JSON-RPC" states its checks in a function of two arguments that no block calls.
  t.equal(messages.filter((m) => /malformed-request\.test\.md:\d+:1: error: verify-error-response holds checks, but nothing in this document or its specification tree calls it and it needs arguments/.test(m)).length, 1);
  for (const message of messages) t.match(message, /: note: \S+ is borrowed from \S+, a document of the same specification tree$|more than one form follows \. in the list|verify-error-response holds checks/);
});

t.test("the configuration's vocabulary files define names as they do in a run: known, and suggested for a name nobody defines", async (t) => {
  const dir = t.testdir({
    'spec-run.config.json': JSON.stringify({ vocabulary: ['lib/queue.lisp', 'lib/text.lisp'] }),
    lib: {
      'queue.lisp': '(defstruct (queue (:constructor %make-queue)) (items nil))\n(defun make-queue () (%make-queue))\n(defun enqueue (q item) (push item (queue-items q)))\n',
      'text.lisp': '(defpackage #:text (:use #:cl) (:export #:shout))\n(in-package #:text)\n(defun shout (s) (string-upcase s))\n',
    },
    specs: {
      'queue.test.md': `---\ntype: verification\nname: queue\n---\n# Queue\n\n\`\`\`lisp\n(let ((q (make-queue)))\n  (enqueue q 1)\n  (enqueu q 2)\n  (assert (queue-p q))\n  (assert (string= "A" (text:shout "a"))))\n\`\`\`\n`,
    },
  });
  const { code, stdout } = await check(['specs'], dir);
  t.equal(code, 1);
  t.equal(stdout, `specs/queue.test.md:10:4: error: 'enqueu' is called but neither this document nor the test vocabulary defines it; did you mean 'enqueue'?\n`, 'the vocabulary files\' functions, structure operators and package are known; the typo is not');
});

t.test("a vocabulary function called package-qualified from a document's own package is known in the package a run defines it in, and in no other", async (t) => {
  const dir = t.testdir({
    'spec-run.config.json': JSON.stringify({ vocabulary: ['lib/interval.lisp', 'lib/text.lisp'] }),
    lib: {
      'interval.lisp': '(defun iv-width (lo hi) (- hi lo))\n',
      'text.lisp': '(defpackage #:text (:use #:cl))\n(in-package #:text)\n(defun shout (s) (string-upcase s))\n',
    },
    specs: {
      'pkg.test.md': `---\ntype: verification\nname: pkg\n---\n# Pkg\n\n\`\`\`lisp\n(defpackage :iv-tests (:use :cl :fiveam))\n(in-package :iv-tests)\n(test width\n  (is (= 2 (cl-user::iv-width 1 3)))\n  (is (= 2 (common-lisp-user::iv-width 1 3)))\n  (is (string= "A" (text::shout "a")))\n  (is (string= "A" (cl-user::shout "a"))))\n\`\`\`\n`,
    },
  });
  const { code, stdout } = await check(['specs'], dir);
  t.equal(code, 1);
  t.equal(stdout, `specs/pkg.test.md:14:21: error: 'cl-user::shout' is called but neither this document nor the test vocabulary defines it; did you mean 'text::shout'?\n`, 'iv-width is defined in CL-USER, where a run loads the file; shout in TEXT, after its in-package, not in CL-USER');
});

t.test("a bare name of a vocabulary package is no function of CL-USER: calling it there is an error saying how to write it, and a slip of it is told the qualified name; a document in a package of its own is not second-guessed", async (t) => {
  const dir = t.testdir({
    'spec-run.config.json': JSON.stringify({ vocabulary: ['lib/ring.lisp'] }),
    lib: { 'ring.lisp': '(defpackage :ring (:use :cl) (:export #:make-ring #:ring-push))\n(in-package :ring)\n(defun make-ring (n) (make-array n))\n(defun ring-push (r x) (declare (ignore r)) x)\n(defun ring-peek (r) (aref r 0))\n' },
    specs: {
      'bare.test.md': `---\ntype: verification\nname: bare\n---\n# Bare\n\n\`\`\`lisp\n(let ((r (ring:make-ring 2)))\n  (ring-push r 1)\n  (ring-psh r 1)\n  (assert (ring-peek r)))\n\`\`\`\n`,
      'own.test.md': `---\ntype: verification\nname: own\n---\n# Own\n\n\`\`\`lisp\n(defpackage :ring-tests (:use :cl :ring))\n(in-package :ring-tests)\n(assert (= 1 (ring-push (make-ring 2) 1)))\n\`\`\`\n`,
    },
  });
  const { code, stdout } = await check(['specs'], dir);
  t.equal(code, 1);
  t.equal(
    stdout,
    [
      "specs/bare.test.md:9:4: error: 'ring-push' is called in CL-USER, but the vocabulary defines it in package RING, which CL-USER does not use: write 'ring:ring-push'",
      "specs/bare.test.md:10:4: error: 'ring-psh' is called but neither this document nor the test vocabulary defines it; did you mean 'ring:ring-push'?",
      "specs/bare.test.md:11:12: error: 'ring-peek' is called in CL-USER, but the vocabulary defines it in package RING, which CL-USER does not use: write 'ring::ring-peek'",
      '',
    ].join('\n'),
  );
});

t.test('check follows in-package in document order, as the run reads: a bare name is read in the package its form is read in', async (t) => {
  const dir = t.testdir({
    'spec-run.config.json': JSON.stringify({ vocabulary: ['lib/ring.lisp'] }),
    lib: { 'ring.lisp': '(defpackage :ring (:use :cl) (:export #:make-ring #:ring-push))\n(in-package :ring)\n(defun make-ring (n) (make-array n))\n(defun ring-push (r x) (declare (ignore r)) x)\n' },
    specs: {
      // Entering its own package no longer makes every later bare name CL-USER's: IS is FiveAM's, which MINE does not use; back in CL-USER, RING-PUSH is RING's.
      'mine.test.md': `---\ntype: verification\nname: mine\n---\n# Mine\n\n\`\`\`lisp\n(defpackage :mine (:use :cl))\n(in-package :mine)\n(defun twice (x) (* 2 x))\n(assert (= 2 (twice 1)))\n(is (= 2 (twice 1)))\n\`\`\`\n\n\`\`\`lisp\n(in-package :cl-user)\n(assert (ring-push (ring:make-ring 1) 1))\n\`\`\`\n`,
      // What the package uses is known there: FiveAM's IS, the vocabulary package's RING-PUSH.
      'uses.test.md': `---\ntype: verification\nname: uses\n---\n# Uses\n\n\`\`\`lisp\n(defpackage :uses (:use :cl :fiveam :ring))\n(in-package :uses)\n(is (= 1 (ring-push (make-ring 2) 1)))\n\`\`\`\n`,
    },
  });
  const { code, stdout } = await check(['specs'], dir);
  t.equal(code, 1);
  t.equal(
    stdout,
    [
      "specs/mine.test.md:12:2: error: 'is' is called in package MINE, which this document enters with in-package and which uses only CL: neither this document nor that package defines it, so the run finds no function there; write its package (the run's error names it), or add that package to MINE's :use",
      "specs/mine.test.md:17:10: error: 'ring-push' is called in CL-USER, but the vocabulary defines it in package RING, which CL-USER does not use: write 'ring:ring-push'",
      '',
    ].join('\n'),
  );
});

t.test("a Lisp document's frontmatter 'runtime' is an error at its line, in check and in a run: the document would run against another server than it names", async (t) => {
  const dir = t.testdir({ 'peer.test.md': `---\ntype: verification\nname: peer\nruntime: [sbcl, --script, server.lisp]\n---\n# Peer\n\n\`\`\`lisp\n(assert t)\n\`\`\`\n` });
  const { code, stdout } = await check(['peer.test.md'], dir);
  t.equal(code, 1);
  t.match(stdout, /^peer\.test\.md:4:1: error: frontmatter 'runtime' is not read: a document runs against the runtime of the configuration/);
  t.notMatch(stdout, /unknown frontmatter field 'runtime'/, 'said once');
});

t.test("an Input block's tools/call with arguments the tool refuses is an error, as a run says it; one an Expected block answers is left to it", async (t) => {
  const input = (id: number, args: string) => `**Input**:\n\`\`\`json\n{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"configure-limits","arguments":${args}}}\n\`\`\`\n`;
  const dir = t.testdir({
    'io.contract.md': `---\ntype: contract\nname: io\n---\n# IO\n\n${input(1, '{"timeout":"five"}')}\n${input(2, '{"timeout":5}')}\n${input(3, '{"colour":"red"}')}\n**Expected**:\n\`\`\`json\n{"jsonrpc":"2.0","id":3,"result":{"isError":true}}\n\`\`\`\n`,
  });
  const { code, stdout } = await check(['io.contract.md'], dir);
  t.equal(code, 1);
  t.equal(stdout, `io.contract.md:9:1: error: the JSON is not a valid tools/call request: configure-limits argument timeout must be integer ({"type":"integer"})\n`, 'the bad one alone, at its block');
});

t.test("an Input block the run would fail (no id, no request at all, another method) is an error of check at the block's line, saying what the run says", async (t) => {
  const input = (json: string) => `**Input**:\n\`\`\`json\n${json}\n\`\`\`\n`;
  const dir = t.testdir({
    'evaluate.contract.md': `---\ntype: contract\nname: evaluate\n---\n# Evaluate\n\n## Evaluate\n\n${input('{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(+ 1 2)"}}}')}\n${input('{"code": "(+ 1 2)"}')}\n${input('{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}')}\n${input('{"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(+ 1 2)"}}}')}`,
  });
  const { code, stdout } = await check(['evaluate.contract.md'], dir);
  t.equal(code, 1);
  const said = (line: number, problem: string) => `evaluate.contract.md:${line}:1: error: the JSON is not a valid tools/call request: ${problem}`;
  t.equal(
    stdout,
    [
      said(11, 'no "id": a tools/call is a request and needs one'),
      said(16, '"jsonrpc" must be "2.0", not undefined'),
      said(16, 'no "id": a tools/call is a request and needs one'),
      said(16, '"method" must be "tools/call", not undefined'),
      said(16, '"params" must be an object'),
      said(21, '"method" must be "tools/call", not "tools/list"'),
      said(21, '"params" must be an object'),
      '',
    ].join('\n'),
    'the well-formed request alone passes',
  );
});

t.test("a frontmatter 'retries' a run would refuse is an error of check at its line", async (t) => {
  const dir = t.testdir({ 'r.test.md': `---\ntype: verification\nname: r\nretries: lots\n---\n# R\n\n\`\`\`lisp\n(assert t)\n\`\`\`\n` });
  const { code, stdout } = await check(['r.test.md'], dir);
  t.equal(code, 1);
  t.equal(stdout, `r.test.md:4:1: error: frontmatter 'retries' must be a non-negative integer, got "lots"\n`);
});

t.test("call-tool's tool name is checked whichever comes first, the server or the name", async (t) => {
  const doc = '---\ntype: verification\nname: calls\n---\n# Calls\n\n## Server first\n\n```lisp\n(call-tool *server* "evaluate_lisp" \'(("code" . "1")))\n```\n\n## Name first\n\n```lisp\n(call-tool "evaluate_lisp" \'(("code" . "1")) *server*)\n```\n';
  const dir = t.testdir({ 'calls.md': doc });
  const { code, stdout } = await check([dir]);
  t.equal(code, 1);
  const file = join(dir, 'calls.md');
  t.match(stdout, `${file}:10:21: error: tool 'evaluate_lisp' is not listed by the runtime`);
  t.match(stdout, `${file}:16:12: error: tool 'evaluate_lisp' is not listed by the runtime`);
});

t.test('an Expected JSON block that does not parse is an error of check, at the line and column of the error', async (t) => {
  const doc = '---\ntype: contract\nname: bad-expected\n---\n# Bad\n\n## Sum\n\n**Input**:\n```json\n{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(+ 1 2)"}}}\n```\n\n**Expected**:\n```json\n{"isError": false,}\n```\n';
  const dir = t.testdir({ 'be.md': doc });
  const { code, stdout } = await check([dir]);
  t.equal(code, 1);
  t.equal(stdout, `${join(dir, 'be.md')}:16:19: error: the Expected JSON does not parse: Expected double-quoted property name\n`);
});

t.test('check says at its line that an answer shown for an Input cannot be compared (an error), states nothing or only prints (warnings); a plain-text answer it leaves to the run', async (t) => {
  const input = (id: number) => `**Input**:\n\`\`\`json\n{"jsonrpc": "2.0", "id": ${id}, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(+ 1 ${id})"}}}\n\`\`\`\n`;
  const doc = [
    '---\ntype: contract\nname: answers\n---\n# Answers\n',
    `## Text\n\n${input(1)}\n**Expected**:\n\`\`\`\n=> 2\n\`\`\`\n`,
    `## Comments\n\n${input(2)}\n**Expected**:\n\`\`\`lisp\n;; TODO: check that the answer is 3\n\`\`\`\n`,
    `## Nothing\n\n${input(3)}\n**Expected**:\n\`\`\`json\n{}\n\`\`\`\n`,
    `## Printed\n\n${input(4)}\n**Expected**:\n\`\`\`lisp\n;; the answer holds 5\n(print (send-request *server* input))\n\`\`\`\n`,
    `## Checked\n\n${input(5)}\n**Expected**:\n\`\`\`lisp\n(assert (search "=> 6" (result-content-text (send-request *server* input))))\n\`\`\`\n`,
  ].join('\n');
  const dir = t.testdir({ 'answers.md': doc });
  const { code, stdout, stderr } = await check([dir]);
  t.equal(code, 1);
  const file = join(dir, 'answers.md');
  const lines = doc.split('\n');
  const line = (needle: string) => lines.findIndex((text) => text.includes(needle)) + 1;
  t.same(stdout.trim().split('\n').map((message) => message.replace(/(: (error|warning): .{30}).*/, '$1')), [
    `${file}:${line(';; TODO')}:1: error: this block is the answer to th`,
    `${file}:${line('{}')}:1: warning: this Expected JSON states noth`,
    `${file}:${line('(print (send-request')}:1: warning: this block answers the Input a`,
  ]);
  t.match(stdout, `this block answers the Input at line ${line('"id": 4')} but holds no check (assert, is...): a run passes it as "runs without error"`, 'an Expected block that only prints checks nothing of the answer; the one that checks is no warning');
  t.match(stderr, /1 errors, 2 warnings/);
});

t.test("with a runtime: configured, check names the tools that server lists, asked as a run would; one that cannot be asked leaves tool names unchecked, saying so", async (t) => {
  const server = toolsServer(['frobnicate']);
  const input = (id: number, tool: string) => `**Input**:\n\`\`\`json\n{"jsonrpc": "2.0", "id": ${id}, "method": "tools/call", "params": {"name": "${tool}", "arguments": {"code": "(+ 1 2)"}}}\n\`\`\`\n`;
  const doc = `---\ntype: contract\nname: own\n---\n# Contract\n\n## Evaluate\n\n${input(1, 'evaluate-lisp')}\n## Frobnicate\n\n${input(2, 'frobnicate')}`;
  const dir = t.testdir({ 'server.mjs': server, 'spec-run.config.json': JSON.stringify({ paths: ['specs/'], runtime: [process.execPath, 'server.mjs'] }), specs: { 'own.md': doc } });
  const listed = await check([], dir);
  t.equal(listed.code, 1);
  t.equal(listed.stdout.split('\n').filter((line) => line.includes(': error: ')).join('\n'), `specs/own.md:11:1: error: the JSON is not a valid tools/call request: the runtime lists no tool "evaluate-lisp" (it lists: frobnicate)`);
  const gone = t.testdir({ 'spec-run.config.json': JSON.stringify({ paths: ['specs/'], runtime: [process.execPath, 'missing.mjs'] }), specs: { 'own.md': doc } });
  const unasked = await check([], gone);
  t.equal(unasked.code, 0, 'nothing claimed about tools it could not learn');
  t.match(unasked.stderr, /warning: the configured runtime \(.* missing\.mjs\) could not be asked for its tools \(the runtime server ended \(exit code 1\) before answering; its stderr ended with:[^]*\): the tool names documents use are not checked/);
});

t.test('a frontmatter key mistyped for a setting (timout, retires, Tags) is an error in check and in the run, naming the setting meant; other unknown keys stay warnings', async (t) => {
  const doc = '---\ntype: verification\nname: fm\ntimout: 2s\nretires: 3\nTags: [a]\ncolour: red\n---\n# F\n\n```lisp\n(assert t)\n```\n';
  const dir = t.testdir({ 'fm.md': doc });
  const { code, stdout } = await check(['fm.md'], dir);
  t.equal(code, 1);
  t.same(stdout.trim().split('\n').filter((line) => line.startsWith('fm.md:')), [
    "fm.md:4:1: error: frontmatter 'timout' is no field spec-run reads, so it is ignored: did you mean 'timeout'?",
    "fm.md:5:1: error: frontmatter 'retires' is no field spec-run reads, so it is ignored: did you mean 'retries'?",
    "fm.md:6:1: error: frontmatter 'Tags' is no field spec-run reads, so it is ignored: did you mean 'tags'?",
    `fm.md:7:1: warning: unknown frontmatter field 'colour' (known: type, name, source, level, tags, covers, feature, version, description, title, status, author, owner, id, retries, timeout, exclude, timing-sensitive, borrow)`,
  ]);
  const run = await new Promise<{ code: number; stdout: string }>((done) =>
    execFile(process.execPath, [cli, 'fm.md', '--reporter', 'tap'], { cwd: dir }, (error, stdout) => done({ code: error ? Number((error as { code?: number }).code) : 0, stdout })),
  );
  t.equal(run.code, 1, 'the run fails too: the limit meant was not set');
  t.match(run.stdout, /not ok \d+ - frontmatter 'timout' is no field spec-run reads, so it is ignored: did you mean 'timeout'\?/);
});

t.test("a setting written in another tool's number, case or separators (retry, tag, timingSensitive) is mistyped for it too", async (t) => {
  const doc = '---\ntype: verification\nname: fm\nretry: 2\ntag: smoke\ntimingSensitive: true\n---\n# F\n\n```lisp\n(assert t)\n```\n';
  const dir = t.testdir({ 'fm.md': doc });
  const { code, stdout } = await check(['fm.md'], dir);
  t.equal(code, 1);
  t.same(stdout.trim().split('\n').filter((line) => line.startsWith('fm.md:')), [
    "fm.md:4:1: error: frontmatter 'retry' is no field spec-run reads, so it is ignored: did you mean 'retries'?",
    "fm.md:5:1: error: frontmatter 'tag' is no field spec-run reads, so it is ignored: did you mean 'tags'?",
    "fm.md:6:1: error: frontmatter 'timingSensitive' is no field spec-run reads, so it is ignored: did you mean 'timing-sensitive'?",
  ]);
});

t.test('a run-wide setting written in frontmatter (runs, seed, require-verified) is an error naming where it is set, in check and in a run', async (t) => {
  const doc = '---\ntype: property\nname: fm\nruns: 200\nseed: 42\nrequire-verified: true\n---\n# F\n\n```lisp\n(assert t)\n```\n';
  const dir = t.testdir({ 'fm.md': doc });
  const { code, stdout } = await check(['fm.md'], dir);
  t.equal(code, 1);
  t.same(stdout.trim().split('\n').filter((line) => line.startsWith('fm.md:')), [
    "fm.md:4:1: error: frontmatter 'runs' is no field spec-run reads, so it is ignored: --runs sets it for a whole run, as does 'runs' in spec-run.config.json",
    "fm.md:5:1: error: frontmatter 'seed' is no field spec-run reads, so it is ignored: --seed sets it for a whole run, as does 'seed' in spec-run.config.json",
    "fm.md:6:1: error: frontmatter 'require-verified' is no field spec-run reads, so it is ignored: --require-verified sets it for a whole run, as does 'requireVerified' in spec-run.config.json",
  ]);
  const run = await new Promise<{ code: number | null; stdout: string }>((done) => execFile(process.execPath, [cli, 'fm.md', '--reporter', 'tap'], { cwd: dir }, (error, stdout) => done({ code: error ? (error as { code?: number }).code ?? 1 : 0, stdout })));
  t.equal(run.code, 1, 'the run fails: the setting meant was not made');
  t.match(run.stdout, /not ok \d+ - frontmatter 'runs' is no field spec-run reads/);
});

t.test("a scenario's YAML block that does not parse is an error of check at its line and column, and the run's failure says it, with the place", async (t) => {
  const stopHook = '# Stop\n\n### Requirement: Timeout\nThe executor SHALL stop a command at its timeout.\n\n#### Scenario: A timeout\nWhen a command outlives its timeout:\n```yaml\nstop:\n  commands:\n    - run: "sleep 100"\n      timeout: [5s\n```\n\n- **THEN** the exit code is 124\n';
  const ownSteps = '# Own\n\n### Requirement: Data\nThe steps SHALL read the block.\n\n#### Scenario: Reads it\n```yaml\nlist:\n  - a\nname: \"b\n```\n\n- **THEN** the block is read\n';
  // In a list item, the block's lines stand two columns in: the column is the document's.
  const listed = '# Listed\n\n### Requirement: Listed\nThe steps SHALL read the block.\n\n#### Scenario: Listed\n- **WHEN** the block is given:\n  ```yaml\n  name: "b\n  ```\n- **THEN** the block is read\n';
  const steps = "import { When, Then } from 'spec-run/steps';\nWhen('the block is given:', function (text) {});\nThen('the block is read', function () { if (this.blocks[0].error) throw new Error(this.blocks[0].error); });\n";
  const dir = t.testdir({ specs: { 'stop.spec.md': stopHook, 'own.spec.md': ownSteps, 'listed.spec.md': listed }, 'own.steps.mjs': steps });
  const { code, stdout } = await check(['specs/'], dir);
  t.equal(code, 1, 'an error: the run reads these blocks');
  // A quote never closed is placed where it opens: the parser finds it missing where the block ends.
  t.match(stdout, /^specs\/own\.spec\.md:10:7: error: the YAML block of scenario 'Reads it' is not valid YAML: a quoted value opened here is never closed \(it runs to the end of the text\); its steps get only this error/m);
  t.match(stdout, /^specs\/listed\.spec\.md:9:9: error: the YAML block of scenario 'Listed' is not valid YAML: a quoted value opened here is never closed/m);
  t.match(stdout, /^specs\/stop\.spec\.md:12:19: error: the YAML block of scenario 'A timeout' is not valid YAML: Flow sequence in block collection/m);
  const run = await new Promise<{ stdout: string }>((done) => execFile(process.execPath, [cli, 'specs/', '--reporter', 'json'], { cwd: dir }, (_error, stdout) => done({ stdout })));
  t.match(run.stdout, /the scenario's YAML block is not valid YAML: Flow sequence in block collection [^"]* \(specs\/stop\.spec\.md:12:19\)/, "the executor's failure names the YAML error and its place");
  t.match(run.stdout, /a quoted value opened here is never closed \(it runs to the end of the text\) \(line 10, column 7 of the document\)/, "a step's this.blocks[0].error places it too");
  t.match(run.stdout, /a quoted value opened here is never closed \(it runs to the end of the text\) \(line 9, column 9 of the document\)/, 'in a list item too');
});

t.test("check warns of a scenario's JSON block that does not parse, at the error's line and column; check and a run that finds the executor's configuration rejected say why, at the line", async (t) => {
  const stopHook = '# Stop\n\n### Requirement: Timeout\nThe executor SHALL stop a command at its timeout.\n\n#### Scenario: Command timeout\n- **WHEN** the stop hook runs with this configuration\n- **THEN** the command is stopped after about 1 second\n\n```yaml\nstop:\n  commands:\n    - run: sleep 30\n      timeout: 1s\n      timeout: 60s\n```\n';
  const json = '# Data\n\n### Requirement: Data\nThe steps SHALL read the block.\n\n#### Scenario: Reads it\n```json\n{"a": 1,}\n```\n\n- **THEN** the block is read\n';
  const steps = "import { Then } from 'spec-run/steps';\nThen('the block is read', function () { if (this.blocks[0].error) throw new Error(this.blocks[0].error); });\n";
  // Under a numbered item, the block's lines stand three columns in: the column is the document's.
  const listedStop = '# Stop\n\n### Requirement: Timeout\nThe executor SHALL stop a command at its timeout.\n\n#### Scenario: Command timeout\n1. **WHEN** the stop hook runs with this configuration:\n   ```yaml\n   stop:\n     commands:\n       - run: sleep 30\n         timeout: banana\n   ```\n2. **THEN** the command is stopped after about 1 second\n';
  const dir = t.testdir({ specs: { 'stop.spec.md': stopHook, 'listed-stop.spec.md': listedStop, 'data.spec.md': json }, 'data.steps.mjs': steps });
  const { stdout } = await check(['specs/'], dir);
  t.match(stdout, /^specs\/data\.spec\.md:8:9: warning: the JSON block of scenario 'Reads it' does not parse: Expected double-quoted property name;/m);
  // No THEN expects the configuration refused: what the executor refuses is an error of check, where the run would find it.
  t.match(stdout, /^specs\/stop\.spec\.md:15:7: error: the executor refuses the configuration of scenario 'Command timeout': stop\.commands\[0\]\.timeout: duplicated key 'timeout'/m);
  t.match(stdout, /^specs\/listed-stop\.spec\.md:12:19: error: the executor refuses the configuration of scenario 'Command timeout': stop\.commands\[0\]\.timeout: invalid duration/m);
  const run = await new Promise<{ stdout: string }>((done) => execFile(process.execPath, [cli, 'specs/stop.spec.md', '--reporter', 'json'], { cwd: dir }, (_error, stdout) => done({ stdout })));
  t.match(run.stdout, /the executor rejected the configuration, so no command ran: stop\.commands\[0\]\.timeout: duplicated key 'timeout'[^(]*\(specs\/stop\.spec\.md:15:7\)/, 'the run says why the executor refused it, at the line of the document');
  const listedRun = await new Promise<{ stdout: string }>((done) => execFile(process.execPath, [cli, 'specs/listed-stop.spec.md', '--reporter', 'json'], { cwd: dir }, (_error, stdout) => done({ stdout })));
  t.match(listedRun.stdout, /the executor rejected the configuration, so no command ran: stop\.commands\[0\]\.timeout: invalid duration [^(]*\(specs\/listed-stop\.spec\.md:12:19\)/, 'at the column of the document, under a numbered item');
});

t.test("check reads the configuration's vocabulary files as a run loads them: one missing, or code the reader cannot read, is an error at its place", async (t) => {
  const dir = t.testdir({
    'spec-run.config.json': JSON.stringify({ vocabulary: ['syntax.lisp', 'missing.lisp'] }),
    'syntax.lisp': '(defun good-fn () 1)\n(defun broken (\n',
    specs: { 'a.md': '---\ntype: verification\nname: a\n---\n# A\n\n```lisp\n(assert (= 1 (good-fn)))\n```\n' },
  });
  const { code, stdout } = await check([], dir);
  t.equal(code, 1, 'every run of these documents fails: so does check');
  t.match(stdout, /^syntax\.lisp:2:\d+: error: Lisp code cannot be read: [^\n]*never closed; every Lisp document's run fails loading this vocabulary file$/m);
  t.match(stdout, /^missing\.lisp:1:1: error: the configuration's vocabulary file does not exist/m);
  t.notMatch(stdout, /good-fn/, 'a name the readable part defines is known');
});

t.test("a directory given as a vocabulary file is an error at its path in check, not a bare EISDIR", async (t) => {
  const dir = t.testdir({
    'spec-run.config.json': JSON.stringify({ vocabulary: ['helpers/d2'] }),
    helpers: { d2: { 'a.lisp': '(defun a () 1)\n' } },
    specs: { 'a.md': '---\ntype: verification\nname: a\n---\n# A\n\n```lisp\n(assert (= 1 1))\n```\n' },
  });
  const { code, stdout, stderr } = await check([], dir);
  t.equal(code, 1);
  t.match(stdout, /^helpers\/d2:1:1: error: the configuration's vocabulary entry is a directory, not a Lisp file/m);
  t.notMatch(stderr, /EISDIR/);
});

t.test("a value the executor refuses in a scenario's stop-hook block is an error of check at its line, in the executor's words, and fails the run's When; a scenario whose THEN expects the refusal is neither", async (t) => {
  const block = '```yaml\nstop:\n  commands:\n    - run: sleep 1\n      timeout: 1 fortnight\n      max_output_lines: -3\n      image: 3\n```\n';
  const mistaken = `# Stop\n\n### Requirement: Timeout\nThe executor SHALL stop a command at its timeout.\n\n#### Scenario: A long timeout\n- **WHEN** the configuration is run\n\n${block}\n- **THEN** the exit code is 0\n`;
  const meant = `# Stop\n\n### Requirement: Validation\nThe executor SHALL refuse a bad timeout.\n\n#### Scenario: A timeout in weeks\n- **WHEN** the configuration is run\n\n${block}\n- **THEN** the configuration is rejected with a message naming \`stop.commands[0].timeout\`\n`;
  const dir = t.testdir({ 'mistaken.spec.md': mistaken, 'meant.spec.md': meant });
  const { code, stdout } = await check(['mistaken.spec.md', 'meant.spec.md'], dir);
  t.equal(code, 1, 'an error: the run would refuse the configuration');
  const said = stdout.trim().split('\n').filter((line) => /^(mistaken|meant)\.spec\.md:/.test(line));
  // The executor's own words for each value, where the block writes it.
  t.match(said, [
    /^mistaken\.spec\.md:13:16: error: the executor refuses the configuration of scenario 'A long timeout': stop\.commands\[0\]\.timeout: invalid duration "1 fortnight": no spaces are allowed between the number and its unit\. Valid: '30s', '5m', '2h', null; a run fails the step that runs it, its When/,
    /^mistaken\.spec\.md:14:7: error: .*stop\.commands\[0\]\.max_output_lines: unknown key 'max_output_lines' \(allowed here: run, timeout, image, maxOutputLines,/,
    /^mistaken\.spec\.md:15:14: error: .*stop\.commands\[0\]\.image: must be a non-empty string, not 3;/,
  ]);
  t.equal(said.length, 3, 'nothing of the scenario that expects the refusal');
  const run = await new Promise<{ code: number | null; stdout: string }>((done) => execFile(process.execPath, [cli, 'mistaken.spec.md', 'meant.spec.md', '--executor-steps', '--reporter', 'tap'], { cwd: dir }, (error, stdout) => done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout })));
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok 1 - WHEN the configuration is run\n\s+---\n\s+at: mistaken\.spec\.md:7\n\s+message: \|-\n\s+the executor rejected the configuration, so no command ran: stop\.commands\[0\]\.timeout: invalid duration "1 fortnight".*\(mistaken\.spec\.md:13:16\)/, 'the When that runs the block fails, the value placed in the block');
  t.match(run.stdout, /ok 2 - THEN the exit code is 0 # SKIP an earlier step failed \(line 7\)/, 'its Then is skipped');
  t.match(run.stdout, /ok \d+ - Validation \/ A timeout in weeks/, 'the scenario about the refusal passes');
  t.notMatch(run.stdout, /not ok \d+ - Validation \/ A timeout in weeks/);
});

t.test("a vocabulary's senders ask for their tool: one the configured runtime does not list is an error at the call, and doctor says it is missing", async (t) => {
  const code = `(defvar *s* (make-test-session))\n(assert (search "3" (result-content-text (evaluate-in-session *s* "(+ 1 2)"))))\n(assert (configure-limits *s* :timeout 5))`;
  const doc = `---\ntype: verification\nname: senders\n---\n# D\n\n## Code\n\n\`\`\`lisp\n${code}\n\`\`\`\n`;
  const dir = t.testdir({ 'server.mjs': toolsServer(['configure-limits']), 'spec-run.config.json': JSON.stringify({ paths: ['specs/'], runtime: [process.execPath, 'server.mjs'] }), specs: { 'senders.md': doc } });
  const checked = await check([], dir);
  t.equal(checked.code, 1);
  t.equal(checked.stdout.split('\n').filter((line) => line.includes(': error: ')).join('\n'), "specs/senders.md:11:43: error: tool 'evaluate-lisp' (which evaluate-in-session calls) is not listed by the runtime (it lists configure-limits)", 'configure-limits, which it lists, is not reported');
  const doctor = await new Promise<{ code: number; stdout: string }>((done) =>
    execFile(process.execPath, [cli, 'doctor'], { cwd: dir }, (error, stdout) => done({ code: error ? Number((error as { code?: number }).code) : 0, stdout })),
  );
  t.equal(doctor.code, 1, 'not "everything they need is here"');
  t.match(doctor.stdout, /^MISSING +runtime tool evaluate-lisp: not listed by .*server\.mjs \(it lists configure-limits\)\n.*\n +needed by specs\/senders\.md$/m);
});

t.test('a package check cannot know before the run is not an error: one of the vocabulary files is a misspelt name in it; one code the document loads as it runs may make is a note', async (t) => {
  const head = (name: string) => `---\ntype: verification\nname: ${name}\n---\n# D\n\n## Code\n\n`;
  const vocabulary = '(defpackage :tally.interp (:use :cl) (:export #:calc))\n(in-package :tally.interp)\n(defun calc (form) (eval form))\n';
  const dir = t.testdir({
    'spec-run.config.json': JSON.stringify({ paths: ['specs/'], vocabulary: ['interp.lisp'] }),
    'interp.lisp': vocabulary,
    specs: {
      'typo.md': `${head('typo')}\`\`\`lisp\n(assert (= 6 (tally.interp:calk '(+ 1 2 3))))\n\`\`\`\n`,
      'loads.md': `${head('loads')}\`\`\`lisp\n(require :asdf)\n(asdf:load-system "tally")\n(load "src/fmt.lisp")\n(assert (tally.fmt:wrap-words "ab cd" 2))\n(assert (wrap-lines "ab"))\n\`\`\`\n`,
    },
  });
  const { code, stdout } = await check([], dir);
  t.match(stdout, /specs\/typo\.md:10:15: error: 'tally\.interp:calk' is called but neither this document nor the test vocabulary defines it; did you mean 'tally\.interp:calc'\?/, 'the slip is named, not a package said missing that the vocabulary file defines');
  t.notMatch(stdout, /no package named TALLY\.INTERP/);
  t.match(stdout, /specs\/loads\.md:13:10: note: 'tally\.fmt:wrap-words': no package named TALLY\.FMT before the run; this document loads code as it runs \(require at specs\/loads\.md:10\), which check does not load/);
  t.match(stdout, /specs\/loads\.md:14:10: warning: 'wrap-lines' is called but neither this document nor the test vocabulary defines it; this document loads code as it runs/, 'a bare name it cannot find stays visible, as a warning');
  t.equal(stdout.split('\n').filter((line) => line.includes(': error: ')).length, 1, 'only the slip is an error');
  t.equal(code, 1);
});

t.test("a package a document's load makes: a note for the code read after the load, an error for definitions read before it, as the run reads them", async (t) => {
  const head = (name: string) => `---\ntype: verification\nname: ${name}\n---\n# D\n\n`;
  const helpers = '(defun full (n) (ring:make-ring n))';
  const dir = t.testdir({
    'after.md': `${head('after')}## Setup\n\n\`\`\`lisp\n(load "src/ring.lisp")\n\`\`\`\n\n## Helpers\n\n\`\`\`lisp\n${helpers}\n\`\`\`\n`,
    'before.md': `${head('before')}## Helpers\n\n\`\`\`lisp\n${helpers}\n\`\`\`\n\n## Setup\n\n\`\`\`lisp\n(load "src/ring.lisp")\n\`\`\`\n`,
  });
  const { stdout } = await check([dir]);
  t.match(stdout, /after\.md:\d+:\d+: note: 'ring:make-ring': no package named RING before the run; this document loads code as it runs \(load at [^)]*after\.md:10\)[^\n]*the run finds it/);
  t.match(stdout, /before\.md:10:\d+: error: 'ring:make-ring': no package named RING\n/, 'loaded first, the helpers are read before the load');
});
