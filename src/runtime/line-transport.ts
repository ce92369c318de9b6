// JSON-RPC over stdio, one message per line, for the MCP SDK's Server. The SDK's
// own StdioServerTransport reports a malformed line only to onerror and answers
// nothing; this one answers it with the standard JSON-RPC error (-32700 parse
// error, -32600 invalid request, or whatever `screen` says, e.g. -32602) and
// reads on, so a client always gets an answer it can match. Requests a `direct`
// handler takes are answered by it, beside the Server, through this transport, or
// elsewhere (a worker writing to the same stdout), which it then says. While another
// writer may be writing, `relay` takes this transport's lines to that writer.
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { readLines, type LineReader } from '../process/child.js';

export type RequestId = string | number;

export interface JsonRpcError {
  code: number;
  message: string;
}

/** Looks at a well-formed message before the SDK does; an error here is sent back instead. */
export type Screen = (message: JSONRPCMessage) => JsonRpcError | undefined;

/** Requests answered beside the SDK's Server (see ToolCalls). */
export interface DirectRequests {
  /**
   * True for a parsed line that certainly passes the JSON-RPC message schema: its check,
   * the costliest part of reading a message, is skipped. False leaves it to the check.
   */
  isPlain(value: unknown): boolean;
  /**
   * Takes a screened request and answers it through `send`, or has it answered elsewhere
   * and then calls `answered`; false leaves it to the SDK.
   */
  take(request: JSONRPCRequest, send: (message: JSONRPCMessage) => Promise<void>, answered: (id: RequestId) => void): boolean;
  /** notifications/cancelled named `id` (the SDK is told too). */
  cancel(id: RequestId): void;
}

/**
 * Writes a line (JSON text, no newline) for this transport when another writer shares its
 * output and may be writing now; undefined when the transport may write it itself. Resolves
 * false when the line could not be written there after all: the transport then writes it.
 */
export type Relay = (line: string) => Promise<boolean> | undefined;

export interface LineTransportOptions {
  screen?: Screen;
  direct?: DirectRequests;
  relay?: Relay;
  /** What to write before a line this transport writes itself (see RuntimeSession.lineBreak). */
  lineBreak?: () => string;
  /** Told after each line read and each answer given: the session may have become idle (see StdinLease). */
  onActivity?: () => void;
}

/** The parts of a net.Socket's native handle the transport stops and restarts reading with. */
interface ReadingHandle {
  readStop(): number;
  readStart(): number;
}

