// Sessions of the runtime under test, for a document's spec code: each speaks
// JSON-RPC 2.0, one message per line (the MCP stdio transport). The built-in
// runtime serves its sessions inside this process (an SDK Server per session over
// in-process streams, each with its own SBCL worker from a warm pool); another
// server given as a command runs as one child process per session. Either way
// the relay matches responses to requests by id, so several requests may be in
// flight to one session; a response with id null (a line the server could not
// read) answers the oldest request in flight whose id the server cannot have seen.
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { Child, describeChildExit, readLines } from '../../process/child.js';
import { Spares } from '../../process/spares.js';
import { defaultLisp } from '../../lisp-image/core-image.js';
import { RuntimeSession } from '../../runtime/session.js';
import { serveSession } from '../../runtime/server.js';
import { WorkerPool } from '../../runtime/worker-pool.js';
import type { RunOptions, RuntimeConnection, RuntimeConnector } from '../types.js';
import { VERSION } from '../../version.js';
import { asSpawn, tiedToParent } from '../../process/containment.js';
import { clearTimeout, setTimeout } from '../../process/native-timers.js';

export const MCP_PROTOCOL_VERSION = '2025-06-18';
const STOP_GRACE_MS = 1000;

/** One exchange with a runtime server, kept for diagnostics and the benchmark. */
export interface Exchange {
  server: number;
  /** What was sent: the message object, or the raw line when it was not JSON. */
  request: unknown;
  /** The response, or null for a notification or when none came. */
  response: unknown;
  /** For a request never answered: what the server wrote instead (LineConnection.unexpectedOutput). */
  serverWrote?: string;
  /** Milliseconds since the transcript began. */
  sentAt: number;
  durationMs: number;
}

export class Transcript {
  readonly exchanges: Exchange[] = [];
  private readonly origin = performance.now();

  now(): number {
    return performance.now() - this.origin;
  }
}

interface Pending {
  resolve: (line: string) => void;
  reject: (error: Error) => void;
}

type JsonRpcId = string | number;

/** The id a server reads in `line`: a string or an integer of a JSON object; undefined when it has none it can use. */
function requestId(line: string): JsonRpcId | undefined {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const id = (message as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : undefined;
}

const idKey = (id: JsonRpcId) => `${typeof id}:${id}`;

/** The id a line that is no JSON answers, when it starts as a JSON-RPC response does: `{"jsonrpc":"2.0","id":6,...`. */
function brokenAnswerId(line: string): JsonRpcId | undefined {
  const start = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"[^"]*"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*,/.exec(line);
  if (!start) return undefined;
  try {
    return JSON.parse(start[1]) as JsonRpcId;
  } catch {
    return undefined;
  }
}

const shortLine = (line: string) => (line.length > 300 ? `${line.slice(0, 300)}...` : line);

/** The relay's side of one session: lines out, response lines matched back to their requests. */
export class LineConnection implements RuntimeConnection {
  /** Requests in flight by id, oldest first (a client may reuse an id). */
  private readonly byId = new Map<string, Pending[]>();
  /** Requests whose id the server cannot read (raw text, a bad id), oldest first: id null answers them. */
  private readonly withoutId: Pending[] = [];
  private endDescription: string | null = null;
  /** The last lines the server wrote that answered no request, each cut short. */
  private readonly strays: string[] = [];
  /** Lines the server wrote that are no JSON-RPC message (MCP's stdio transport forbids them), and the first of them. */
  private notJson = { count: 0, first: '' };

  constructor(
    private readonly toServer: Writable,
    fromServer: Readable,
    private readonly stopSession: () => Promise<void>,
    /** The end of the server's stderr, where it has one. */
    private readonly stderrTail: () => string = () => '',
  ) {
    readLines(fromServer, (line) => this.receive(line));
    // A server that stops reading must not crash spec-run with EPIPE; its end is reported by end().
    toServer.on('error', () => undefined);
  }

  get ended(): boolean {
    return this.endDescription !== null;
  }

  /** The session ended: every request in flight fails with `description` (and `detail` after it, what the server wrote last). */
  end(description: string, detail = ''): void {
    if (this.endDescription !== null) return;
    this.endDescription = description + detail;
    const error = new Error(`${description} before answering${detail}`);
    for (const waiting of [...this.byId.values(), this.withoutId]) for (const pending of waiting.splice(0)) pending.reject(error);
    this.byId.clear();
  }

