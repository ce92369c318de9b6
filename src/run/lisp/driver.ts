// The driver process: SBCL started from the driver core image, running a
// document's own Lisp code. Spec code may use stdin and stdout, so spec-run
// talks to it on fds 3 (commands and replies, as s-expressions) and 4 (points,
// requests and "done", as JSON lines); fds 1 and 2 are kept for diagnostics.
import { Child, describeChildExit, readLines } from '../../process/child.js';
import { asSpawn, behindOwnParent, containment, inOwnPidNamespace, namespacedExit, tiedToParent } from '../../process/containment.js';
import { defaultLisp, ensureCoreImage } from '../../lisp-image/core-image.js';
import { lispSources } from '../../lisp-image/sources.js';
import { lispString } from './sexp.js';
import { VERSION } from '../../version.js';
import { driverLineDecoder, DriverProtocolError, encodeCommand, type DoneMessage, type DriverCommand, type LispText, type DriverMessage, type PointMessage, type RequestMessage } from './protocol.js';
import { setTimeout, clearTimeout } from '../../process/native-timers.js';

export type { DoneMessage, PointMessage, RequestMessage } from './protocol.js';

const STOP_GRACE_MS = 500;
/** Characters of the driver's stdout and stderr kept for the message when it dies. */
const OUTPUT_TAIL_CHARS = 4000;
/** What the driver writes to its output where a unit's output starts: ASCII's record separator. */
const PRINTED_START = '\u001e';
/** spec-run -> driver: commands and replies. */
const COMMANDS_FD = 3;
/** driver -> spec-run: points, requests, "done". */
const MESSAGES_FD = 4;

/** The driver's Lisp sources, in load order. */
export const DRIVER_SOURCES = lispSources(import.meta.url, ['../../lisp-image/frames', 'packages', 'json', 'host', 'sessions', 'vocabulary', 'answers', 'json-values', 'checks', 'broken-code', 'dialects', 'guard', 'driver', 'zygote'].map((name) => `${name}.lisp`));

export function driverImage(): Promise<string> {
  // The warm-up runs a small document before the image is saved (driver.lisp): drivers start with its caches filled.
  // The harness's definitions are noted after it, once (guard.lisp): every driver starts with the table.
  return ensureCoreImage({ name: 'driver', sources: DRIVER_SOURCES, systems: ['fiveam', 'bordeaux-threads'], finalForm: '(progn (spec-run::warm-up) (spec-run::note-harness-definitions))' });
}

/** Raised when the driver process ends while a command runs; `exitAt`, where spec code called EXIT, when it did. */
export class DriverExited extends Error {
  constructor(
    message: string,
    readonly exitAt?: { file: string | null; line: number | null },
  ) {
    super(message);
  }
}

/** A command written to the driver, whose messages are read by Driver.finish. */
export interface SentCommand {
  /** The driver's output mark when it was sent (Driver.printedSince). */
  readonly outputMark: number;
}

export interface CommandHandlers {
  point(message: PointMessage): void;
  /** Answers a request with Lisp text for the value; a thrown error becomes a Lisp error. */
  request(message: RequestMessage): Promise<LispText>;
}

/** How a driver's commands reach it and how it ends: a process of its own, or one the zygote forked. */
interface DriverLink {
  write(line: string): void;
  /** Set once the driver's process has ended: how it ended. */
  readonly ended: string | undefined;
  readonly outputTail: string;
  /** The process's output (the unit's own, see printed-tail in checks.lisp) since a mark of outputMark. */
  readonly output: Pick<Child, 'outputMark' | 'outputSince'>;
  /** Ends the driver; `exitSent`: it was told to exit (the exit command), and is not signalled unless it lingers. */
  stop(exitSent: boolean): Promise<void>;
}

/** Set to `fresh` to start every document's driver as a process of its own, never forked (benchmarks compare both). */
export const DRIVER_ENV = 'SPEC_RUN_DRIVER';

const sbclArgs = (image: string, form: string) => [defaultLisp().sbcl, '--core', image, '--noinform', '--disable-ldb', '--end-runtime-options', '--no-sysinit', '--no-userinit', '--disable-debugger', '--eval', form];

/** How `child`, started by driverProcess, ended and its output's tail: a SIGKILL unshare reports as exit code 1 given back as the SIGKILL it was (containment.ts). */
function driverEnd(child: Child): { ended: string | undefined; outputTail: string } {
  if (!child.exit) return { ended: undefined, outputTail: child.outputTail };
  const { exit, tail } = namespacedExit(child.exit, child.outputTail);
  return { ended: describeChildExit(exit), outputTail: tail };
}

