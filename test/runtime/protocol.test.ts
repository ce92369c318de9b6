// The JSON-RPC and MCP surface, checked on the wire with a raw line client.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { LineClient, processAlive, waitFor, WORKER_PID_CODE } from './helpers.js';

t.test('initialize, initialized, tools/list and ping', async (t) => {
  const client = new LineClient();
  const init = await client.initialize();
  t.equal(init.id, 0);
  t.equal(init.result.protocolVersion, '2025-06-18');
  const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
  t.same(init.result.serverInfo, { name: 'spec-run-runtime', version }, "the version is package.json's");
  t.ok(init.result.capabilities.tools, 'announces tools');

  const list = await client.request(1, 'tools/list', {});
  t.same(list.result.tools.map((tool: { name: string }) => tool.name).sort(), ['configure-limits', 'evaluate-lisp', 'time-execution']);
  const evaluate = list.result.tools.find((tool: { name: string }) => tool.name === 'evaluate-lisp');
  t.same(evaluate.inputSchema.required, ['code']);
  t.same(Object.keys(evaluate.inputSchema.properties).sort(), ['capture-time', 'code', 'package']);

  t.same(await client.request(2, 'ping'), { jsonrpc: '2.0', id: 2, result: {} });
  t.equal(await client.close(), 0, 'the server exits cleanly when stdin ends');
});

t.test('malformed input gets standard errors and the server reads on', async (t) => {
  const client = new LineClient();
  await client.initialize();

  client.sendLine('{"jsonrpc": "2.0", "id": 1, "method": ');
  t.match(await client.next(), { jsonrpc: '2.0', id: null, error: { code: -32700 } }, 'truncated JSON: parse error');
  client.sendLine('not json at all');
  t.match(await client.next(), { id: null, error: { code: -32700 } });

  client.send({ id: 3, method: 'ping' });
  t.match(await client.next(), { id: 3, error: { code: -32600 } }, 'no jsonrpc member: invalid request');
  client.send({ jsonrpc: '2.0', id: 4, method: 7 });
  t.match(await client.next(), { error: { code: -32600 } }, 'method not a string');
  client.send([{ jsonrpc: '2.0', id: 5, method: 'ping' }]);
  t.match(await client.next(), { id: null, error: { code: -32600 } }, 'batch');
  client.send('a string');
  t.match(await client.next(), { id: null, error: { code: -32600 } });

  t.match(await client.request(6, 'no/such/method', {}), { id: 6, error: { code: -32601 } });
  t.match(await client.request(7, 'tools/call', { arguments: {} }), { id: 7, error: { code: -32602 } }, 'tools/call without a name');
  t.match(await client.request(8, 'tools/call', { name: 'evaluate-lisp', arguments: [1] }), { id: 8, error: { code: -32602 } });
  t.match(await client.request(9, 'initialize', { protocolVersion: 5 }), { id: 9, error: { code: -32602 } });
  const unknownTool = await client.request(10, 'tools/call', { name: 'no-such-tool', arguments: {} });
  t.match(unknownTool, { id: 10, error: { code: -32602, message: /^Unknown tool: no-such-tool \(tools: evaluate-lisp, configure-limits, time-execution\)$/ } }, 'the code said once, not again in the message');

  const after = await client.tool(11, 'evaluate-lisp', { code: '(+ 1 2)' });
  t.same(after, { text: '=> 3', isError: false }, 'a normal request after all that works');
  await client.close();
});

t.test('repeated ids and empty arguments are handled normally', async (t) => {
  const client = new LineClient();
  await client.initialize();
  for (let i = 0; i < 3; i++) {
    const answer = await client.request(0, 'tools/call', { name: 'configure-limits', arguments: {} });
    t.equal(answer.id, 0);
    t.match(answer.result.content[0].text, /Current limits:/);
  }
  const a = await client.tool(0, 'evaluate-lisp', { code: '(defvar *n* 41)' });
  const b = await client.tool(0, 'evaluate-lisp', { code: '(1+ *n*)' });
  t.equal(a.text, '=> *N*');
  t.equal(b.text, '=> 42');
  await client.close();
});

t.test('tools/call before initialize still answers', async (t) => {
  const client = new LineClient();
  t.same(await client.tool(1, 'evaluate-lisp', { code: ':ok' }), { text: '=> :OK', isError: false });
  await client.close();
});

t.test('ending stdin answers pending requests, then stops the worker and exits', async (t) => {
  const client = new LineClient();
  await client.initialize();
  const pid = Number((await client.tool(1, 'evaluate-lisp', { code: WORKER_PID_CODE })).text.slice(3));
  t.ok(processAlive(pid), 'the worker runs');
  client.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(sleep 0.2) :late' } } });
  const late = client.next();
  client.child.stdin.end();
  t.match(await late, { id: 2, result: { content: [{ text: '=> :LATE' }] } });
  t.equal(await client.exited, 0);
  t.ok(await waitFor(() => !processAlive(pid), 2000), 'the worker is gone');
});

t.test('initialize once per connection; protocol versions in MCP form; unknown methods named; missing required arguments are invalid params', async (t) => {
  const client = new LineClient();
  const params = (protocolVersion: string) => ({ protocolVersion, capabilities: {}, clientInfo: { name: 'line-client', version: '1' } });
  const refused = await client.request(1, 'initialize', params('9999-99-99'));
  t.equal(refused.error.code, -32602, 'a version that is no date');
  t.match(refused.error.message, /protocol version "9999-99-99"/i);
  t.match(await client.request(2, 'initialize', { capabilities: {}, clientInfo: { name: 'c', version: '1' } }), { error: { code: -32602 } }, 'no protocolVersion');
  const answered = await client.request(3, 'initialize', params('2099-01-01'));
  t.type(answered.result.protocolVersion, 'string', 'a well-formed unknown version is answered');
  t.not(answered.result.protocolVersion, '2099-01-01', 'with a version the server supports');
  const again = await client.request(4, 'initialize', params('2025-06-18'));
  t.equal(again.error.code, -32600, 'a second initialize is refused');
  t.match(again.error.message, /already initialized/);
  t.match(await client.request(5, 'initialize', params('1-2-3')), { error: { code: -32602 } }, 'params are checked before the second initialize is refused');

  t.match(await client.request(6, 'unknown/method'), { id: 6, error: { code: -32601, message: 'Method not found: unknown/method' } });
  const missing = await client.request(7, 'tools/call', { name: 'evaluate-lisp', arguments: {} });
  t.equal(missing.error.code, -32602);
  t.match(missing.error.message, /evaluate-lisp requires the argument "code"/);
  client.send({ jsonrpc: '2.0', method: 'no/such-notification' });
  t.match(await client.request(8, 'ping'), { id: 8, result: {} }, 'a notification of an unknown method is ignored, not answered');
  t.equal(await client.close(), 0);
});