  private receive(line: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(line) as Record<string, unknown>;
    } catch (error) {
      // A line that is no JSON is the server's business (a log line), unless it starts as the
      // answer to a request in flight: then that request fails saying so, rather than wait forever.
      const id = brokenAnswerId(line);
      const waiting = id === undefined ? undefined : this.byId.get(idKey(id));
      const pending = waiting?.shift();
      if (waiting && !waiting.length) this.byId.delete(idKey(id!));
      if (pending) pending.reject(new Error(`the server answered with a line that is not JSON (${(error as Error).message}): ${shortLine(line)}`));
      else {
        this.notJsonLine(line);
        this.stray(line);
      }
      return;
    }
    if (typeof message !== 'object' || message === null) return this.notJsonLine(line);
    if ('method' in message) {
      // A request from the server (ping, roots/list...): answer so it never waits on us.
      if ('id' in message) {
        const reply = message.method === 'ping' ? { result: {} } : { error: { code: -32601, message: 'Method not found' } };
        this.notify(JSON.stringify({ jsonrpc: '2.0', id: message.id, ...reply }));
      }
      return;
    }
    const id = message.id;
    const waiting = typeof id === 'string' || typeof id === 'number' ? this.byId.get(idKey(id)) : undefined;
    const pending = waiting?.shift() ?? (id === null || id === undefined ? this.withoutId.shift() : undefined);
    if (waiting && !waiting.length) this.byId.delete(idKey(id as JsonRpcId));
    // An answer of another protocol version is no MCP answer, however its result reads.
    if (pending && message.jsonrpc !== '2.0') pending.reject(new Error(`the server answered with ${'jsonrpc' in message ? `"jsonrpc": ${JSON.stringify(message.jsonrpc)}` : 'no "jsonrpc"'}, where JSON-RPC 2.0 (MCP) says "2.0": ${shortLine(line)}`));
    else if (pending) pending.resolve(line);
    else this.stray(line);
  }

  private notJsonLine(line: string): void {
    if (line.trim() === '') return;
    if (this.notJson.count++ === 0) this.notJson.first = shortLine(line);
  }

  notJsonOnStdout(): string | null {
    const { count, first } = this.notJson;
    return count === 0 ? null : `${count} line${count === 1 ? '' : 's'} that ${count === 1 ? 'is' : 'are'} no JSON-RPC message, the first: ${first}`;
  }

  private stray(line: string): void {
    if (line.trim() === '') return;
    this.strays.push(shortLine(line));
    if (this.strays.length > 5) this.strays.shift();
  }

  unexpectedOutput(): string | null {
    const tail = this.stderrTail().trim().split('\n').slice(-10).join('\n');
    const parts = [
      ...(this.strays.length ? [`it wrote lines that answered no request (the last ${this.strays.length}):\n${this.strays.join('\n')}`] : []),
      ...(tail ? [`its stderr ended with:\n${tail}`] : []),
    ];
    return parts.length ? parts.join('\n') : null;
  }

  exchange(line: string): Promise<string> {
    if (this.endDescription !== null) return Promise.reject(new Error(`${this.endDescription} (the session has ended)`));
    return new Promise((resolve, reject) => {
      const id = requestId(line);
      if (id === undefined) this.withoutId.push({ resolve, reject });
      else {
        const key = idKey(id);
        const waiting = this.byId.get(key);
        if (waiting) waiting.push({ resolve, reject });
        else this.byId.set(key, [{ resolve, reject }]);
      }
      this.toServer.write(`${line}\n`);
    });
  }

  notify(line: string): void {
    if (this.endDescription === null) this.toServer.write(`${line}\n`);
  }

  stop(): Promise<void> {
    return this.stopSession();
  }
}

/** The warning a run, `check` and `doctor` give once a server (COMMAND) wrote what `notJsonOnStdout` says. */
export function stdoutTransportWarning(command: string[], wrote: string): string {
  return `the runtime server (${command.join(' ')}) wrote on stdout ${wrote}; MCP's stdio transport allows only its messages there, and MCP clients fail on such lines: write logs to stderr`;
}

/** Completes the MCP handshake (initialize, notifications/initialized) on `connection`; stops it on failure. */
/** How long a runtime server may take to answer initialize: one that never does would hold the run (and its end) for ever. */
const INITIALIZE_LIMIT_MS = 30_000;

