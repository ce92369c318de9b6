// One SBCL worker process: started from the worker core image, spoken to on
// fds 3 (requests, one s-expression per line), 4 (answers, one ASCII JSON line
// each) and 5 (cancellations). The process's own fds 0-2 belong to user code:
// stdin is empty, and whatever it writes to fds 1 and 2 is read and dropped here,
// keeping only a short tail to explain a crash. User code can write on fd 4 too:
// each request carries a random token, and only a line with the pending request's
// id and token is taken as its answer. Given the client's stdout (replyFd), the
// worker answers a request that carries the client's id there itself (passed as fd 6,
// which it moves to a descriptor of its own and closes, so that user code writing on
// fd 6 does not reach the client), and Node's lines for the client go through it
// meanwhile (see control.lisp); it says it has answered once the answer is written, and
// marks the answer in a file (fd 7) while it writes it (see ReplyMarks).
import { randomBytes } from 'node:crypto';
import { readFileSync, readSync } from 'node:fs';
import { ensureCoreImage, type LispImplementation } from '../lisp-image/core-image.js';
import { lispString } from '../lisp-image/lisp-string.js';
import { lispSources } from '../lisp-image/sources.js';
import { Child, readLines, type ChildExit } from '../process/child.js';
import { asSpawn, behindOwnParent, containment, inOwnPidNamespace, namespacedExit, tiedToParent } from '../process/containment.js';
import { processState } from '../process/stop.js';
import { ReplyMarks } from './reply-marks.js';

/** The worker's Lisp sources, in load order, relative to this module. */
export const WORKER_SOURCES = ['../lisp-image/frames.lisp', ...['package', 'json', 'capture', 'evaluate', 'reply', 'lease', 'control'].map((name) => `lisp/${name}.lisp`)];

/** The worker's heap size (SBCL dynamic space) unless a session asks for another. */
export const DEFAULT_DYNAMIC_SPACE_MB = 2048;

export function workerImage(lisp: LispImplementation): Promise<string> {
  return ensureCoreImage(
    {
      name: 'runtime-worker',
      sources: lispSources(import.meta.url, WORKER_SOURCES),
      finalForm: '(spec-run.worker::warm-up)',
      // Workers of the default size then start with half the memory resident (see CoreImageSpec).
      dynamicSpaceMb: DEFAULT_DYNAMIC_SPACE_MB,
    },
    lisp,
  );
}

export interface WorkerOptions {
  lisp: LispImplementation;
  /** Size of the worker's heap (SBCL dynamic space) in megabytes (default DEFAULT_DYNAMIC_SPACE_MB). */
  dynamicSpaceMb?: number;
  /**
   * The longest answer line read, in characters (default MAX_ANSWER_CHARS): a longer one
   * is not built (a string past V8's limit would end the process) and its request fails.
   */
  maxAnswerChars?: number;
  /**
   * The fd of the client's stdout (1, serving on real stdio): passed to the worker, which then
   * answers requests with a replyId there itself. Unset, every answer comes back to Node.
   */
  replyFd?: number;
  /**
   * With replyFd, the fd of the client's stdin (0): passed to the worker, which reads the
   * client's requests itself while Node leases it the reading (see lease.lisp and StdinLease).
   */
  clientFd?: number;
}

/** What a lease's return says: the bytes read and not taken up, and the job Node is to answer. */
export interface LeaseReturn {
  seq: number;
  reason: string;
  /** The client's bytes the worker read and did not take up, Node's to read before stdin's next. */
  unread: Buffer;
  /** The evaluation id Node's next request gets (the worker numbered its own from the lease's). */
  nextId: number;
  /** A job taken up and perhaps not answered: Node tracks it; `answer` settles as the worker's does. */
  job?: { id: number; token: string; replyId: string; answer: Promise<WorkerAnswer> };
}

/** Bytes of the journal's header (lease.lisp's +JOURNAL-HEADER+). */
const JOURNAL_HEADER = 512;

/**
 * The default longest answer line: far above what max-output lets through in normal use,
 * below V8's longest string (2^29 characters), which a bigger line would overrun.
 */
export const MAX_ANSWER_CHARS = 256 * 1024 * 1024;

