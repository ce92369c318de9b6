// The driver process: SBCL started from the driver core image, running a
// document's own Lisp code. Spec code may use stdin and stdout, so spec-run
// talks to it on fds 3 (commands and replies, as s-expressions) and 4 (points,
// requests and "done", as JSON lines); fds 1 and 2 are kept for diagnostics.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import { stopProcess } from '../../executor/terminate.js';
import { asSpawn, inOwnPidNamespace } from '../../executor/containment.js';
import { defaultLisp, ensureCoreImage } from '../../lisp-image/core-image.js';
import { lispString } from './sexp.js';

const STOP_GRACE_MS = 500;
const here = dirname(fileURLToPath(import.meta.url));

/** The driver's Lisp sources, in load order (copied beside this file by the build). */
export const DRIVER_SOURCES = ['packages', 'json', 'host', 'vocabulary', 'checks', 'driver'].map((name) => join(here, `${name}.lisp`));

export function driverImage(): Promise<string> {
  return ensureCoreImage({ name: 'driver', sources: DRIVER_SOURCES, systems: ['fiveam'] });
}

export interface PointMessage {
  type: 'point';
  ok: boolean;
  name: string;
  file: string | null;
  line: number | null;
  skip?: string;
  diagnostics: Record<string, unknown> | null;
}

export interface RequestMessage {
  type: 'request';
  rid: number;
  op: string;
  [field: string]: unknown;
}

export interface DoneMessage {
  type: 'done';
  points: number;
  /** Seconds the spec code slept during the command. */
  slept: number;
}

type DriverMessage = PointMessage | RequestMessage | DoneMessage | { type: 'ready' };

/** Raised when the driver process ends while a command runs. */
export class DriverExited extends Error {}

export interface CommandHandlers {
  point(message: PointMessage): void;
  /** Answers a request with Lisp text for the value; a thrown error becomes a Lisp error. */
  request(message: RequestMessage): Promise<string>;
}

export class Driver {
  private readonly queue: DriverMessage[] = [];
  private waiter: (() => void) | null = null;
  private exitDescription: string | null = null;
  private outputTail = '';
  readonly exited: Promise<void>;

  private constructor(private readonly child: ChildProcess) {
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitDescription = signal ? `killed by ${signal}` : `exit code ${code}`;
        resolve();
        this.wake();
      });
      child.once('error', (error) => {
        this.exitDescription = error.message;
        resolve();
        this.wake();
      });
    });
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        this.outputTail = (this.outputTail + chunk).slice(-3000);
      });
    }
    createInterface({ input: child.stdio[4] as Readable }).on('line', (line) => {
      try {
        this.queue.push(JSON.parse(line) as DriverMessage);
      } catch {
        // Only the driver writes here, always whole JSON lines; keep anything else for diagnostics.
        this.outputTail = `${this.outputTail}\n[channel] ${line}`.slice(-3000);
        return;
      }
      this.wake();
    });
    (child.stdio[3] as Writable).on('error', () => undefined);
  }

  static async start(cwd: string): Promise<Driver> {
    const image = await driverImage();
    // In a PID namespace of its own, tied to spec-run: programs spec code starts end with the driver.
    const child = spawn(
      ...asSpawn(inOwnPidNamespace([defaultLisp().sbcl, '--core', image, '--noinform', '--disable-ldb', '--end-runtime-options', '--no-sysinit', '--no-userinit', '--disable-debugger', '--eval', '(spec-run::main)'])),
      { cwd, stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'], detached: true },
    );
    const driver = new Driver(child);
    const first = await driver.next();
    if (first.type !== 'ready') throw new Error(`the driver did not start: ${JSON.stringify(first)}`);
    return driver;
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  private async next(): Promise<DriverMessage> {
    for (;;) {
      const message = this.queue.shift();
      if (message) return message;
      if (this.exitDescription) throw new DriverExited(`the driver process ended (${this.exitDescription})${this.outputNote()}`);
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }

  private outputNote(): string {
    const tail = this.outputTail.trim();
    return tail ? `; its output ended with:\n${tail.split('\n').slice(-15).join('\n')}` : '';
  }

  /** Sends one command (Lisp text) and serves its requests until it is done. */
  async run(command: string, handlers: CommandHandlers): Promise<DoneMessage> {
    this.write(command);
    for (;;) {
      const message = await this.next();
      switch (message.type) {
        case 'point':
          handlers.point(message);
          break;
        case 'request': {
          let reply: string;
          try {
            reply = `(:ok ${await handlers.request(message)})`;
          } catch (error) {
            reply = `(:error ${lispString((error as Error).message)})`;
          }
          this.write(`(:reply ${message.rid} ${reply})`);
          break;
        }
        case 'done':
          return message;
        default:
          throw new Error(`unexpected message from the driver: ${JSON.stringify(message)}`);
      }
    }
  }

  private write(text: string): void {
    if (!this.exitDescription) (this.child.stdio[3] as Writable).write(`${text}\n`);
  }

  async stop(): Promise<void> {
    if (this.child.pid === undefined) return;
    await stopProcess(this.child.pid, this.exited, { graceMs: STOP_GRACE_MS, group: true });
  }
}

