// An Input request followed by an Expected JSON block: the request is sent to a real
// runtime session and the response must hold the Expected JSON (objects may carry
// more keys than shown; arrays and scalars are equal).
import fc from 'fast-check';
import t from 'tap';
import { expectedMismatches, requestOf } from '../../../src/run/lisp/expected-json.js';
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
