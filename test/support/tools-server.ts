// A stand-in for a team's own MCP runtime server, as a Node script: it answers initialize,
// lists its tools, answers tools/call with the call's arguments as text, and refuses every
// other request. For the tests of what spec-run asks of a configured `runtime:` (check,
// doctor, runs), it can misbehave as real servers do.
export interface OwnServerWays {
  /** The tools listed, page by page (nextCursor links them); one page by default. */
  pages: string[][];
  /** Requests of these methods are never answered. */
  silentOn?: string[];
  /** Written on stdout at start and before every tools/call answer: a stray log line, which MCP forbids there. */
  strayLine?: string;
  /** The last page gives its own cursor again as nextCursor: the pages never end. */
  endlessPages?: boolean;
  /** The "jsonrpc" every answer gives: "2.0" by default. */
  jsonrpc?: string;
}

export function ownServer(ways: OwnServerWays): string {
  return `import readline from 'node:readline';
const send = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
const pages = ${JSON.stringify(ways.pages)};
const silentOn = ${JSON.stringify(ways.silentOn ?? [])};
const stray = ${JSON.stringify(ways.strayLine ?? null)};
const endless = ${JSON.stringify(ways.endlessPages ?? false)};
const jsonrpc = ${JSON.stringify(ways.jsonrpc ?? '2.0')};
if (stray) process.stdout.write(stray + '\\n');
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined || silentOn.includes(m.method)) return;
  if (m.method === 'initialize') return send({ jsonrpc, id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'own', version: '0' } } });
  if (m.method === 'tools/list') {
    const page = m.params?.cursor === undefined ? 0 : Number(m.params.cursor);
    const next = page + 1 < pages.length ? String(page + 1) : endless ? String(page) : undefined;
    const tools = pages[page].map((name) => ({ name, inputSchema: { type: 'object' } }));
    return send({ jsonrpc, id: m.id, result: next === undefined ? { tools } : { tools, nextCursor: next } });
  }
  if (m.method === 'tools/call') {
    if (stray) process.stdout.write(stray + '\\n');
    return send({ jsonrpc, id: m.id, result: { content: [{ type: 'text', text: JSON.stringify(m.params.arguments ?? {}) }], isError: false } });
  }
  send({ jsonrpc, id: m.id, error: { code: -32601, message: 'no' } });
});
`;
}

/** A well-behaved server listing TOOLS on one page. */
export function toolsServer(tools: string[]): string {
  return ownServer({ pages: [tools] });
}