/**
 * A driver process, in a PID namespace of its own, tied to spec-run: programs spec code starts
 * end with it. Without a namespace it runs behind a parent of its own, as a runtime worker does:
 * spec code that signals its parent (getppid) must not reach spec-run.
 */
function driverProcess(image: string, form: string, cwd: string): Child {
  const argv = sbclArgs(image, form);
  const [command, args] = asSpawn(containment().pidNamespace ? inOwnPidNamespace(argv) : tiedToParent(behindOwnParent(argv)));
  return new Child({ command, args, cwd, group: true, stdin: 'ignore', stdout: 'tail', extraPipes: 2, tailChars: OUTPUT_TAIL_CHARS });
}

/**
 * What to do when the driver's program could not be run at all (no SBCL installed), as
 * `spec-run doctor` says it, before the process's own words; nothing otherwise.
 */
export function missingProgram(outputTail: string): string {
  const program = /failed to execute (\S+): No such file or directory/.exec(outputTail)?.[1];
  if (program === undefined) return '';
  return `SBCL is not installed here (${program} was not found): apt-get install sbcl, or set SPEC_RUN_SBCL to its path (spec-run doctor lists what else this machine lacks); `;
}

export class Driver {
  /** Messages read and not yet taken; a malformed line is queued as its error, in its place. */
  private readonly queue: (DriverMessage | DriverProtocolError)[] = [];
  private waiter: (() => void) | null = null;
  /** Set once stop() is called: replies still due are dropped (see answer). */
  private stopped = false;
  /** Commands written and not yet done, oldest first: the driver runs them in that order. */
  private readonly unfinished: SentCommand[] = [];
  /** Where spec code called EXIT, once it has: the place of the failure its ending driver is. */
  private exitAt: { file: string | null; line: number | null } | undefined;
  private readonly decode = driverLineDecoder();

  constructor(private readonly link: DriverLink) {}

  /**
   * Where the driver said it exits from, if it did: spec code's call of EXIT, or the form it
   * was running when a stop at the time limit (SIGTERM, which SBCL answers by EXIT) reached it.
   */
  get exitPlace(): { file: string | null; line: number | null } | undefined {
    return this.exitAt;
  }

  /** A mark of the driver's output so far, for printedSince. */
  outputMark(): number {
    return this.link.output.outputMark;
  }

  /**
   * What the driver printed since MARK (the unit's output, which the driver copies there so
   * that it outlives a driver stopped at the time limit), as a failing point's `printed`.
   */
  printedSince(mark: number): string | undefined {
    const { text: since, dropped } = this.link.output.outputSince(mark);
    // The unit's output starts after the driver's mark of its start (see with-printed-kept).
    const start = since.lastIndexOf(PRINTED_START);
    const text = start === -1 ? since : since.slice(start + 1);
    if (!text) return undefined;
    return dropped && start === -1 ? `[${dropped} characters before these are left out]\n${text}` : text;
  }

  /**
   * A document's driver: forked by a zygote of `cwd` where this machine allows, else a process
   * of its own. `turn` runs the fork of the next document's driver, made ahead of time (the
   * run's quiet gate, as every driver start).
   */
  static async start(cwd: string, turn: Turn = (work) => work()): Promise<Driver> {
    await driversEnded();
    return (await Zygote.fork(cwd, turn)) ?? Driver.own(cwd);
  }

