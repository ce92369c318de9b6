// The runtime as an MCP server over stdio: one session (one SBCL worker) per
// connection, three tools. Uses the SDK's low-level Server so every answer is
// written here, and LineTransport so malformed input gets a JSON-RPC error.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  McpError,
  PingRequestSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { LineTransport, type JsonRpcError } from './line-transport.js';
import { RuntimeSession, type SessionOptions } from './session.js';
import { callTool, TOOLS } from './tools.js';

function packageVersion(): string {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  try {
    return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** Request params the SDK would otherwise reject with an internal error (-32603). */
const PARAMS_SCHEMAS = {
  initialize: InitializeRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  ping: PingRequestSchema,
} as const;

function checkParams(message: JSONRPCMessage): JsonRpcError | undefined {
  if (!('method' in message) || !('id' in message)) return undefined;
  const schema = PARAMS_SCHEMAS[message.method as keyof typeof PARAMS_SCHEMAS];
  if (!schema) return undefined;
  const checked = schema.safeParse({ method: message.method, params: message.params });
  if (checked.success) return undefined;
  const issue = checked.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return { code: ErrorCode.InvalidParams, message: `Invalid params for ${message.method}${where}: ${issue?.message ?? 'malformed'}` };
}

/** An MCP Server answering the runtime's tools from `session`. */
export function createRuntimeServer(session: RuntimeSession): Server {
  const server = new Server(
    { name: 'spec-run-runtime', version: packageVersion() },
    {
      capabilities: { tools: {} },
      instructions: 'A Common Lisp (SBCL) evaluation session with a timeout and an output limit (see configure-limits).',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    const answer = await callTool(session, name, args ?? {});
    if (!answer) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name} (tools: ${TOOLS.map((t) => t.name).join(', ')})`);
    }
    return { content: [{ type: 'text', text: answer.text }], isError: answer.isError };
  });
  // Errors of the connection itself (a closed pipe) end the session through onclose.
  server.onerror = () => undefined;
  return server;
}

export interface ServeOptions extends SessionOptions {
  input?: Readable;
  output?: Writable;
  /** Aborting ends the session at once: the worker and what it started are stopped. */
  signal?: AbortSignal;
}

/** Serves one session on stdin/stdout; resolves when the input ends and the worker is stopped. */
export async function serveStdio(options: ServeOptions = {}): Promise<void> {
  const session = new RuntimeSession(options);
  // Start the worker while the client is still initializing.
  session.start().catch(() => undefined);
  const server = createRuntimeServer(session);
  const input = options.input ?? process.stdin;
  const transport = new LineTransport(input, options.output ?? process.stdout, checkParams);
  // The input ended: answers still due are awaited (see LineTransport), but with the timeout
  // disabled nothing bounds them: stop now rather than serve an evaluation nobody can end.
  input.once('end', () => {
    if (session.limits.timeoutSeconds === 0) void transport.close();
  });
  options.signal?.addEventListener('abort', () => void transport.close(), { once: true });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(transport);
  await closed;
  await session.close();
}
