// An Input written in prose, answered by a Lisp block that reads `input`: the request is
// derived when the prose names exactly one MCP method (or holds inline JSON); otherwise
// the Input's line is an error saying how to write it as JSON.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import { deriveRequest, namedMethods } from '../../src/translate/rules/prose-input.js';
import { specRun } from '../cli/spec-run.js';
import { scratchDirectory } from '../support/scratch.js';

const document = (sections: string) => `---\ntype: verification\nname: prose\n---\n# Prose\n\n${sections}`;
const section = (heading: string, input: string, code: string, label = '**Expected**:\n') => `## ${heading}\n\n**Input**: ${input}\n\n${label}\`\`\`lisp\n${code}\n\`\`\`\n\n`;

t.test('the methods a prose names: whole tokens; initialize and ping only when no method with a slash is named', async (t) => {
  t.same(namedMethods('Call tools/list before initialize'), ['tools/list']);
  t.same(namedMethods('Send initialize twice'), ['initialize']);
  t.same(namedMethods('ping the server'), ['ping']);
  t.same(namedMethods('Call tools/list and then tools/call'), ['tools/list', 'tools/call']);
  t.same(namedMethods('Send notifications/initialized'), ['notifications/initialized'], 'not also a shorter method inside it');
  t.same(namedMethods('Call my-tools/listing'), []);
  t.same(namedMethods('Call a tool'), []);
});

t.test('the request derived: a request with id 1 and empty params, a notification without id, or the inline JSON itself', async (t) => {
  t.same(deriveRequest('Call tools/list before initialize', 3, 7), { kind: 'request', line: 3, prose: 'Call tools/list before initialize', json: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}' });
  t.match(deriveRequest('Send notifications/initialized', 3, 7), { json: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
  t.match(deriveRequest('{"jsonrpc": "2.0", "id": 9, "method": "ping"}', 3, 7), { kind: 'request', json: '{"jsonrpc": "2.0", "id": 9, "method": "ping"}' });
  const unclear = deriveRequest('Send garbage', 3, 7);
  t.match(unclear, { kind: 'unclear', line: 3 });
  t.match(unclear.kind === 'unclear' ? unclear.message : '', /^the Input is prose \("Send garbage"\) and it names no MCP method, so the request whose answer the block at line 7 checks cannot be derived; write it as JSON/);
});

t.test('translated: a block reading input after a prose Input carries the derived request; one that does not read input is left alone', async (t) => {
  const md = document(
    section('Listed', 'Call tools/list on an initialized server', '(assert input)') +
      section('Right after', 'Call ping', '(assert input)', '') +
      section('Not read', 'Send initialize twice', '(assert t)') +
      section('Unclear', 'Call tools/list and then tools/call', '(assert input)'),
  );
  const plan = translate(parseMarkdown('p.test.md', md));
  const [listed, rightAfter, notRead, unclear] = plan.units;
  t.match(listed, { kind: 'lisp-block', inputProse: 'Call tools/list on an initialized server', input: { line: 9, text: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}' } });
  t.match(rightAfter, { kind: 'lisp-block', input: { text: '{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}' } }, 'the Input paragraph may label the block itself');
  t.notOk(notRead.kind === 'lisp-block' && notRead.input, 'a block that does not read input gets none');
  t.notOk(unclear.kind === 'lisp-block' && unclear.input);
  t.same(plan.problems.map((p) => [p.line, p.severity]), [[plan.units[3].line - 4, 'error']], "the unclear Input's line");
});

t.test('run: the derived request is what the block sends; the unclear Input fails at its line', async (t) => {
  const dir = scratchDirectory('spec-run-prose-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const md = document(
    section('Listed', 'Call tools/list on an initialized server', '(let ((response (send-request (make-initialized-test-server) input)))\n  (assert (equal "tools/list" (request-method input)))\n  (assert (find "evaluate-lisp" (tool-names response) :test #\'string=)))') +
      section('Unclear', 'Call tools/list and then tools/call', '(assert input)'),
  );
  writeFileSync(join(dir, 'p.test.md'), md);
  const run = await specRun(['p.test.md', '--reporter', 'tap'], dir);
  t.equal(run.code, 1);
  t.match(run.stdout, /ok 1 - \(equal "tools\/list" \(request-method input\)\)\n\s+ok 2 - \(find "evaluate-lisp"/);
  const inputLine = md.split('\n').findIndex((line) => line.includes('tools/call')) + 1;
  t.match(run.stdout, new RegExp(`not ok 1 - the Input is prose \\("Call tools/list and then tools/call"\\) and it names several MCP methods \\(tools/list, tools/call\\)[^\\n]*\\n\\s+---\\n\\s+at: p\\.test\\.md:${inputLine}\\n`));
});