  private static async own(cwd: string): Promise<Driver> {
    const child = driverProcess(await driverImage(), `(spec-run::main :version ${lispString(VERSION)})`, cwd);
    const driver = new Driver({
      write: (line) => child.writeLine(COMMANDS_FD, line),
      get ended() {
        return driverEnd(child).ended;
      },
      get outputTail() {
        return driverEnd(child).outputTail;
      },
      output: child,
      stop: async (exitSent) => {
        if (exitSent) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([child.exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS)))]);
          clearTimeout(timer);
        }
        // Stopped all the same, whether it has exited or lingers: its group holds whatever the driver started.
        await child.stop(STOP_GRACE_MS);
      },
    });
    void child.exited.then(() => driver.wake());
    readLines(child.output(MESSAGES_FD), (line) => driver.receive(line));
    await driver.ready();
    return driver;
  }

  /** Waits for the driver's "ready"; its process id, when it says one. */
  async ready(): Promise<number | undefined> {
    const first = await this.next();
    if (first.type !== 'ready') throw new Error(`the driver did not start: ${JSON.stringify(first)}`);
    return first.pid;
  }

  receive(line: string): void {
    try {
      this.queue.push(this.decode(line));
    } catch (error) {
      this.queue.push(error as DriverProtocolError);
    }
    this.wake();
  }

  wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  private async next(): Promise<DriverMessage> {
    for (;;) {
      const message = this.queue.shift();
      if (message instanceof DriverProtocolError) throw message;
      if (message) return message;
      const ended = this.link.ended;
      if (ended) throw new DriverExited(`${missingProgram(this.link.outputTail)}the driver process ended (${ended})${this.outputNote()}`, this.exitAt);
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }

  private outputNote(): string {
    const tail = this.link.outputTail.replaceAll(PRINTED_START, '').trim();
    return tail ? `; its output ended with:\n${tail.split('\n').slice(-15).join('\n')}` : '';
  }

  /** Sends one command and serves its requests until it is done (finish). */
  run(command: DriverCommand, handlers: CommandHandlers): Promise<DoneMessage> {
    return this.finish(this.send(command), handlers);
  }

  /**
   * Writes one command now. The driver reads the next command once it is done with the one
   * before: a command sent while another runs starts as soon as that one is done, and their
   * messages are read in the order the commands were sent (finish).
   */
  send(command: DriverCommand): SentCommand {
    const sent = { outputMark: this.outputMark() };
    this.write(command);
    this.unfinished.push(sent);
    return sent;
  }

  /**
   * Serves the requests of SENT, the oldest command not done, until it is done. Each
   * request is served as it arrives and answered as it completes, so requests of
   * several spec-code threads overlap; the driver matches replies by rid. "done"
   * resolves once every request of the command has been answered.
   */
  async finish(sent: SentCommand, handlers: CommandHandlers): Promise<DoneMessage> {
    if (this.unfinished[0] !== sent) throw new Error('spec-run: driver commands are finished in the order they were sent');
    const inFlight = new Set<Promise<void>>();
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
          this.unfinished.shift();
          return message;
        case 'ready':
          throw new DriverProtocolError('the driver said "ready" again while it ran a command');
        case 'ended':
          throw new DriverProtocolError('a driver sent "ended", which only the zygote sends');
        case 'exiting':
          this.exitAt = { file: message.file, line: message.line };
          break;
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
    // A driver that was stopped or has ended reads no reply. A forked driver's commands go
    // through its zygote's pipe, which the next driver forked shares: written there, the
    // reply would reach that driver, whose requests are numbered from 1 too, as the
    // answer to its own request of the same rid.
    if (this.stopped || this.link.ended) return;
    this.write({ kind: 'reply', rid: message.rid, outcome });
  }

  private write(command: DriverCommand): void {
    this.link.write(encodeCommand(command));
  }

  /**
   * Ends the driver. One that has answered its last command is told to exit, which it does
   * at once; one stopped in a command (its time limit, a crash), or that does not exit
   * within the grace time, is signalled.
   */
  async stop(): Promise<void> {
    const idle = this.unfinished.length === 0 && !this.stopped && !this.link.ended;
    if (idle) this.write({ kind: 'exit' });
    this.stopped = true;
    await this.link.stop(idle);
  }

  /**
   * Stops the driver of a document that is done, without waiting for its end: the next
   * document sets up meanwhile, and the next driver starts once it has ended (start).
   */
  release(): void {
    const stopped: Promise<void> = this.stop()
      .catch(() => undefined)
      .finally(() => ending.delete(stopped));
    ending.add(stopped);
  }
}


/** The stops of released drivers (Driver.release) still under way. */
const ending = new Set<Promise<void>>();

/**
 * Once every released driver has ended, and what the zygote found left in its namespace
 * too: no driver is started (nor runs a document) while a document before it may still
 * have a process, as when each document awaited its driver's end.
 */
async function driversEnded(): Promise<void> {
  while (ending.size > 0) await Promise.all(ending);
}

/** Runs work that starts a process when the run allows it. */
export type Turn = <T>(work: () => Promise<T>) => Promise<T>;

/** How long an idle zygote waits for the next document before it ends. */
const ZYGOTE_IDLE_MS = 2000;

/**
 * A zygote (zygote.lisp): an SBCL process started from the driver image as the init of a
 * PID namespace of its own, which forks a driver for each document. A document's driver
 * then costs a fork instead of SBCL's start, and starts from the image as it was before
 * any document: whatever a document defined, started or opened lived in another process.
 * Once that process has ended, the zygote kills and reaps everything left in its
 * namespace before it says "ended". One document at a time per zygote; --jobs runs more.
 *
 * From the second document of a directory on, the next document's driver is forked ahead
 * of time by another zygote (a spare), so that its fork and start overlap the running
 * document instead of following it: two zygotes then take turns. A spare is forked from a
 * zygote that has run no document, as any driver is; it runs nothing until it is taken.
 */
