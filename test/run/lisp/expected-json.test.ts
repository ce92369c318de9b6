// An Input request followed by an Expected JSON block: the request is sent to a real
// runtime session and the response must hold the Expected JSON (objects may carry
// more keys than shown; arrays and scalars are equal).
import fc from 'fast-check';
import t from 'tap';
import { expectedMismatches, expectedTextMismatches } from '../../../src/run/lisp/expected-json.js';
import { requestOf } from '../../../src/translate/json-input.js';
import { frontmatter, lineIn, options, runMarkdown } from './helpers.js';

const response = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result });

t.test('a response holds an expected object with fewer keys; arrays and scalars must be equal', async (t) => {
  const answer = response({ content: [{ type: 'text', text: '=> 42' }], isError: false, extra: 1 });
  t.same(expectedMismatches({ isError: false }, answer), []);
  t.same(expectedMismatches({ content: [{ text: '=> 42' }] }, answer), []);
  t.same(expectedMismatches({ isError: true, content: [{ text: '=> 41' }] }, answer), ['result.isError: expected true, got false', 'result.content[0].text: expected "=> 41", got "=> 42"']);
  t.same(expectedMismatches({ content: [] }, answer), ['result.content: expected 0 items, got 1: [{"type":"text","text":"=> 42"}]']);
  t.same(expectedMismatches({ missing: null }, answer), ['result.missing: missing (expected null)']);
  t.same(expectedMismatches({ error: { code: -32601 } }, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }), [], 'response keys: the whole response');
  t.same(expectedMismatches({ isError: false }, { jsonrpc: '2.0', id: 1, error: { code: -32602 } }), ['the response has no result: {"code":-32602}']);
});

t.test('any JSON value holds itself, and an object holds any of its parts', async () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => expectedMismatches(value, response(value)).length === 0),
  );
  fc.assert(
    fc.property(fc.dictionary(fc.string().filter((k) => !['jsonrpc', 'id', 'result', 'error', '__proto__'].includes(k)), fc.jsonValue()), fc.nat(), (object, drop) => {
      const keys = Object.keys(object);
      const part = Object.fromEntries(keys.filter((_, i) => keys.length === 0 || i !== drop % keys.length).map((k) => [k, object[k]]));
      return expectedMismatches(part, response(object)).length === 0;
    }),
  );
});

t.test('params alone are sent as a tools/call; a whole request as written', async (t) => {
  t.same(requestOf({ name: 'evaluate-lisp', arguments: { code: '1' } }, 7), { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '1' } } });
  const whole = { jsonrpc: '2.0', id: 3, method: 'tools/list' };
  t.equal(requestOf(whole, 7), whole);
});

t.test('end to end: the Input is sent, the response compared; a mismatch shows what differs and the exchange', async (t) => {
  const doc = `${frontmatter()}## Product

**Input**:
\`\`\`json
{"name": "evaluate-lisp", "arguments": {"code": "(* 6 7)"}}
\`\`\`

**Expected**:
\`\`\`json
{"content": [{"type": "text", "text": "=> 42"}], "isError": false}
\`\`\`

## Wrong expectation

**Input**:
\`\`\`json
{"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(+ 1 1)"}}}
\`\`\`

**Expected Response**:
\`\`\`json
{"jsonrpc": "2.0", "id": 9, "result": {"content": [{"type": "text", "text": "=> 3"}]}}
\`\`\`
`;
  const r = await runMarkdown(doc, options());
  t.equal(r.plan.notRun.length, 0, 'the Expected blocks are not "data not run"');
  t.same(r.points.map((p) => [p.ok, p.name, p.at?.line]), [
    [true, `the response holds the Expected JSON of line ${lineIn(doc, '{"content": [{"type"')}`, lineIn(doc, '"(* 6 7)"')],
    [false, `the response holds the Expected JSON of line ${lineIn(doc, '"=> 3"')}`, lineIn(doc, '"(+ 1 1)"')],
  ]);
  t.same(r.points[1].diagnostics?.problems, ['result.content[0].text: expected "=> 3", got "=> 2"']);
  t.match(r.points[1].diagnostics?.response, { id: 9, result: { isError: false } });
});

t.test('an answer announced as Response, Output or Result, or under a heading of its own (### Expected), is compared as Expected is', async (t) => {
  for (const announce of ['**Response**:', '**Output**:', 'Result:', '### Expected', '### Response']) {
    const doc = `${frontmatter()}## Sum

**Input**:
\`\`\`json
{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(+ 1 2 3)"}}}
\`\`\`

${announce}
\`\`\`json
{"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "=> 7"}]}}
\`\`\`
`;
    const r = await runMarkdown(doc, options());
    t.equal(r.plan.notRun.length, 0, `${announce}: not data left unrun`);
    t.same(r.points.map((p) => [p.ok, p.name]), [[false, `the response holds the Expected JSON of line ${lineIn(doc, '"=> 7"')}`]], announce);
  }
});

t.test('a result shown without "isError" expects no error: an error answer holds neither {} nor a part of its content', async (t) => {
  const error = response({ content: [{ type: 'text', text: '[ERROR] SIMPLE-ERROR\nboom' }], isError: true });
  const unstated = 'result.isError: the tool answered with an error ("[ERROR] SIMPLE-ERROR"), and a result shown without "isError" expects an answer that is no error; write "isError": true in it to expect this error';
  t.same(expectedMismatches({}, error), [unstated]);
  t.same(expectedMismatches({ jsonrpc: '2.0', id: 1, result: {} }, error), [unstated]);
  t.same(expectedMismatches({ content: [{ type: 'text' }] }, error), [unstated]);
  t.same(expectedMismatches({ isError: true }, error), [], 'stated, the error is expected');
  t.same(expectedMismatches({}, response({ content: [], isError: false })), [], 'an answer that is no error holds {}');
  t.same(expectedMismatches({ jsonrpc: '2.0', id: 1, result: {} }, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }), ['result: missing (expected {})'], 'a JSON-RPC error holds no result');
});