/** Lines longer than this are dropped and answered with a parse error, so a client cannot exhaust memory. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private closed = false;
  private inputEnded = false;
  /** Requests handed to the server and not yet answered, by id (ids may repeat). */
  private unanswered = new Map<RequestId, number>();

  private readonly screen: Screen;
  private readonly direct?: DirectRequests;
  private readonly relay?: Relay;
  private readonly lineBreak: () => string;
  private readonly onActivity?: () => void;
  private lines?: LineReader;
  /** Set while another reader (the worker) reads the input: see pauseInput. */
  private paused?: ReadingHandle;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    options: LineTransportOptions = {},
  ) {
    this.screen = options.screen ?? (() => undefined);
    this.direct = options.direct;
    this.relay = options.relay;
    this.lineBreak = options.lineBreak ?? (() => '');
    this.onActivity = options.onActivity;
  }

  /**
   * True when this transport holds nothing read and unhandled and owes no answer: no request
   * unanswered, no part of a line, no byte of a character, nothing buffered in the stream.
   */
  idle(): boolean {
    if (this.closed || this.inputEnded || this.paused || this.unanswered.size > 0 || !this.lines || this.lines.holdsPart()) return false;
    const state = (this.input as unknown as { _readableState?: { length: number; decoder?: { lastNeed?: number } } })._readableState;
    return state !== undefined && state.length === 0 && state.decoder?.lastNeed === 0;
  }

  /**
   * Stops reading the input at its native handle (a pipe's or socket's: the kernel keeps what
   * comes), for another reader to read it; false when the input has no such handle.
   */
  pauseInput(): boolean {
    const handle = (this.input as unknown as { _handle?: Partial<ReadingHandle> })._handle;
    if (!handle || typeof handle.readStop !== 'function' || typeof handle.readStart !== 'function' || !this.idle()) return false;
    if (handle.readStop() !== 0) return false;
    this.paused = handle as ReadingHandle;
    return true;
  }

  /**
   * Reads the input again: first `bytes`, what the other reader read from it and left
   * (decoded as the stream's own bytes are, so a character split across both is whole).
   */
  resumeInput(bytes: Buffer): void {
    const handle = this.paused;
    if (!handle) return;
    this.paused = undefined;
    if (this.closed) return;
    const decoder = (this.input as unknown as { _readableState: { decoder: { write(b: Buffer): string } } })._readableState.decoder;
    if (bytes.length) this.lines!.feed(decoder.write(bytes));
    if (!this.closed) handle.readStart();
  }

  /** Tracks a request the transport did not read itself (one the worker read under a lease) until it is answered. */
  adoptRequest(id: RequestId, take: (send: (message: JSONRPCMessage) => Promise<void>, answered: (id: RequestId) => void) => void): void {
    this.track(id, 1);
    take(this.sendAnswer, this.answeredElsewhere);
  }

  async start(): Promise<void> {
    this.lines = readLines(this.input, (line) => this.handleLine(line), {
      maxChars: MAX_LINE_CHARS,
      onOverlong: () => this.reply(null, { code: ErrorCode.ParseError, message: `Parse error: message longer than ${MAX_LINE_CHARS} characters` }),
    });
    this.input.once('end', this.onEnd);
    this.input.once('close', this.onEnd);
    this.input.on('error', (error: Error) => this.onerror?.(error));
    this.output.on('error', (error: Error) => this.onerror?.(error));
  }

  /** The input ended: close once every request read so far has been answered. */
  private onEnd = (): void => {
    this.inputEnded = true;
    this.closeWhenAnswered();
  };

  private closeWhenAnswered(): void {
    if (this.closed || !this.inputEnded || this.unanswered.size) return;
    this.closed = true;
    this.onclose?.();
  }

  private track(id: RequestId, change: 1 | -1): void {
    const count = (this.unanswered.get(id) ?? 0) + change;
    if (count > 0) this.unanswered.set(id, count);
    else this.unanswered.delete(id);
  }

  private handleLine(line: string): void {
    this.readLine(line);
    this.onActivity?.();
  }

  private readLine(line: string): void {
    if (!line.trim()) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      this.reply(null, { code: ErrorCode.ParseError, message: `Parse error: ${(error as Error).message}` });
      return;
    }
    if (Array.isArray(parsed)) {
      this.reply(null, { code: ErrorCode.InvalidRequest, message: 'Invalid Request: batches are not supported' });
      return;
    }
    let message: JSONRPCMessage;
    if (this.direct?.isPlain(parsed)) message = parsed as JSONRPCMessage;
    else {
      const checked = JSONRPCMessageSchema.safeParse(parsed);
      if (!checked.success) {
        this.reply(requestIdOf(parsed), { code: ErrorCode.InvalidRequest, message: `Invalid Request: ${describeProblem(parsed)}` });
        return;
      }
      message = checked.data as JSONRPCMessage;
    }
    const refusal = this.screen(message);
    if (refusal) {
      this.reply(requestIdOf(message), refusal);
      return;
    }
    if ('method' in message && 'id' in message) {
      this.track(message.id, 1);
      if (this.direct?.take(message, this.sendAnswer, this.answeredElsewhere)) return;
    }
    this.onmessage?.(message);
    // MCP: a cancelled request gets no answer. It must not keep the session open once the input has ended.
    if ('method' in message && !('id' in message) && message.method === 'notifications/cancelled') {
      const cancelled = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      if (cancelled !== undefined) {
        this.direct?.cancel(cancelled);
        this.unanswered.delete(cancelled);
      }
      this.closeWhenAnswered();
    }
  }

  private sendAnswer = (message: JSONRPCMessage): Promise<void> => this.send(message);

  private answeredElsewhere = (id: RequestId): void => {
    this.track(id, -1);
    this.closeWhenAnswered();
    this.onActivity?.();
  };

  private reply(id: RequestId | null, error: JsonRpcError): void {
    this.write({ jsonrpc: '2.0', id, error });
  }

  private async write(message: unknown): Promise<void> {
    const line = JSON.stringify(message);
    const relayed = this.relay?.(line);
    if (relayed && (await relayed)) return;
    if (this.output.writableEnded || this.output.destroyed) return;
    return new Promise((resolve) => {
      this.output.write(`${this.lineBreak()}${line}\n`, () => resolve());
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(message);
    if (!('method' in message) && 'id' in message && message.id !== undefined) {
      this.track(message.id, -1);
      this.closeWhenAnswered();
    }
    this.onActivity?.();
  }

  async close(): Promise<void> {
    this.input.removeAllListeners('data');
    this.unanswered.clear();
    this.onEnd();
  }
}

/** The id of a request-like object, when it has a usable one. */
function requestIdOf(value: unknown): RequestId | null {
  if (typeof value !== 'object' || value === null || !('method' in value)) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
}

function describeProblem(value: unknown): string {
  if (typeof value !== 'object' || value === null) return 'a message must be a JSON object';
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return '"jsonrpc" must be "2.0"';
  if ('method' in message && typeof message.method !== 'string') return '"method" must be a string';
  if ('id' in message && !(typeof message.id === 'string' || (typeof message.id === 'number' && Number.isInteger(message.id))))
    return '"id" must be a string or an integer';
  if ('params' in message && (typeof message.params !== 'object' || message.params === null || Array.isArray(message.params)))
    return '"params" must be an object';
  return 'not a JSON-RPC 2.0 request, notification or response';
}