class Zygote {
  private static readonly idle = new Map<string, Zygote[]>();
  /** Per directory: the driver forked ahead of time for the next document, once it is ready. */
  private static readonly spares = new Map<string, { zygote: Zygote; driver: Driver; first: boolean }>();
  /** Spares being forked, per directory (at most one each). */
  private static readonly preparing = new Map<string, Promise<void>>();
  /** False once a zygote could not be started here: documents then get processes of their own. */
  private static usable: boolean | undefined;
  /** The driver forked last, until the zygote says it has ended. */
  private current: { driver: Driver; setEnded: (how: string) => void; end: () => void } | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Set once close() began: the zygote is no more idle, nor held by anything but that close. */
  private closing = false;

  private constructor(
    private readonly child: Child,
    private readonly cwd: string,
  ) {
    void child.exited.then(() => {
      this.forget();
      const current = this.current;
      if (current) {
        current.setEnded(`the zygote that forked it ended: ${driverEnd(child).ended}`);
        current.end();
      }
    });
  }

  /** False where documents get drivers of their own rather than forked ones. */
  private static get used(): boolean {
    return Zygote.usable !== false && process.env[DRIVER_ENV] !== 'fresh' && containment().pidNamespace;
  }

  /** A driver forked for a document in `cwd`; null where zygotes are not used. */
  static async fork(cwd: string, turn: Turn): Promise<Driver | null> {
    if (!Zygote.used) return null;
    // The spare on its way is the sooner driver: a fork of its own would start a second zygote.
    if (!Zygote.spares.has(cwd)) await Zygote.preparing.get(cwd);
    const spare = Zygote.spares.get(cwd);
    Zygote.spares.delete(cwd);
    // A spare whose driver died while it waited is not taken (its zygote is idle again).
    if (spare && spare.zygote.current?.driver === spare.driver) {
      clearTimeout(spare.zygote.idleTimer);
      spare.zygote.child.hold(true);
      // The first document's (prestart) says nothing of a next one: the next is forked when one follows.
      if (!spare.first) Zygote.prepareSpare(cwd, turn);
      return spare.driver;
    }
    // A zygote idle here has run a document before: more are likely to follow.
    const followsAnother = (Zygote.idle.get(cwd)?.length ?? 0) > 0;
    const forked = await Zygote.forkNow(cwd);
    if (forked && followsAnother) Zygote.prepareSpare(cwd, turn);
    return forked?.driver ?? null;
  }

  private static async forkNow(cwd: string): Promise<{ zygote: Zygote; driver: Driver } | null> {
    let zygote = Zygote.idle.get(cwd)?.pop();
    if (zygote === undefined) {
      try {
        zygote = await Zygote.start(cwd);
      } catch {
        // A machine where a zygote cannot start will not start the next one either.
        Zygote.usable = false;
        return null;
      }
    }
    clearTimeout(zygote.idleTimer);
    zygote.child.hold(true);
    try {
      return { zygote, driver: await zygote.forkDriver() };
    } catch {
      // This zygote failed (its fork, its child's start): the document gets a process of its own, the next one another zygote.
      await zygote.close();
      return null;
    }
  }

  /** The first document's driver in `cwd`, forked now by a zygote started for it, unless one is there or on its way. */
  static prestart(cwd: string): void {
    if (Zygote.used && !Zygote.idle.get(cwd)?.length) Zygote.prepareSpare(cwd, (work) => work(), true);
  }

  /** Forks the next document's driver in `cwd` now, in `turn`, unless one is ready or on its way. */
  private static prepareSpare(cwd: string, turn: Turn, first = false): void {
    if (Zygote.spares.has(cwd) || Zygote.preparing.has(cwd)) return;
    const prepared = turn(async () => {
      const forked = await Zygote.forkNow(cwd);
      if (forked) {
        Zygote.spares.set(cwd, { ...forked, first });
        forked.zygote.park();
      }
    })
      .catch(() => undefined)
      .finally(() => Zygote.preparing.delete(cwd));
    Zygote.preparing.set(cwd, prepared);
  }