/** The answer to LINE, or an error once INITIALIZE_LIMIT_MS has passed without one, saying what the server wrote instead. */
function answeredInTime(connection: RuntimeConnection, line: string): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const wrote = connection.unexpectedOutput?.();
      reject(new Error(`the runtime server did not answer initialize within ${INITIALIZE_LIMIT_MS / 1000} s${wrote ? `; ${wrote}` : ''}`));
    }, INITIALIZE_LIMIT_MS);
    timer.unref();
  });
  return Promise.race([connection.exchange(line), limit]).finally(() => clearTimeout(timer));
}

async function initialized(connection: RuntimeConnection, signal?: AbortSignal): Promise<RuntimeConnection> {
  // Stopped, the server's answer never comes: the exchange fails at once.
  const stop = () => void connection.stop();
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted) stop();
  try {
    const answer = JSON.parse(
      await answeredInTime(
        connection,
        JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: MCP_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'spec-run', version: VERSION } },
        }),
      ),
    ) as { error?: { message?: string } };
    if (answer.error) throw new Error(`the runtime server refused initialize: ${answer.error.message ?? JSON.stringify(answer.error)}`);
    connection.notify(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    return connection;
  } catch (error) {
    await connection.stop();
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

/** A session that is a child process: a runtime server started from a command, on its stdin and stdout. */
function processConnection(command: string[], cwd: string): LineConnection {
  // Tied to spec-run: it ends with it, however spec-run ends (its worker is tied to it in turn).
  const [file, args] = asSpawn(tiedToParent(command));
  const child = new Child({ command: file, args, cwd, group: true, stdin: 'pipe', stdout: 'pipe' });
  const connection = new LineConnection(
    child.input(0),
    child.output(1),
    async () => {
      await child.stop(STOP_GRACE_MS);
    },
    () => child.outputTail,
  );
  child.exited.then((exit) => {
    const tail = child.outputTail.trim();
    const stderr = tail ? `; its stderr ended with:\n${tail.split('\n').slice(-10).join('\n')}` : '';
    connection.end(exit.error ? `the runtime server could not run: ${exit.error.message}` : `the runtime server ended (${describeChildExit(exit)})`, exit.error ? '' : stderr);
  });
  return connection;
}

/** Sessions of another MCP server, one process each. For --watch, spares are started between runs. */
export class CommandRuntime implements RuntimeConnector {
  private readonly spares: Spares<RuntimeConnection>;

  constructor(
    readonly command: string[],
    readonly cwd: string,
  ) {
    this.spares = new Spares({
      // Closed while it starts (a watch a signal ends), a server that has not answered initialize is stopped at once.
      start: (closed) => initialized(processConnection(command, cwd), closed),
      usable: (server) => !server.ended,
      stop: (server) => server.stop(),
    });
  }

  /**
   * Starts spares until `count` wait; call it when no document runs: a server
   * starting beside a timed evaluation would take the CPU it measures.
   */
  fill(count: number): void {
    this.spares.fill(count);
  }

  /** A spare when one waits, else a server started now; an uninitialized one is always started now (spares are initialized). */
  connect(initialize = true, signal?: AbortSignal): Promise<RuntimeConnection> {
    return initialize ? this.spares.take(() => initialized(processConnection(this.command, this.cwd), signal), signal) : Promise.resolve(processConnection(this.command, this.cwd));
  }

  close(): Promise<void> {
    return this.spares.close();
  }
}

/**
 * Sessions of the built-in runtime, served in this process: the JSON-RPC lines go
 * through the same MCP server code and line transport as `spec-run serve`, over
 * in-process streams, and each session supervises its own SBCL worker, taken from
 * a small pool of workers started ahead.
 */
export class BuiltinRuntime implements RuntimeConnector {
  private readonly workers: WorkerPool;

  constructor(options: { spareWorkers?: number } = {}) {
    this.workers = new WorkerPool({ lisp: defaultLisp() }, options.spareWorkers ?? 2);
  }

  async connect(initialize = true): Promise<RuntimeConnection> {
    const toServer = new PassThrough();
    const fromServer = new PassThrough();
    const session = new RuntimeSession({ workers: this.workers });
    const served = serveSession(session, toServer, fromServer);
    // Stopping ends the worker at once, as stopping a server process would: an
    // evaluation in flight is answered as ended, and the server closes.
    const connection = new LineConnection(toServer, fromServer, async () => {
      toServer.end();
      await session.close();
      await served.catch(() => undefined);
    });
    served.then(
      () => connection.end('the runtime session was closed'),
      (error: Error) => connection.end(`the runtime session failed: ${error.message}`),
    );
    return initialize ? initialized(connection) : connection;
  }

  /** Workers are kept warm by the pool itself. */
  fill(): void {}

  /** Stops the spare workers; sessions still open are stopped by their owners. */
  close(): Promise<void> {
    return this.workers.close();
  }
}

/** Where a runner's sessions come from: the run's shared runtime, or a server started per session from the command. */
export function runtimeOf(options: Pick<RunOptions, 'runtime' | 'runtimeCommand' | 'projectRoot'>): RuntimeConnector {
  return options.runtime ?? new CommandRuntime(options.runtimeCommand, options.projectRoot);
}

/** The sessions of one driver: opened on request, all stopped together. */
export class ServerSet {
  private readonly servers = new Map<number, RuntimeConnection>();
  private lastId = 0;
  /** Set by stopAll: a session whose start was under way then is stopped once started. */
  private closed = false;
  /** Aborted by stopAll: a server still starting (one that never answers initialize) is stopped at once. */
  private readonly starting = new AbortController();
  /** Sessions whose MCP handshake is under way: a unit stopped at its limit then waited for the server's answer to initialize. */
  private handshakes = 0;

  constructor(
    private readonly runtime: RuntimeConnector,
    readonly transcript: Transcript,
    /** Told of each session as it is stopped: what it wrote over its life is known then. */
    private readonly onStop: (server: RuntimeConnection) => void = () => undefined,
  ) {}

  /**
   * Opens a session, with its MCP handshake done unless `initialize` is false; first
   * stops `released` ones, which spec code can no longer reach.
   */
  async start(initialize = true, released: number[] = []): Promise<number> {
    await Promise.all(released.map((id) => this.stop(id)));
    const id = ++this.lastId;
    if (initialize) this.handshakes++;
    const server = await this.runtime.connect(initialize, this.starting.signal).finally(() => initialize && this.handshakes--);
    if (this.closed) {
      // Its driver was stopped while it started (a unit past its time limit, a crash): nothing will stop it later.
      await server.stop();
      throw new Error('the sessions of this driver were stopped while this one started');
    }
    this.servers.set(id, server);
    return id;
  }

  /** True while a session's MCP handshake is under way (its server has not answered initialize yet). */
  get handshaking(): boolean {
    return this.handshakes > 0;
  }

  get size(): number {
    return this.servers.size;
  }

  async stop(id: number): Promise<void> {
    const server = this.servers.get(id);
    this.servers.delete(id);
    if (server) this.onStop(server);
    await server?.stop();
  }

  /**
   * Sends `line` (a JSON-RPC message, or any text a spec sends raw) to server `id`.
   * Resolves with the response text, or null for a notification (a JSON object without id).
   */
  async send(id: number, line: string): Promise<string | null> {
    const server = this.servers.get(id);
    if (!server) throw new Error(`no running runtime server ${id} (was it stopped?)`);
    let request: unknown = line;
    try {
      request = JSON.parse(line);
    } catch {
      // sent as written: a spec probing the server with malformed input
    }
    const sentAt = this.transcript.now();
    // Nothing answers a notification, nor a blank line (line-delimited JSON-RPC skips those): never wait for it.
    const isNotification =
      line.trim() === '' || (typeof request === 'object' && request !== null && !Array.isArray(request) && !('id' in request) && 'method' in request);
    if (isNotification) {
      server.notify(line);
      this.transcript.exchanges.push({ server: id, request, response: null, sentAt, durationMs: 0 });
      return null;
    }
    const exchange: Exchange = { server: id, request, response: null, sentAt, durationMs: 0 };
    this.transcript.exchanges.push(exchange);
    const answer = await server.exchange(line);
    exchange.response = JSON.parse(answer);
    exchange.durationMs = this.transcript.now() - sentAt;
    return answer;
  }

  async stopAll(): Promise<void> {
    this.closed = true;
    this.starting.abort();
    // A request stopped waiting (the unit's time limit): what its server wrote instead says why.
    for (const exchange of this.transcript.exchanges) {
      const notification = typeof exchange.request === 'object' && exchange.request !== null && !('id' in exchange.request);
      const server = exchange.response === null && exchange.durationMs === 0 && !notification ? this.servers.get(exchange.server) : undefined;
      const wrote = server?.unexpectedOutput?.();
      if (wrote) exchange.serverWrote = wrote;
    }
    const servers = [...this.servers.values()];
    this.servers.clear();
    for (const server of servers) this.onStop(server);
    await Promise.all(servers.map((s) => s.stop()));
  }
}