export interface EvaluationRequest {
  id: number;
  code: string;
  package?: string;
  /** Undefined: no timeout. */
  timeoutMs?: number;
  /** With a timeout: how long the worker lets a timed-out evaluation unwind, over all its interrupts, before answering "stuck". */
  graceMs?: number;
  maxOutput: number;
  /** Collect earlier garbage and warm the compiler before the clock starts (for time-execution). */
  prepareForTiming?: boolean;
  /** The answer's text ends with the "; Timing:" line. */
  captureTime?: boolean;
  /** A last paragraph of the answer's text (the session's note that an earlier worker died). */
  note?: string;
  /** The client's JSON-RPC id as JSON text: a worker given replyFd answers the client itself. */
  replyId?: string;
  /** Cancelled before it was sent: the worker answers "cancelled" without evaluating anything. */
  cancelled?: boolean;
}

export interface WorkerTiming {
  realUs: number;
  runUs: number;
  gcUs: number;
  bytes: number;
}

/** The worker's answer to an evaluation, as it writes it. */
export interface WorkerAnswer {
  id: number;
  /** The request's token, echoed: a line without it was not written by the worker's answering code. */
  token?: string;
  status: 'ok' | 'error' | 'timeout' | 'cancelled' | 'stuck' | 'protocol-error';
  stdout: string;
  stdoutDropped: number;
  stderr: string;
  stderrDropped: number;
  warnings: string[];
  warningsDropped: number;
  package: string;
  values?: string[];
  valuesDropped?: number;
  /** `backtrace`: the frames of the user's code that led to the error, when they could be taken. */
  error?: { type: string; message: string; backtrace?: string };
  timing?: WorkerTiming | null;
  threadsStopped?: string[];
  threadsUnstoppable?: string[];
  message?: string;
  /** evaluate-lisp's answer to this evaluation (see reply.lisp); absent when `replied`. */
  text?: string;
  isError?: boolean;
  structured?: Record<string, unknown>;
  /**
   * The worker wrote the JSON-RPC response to the client itself: this line, which comes once
   * it is written, only completes the request (id, status, threads).
   */
  replied?: boolean;
  /** With `replied`, set here: settles true once the response is written, false when the worker ended first. */
  replyWritten?: Promise<boolean>;
}

/** The worker ended (or was ended) while a request was outstanding. */
export class WorkerExit extends Error {
  constructor(
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly outputTail: string,
    /** Why Node ended the process, when it ended it for a reason the user is told (see LispWorker.stop). */
    readonly endedBecause?: string,
  ) {
    super(`the Lisp process ended (${signal ? `signal ${signal}` : `exit code ${code}`})`);
  }
}

const OUTPUT_TAIL_CHARS = 2000;

export function requestLine(request: EvaluationRequest, token = ''): string {
  const parts = [`(:evaluate :id ${request.id} :token ${lispString(token)} :code ${lispString(request.code)}`];
  if (request.package !== undefined) parts.push(`:package ${lispString(request.package)}`);
  if (request.timeoutMs !== undefined) parts.push(`:timeout-ms ${request.timeoutMs}`);
  if (request.graceMs !== undefined) parts.push(`:grace-ms ${request.graceMs}`);
  if (request.prepareForTiming) parts.push(':prepare-timing t');
  if (request.captureTime) parts.push(':capture-time t');
  if (request.note !== undefined) parts.push(`:note ${lispString(request.note)}`);
  if (request.replyId !== undefined) parts.push(`:reply-id ${lispString(request.replyId)}`);
  if (request.cancelled) parts.push(':cancelled t');
  parts.push(`:max-output ${request.maxOutput})`);
  return parts.join(' ');
}

/**
 * A fresh random token for each request, 16 bytes of the system's random source, drawn
 * 256 tokens at a time: a call of randomBytes per request cost microseconds of each round trip.
 */
const nextToken = (() => {
  const TOKEN_BYTES = 16;
  let drawn = Buffer.alloc(0);
  let offset = 0;
  return (): string => {
    if (offset === drawn.length) {
      drawn = randomBytes(256 * TOKEN_BYTES);
      offset = 0;
    }
    offset += TOKEN_BYTES;
    return drawn.toString('hex', offset - TOKEN_BYTES, offset);
  };
})();

/** The worker's request channel (fd 3), answer channel (fd 4) and cancel channel (fd 5). */
const REQUESTS_FD = 3;
const ANSWERS_FD = 4;
const CANCELS_FD = 5;
/** Where the worker finds the client's stdout, when it is given it, and the file it marks its answers in (see ReplyMarks). */
const REPLIES_FD = 6;
const MARKS_FD = 7;
/** The client's stdin and the journal of what the worker read from it under a lease (see lease.lisp). */
const CLIENT_FD = 8;
const JOURNAL_FD = 9;

