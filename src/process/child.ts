// One way to run a child process (a Lisp worker, a driver, a runtime server, a
// command of the executor): spawn it with its channels, read its lines or its raw
// bytes, know when and how it ended, keep a short tail of its diagnostic output,
// and stop it (and its group, even after the leader ended) with the
// SIGTERM -> grace -> SIGKILL discipline.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { killNow, stopProcess, type StopOptions, type StopOutcome } from './stop.js';
import { processWide } from './process-wide.js';
import { setTimeout, clearTimeout } from './native-timers.js';

export interface ChildOptions {
  command: string;
  args: string[];
  cwd?: string;
  /** Variables set for the child on top of spec-run's own environment. */
  env?: Record<string, string>;
  /** Lead a process group of its own, so that stop() ends whatever it started too. */
  group?: boolean;
  /** stop() also signals its descendants, those in process groups of their own included. */
  descendants?: boolean;
  /** fd 0: a pipe to write to, or nothing to read. */
  stdin: 'pipe' | 'ignore';
  /** fd 1: kept as a diagnostic tail ('tail'), or read by the caller ('pipe': lines, chunks or the stream). */
  stdout: 'tail' | 'pipe';
  /** Extra pipes after fd 2 (fds 3, 4, ...), for channels the child's own fds 0-2 must not carry. */
  extraPipes?: number;
  /** Fds of this process the child gets too, after the extra pipes (the same open files, not copies). */
  sharedFds?: number[];
  /** Characters of diagnostic output kept (default 2000). */
  tailChars?: number;
}

/** How a child ended. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all. */
  error?: Error;
}

export function describeChildExit(exit: ChildExit): string {
  if (exit.error) return exit.error.message;
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}

/**
 * The children started here that have not ended yet, spec-run's own work still under way,
 * each with a promise that settles once it has (see PIPES_CLOSE_MS).
 */
const running = processWide('children.ending', () => new Map<Child, Promise<void>>());
/** Other work of spec-run's own on processes, settled or not: see ownProcessWork. */
const pending = processWide('children.pending', () => new Set<Promise<void>>());

/**
 * Registers WORK (a one-shot command spec-run started itself, such as the `docker stop`
 * and `docker rm` of a step an interruption cut short) so that childrenEnded waits for it
 * too: the exit after the report must not cut it short, nor call it something a step left.
 */
export function ownProcessWork<T extends Promise<unknown>>(work: T): T {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  pending.add(settled);
  void settled.then(() => pending.delete(settled));
  return work;
}

/** Resolves once every child started here, those started meanwhile included, has ended. */
export async function childrenEnded(): Promise<void> {
  // Each round waits for something not yet settled, so timers (PIPES_CLOSE_MS) get their turn:
  // waiting for `exited` of a child that has exited but still holds its pipes spun for ever.
  while (running.size || pending.size) await Promise.all([...running.values(), ...pending]);
}

/** How long after a child's exit childrenEnded waits for its pipes to close. */
const PIPES_CLOSE_MS = 2000;

export class Child {
  /** Settles when the process has ended (or could not start). */
  readonly exited: Promise<ChildExit>;
  private ending?: ChildExit;
  private tail = '';
  /** Characters written to the diagnostic streams so far, the tail's among them. */
  private written = 0;
  private readonly process: ChildProcess;
  private readonly tailChars: number;

