// The runtime as an MCP server over stdio: one session (one SBCL worker) per
// connection, three tools. Uses the SDK's low-level Server so every answer is
// written here, and LineTransport so malformed input gets a JSON-RPC error.
import { fstatSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { LineTransport, type JsonRpcError, type Screen } from './line-transport.js';
import { RuntimeSession, type SessionOptions } from './session.js';
import { TOOLS } from './tools.js';
import { isPlainToolCall, ToolCalls } from './tool-calls.js';
import { StdinLease } from './stdin-lease.js';
import { VERSION } from '../version.js';

/** Request params the SDK would otherwise reject with an internal error (-32603). */
const PARAMS_SCHEMAS = {
  initialize: InitializeRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  ping: PingRequestSchema,
} as const;

function checkParams(message: JSONRPCMessage): JsonRpcError | undefined {
  if (!('method' in message) || !('id' in message) || isPlainToolCall(message)) return undefined;
  const schema = PARAMS_SCHEMAS[message.method as keyof typeof PARAMS_SCHEMAS];
  if (!schema) return undefined;
  const checked = schema.safeParse({ method: message.method, params: message.params });
  if (checked.success) return undefined;
  const issue = checked.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return { code: ErrorCode.InvalidParams, message: `Invalid params for ${message.method}${where}: ${issue?.message ?? 'malformed'}` };
}

/** The requests this server answers; any other method is not found (-32601), said with its name. */
const ANSWERED_METHODS = new Set(Object.keys(PARAMS_SCHEMAS));

/** True for a YYYY-MM-DD text naming a real day: the form MCP protocol versions take. */
function isProtocolVersionDate(version: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(version);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The checks of one connection, before the SDK sees a message: params of the known
 * methods (the SDK would answer -32603 otherwise); initialize once per connection
 * (a second is refused, -32600); a protocol version that is not a date in MCP's form is
 * refused (-32602), while a well-formed one the server does not know is answered
 * with the latest it supports, as MCP prescribes; an unknown method is named in its
 * -32601 answer; a tools/call missing a required
 * argument is invalid params (-32602), as MCP counts invalid arguments among
 * protocol errors.
 */
export function connectionScreen(): Screen {
  let initialized = false;
  return (message) => {
    const refusal = checkParams(message);
    if (refusal || !('method' in message) || !('id' in message)) return refusal;
    if (message.method === 'initialize') {
      const version = String((message.params as { protocolVersion: string }).protocolVersion);
      if (!isProtocolVersionDate(version)) {
        return {
          code: ErrorCode.InvalidParams,
          message: `Unsupported protocol version "${version}": not a YYYY-MM-DD date; this server supports ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`,
        };
      }
      if (initialized) return { code: ErrorCode.InvalidRequest, message: 'Invalid Request: the server is already initialized; initialize is sent once per connection' };
      initialized = true;
    }
    if (!ANSWERED_METHODS.has(message.method)) return { code: ErrorCode.MethodNotFound, message: `Method not found: ${message.method}` };
    if (message.method === 'tools/call') return missingArguments(message.params as { name: string; arguments?: Record<string, unknown> });
    return undefined;
  };
}

function missingArguments(params: { name: string; arguments?: Record<string, unknown> }): JsonRpcError | undefined {
  const tool = TOOLS.find((t) => t.name === params.name);
  const missing = ((tool?.inputSchema.required ?? []) as string[]).filter((name) => params.arguments?.[name] === undefined);
  if (missing.length === 0) return undefined;
  return { code: ErrorCode.InvalidParams, message: `Invalid params: ${params.name} requires the argument${missing.length > 1 ? 's' : ''} ${missing.map((name) => `"${name}"`).join(', ')}` };
}

/**
 * The error answering a call of a tool of no such name, invalid params (-32602). Not an
 * McpError, whose message the SDK would send as "MCP error -32602: …", saying the code twice.
 */
export function unknownToolError(name: string): Error & { code: number } {
  return Object.assign(new Error(`Unknown tool: ${name} (tools: ${TOOLS.map((t) => t.name).join(', ')})`), { code: ErrorCode.InvalidParams });
}

/**
 * An MCP Server for everything of the runtime's protocol but the calls of its tools,
 * which ToolCalls answers: it lists them, and refuses a call of a tool of no such name.
 */
export function createRuntimeServer(): Server {
  const server = new Server(
    { name: 'spec-run-runtime', version: VERSION },
    {
      capabilities: { tools: {} },
      instructions: 'A Common Lisp (SBCL) evaluation session with a timeout and an output limit (see configure-limits).',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    throw unknownToolError(request.params.name);
  });
  // Errors of the connection itself (a closed pipe) end the session through onclose.
  server.onerror = () => undefined;
  return server;
}

/**
 * Serves `session` over line-delimited JSON-RPC on `input`/`output` (a process's
 * stdio, or in-process streams); resolves when the input has ended and every
 * request read has been answered, after the session is closed. Aborting `signal`
 * ends the session at once: the worker and what it started are stopped.
 */
export async function serveSession(session: RuntimeSession, input: Readable, output: Writable, signal?: AbortSignal, leaseStdin = false): Promise<void> {
  // Start the worker while the client is still initializing, but after an initialize
  // already waiting on the input is answered: the answer does not need the worker.
  // Once it is up, an idle session may lease it the reading of stdin (see StdinLease).
  setImmediate(() => session.start().then(() => lease?.poke(), () => undefined));
  const server = createRuntimeServer();
  const calls = new ToolCalls(session);
  let lease: StdinLease | undefined;
  const transport = new LineTransport(input, output, {
    screen: connectionScreen(),
    direct: calls,
    relay: (line) => session.relay(line),
    lineBreak: () => session.lineBreak(),
    onActivity: leaseStdin ? () => lease?.poke() : undefined,
  });
  if (leaseStdin) lease = new StdinLease(transport, session, calls, output);
  // The input ended: answers still due are awaited (see LineTransport), but with the timeout
  // disabled nothing bounds them: stop now rather than serve an evaluation nobody can end.
  input.once('end', () => {
    if (session.limits.timeoutSeconds === 0) void transport.close();
  });
  signal?.addEventListener('abort', () => void transport.close(), { once: true });
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => {
      lease?.close();
      calls.close();
      resolve();
    };
  });
  await server.connect(transport);
  await closed;
  await session.close();
}