export class LispWorker {
  /** Settles when the process has ended, with its exit. */
  readonly exited: Promise<WorkerExit>;
  private pending?: { id: number; token: string; replies: boolean; resolve: (a: WorkerAnswer) => void; reject: (e: Error) => void };
  /** Lines for the client the worker is to write and has not acknowledged yet, by token: Node's (relay) and its own responses. */
  private relayed = new Map<string, (written: boolean) => void>();
  /** Settle as the lines in `relayed` are written (or the worker ends). */
  private writing = new Set<Promise<boolean>>();
  /** Lines on the answer channel that were no answer to the pending request (forged by user code), dropped. */
  forgedLines = 0;
  private readyWaiter?: { resolve: () => void; reject: (e: Error) => void };
  private ended?: WorkerExit;

  private constructor(
    private readonly child: Child,
    maxAnswerChars: number,
    /** With the client's stdout (see WorkerOptions.replyFd), the file the worker marks its answers in. */
    private readonly marks?: ReplyMarks,
    /** With the client's stdin, the file the worker journals what it read there under a lease. */
    private readonly journal?: ReplyMarks,
    /** Started in a PID namespace of its own or behind a parent of its own: SBCL is then the child of the process started (unshare). */
    private readonly behindParent = false,
  ) {
    this.replies = marks !== undefined;
    this.exited = child.exited.then((exit: ChildExit) => {
      const ended = namespacedExit(exit, child.outputTail);
      this.ended = exit.error
        ? new WorkerExit(null, null, exit.error.message, this.endedBecause)
        : new WorkerExit(ended.exit.code, ended.exit.signal, ended.tail, this.endedBecause);
      // An answer to the client it had begun, whose completion line Node had not read.
      const mark = marks?.read<WorkerAnswer>();
      const pending = this.pending;
      this.pending = undefined;
      if (pending?.replies && mark?.completion.token === pending.token) {
        pending.resolve({ ...mark.completion, replyWritten: this.awaitWritten(pending.token) });
      } else pending?.reject(this.ended);
      const written = (token: string) => mark?.state === 'W' && mark.completion.token === token;
      // Ended while it owed the client a line it had been given or had begun: it may have
      // written part of one. Ended before beginning its answer, it wrote none of it.
      this.endedMidReply = [...this.relayed.keys()].some((token) => !written(token));
      // Lines it had not written yet are the caller's to write again.
      for (const [token, settle] of this.relayed) settle(written(token));
      this.relayed.clear();
      this.readyWaiter?.reject(new Error(`the Lisp worker did not start: ${this.ended.message}\n${this.ended.outputTail}`));
      this.readyWaiter = undefined;
      // A lease it held is Node's again, with what the journal says was read.
      // (Before the marks file closes: it says whether the job taken up last was answered.)
      if (this.lease) this.leaseReturned(this.lease.seq, 'exited');
      marks?.close();
      journal?.close();
      return this.ended;
    });
    readLines(child.output(ANSWERS_FD), (line) => this.onAnswer(line), {
      encoding: 'latin1',
      maxChars: maxAnswerChars,
      onOverlong: () => {
        // The rest of the line is skipped; the request it answered fails, the worker stays.
        this.pending?.reject(new Error(`the Lisp worker's answer exceeded ${maxAnswerChars} characters and was dropped; lower max-output`));
        this.pending = undefined;
      },
    });
  }

  /** Whether the worker has the client's stdout (see WorkerOptions.replyFd). */
  readonly replies: boolean;

  get pid(): number {
    return this.child.pid!;
  }

