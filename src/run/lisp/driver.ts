// The driver process: SBCL started from the driver core image, running a
// document's own Lisp code. Spec code may use stdin and stdout, so spec-run
// talks to it on fds 3 (commands and replies, as s-expressions) and 4 (points,
// requests and "done", as JSON lines); fds 1 and 2 are kept for diagnostics.
import { Child, describeChildExit, readLines } from '../../process/child.js';
import { asSpawn, inOwnPidNamespace } from '../../process/containment.js';
import { defaultLisp, ensureCoreImage } from '../../lisp-image/core-image.js';
import { lispSources } from '../../lisp-image/sources.js';
import { lispString } from './sexp.js';
import { VERSION } from '../../version.js';
import { decodeDriverLine, DriverProtocolError, encodeCommand, type DoneMessage, type DriverCommand, type LispText, type DriverMessage, type PointMessage, type RequestMessage } from './protocol.js';

export type { DoneMessage, PointMessage, RequestMessage } from './protocol.js';

const STOP_GRACE_MS = 500;
/** Characters of the driver's stdout and stderr kept for the message when it dies. */
const OUTPUT_TAIL_CHARS = 3000;
/** spec-run -> driver: commands and replies. */
const COMMANDS_FD = 3;
/** driver -> spec-run: points, requests, "done". */
const MESSAGES_FD = 4;

/** The driver's Lisp sources, in load order. */
export const DRIVER_SOURCES = lispSources(import.meta.url, ['../../lisp-image/frames', 'packages', 'json', 'host', 'sessions', 'vocabulary', 'checks', 'dialects', 'driver'].map((name) => `${name}.lisp`));

export function driverImage(): Promise<string> {
  return ensureCoreImage({ name: 'driver', sources: DRIVER_SOURCES, systems: ['fiveam', 'bordeaux-threads'] });
}

/** Raised when the driver process ends while a command runs. */
export class DriverExited extends Error {}

export interface CommandHandlers {
  point(message: PointMessage): void;
  /** Answers a request with Lisp text for the value; a thrown error becomes a Lisp error. */
  request(message: RequestMessage): Promise<LispText>;
}

export class Driver {
  /** Messages read and not yet taken; a malformed line is queued as its error, in its place. */
  private readonly queue: (DriverMessage | DriverProtocolError)[] = [];
  private waiter: (() => void) | null = null;

  private constructor(private readonly child: Child) {
    void child.exited.then(() => this.wake());
    readLines(child.output(MESSAGES_FD), (line) => {
      try {
        this.queue.push(decodeDriverLine(line));
      } catch (error) {
        this.queue.push(error as DriverProtocolError);
      }
      this.wake();
    });
  }

  static async start(cwd: string): Promise<Driver> {
    const image = await driverImage();
    // In a PID namespace of its own, tied to spec-run: programs spec code starts end with the driver.
    const [command, args] = asSpawn(
      inOwnPidNamespace([defaultLisp().sbcl, '--core', image, '--noinform', '--disable-ldb', '--end-runtime-options', '--no-sysinit', '--no-userinit', '--disable-debugger', '--eval', `(spec-run::main :version ${lispString(VERSION)})`]),
    );
    const child = new Child({
      command,
      args,
      cwd,
      group: true,
      stdin: 'ignore',
      stdout: 'tail',
      extraPipes: 2,
      tailChars: OUTPUT_TAIL_CHARS,
    });
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
      if (message instanceof DriverProtocolError) throw message;
      if (message) return message;
      const exit = this.child.exit;
      if (exit) throw new DriverExited(`the driver process ended (${describeChildExit(exit)})${this.outputNote()}`);
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }

  private outputNote(): string {
    const tail = this.child.outputTail.trim();
    return tail ? `; its output ended with:\n${tail.split('\n').slice(-15).join('\n')}` : '';
  }

  /**
   * Sends one command and serves its requests until it is done. Each
   * request is served as it arrives and answered as it completes, so requests of
   * several spec-code threads overlap; the driver matches replies by rid. "done"
   * resolves once every request of the command has been answered.
   */
  async run(command: DriverCommand, handlers: CommandHandlers): Promise<DoneMessage> {
    const inFlight = new Set<Promise<void>>();
    this.write(command);
    for (;;) {
      const message = await this.next();
      switch (message.type) {
        case 'point':
          handlers.point(message);
          break;
        case 'request': {
          const answered = this.answer(message, handlers).finally(() => inFlight.delete(answered));
          inFlight.add(answered);
          break;
        }
        case 'done':
          await Promise.all(inFlight);
          return message;
        case 'ready':
          throw new DriverProtocolError('the driver said "ready" again while it ran a command');
      }
    }
  }

  private async answer(message: RequestMessage, handlers: CommandHandlers): Promise<void> {
    let outcome: Extract<DriverCommand, { kind: 'reply' }>['outcome'];
    try {
      outcome = { ok: true, value: await handlers.request(message) };
    } catch (error) {
      outcome = { ok: false, message: (error as Error).message };
    }
    this.write({ kind: 'reply', rid: message.rid, outcome });
  }

  private write(command: DriverCommand): void {
    this.child.writeLine(COMMANDS_FD, encodeCommand(command));
  }

  async stop(): Promise<void> {
    await this.child.stop(STOP_GRACE_MS);
  }
}

