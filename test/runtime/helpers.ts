// Drives the real runtime server over stdio: through the MCP SDK's client, and
// through a raw line client for input the SDK would never send.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const SERVER_BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'runtime', 'bin.js');

export interface ToolAnswer {
  text: string;
  isError: boolean;
}

export class SdkSession {
  private constructor(readonly client: Client, readonly transport: StdioClientTransport) {}

  static async open(): Promise<SdkSession> {
    const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER_BIN], stderr: 'pipe' });
    const client = new Client({ name: 'runtime-tests', version: '1.0.0' });
    await client.connect(transport);
    return new SdkSession(client, transport);
  }

  async call(name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
    const result = await this.client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
    const content = result.content as { type: string; text: string }[];
    if (content.length !== 1 || content[0].type !== 'text') throw new Error(`expected one text item, got ${JSON.stringify(content)}`);
    return { text: content[0].text, isError: result.isError === true };
  }

  evaluate(code: string, extra: Record<string, unknown> = {}): Promise<ToolAnswer> {
    return this.call('evaluate-lisp', { code, ...extra });
  }

  configure(args: Record<string, unknown>): Promise<ToolAnswer> {
    return this.call('configure-limits', args);
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/** A client speaking raw lines, for malformed input and exact wire checks. */
export class LineClient {
  readonly child: ChildProcessWithoutNullStreams;
  private lines: string[] = [];
  private waiters: ((line: string) => void)[] = [];
  readonly exited: Promise<number | null>;

  constructor() {
    this.child = spawn(process.execPath, [SERVER_BIN], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    let buffered = '';
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const waiter = this.waiters.shift();
        if (waiter) waiter(line);
        else this.lines.push(line);
      }
    });
  }

  sendLine(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  send(message: unknown): void {
    this.sendLine(JSON.stringify(message));
  }

  /** The next line the server writes, as written. */
  nextLine(): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The next line the server writes, parsed. */
  next(): Promise<Record<string, any>> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(JSON.parse(line));
    return new Promise((resolve) => this.waiters.push((l) => resolve(JSON.parse(l))));
  }

  /** Sends a request and waits for the next line (the client sends one at a time). */
  async request(id: unknown, method: string, params?: unknown): Promise<Record<string, any>> {
    this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
    return this.next();
  }

  async initialize(): Promise<Record<string, any>> {
    const answer = await this.request(0, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'line-client', version: '1' },
    });
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return answer;
  }

  async tool(id: unknown, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
    const answer = await this.request(id, 'tools/call', { name, arguments: args });
    if (!answer.result) throw new Error(`tools/call failed: ${JSON.stringify(answer)}`);
    return { text: answer.result.content[0].text, isError: answer.result.isError === true };
  }

  async close(): Promise<number | null> {
    this.child.stdin.end();
    return this.exited;
  }
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops `pid` (SIGSTOP) and waits until the stop has taken hold: the signal is sent at once, the stop comes a moment later. */
export async function stopProcess(pid: number): Promise<boolean> {
  process.kill(pid, 'SIGSTOP');
  return waitFor(() => /^\d+ \(.*\) [Tt] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')), 5000);
}

export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return condition();
}

/**
 * Code that answers the worker's process id as the machine sees it: in a PID namespace
 * getpid answers 1, while /proc (the machine's) names the process by its outer id.
 */
export const WORKER_PID_CODE = '(values (parse-integer (sb-unix:unix-readlink "/proc/self")))';