  /** Starts a worker and waits until it says it is ready. */
  static async start(options: WorkerOptions): Promise<LispWorker> {
    const core = await workerImage(options.lisp);
    // Without a marks file (no writable temporary directory) the worker answers through Node.
    const marks = options.replyFd === undefined ? undefined : ReplyMarks.open();
    const journal = marks === undefined || options.clientFd === undefined ? undefined : ReplyMarks.open();
    const args = [
      '--core', core,
      '--dynamic-space-size', String(options.dynamicSpaceMb ?? DEFAULT_DYNAMIC_SPACE_MB),
      '--noinform', '--disable-ldb',
      '--end-runtime-options',
      '--no-sysinit', '--no-userinit', '--non-interactive',
      '--eval',
      marks === undefined
        ? '(spec-run.worker:main)'
        : `(spec-run.worker:main :replies-fd ${REPLIES_FD} :marks-fd ${MARKS_FD}${journal ? ` :client-fd ${CLIENT_FD} :journal-fd ${JOURNAL_FD}` : ''})`,
    ];
    // fds 0-2 belong to user code: stdin is empty, fds 1 and 2 only feed the crash tail. In a PID
    // namespace of its own where the machine allows it: when the worker ends, however it ends (its
    // heap exhausted, SIGKILL), the kernel ends every program user code started, setsid ones and
    // daemons included, whatever flags that code changed. Tied to the process that serves it
    // either way: when that ends, the worker does. Stopped with the programs user code started.
    // Its own process group, and a parent that is not spec-run: user code that signals its parent
    // or its process group (kill(getppid()), kill(0)) must not end the run that evaluates it.
    const sbcl = [options.lisp.sbcl, ...args];
    const { pidNamespace, parentDeath } = containment();
    const [command, spawnArgs] = asSpawn(pidNamespace ? inOwnPidNamespace(sbcl, 'HUP') : tiedToParent(behindOwnParent(sbcl, 'HUP')));
    const shared = marks === undefined ? [] : journal ? [options.replyFd!, marks.fd, options.clientFd!, journal.fd] : [options.replyFd!, marks.fd];
    const child = new Child({ command, args: spawnArgs, group: true, stdin: 'ignore', stdout: 'tail', extraPipes: 3, sharedFds: shared, tailChars: OUTPUT_TAIL_CHARS, descendants: true });
    const worker = new LispWorker(child, options.maxAnswerChars ?? MAX_ANSWER_CHARS, marks, journal, pidNamespace || parentDeath);
    const ready = new Promise<void>((resolve, reject) => (worker.readyWaiter = { resolve, reject }));
    await Promise.all([child.spawned(), ready]);
    return worker;
  }

  private onAnswer(line: string): void {
    if (!line) return;
    let answer: WorkerAnswer & { ready?: boolean; written?: string; lease?: number; back?: string };
    try {
      answer = JSON.parse(line);
    } catch {
      this.pending?.reject(new Error(`unreadable answer from the Lisp worker: ${line.slice(0, 200)}`));
      this.pending = undefined;
      return;
    }
    if (answer.lease !== undefined) {
      this.leaseReturned(answer.lease, String(answer.back));
      return;
    }
    if (answer.ready) {
      this.readyWaiter?.resolve();
      this.readyWaiter = undefined;
      return;
    }
    // A relayed line written, or the completion of an answer taken as under way (answerUnderWay).
    const acknowledged = answer.written ?? (answer.replied ? answer.token : undefined);
    if (acknowledged !== undefined && this.relayed.has(acknowledged)) {
      const written = this.relayed.get(acknowledged)!;
      this.relayed.delete(acknowledged);
      written(true);
      return;
    }
    const pending = this.pending;
    if (answer.written !== undefined || !pending || answer.id !== pending.id || answer.token !== pending.token) {
      this.forgedLines++;
      return;
    }
    this.pending = undefined;
    if (answer.replied && pending.replies) answer.replyWritten = Promise.resolve(true);
    if (answer.status === 'protocol-error') pending.reject(new Error(`the Lisp worker refused a request: ${answer.message}`));
    else pending.resolve(answer);
  }

  get alive(): boolean {
    return this.ended === undefined;
  }

  /** How the process ended, once it has (set before `exited` settles and before a lease it held comes back). */
  get exit(): WorkerExit | undefined {
    return this.ended;
  }

  /** Set when the worker ended while it owed the client a line: part of one may stand unfinished on the client's stream. */
  endedMidReply = false;

  /** Sends one request and waits for its answer; one request at a time. */
  evaluate(request: EvaluationRequest): Promise<WorkerAnswer> {
    if (this.ended) return Promise.reject(this.ended);
    if (this.pending) return Promise.reject(new Error('the Lisp worker is busy'));
    const token = nextToken();
    return new Promise((resolve, reject) => {
      this.pending = { id: request.id, token, replies: this.replies && request.replyId !== undefined, resolve, reject };
      this.child.writeLine(REQUESTS_FD, requestLine(request, token));
    });
  }

