// A scripted stand-in for the runtime server, for tests that need a server to
// misbehave on cue (never answer, exit) or to answer without a Lisp worker.
// It speaks the same line-delimited JSON-RPC. Evaluations it understands:
//   (+ 1 2)          => 3
//   (sleep N)        waits N seconds, or answers TIMEOUT past the configured timeout
//   (hang)           never answers
//   (exit)           the server exits with code 7
//   (pid)            => the server's process id
//   anything else    => the code upper-cased
import { createInterface } from 'node:readline';

let timeoutSeconds = 30;

const tools = [
  {
    name: 'evaluate-lisp',
    inputSchema: { type: 'object', properties: { code: { type: 'string' }, package: { type: 'string' } }, required: ['code'], additionalProperties: false },
  },
  {
    name: 'configure-limits',
    inputSchema: { type: 'object', properties: { timeout: { type: 'integer', minimum: 0 }, 'max-output': { type: 'integer', minimum: 0 } } },
  },
  { name: 'time-execution', inputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } },
];

function send(message: object): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

const text = (id: unknown, value: string, isError = false) => send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: value }], isError } });

function evaluate(id: unknown, code: string, timed: boolean): void {
  const answer = (value: string) =>
    timed
      ? text(id, JSON.stringify({ result: value, output: '', timing: { 'real-time-ms': 0.004, 'run-time-ms': 0.004, 'gc-time-ms': 0.0, 'bytes-allocated': 0 } }))
      : text(id, `=> ${value}`);
  if (code === '(+ 1 2)') return answer('3');
  if (code === '(hang)') return;
  if (code === '(exit)') process.exit(7);
  if (code === '(pid)') return answer(String(process.pid));
  const sleep = /^\(sleep ([\d.]+)\)$/.exec(code);
  if (sleep) {
    const seconds = Number(sleep[1]);
    if (timeoutSeconds > 0 && seconds > timeoutSeconds) {
      setTimeout(() => text(id, `[ERROR] TIMEOUT\nEvaluation exceeded ${timeoutSeconds} seconds; raise it with configure-limits`, true), timeoutSeconds * 1000);
    } else setTimeout(() => answer('NIL'), seconds * 1000);
    return;
  }
  answer(code.toUpperCase());
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let message: { id?: unknown; method?: string; params?: { name?: string; arguments?: Record<string, unknown> } };
  try {
    message = JSON.parse(line);
  } catch {
    return send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  }
  const { id, method, params } = message;
  if (id === undefined) return;
  if (method === 'initialize') return send({ jsonrpc: '2.0', id, result: { protocolVersion: '2025-06-18', serverInfo: { name: 'fake', version: '0' }, capabilities: { tools: {} } } });
  if (method === 'tools/list') return send({ jsonrpc: '2.0', id, result: { tools } });
  if (method !== 'tools/call') return send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
  const args = params?.arguments ?? {};
  if (params?.name === 'configure-limits') {
    if (typeof args.timeout === 'number') timeoutSeconds = args.timeout;
    return text(id, `Current limits:\n  timeout: ${timeoutSeconds} seconds\n  max-output: 100000 characters`);
  }
  evaluate(id, String(args.code), params?.name === 'time-execution');
});