/** Set to 0 to keep serve from leasing the reading of its stdin to the worker (see StdinLease). */
export const SERVE_LEASE_ENV = 'SPEC_RUN_SERVE_LEASE';

export interface ServeOptions extends SessionOptions {
  input?: Readable;
  output?: Writable;
  /** Aborting ends the session at once: the worker and what it started are stopped. */
  signal?: AbortSignal;
}

/**
 * Serves one session on stdin/stdout; resolves when the input ends and the worker is stopped.
 * On the process's own stdout, the worker gets it too (fd 1) and writes evaluate-lisp's
 * answers there itself: the answer skips a hop through this process and its formatting here.
 */
export function serveStdio(options: ServeOptions = {}): Promise<void> {
  const direct = options.output === undefined && options.workers === undefined;
  // The worker may read the client's stdin itself when it is this process's stdin, a pipe or socket (see StdinLease),
  // unless SPEC_RUN_SERVE_LEASE=0 says not to.
  const lease = direct && options.input === undefined && process.env[SERVE_LEASE_ENV] !== '0' && stdinIsPipe();
  const session = new RuntimeSession(direct ? { ...options, replyFd: 1, replyBacklog: () => process.stdout.writableLength > 0, ...(lease ? { clientFd: 0 } : {}) } : options);
  return serveSession(session, options.input ?? process.stdin, options.output ?? process.stdout, options.signal, lease);
}

/** True when fd 0 is a pipe or a socket Node reads through a native stream handle. */
function stdinIsPipe(): boolean {
  try {
    if (!fstatSync(0).isFIFO() && !fstatSync(0).isSocket()) return false;
  } catch {
    return false;
  }
  const handle = (process.stdin as unknown as { _handle?: { fd?: number; readStop?: unknown } })._handle;
  return handle?.fd === 0 && typeof handle.readStop === 'function';
}