  /**
   * True when the pending request's answer to the client is being written, or has just been:
   * its evaluation is over, and its completion line comes once the answer is written (a client
   * that does not read holds it). The request is answered then, its replyWritten settling as
   * that line comes (or the worker ends). What a backstop asks before ending the worker.
   */
  answerUnderWay(): boolean {
    const pending = this.pending;
    if (!pending?.replies || this.ended) return false;
    const mark = this.marks?.read<WorkerAnswer>();
    if (mark?.completion.token !== pending.token) return false;
    this.pending = undefined;
    pending.resolve({ ...mark.completion, replyWritten: this.awaitWritten(pending.token) });
    return true;
  }

  /**
   * Asks the worker to interrupt evaluation `id` as a timeout does (it then answers
   * "cancelled", its session state kept); nothing happens once that evaluation has ended.
   */
  cancel(id: number): void {
    if (!this.ended) this.child.writeLine(CANCELS_FD, `(:cancel :id ${id})`);
  }

  /**
   * True while a line Node writes to the client could meet one the worker writes there: an
   * evaluation it answers itself is under way, or lines handed to it are not yet written.
   */
  get writesToClient(): boolean {
    return !this.ended && (this.pending?.replies === true || this.relayed.size > 0);
  }

  /**
   * Has the worker write `line` (JSON text, no newline) to the client, after or before its
   * own answer but never inside it; resolves true once written, false when the worker
   * ended first and the line is the caller's to write.
   */
  relay(line: string): Promise<boolean> {
    if (this.ended) return Promise.resolve(false);
    const token = nextToken();
    const written = this.awaitWritten(token);
    this.child.writeLine(CANCELS_FD, `(:write :token ${lispString(token)} :line ${lispString(line)})`);
    return written;
  }

  /** Settles once the line of `token` is acknowledged written, or the worker ended first (false). */
  private awaitWritten(token: string): Promise<boolean> {
    const written = new Promise<boolean>((resolve) => this.relayed.set(token, resolve));
    this.writing.add(written);
    void written.then(() => this.writing.delete(written));
    return written;
  }

  /** True while lines the worker has to write to the client (answers, relayed lines) are not written yet: it may wait on the client. */
  get owesClient(): boolean {
    return this.writing.size > 0;
  }

  /** Settles once every line the worker has to write to the client is written, or it ended. */
  async writesDone(): Promise<void> {
    while (this.writing.size) await Promise.all(this.writing);
  }

  /** The lease the worker holds, and who is told when it comes back. */
  private lease?: { seq: number; back: (returned: LeaseReturn) => void };

  /** True when the worker can be leased the client's stdin: it has it, and nothing is outstanding. */
  get leasable(): boolean {
    return this.journal !== undefined && !this.ended && !this.lease && !this.pending && this.relayed.size === 0;
  }

  get leased(): boolean {
    return this.lease !== undefined;
  }

  /**
   * Leases the worker the reading of the client's stdin (Node has stopped reading it):
   * `back` is called once when it comes back, whatever the reason (the worker's hand-back,
   * its death).
   */
  grantLease(seq: number, nextId: number, timeoutMs: number | undefined, graceMs: number | undefined, maxOutput: number, back: (returned: LeaseReturn) => void): void {
    this.lease = { seq, back };
    const limits = timeoutMs === undefined ? '' : ` :timeout-ms ${timeoutMs} :grace-ms ${graceMs}`;
    this.child.writeLine(REQUESTS_FD, `(:lease :seq ${seq} :next-id ${nextId}${limits} :max-output ${maxOutput})`);
  }

  /** Asks for the lease back: the worker hands it back at its next look (see revoke-lease). */
  revokeLease(): void {
    if (this.lease && !this.ended) this.child.writeLine(CANCELS_FD, `(:revoke :seq ${this.lease.seq})`);
  }