t.test('an Expected text holds when the text of the answer has its lines, whole and in a row', async (t) => {
  const answer = response({ content: [{ type: 'text', text: '[stdout]\n\n5 \n\n=> 42\n=> 3' }], isError: false });
  t.same(expectedTextMismatches('=> 42\n', answer), []);
  t.same(expectedTextMismatches('\n=> 42\n=> 3  \n\n', answer), [], 'blank lines around it and trailing blanks aside');
  t.same(expectedTextMismatches('5\n', answer), [], 'the answer\'s trailing blanks aside too');
  t.same(expectedTextMismatches('=> 4', answer), ['the text of the answer does not hold the Expected line: "=> 4"; the answer\'s text is "[stdout]\\n\\n5 \\n\\n=> 42\\n=> 3"'], 'a line is whole: => 4 is not => 42');
  t.match(expectedTextMismatches('=> 3\n=> 42', answer), [/does not hold the Expected lines, in a row: "=> 3\\n=> 42"/], 'in their order');
  t.same(expectedTextMismatches('=> 1', { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } }), ['the response has no result: {"code":-32602,"message":"bad"}']);
  t.same(expectedTextMismatches('=> 1', response({ content: [] })), ['the answer has no text content: {"content":[]}']);
});

t.test('with the answer\'s data (structuredContent), an Expected => line holds only for a value it returned, not for printed output that looks like one', async (t) => {
  const answer = (text: string, values: string[]) => response({ content: [{ type: 'text', text }], structuredContent: { values, stdout: '', stderr: '', warnings: [] }, isError: false });
  const printed = answer('[stdout]\n\n=> 42\n\n=> 41', ['41']);
  t.match(expectedTextMismatches('=> 42', printed), [/holds the Expected line "=> 42" only in what the evaluation printed: the values it returned are \["41"\]/]);
  t.same(expectedTextMismatches('=> 41', printed), [], 'the value returned holds');
  t.match(expectedTextMismatches('[stdout]\n\n=> 42', printed), [/only in what the evaluation printed/], 'a => line is a value, under [stdout] too');
  t.same(expectedTextMismatches('[stdout]', answer('[stdout]\nhello\n\n=> 41', ['41'])), [], 'a line showing no value is matched in the text');
  t.same(expectedTextMismatches('=> 1\n=> 2', answer('=> 1\n=> 2', ['1', '2'])), [], 'several values, in a row');
  t.same(expectedTextMismatches('=> (1\n 2)', answer('=> (1\n 2)', ['(1\n 2)'])), [], 'a value printed over several lines');
  t.match(expectedTextMismatches('=> 3', answer('[stdout]\n=> 3\n\n[ERROR] DIVISION-BY-ZERO\nx', [])), [/only in what the evaluation printed: the values it returned are \[\]/], 'an error returned no value');
  t.same(expectedTextMismatches('=> 42', response({ content: [{ type: 'text', text: '[stdout]\n\n=> 42\n\n=> 41' }], isError: false })), [], 'without data the text alone is read');
});

t.test('end to end: a text Expected is compared with the answer; an Expected of nothing warns in the run and on stderr', async (t) => {
  const doc = `${frontmatter()}## Product

**Input**:
\`\`\`json
{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(* 6 7)"}}}
\`\`\`

**Expected**:
\`\`\`
=> 43
\`\`\`

## Right product

**Input**:
\`\`\`json
{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(* 6 7)"}}}
\`\`\`

**Expected Output**:
\`\`\`text
=> 42
\`\`\`

## Nothing stated

**Input**:
\`\`\`json
{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(error \\"boom\\")"}}}
\`\`\`

**Expected**:
\`\`\`json
{}
\`\`\`
`;
  const stderr: string[] = [];
  const write = console.error;
  console.error = (text: string) => void stderr.push(text);
  const r = await runMarkdown(doc, options()).finally(() => (console.error = write));
  t.same(r.points.map((p) => [p.ok, p.name]), [
    [false, `the text of the answer holds the Expected text of line ${lineIn(doc, '=> 43')}`],
    [true, `the text of the answer holds the Expected text of line ${lineIn(doc, '=> 42')}`],
    [false, `the response holds the Expected JSON of line ${lineIn(doc, '{}')}`],
  ]);
  t.same(r.points[0].diagnostics?.problems, ['the text of the answer does not hold the Expected line: "=> 43"; the answer\'s text is "=> 42"']);
  t.match(r.points[2].diagnostics?.problems, [/^result\.isError: the tool answered with an error \("\[ERROR\] SIMPLE-ERROR"\)/]);
  const warning = `warning: ${r.path}:${lineIn(doc, '{}')}: this Expected JSON states nothing of the answer but that it is a result that is no error`;
  t.ok(r.events.some((e) => e.type === 'comment' && e.text.startsWith(warning) && e.unitId === r.points[2].unitId), 'a comment of the unit');
  t.ok(stderr.some((line) => line.startsWith(`spec-run: ${warning}`)), 'and on stderr');
});
