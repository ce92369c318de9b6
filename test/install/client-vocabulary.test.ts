// From a user's seat: in a project with spec-run installed, a document builds a request
// for each MCP method and reads the parts of the runtime's answers with the vocabulary's
// readers; it runs green, check knows every name, and the language server completes them
// and leads to their source in the installed package.
import t from 'tap';
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
`;

t.test('an installed spec-run runs a document of the request builders and answer readers; check and the language server know them', async (t) => {
  const project = userProject({ 'specs/answers.test.md': DOCUMENT });
  const run = await project.specRun(['--reporter', 'tap']);
  t.equal(run.code, 0, run.code === 0 ? 'the document passes' : run.stdout);
  t.match(run.stderr, /\b7 passed, 0 failed\b/);
  const check = await project.specRun(['check']);
  t.equal(check.code, 0, check.stdout);
  t.equal(check.stdout, '', 'no name is reported');

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