  /** The journal's header: state, seq, heartbeat, taken, end, next id, job (id token replyId). */
  readJournalHeader(): { state: string; seq: number; heartbeat: number; taken: number; end: number; nextId: number; job?: { id: number; token: string; replyId: string } } | undefined {
    if (!this.journal) return undefined;
    const buffer = Buffer.alloc(JOURNAL_HEADER);
    let read: number;
    try {
      read = readSync(this.journal.fd, buffer, 0, JOURNAL_HEADER, 0);
    } catch {
      return undefined;
    }
    const text = buffer.toString('latin1', 0, read);
    const match = /^([HB]) (\d+) (\d+) (\d+) (\d+) (\d+) (?:- - -|(\d+) (\S+) (.+))\n/.exec(text);
    if (!match) return undefined;
    const [, state, seq, heartbeat, taken, end, nextId, jobId, token, replyId] = match;
    return {
      state,
      seq: Number(seq),
      heartbeat: Number(heartbeat),
      taken: Number(taken),
      end: Number(end),
      nextId: Number(nextId),
      ...(jobId === undefined ? {} : { job: { id: Number(jobId), token, replyId } }),
    };
  }

  /** The lease of `seq` came back (the worker's line, or its end): what it read is Node's. */
  private leaseReturned(seq: number, reason: string): void {
    const lease = this.lease;
    if (!lease || lease.seq !== seq) return;
    const header = this.readJournalHeader();
    // A live worker has said so in its journal before its line: a line without that is not its hand-back.
    if (!this.ended && header?.state !== 'B') {
      this.forgedLines++;
      return;
    }
    this.lease = undefined;
    let unread = Buffer.alloc(0);
    let job: LeaseReturn['job'];
    if (header && header.seq === seq) {
      unread = Buffer.alloc(Math.max(0, header.end - header.taken));
      let at = 0;
      while (at < unread.length) {
        const count = readSync(this.journal!.fd, unread, at, unread.length - at, JOURNAL_HEADER + header.taken + at);
        if (count === 0) break;
        at += count;
      }
      unread = unread.subarray(0, at);
      // The journal keeps the job taken last after its answer: one an ended worker wrote whole is no one's to track.
      if (header.job && !this.answeredWhole(header.job.token)) job = { ...header.job, answer: this.adoptJob(header.job.id, header.job.token) };
    }
    lease.back({ seq, reason, unread, nextId: header?.nextId ?? 0, job });
  }

  /** Whether this worker ended after writing the client the whole answer of the job `token`. */
  private answeredWhole(token: string): boolean {
    if (!this.ended) return false;
    const mark = this.marks?.read<WorkerAnswer>();
    return mark?.completion.token === token && mark.state === 'W';
  }

  /**
   * The answer of a job the worker took up under a lease, now Node's to track: the worker
   * answers it as it answers Node's own (a completion line once the client has its answer).
   * A worker that ended: the marks file says whether it answered the client.
   */
  private adoptJob(id: number, token: string): Promise<WorkerAnswer> {
    if (this.ended) {
      const mark = this.marks?.read<WorkerAnswer>();
      if (mark?.completion.token === token) {
        if (mark.state === 'R') this.endedMidReply = true;
        return Promise.resolve({ ...mark.completion, replyWritten: Promise.resolve(mark.state === 'W') });
      }
      const lost = Promise.reject(this.ended);
      lost.catch(() => undefined);
      return lost;
    }
    return new Promise((resolve, reject) => {
      this.pending = { id, token, replies: true, resolve, reject };
    });
  }

  /**
   * True when the SBCL process is stopped (SIGSTOP, a debugger), false when it runs, waits or
   * waits for a CPU (a loaded machine); undefined when that cannot be known (no /proc).
   */
  get stopped(): boolean | undefined {
    const pid = this.behindParent ? firstChild(this.pid) : this.pid;
    const state = pid === undefined ? undefined : processState(pid);
    return state === undefined ? undefined : state === 'T' || state === 't';
  }

  /** Why Node is ending the process, when it said (see stop). */
  private endedBecause?: string;

  /**
   * Ends the process: SIGTERM (the worker exits at once on it), then SIGKILL. `because` says
   * why, for the user: its exit then carries it, whoever learns of that exit first (an
   * evaluation answered as lost, the next one noting that state was lost).
   */
  async stop(graceMs = 200, because?: string): Promise<void> {
    if (because !== undefined && !this.ended) this.endedBecause = because;
    this.child.input(REQUESTS_FD).end();
    await this.child.stop(graceMs);
  }
}

/** The first child of `pid`, from /proc; undefined without it. */
function firstChild(pid: number): number | undefined {
  try {
    const first = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')[0];
    return first ? Number(first) : undefined;
  } catch {
    return undefined;
  }
}
