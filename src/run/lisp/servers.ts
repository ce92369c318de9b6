// Runtime servers started for a document's sessions: each is a child process
// speaking JSON-RPC 2.0, one message per line on stdio (the MCP stdio transport).
// Requests go one at a time per server, so the next response line answers the
// request in flight, whatever its id (a parse error answers with id null).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { stopProcess } from '../../executor/terminate.js';
import { asSpawn, tiedToParent } from '../../executor/containment.js';

export const MCP_PROTOCOL_VERSION = '2025-06-18';
const STOP_GRACE_MS = 1000;

/** One exchange with a runtime server, kept for diagnostics and the benchmark. */
export interface Exchange {
  server: number;
  /** What was sent: the message object, or the raw line when it was not JSON. */
  request: unknown;
  /** The response, or null for a notification or when none came. */
  response: unknown;
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

export class RuntimeServer {
  private pending: Pending | null = null;
  private stderrTail = '';
  private exitDescription: string | null = null;
  readonly exited: Promise<void>;

  private constructor(private readonly child: ChildProcess) {
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitDescription = signal ? `killed by ${signal}` : `exit code ${code}`;
        this.pending?.reject(new Error(`the runtime server ended (${this.exitDescription}) before answering${this.stderrNote()}`));
        this.pending = null;
        resolve();
      });
      child.once('error', (error) => {
        this.exitDescription = error.message;
        this.pending?.reject(new Error(`the runtime server could not run: ${error.message}`));
        this.pending = null;
        resolve();
      });
    });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    });
    createInterface({ input: child.stdout! }).on('line', (line) => this.receive(line));
    // A server that stops reading its stdin must not crash spec-run with EPIPE.
    child.stdin!.on('error', () => undefined);
  }

  /** Starts `command` and completes the MCP handshake (initialize, notifications/initialized). */
  static async start(command: string[], cwd: string): Promise<RuntimeServer> {
    // Tied to spec-run: it ends with it, however spec-run ends (its worker is tied to it in turn).
    const child = spawn(...asSpawn(tiedToParent(command)), { cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const server = new RuntimeServer(child);
    try {
      const answer = JSON.parse(
        await server.exchange(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 0,
            method: 'initialize',
            params: { protocolVersion: MCP_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'spec-run', version: '0.1.0' } },
          }),
        ),
      ) as { error?: { message?: string } };
      if (answer.error) throw new Error(`the runtime server refused initialize: ${answer.error.message ?? JSON.stringify(answer.error)}`);
      server.notify(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get ended(): boolean {
    return this.exitDescription !== null;
  }

  private stderrNote(): string {
    const tail = this.stderrTail.trim();
    return tail ? `; its stderr ended with:\n${tail.split('\n').slice(-10).join('\n')}` : '';
  }

  private receive(line: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return; // not a protocol line; the server's business
    }
    if (typeof message !== 'object' || message === null) return;
    if ('method' in message) {
      // A request from the server (ping, roots/list...): answer so it never waits on us.
      if ('id' in message) {
        const reply = message.method === 'ping' ? { result: {} } : { error: { code: -32601, message: 'Method not found' } };
        this.notify(JSON.stringify({ jsonrpc: '2.0', id: message.id, ...reply }));
      }
      return;
    }
    const pending = this.pending;
    this.pending = null;
    pending?.resolve(line);
  }

  /** Sends one line and resolves with the next response line. */
  exchange(line: string): Promise<string> {
    if (this.exitDescription) return Promise.reject(new Error(`the runtime server has ended (${this.exitDescription})${this.stderrNote()}`));
    if (this.pending) return Promise.reject(new Error('a request to this runtime server is already in flight'));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.child.stdin!.write(`${line}\n`);
    });
  }

  /** Sends one line that has no answer (a notification). */
  notify(line: string): void {
    if (!this.exitDescription) this.child.stdin!.write(`${line}\n`);
  }

  async stop(): Promise<void> {
    if (this.child.pid === undefined) return;
    this.child.stdin!.end();
    await stopProcess(this.child.pid, this.exited, { graceMs: STOP_GRACE_MS, group: true });
  }
}

/**
 * Runtime servers started ahead of need, for --watch: between two runs, spares are
 * started (a start costs a few hundred milliseconds, mostly Node loading the MCP
 * SDK), and the next run's sessions take them with their handshake done. Spares
 * start only while nothing runs: a server starting beside a timed evaluation
 * would take the CPU it measures. close() stops the spares left.
 */
export class WarmServers {
  private spares: Promise<RuntimeServer>[] = [];

  constructor(
    readonly command: string[],
    readonly cwd: string,
  ) {}

  /** Starts spares until `count` wait; call it when no document runs. */
  fill(count: number): void {
    while (this.spares.length < count) {
      const spare = RuntimeServer.start(this.command, this.cwd);
      spare.catch(() => undefined); // a spare that failed to start is reported to the session that takes it
      this.spares.push(spare);
    }
  }

  /** A spare when one waits, else a server started now. */
  async take(): Promise<RuntimeServer> {
    const spare = this.spares.shift();
    const server = await (spare ?? RuntimeServer.start(this.command, this.cwd));
    // A spare can have died while it waited (killed from outside): never hand that out.
    return server.ended ? RuntimeServer.start(this.command, this.cwd) : server;
  }

  serves(command: string[], cwd: string): boolean {
    return this.cwd === cwd && this.command.length === command.length && this.command.every((arg, i) => arg === command[i]);
  }

  async close(): Promise<void> {
    const spares = this.spares;
    this.spares = [];
    await Promise.all(spares.map((spare) => spare.then((server) => server.stop(), () => undefined)));
  }
}

/** A server for `command`, handshake done: from the warm pool when it serves that command. */
export function startServer(command: string[], cwd: string, warm?: WarmServers): Promise<RuntimeServer> {
  return warm?.serves(command, cwd) ? warm.take() : RuntimeServer.start(command, cwd);
}

/** The servers of one driver: started on request, all stopped together. */
export class ServerSet {
  private readonly servers = new Map<number, RuntimeServer>();
  private lastId = 0;

  constructor(
    private readonly command: string[],
    private readonly cwd: string,
    readonly transcript: Transcript,
    private readonly warm?: WarmServers,
  ) {}

  async start(): Promise<number> {
    const id = ++this.lastId;
    this.servers.set(id, await startServer(this.command, this.cwd, this.warm));
    return id;
  }

  get size(): number {
    return this.servers.size;
  }

  async stop(id: number): Promise<void> {
    const server = this.servers.get(id);
    this.servers.delete(id);
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
    const servers = [...this.servers.values()];
    this.servers.clear();
    await Promise.all(servers.map((s) => s.stop()));
  }
}