  private static async start(cwd: string): Promise<Zygote> {
    const child = driverProcess(await driverImage(), `(spec-run::zygote-main :version ${lispString(VERSION)})`, cwd);
    const zygote = new Zygote(child, cwd);
    const ready = new Promise<void>((resolve, reject) => {
      readLines(child.output(MESSAGES_FD), (line) => {
        if (zygote.current) zygote.receive(line);
        else if (line.startsWith('{"type":"ready"')) resolve();
        else reject(new Error(`the zygote did not start: ${line.slice(0, 300)}`));
      });
      void child.exited.then(() => {
        const { ended, outputTail } = driverEnd(child);
        reject(new Error(`${missingProgram(outputTail)}the zygote ended: ${ended}; ${outputTail.slice(-500)}`));
      });
    });
    await ready;
    return zygote;
  }

  private receive(line: string): void {
    const current = this.current!;
    // Only the zygote writes "ended", after the forked driver's process and everything it left are gone.
    if (line.startsWith('{"type":"ended"')) {
      const { code, signal } = JSON.parse(line) as { code?: number; signal?: number };
      current.setEnded(signal === undefined ? `exit code ${code ?? 'unknown'}` : `killed by signal ${signal}`);
      this.current = undefined;
      current.end();
      this.release();
    } else current.driver.receive(line);
  }

  private async forkDriver(): Promise<Driver> {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const child = this.child;
    const state: { ended?: string; pid?: number } = {};
    const driver = new Driver({
      write: (line) => child.writeLine(COMMANDS_FD, line),
      get ended() {
        return state.ended;
      },
      get outputTail() {
        return child.outputTail;
      },
      output: child,
      stop: async (exitSent) => {
        if (state.ended === undefined && state.pid !== undefined) {
          if (!exitSent) signal(state.pid, 'SIGTERM');
          const late = setTimeout(() => signal(state.pid!, 'SIGKILL'), STOP_GRACE_MS);
          await ended;
          clearTimeout(late);
        }
      },
    });
    this.current = {
      driver,
      setEnded: (how) => (state.ended ??= how),
      end: () => (end(), driver.wake()),
    };
    child.writeLine(COMMANDS_FD, encodeCommand({ kind: 'fork' }));
    state.pid = await driver.ready();
    return driver;
  }

  /** Idle again: kept for the next document of `cwd` for a while. */
  private release(): void {
    // A zygote being closed still says "ended" of the driver it held (a spare stopped with it):
    // released then, it would let go of the event loop while its close is awaited.
    if (this.closing || this.child.exit) return;
    const list = Zygote.idle.get(this.cwd) ?? [];
    list.push(this);
    Zygote.idle.set(this.cwd, list);
    // Idle, it does not hold the process: a program that embeds spec-run exits at once, and the zygote reads the end of its commands and ends.
    this.child.hold(false);
    this.idleTimer = setTimeout(() => void this.close(), ZYGOTE_IDLE_MS).unref();
  }

  /** Holding a spare: it does not hold the process, and ends with the driver after the idle time. */
  private park(): void {
    this.child.hold(false);
    this.idleTimer = setTimeout(() => void this.close(), ZYGOTE_IDLE_MS).unref();
  }

  private forget(): void {
    clearTimeout(this.idleTimer);
    if (Zygote.spares.get(this.cwd)?.zygote === this) Zygote.spares.delete(this.cwd);
    const list = Zygote.idle.get(this.cwd);
    if (list?.includes(this)) list.splice(list.indexOf(this), 1);
  }

  private async close(): Promise<void> {
    this.closing = true;
    this.forget();
    // Whoever awaits the close is kept alive until the zygote has ended.
    this.child.hold(true);
    await this.child.stop(STOP_GRACE_MS);
  }

  /** Ends every idle zygote (the end of a run). */
  static async closeAll(): Promise<void> {
    // A zygote whose driver is ending is idle once it has ended.
    await driversEnded();
    await Promise.all(Zygote.preparing.values());
    const spares = [...Zygote.spares.values()].map((spare) => spare.zygote);
    Zygote.spares.clear();
    await Promise.all([...Zygote.idle.values()].flat().concat(spares).map((zygote) => zygote.close()));
  }
}

/**
 * Starts a zygote in `cwd` and forks the first document's driver there, for a run about to
 * run Lisp documents: their SBCL start and fork then overlap the run's own setting up
 * (steps files, reporters), instead of following it. Unused, it ends with closeDrivers.
 */
export const prepareDrivers = (cwd: string): void => Zygote.prestart(cwd);

/** Ends the idle zygotes now rather than when their idle time is over (the end of a run). */
export const closeDrivers = (): Promise<void> => Zygote.closeAll();

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // It has ended already.
  }
}
