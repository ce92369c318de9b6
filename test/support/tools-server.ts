// A stand-in for a team's own MCP runtime server, as a Node script: it answers initialize
// and lists TOOLS, and refuses every other request. For the tests of what spec-run asks
// of a configured `runtime:` (check, doctor).
export function toolsServer(tools: string[]): string {
  return `import readline from 'node:readline';
const send = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize') return send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'own', version: '0' } } });
  if (m.method === 'tools/list') return send({ jsonrpc: '2.0', id: m.id, result: { tools: ${JSON.stringify(tools)}.map((name) => ({ name, inputSchema: { type: 'object' } })) } });
  send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no' } });
});
`;
}