  constructor(private readonly options: ChildOptions) {
    this.tailChars = options.tailChars ?? 2000;
    const stdio: StdioOptions = [options.stdin, 'pipe', 'pipe', ...Array<'pipe'>(options.extraPipes ?? 0).fill('pipe'), ...(options.sharedFds ?? [])];
    const env = options.env && { ...process.env, ...options.env };
    this.process = spawn(options.command, options.args, { cwd: options.cwd, env, stdio, detached: options.group ?? false });
    this.exited = new Promise((resolve) => {
      this.process.once('exit', (code, signal) => resolve((this.ending ??= { code, signal })));
      this.process.once('error', (error) => resolve((this.ending ??= { code: null, signal: null, error })));
    });
    // Counted until its pipes have closed too (a process that has exited still holds the event
    // loop until then), but not past PIPES_CLOSE_MS: a program it left may hold them for ever.
    const ended = new Promise<void>((done) => {
      this.process.once('close', () => done());
      void this.exited.then(() => setTimeout(done, PIPES_CLOSE_MS).unref());
    });
    running.set(this, ended);
    void ended.then(() => running.delete(this));
    const keepTail = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      this.written += text.length;
      this.tail = (this.tail + text).slice(-this.tailChars);
    };
    if (options.stdout === 'tail') this.process.stdout!.on('data', keepTail);
    this.process.stderr!.on('data', keepTail);
    // A write after the child died fails with EPIPE; `exited` reports the death.
    for (const stream of this.process.stdio) stream?.on('error', () => undefined);
  }

  /** Resolves once the process runs; rejects when it cannot be started. */
  spawned(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.process.pid !== undefined) return resolve();
      this.process.once('spawn', resolve);
      this.exited.then((exit) => reject(exit.error ?? new Error(`${this.options.command} ended at once (${describeChildExit(exit)})`)));
    });
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  /** How the child ended, once it has. */
  get exit(): ChildExit | undefined {
    return this.ending;
  }

  /** The last characters it wrote to its diagnostic streams. */
  get outputTail(): string {
    return this.tail;
  }

  /** How many characters it has written to its diagnostic streams: a mark for outputSince. */
  get outputMark(): number {
    return this.written;
  }

  /** What it wrote to its diagnostic streams since MARK, as far as the tail keeps it, and how many characters before that are not kept. */
  outputSince(mark: number): { text: string; dropped: number } {
    const since = this.written - mark;
    const kept = Math.min(since, this.tail.length);
    return { text: this.tail.slice(this.tail.length - kept), dropped: since - kept };
  }

  /** The writable end of fd `fd` (0 or an extra pipe). */
  input(fd: number): Writable {
    return this.process.stdio[fd] as Writable;
  }

  /** The readable end of fd `fd` (1 when it is a channel, or an extra pipe). */
  output(fd: number): Readable {
    return this.process.stdio[fd] as Readable;
  }

  /**
   * Calls `onChunk` with the bytes of fd `fd` as they arrive, undecoded: a reader that
   * counts bytes or cuts at byte limits gets them unchanged, a character split
   * between chunks included.
   */
  onChunks(fd: number, onChunk: (chunk: Buffer) => void): void {
    this.output(fd).on('data', onChunk);
  }

  /**
   * Settles once every channel after stdin has closed, that is once every process
   * holding one (the child, and what it started) has ended or closed it. With `limitMs`,
   * stops reading after that long instead: a process that escaped a stop may hold a
   * pipe forever.
   */
  async outputClosed(limitMs = Infinity): Promise<void> {
    const channels = this.process.stdio.slice(1).filter((stream): stream is Readable => stream !== null);
    const closed = Promise.all(channels.map((stream) => (stream.closed ? undefined : new Promise((done) => stream.once('close', done)))));
    if (limitMs === Infinity) {
      await closed;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const cut = new Promise<void>((done) => {
      timer = setTimeout(() => {
        for (const stream of channels) stream.destroy();
        done();
      }, limitMs);
    });
    await Promise.race([closed, cut]);
    clearTimeout(timer);
  }

  /**
   * Whether the child keeps Node's event loop alive (it does from its start). A child
   * not held lets its parent exit; its pipes then close, which a child waiting for
   * commands takes as the end.
   */
  hold(held: boolean): void {
    const method = held ? 'ref' : 'unref';
    this.process[method]();
    for (const stream of this.process.stdio) (stream as (typeof stream & { ref?: () => void; unref?: () => void }) | null)?.[method]?.();
  }

  /** Writes `text` and a newline to fd `fd`, unless the child has ended. */
  writeLine(fd: number, text: string): void {
    if (!this.ending) this.input(fd).write(`${text}\n`);
  }

  /**
   * Ends the child: closes its stdin, SIGTERM (to its group when it leads one), `graceMs`,
   * SIGKILL. A group is stopped even when its leader has already ended: what the leader
   * left in it (a shell's background jobs) is stopped alone, and 'already-exited' means
   * nothing was left.
   */
  /** Kills the child at once (its group, when it leads one) and all below it, settling once they are gone (killNow). */
  async kill(): Promise<void> {
    const pid = this.process.pid;
    if (pid === undefined) return;
    const group = this.options.group ?? false;
    if (this.ending && !group) return;
    await killNow(pid, this.exited, { group });
  }

  async stop(graceMs: number, onSignal?: StopOptions['onSignal']): Promise<StopOutcome> {
    const pid = this.process.pid;
    if (pid === undefined) return 'already-exited';
    if (this.options.stdin === 'pipe') this.input(0).end();
    const group = this.options.group ?? false;
    // An ended child's pid may belong to another process by now; its group id cannot, while the group has members.
    if (this.ending && !group) return 'already-exited';
    return stopProcess(pid, this.exited, { graceMs, group, descendants: this.options.descendants && !this.ending, onSignal });
  }
}

export interface LineOptions {
  /** How bytes become text ('latin1' for ASCII-only channels); default utf8. */
  encoding?: BufferEncoding;
  /** A line past this many characters is dropped unbuilt, and `onOverlong` told, so input cannot exhaust memory. */
  maxChars?: number;
  onOverlong?: () => void;
}

/**
 * Calls `onLine` with each complete line of `stream`, without its newline (nor a
 * carriage return before it). Empty lines are passed on too: a reader decides
 * what they mean. Each chunk is searched once, so a long line costs linear time.
 */
/** What readLines holds: text of a line not yet ended, and a way to pass it text read elsewhere. */
export interface LineReader {
  /** True while part of a line (or of an overlong line being skipped) is held. */
  holdsPart(): boolean;
  /** Takes `chunk` as if the stream had given it (text read from the same input by another reader). */
  feed(chunk: string): void;
}

export function readLines(stream: Readable, onLine: (line: string) => void, options: LineOptions = {}): LineReader {
  const maxChars = options.maxChars ?? Infinity;
  let parts: string[] = [];
  let partChars = 0;
  /** Set while skipping the rest of an overlong line. */
  let skipping = false;
  stream.setEncoding(options.encoding ?? 'utf8');
  const feed = (chunk: string) => {
    let start = 0;
    for (let newline = chunk.indexOf('\n'); newline >= 0; newline = chunk.indexOf('\n', start)) {
      const piece = chunk.slice(start, newline);
      start = newline + 1;
      if (skipping) {
        skipping = false;
        continue;
      }
      if (partChars + piece.length > maxChars) {
        // A whole overlong line in one chunk: refused like one that arrives in pieces.
        parts = [];
        partChars = 0;
        options.onOverlong?.();
        continue;
      }
      const line = parts.length ? parts.join('') + piece : piece;
      parts = [];
      partChars = 0;
      onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    if (skipping || start === chunk.length) return;
    parts.push(chunk.slice(start));
    partChars += chunk.length - start;
    if (partChars > maxChars) {
      parts = [];
      partChars = 0;
      skipping = true;
      options.onOverlong?.();
    }
  };
  stream.on('data', feed);
  return { holdsPart: () => skipping || parts.length > 0, feed };
}
