// tools/call, answered by the connection itself rather than by the SDK's Server: per
// request the SDK checked the same message against its zod schemas five times (the
// message union to dispatch it, the request twice, the result once), and made an
// AbortController and a request context, together most of a round trip's time in Node.
// Every tools/call for one of the runtime's tools comes here, so the session sees
// requests in the order they were read whatever their shape; the SDK keeps the rest
// (initialize, tools/list, ping, a tool of no such name, task-augmented requests,
// which it refuses before a handler runs). The answers are those the SDK wrote.
import { ErrorCode, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { DirectRequests, RequestId } from './line-transport.js';
import { Cancellation, type RuntimeSession } from './session.js';
import { callTool, evaluateLispText, TOOLS } from './tools.js';
import type { LispWorker, WorkerAnswer } from './worker.js';
import { evaluationText, type ToolText } from './format.js';

const TOOL_NAMES = new Set(TOOLS.map((tool) => tool.name));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when `value` has every key of `required` and no key outside `required` and `optional`. */
function hasKeys(value: Record<string, unknown>, required: string[], optional: string[] = []): boolean {
  return required.every((key) => Object.hasOwn(value, key)) && Object.keys(value).every((key) => required.includes(key) || optional.includes(key));
}

/**
 * True when `value` (a parsed line) is a tools/call request in its plain form: the four
 * members of a JSON-RPC request, params holding a tool's name and perhaps its arguments,
 * nothing else. Such a message passes the SDK's message and params schemas, so their
 * checks can be skipped; every other message still goes through them.
 */
export function isPlainToolCall(value: unknown): value is JSONRPCRequest & { params: { name: string; arguments?: Record<string, unknown> } } {
  if (!isPlainObject(value) || !hasKeys(value, ['jsonrpc', 'id', 'method', 'params'])) return false;
  const { jsonrpc, id, method, params } = value;
  if (jsonrpc !== '2.0' || method !== 'tools/call' || !(typeof id === 'string' || Number.isSafeInteger(id))) return false;
  if (!isPlainObject(params) || !hasKeys(params, ['name'], ['arguments'])) return false;
  return TOOL_NAMES.has(params.name as string) && (params.arguments === undefined || isPlainObject(params.arguments));
}

/** The result of a tools/call, as MCP shapes it. */
const toolResult = (answer: ToolText) => ({ content: [{ type: 'text' as const, text: answer.text }], ...(answer.structured ? { structuredContent: answer.structured } : {}), isError: answer.isError });

/** A failure of the call itself (the session closed, an answer the worker could not give), as the SDK answers one. */
function errorResponse(id: RequestId, error: unknown): JSONRPCMessage {
  const { code, message, data } = error as { code?: unknown; message?: string; data?: unknown };
  return {
    jsonrpc: '2.0',
    id,
    error: { code: Number.isSafeInteger(code) ? (code as number) : ErrorCode.InternalError, message: message ?? 'Internal error', ...(data !== undefined && { data }) },
  };
}

class Call extends Cancellation {
  constructor(readonly id: RequestId) {
    super();
  }
}

export class ToolCalls implements DirectRequests {
  /** Calls not yet answered, by id (a client may reuse one). */
  private readonly inFlight = new Map<RequestId, Call[]>();

  constructor(private readonly session: RuntimeSession) {}

  isPlain(value: unknown): boolean {
    return isPlainToolCall(value);
  }

  /**
   * Answers `request` through `send` when it is a tools/call for one of the runtime's
   * tools without task augmentation; false leaves it to the SDK.
   */
  take(request: JSONRPCRequest, send: (message: JSONRPCMessage) => Promise<void>, answered: (id: RequestId) => void): boolean {
    if (request.method !== 'tools/call') return false;
    const params = request.params as { name: string; arguments?: Record<string, unknown>; task?: unknown };
    if (params.task !== undefined || !TOOL_NAMES.has(params.name)) return false;
    const call = this.newCall(request.id);
    void this.answer(call, () => callTool(this.session, params.name, params.arguments ?? {}, call, JSON.stringify(call.id)), send, answered);
    return true;
  }

  private newCall(id: RequestId): Call {
    const call = new Call(id);
    const calls = this.inFlight.get(call.id);
    if (calls) calls.push(call);
    else this.inFlight.set(call.id, [call]);
    return call;
  }

  /** True while a call is unanswered. */
  get busy(): boolean {
    return this.inFlight.size > 0;
  }

  /**
   * An evaluate-lisp call the worker read from the client under a lease and took up, now
   * answered as one this connection took: cancellable, answered once, by the worker or here.
   */
  adopt(id: RequestId, worker: LispWorker, job: { id: number; answer: Promise<WorkerAnswer> }, send: (message: JSONRPCMessage) => Promise<void>, answered: (id: RequestId) => void): void {
    const call = this.newCall(id);
    void this.answer(call, async () => evaluateLispText(await this.session.adopt(worker, job, call)), send, answered);
  }

  private async answer(
    call: Call,
    run: () => Promise<ToolText | undefined>,
    send: (message: JSONRPCMessage) => Promise<void>,
    answered: (id: RequestId) => void,
  ): Promise<void> {
    let response: JSONRPCMessage;
    try {
      const result = (await run())!;
      if (result.replied) {
        this.forget(call);
        // Counted answered once written: a connection closing then ends the worker.
        if (await result.replied) {
          answered(call.id);
          return;
        }
        // The worker ended while it wrote the answer: the client has part of a line at most, ended by the
        // transport before this one (RuntimeSession.lineBreak); the answer is that of a process that ended.
        const lost = evaluationText({ kind: 'lost', reason: 'exited', detail: 'it ended while it wrote this answer to the client', limits: { ...this.session.limits } });
        response = { result: toolResult(lost), jsonrpc: '2.0', id: call.id };
      } else response = { result: toolResult(result), jsonrpc: '2.0', id: call.id };
    } catch (error) {
      response = errorResponse(call.id, error);
    }
    this.forget(call);
    // MCP: a cancelled request gets no answer.
    if (!call.aborted) await send(response);
  }

  private forget(call: Call): void {
    const calls = this.inFlight.get(call.id)?.filter((other) => other !== call);
    if (calls?.length) this.inFlight.set(call.id, calls);
    else this.inFlight.delete(call.id);
  }

  /** notifications/cancelled for `id`: its evaluation is interrupted, and it gets no answer. */
  cancel(id: RequestId): void {
    for (const call of this.inFlight.get(id) ?? []) call.abort();
  }

  /** The connection closed: nothing in flight is answered any more, and evaluations are interrupted. */
  close(): void {
    for (const calls of this.inFlight.values()) for (const call of calls) call.abort();
  }
}
