// From a user's seat: in a project with spec-run installed, a document builds a request
// for each MCP method and reads the parts of the runtime's answers with the vocabulary's
// readers and its JSON values; it runs green, check knows every name (and suggests the
// vocabulary's names for a draft's own), and the language server completes them and
// leads to their source in the installed package.
import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompletionItem, Location } from 'vscode-languageserver-protocol';
import { userEnvironment, userProject } from '../support/installed.js';
import { startLspClient } from '../support/lsp-client.js';

const DOCUMENT = `---
type: verification
name: answers
---
# Answers

## A request for each method

\`\`\`lisp
(defvar *server* (make-fresh-test-server))
(let ((response (send-request *server* (make-initialize-request :id 1))))
  (assert (valid-response-p response 1)))
(send-request *server* (make-initialized-notification))
(assert (find-tool (send-request *server* (make-tools-list-request :id 2)) "evaluate-lisp"))
(assert (equal '("3") (result-values (send-request *server* (make-evaluate-lisp-request "(+ 1 2)" :id 3)))))
\`\`\`

## The parts of an error answer

\`\`\`lisp
(let ((response (evaluate-lisp *server* "(princ \\"before\\") (/ 1 0)")))
  (assert (equal (result-error-type response) "DIVISION-BY-ZERO"))
  (assert (extract-section response "Backtrace"))
  (assert (equal (result-stdout response) "before")))
(assert (= 30 (extract-number (configure-limits *server*) "timeout:")))
\`\`\`

## JSON built, sent and read by path

\`\`\`lisp
(let ((response (send-request *server* (json-object "jsonrpc" "2.0" "id" 4 "method" "ping" "params" (json-object)))))
  (assert (= 4 (json-get response "id")))
  (assert (json-key-p response "result"))
  (assert (equal (encode-json (json-object "a" (json-array))) "{\\"a\\":[]}")))
\`\`\`
`;

/** A draft whose writer has not read the vocabulary: its own names for three of its concepts. */
const DRAFT = `---
type: verification
name: draft
---
# Draft

\`\`\`lisp
(let ((session (start-session)))
  (assert (search "3" (get-result-text (evaluate-code session "(+ 1 2)")))))
\`\`\`
`;

t.test('an installed spec-run runs a document of the request builders and answer readers; check and the language server know them', async (t) => {
  const project = userProject({ 'specs/answers.test.md': DOCUMENT });
  const run = await project.specRun(['--reporter', 'tap']);
  t.equal(run.code, 0, run.code === 0 ? 'the document passes' : run.stdout);
  t.match(run.stderr, /\b10 passed, 0 failed\b/);
  const check = await project.specRun(['check']);
  t.equal(check.code, 0, check.stdout);
  t.equal(check.stdout, '', 'no name is reported');
  writeFileSync(join(project.dir, 'draft.test.md'), DRAFT);
  const draft = await project.specRun(['check', 'draft.test.md']);
  t.not(draft.code, 0, 'names nobody defines fail the check');
  t.match(draft.stdout, /'start-session' is called but neither this document nor the test vocabulary defines it; did you mean 'make-test-session'/);
  t.match(draft.stdout, /'get-result-text' is called but [^\n]*; did you mean 'result-text'/);
  t.match(draft.stdout, /'evaluate-code' is called but [^\n]*; did you mean '(evaluate-lisp|evaluate-in-session)'/);

  const client = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], project.dir, userEnvironment());
  t.teardown(() => client.close());
  const uri = client.open(join(project.dir, 'specs/answers.test.md'));
  const lines = DOCUMENT.split('\n');
  const line = lines.findIndex((l) => l.includes('(extract-section response'));
  const character = lines[line].indexOf('extract-section') + 3;
  const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line, character } });
  t.equal(items.find((i) => i.label === 'extract-section')?.detail, '(extract-section text name)');
  t.equal(items.find((i) => i.label === 'make-tools-list-request')?.detail, '(make-tools-list-request &key (id (next-request-id)) cursor)');
  const definition = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line, character } });
  t.match(definition.map((l) => fileURLToPath(l.uri)), [/node_modules\/spec-run\/dist\/src\/run\/lisp\/answers\.lisp$/], 'the definition is in the installed package');
});
