// One SBCL worker process: started from the worker core image, spoken to on
// fds 3 (requests, one s-expression per line) and 4 (answers, one ASCII JSON
// line each). The process's own fds 0-2 belong to user code: stdin is empty,
// and whatever it writes to fds 1 and 2 is read and dropped here, keeping only a
// short tail to explain a crash.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import { ensureCoreImage, type LispImplementation } from '../lisp-image/core-image.js';
import { stopProcess } from '../executor/terminate.js';
import { asSpawn, tiedToParent } from '../executor/containment.js';

/** The worker's Lisp sources, in load order. */
export const WORKER_SOURCES = ['package.lisp', 'json.lisp', 'capture.lisp', 'evaluate.lisp', 'control.lisp'];

/**
 * Directory holding the worker's .lisp files: the source tree when running from
 * a checkout (always current), else the copies the build put beside this file.
 */
export function lispSourceDirectory(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const checkout = join(here, '..', '..', '..', 'src', 'runtime', 'lisp');
  if (existsSync(join(checkout, WORKER_SOURCES[0]))) return checkout;
  return join(here, 'lisp');
}

export function workerImage(lisp: LispImplementation): Promise<string> {
  const directory = lispSourceDirectory();
  return ensureCoreImage(
    { name: 'runtime-worker', sources: WORKER_SOURCES.map((file) => join(directory, file)), finalForm: '(spec-run.worker::warm-up)' },
    lisp,
  );
}

export interface WorkerOptions {
  lisp: LispImplementation;
  /** Size of the worker's heap (SBCL dynamic space) in megabytes. */
  dynamicSpaceMb?: number;
}

export interface EvaluationRequest {
  id: number;
  code: string;
  package?: string;
  /** Undefined: no timeout. */
  timeoutMs?: number;
  maxOutput: number;
  /** Collect earlier garbage and warm the compiler before the clock starts (for time-execution). */
  prepareForTiming?: boolean;
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
  status: 'ok' | 'error' | 'timeout' | 'stuck' | 'protocol-error';
  stdout: string;
  stdoutDropped: number;
  stderr: string;
  stderrDropped: number;
  warnings: string[];
  warningsDropped: number;
  package: string;
  values?: string[];
  valuesDropped?: number;
  error?: { type: string; message: string };
  timing?: WorkerTiming | null;
  threadsStopped?: string[];
  threadsUnstoppable?: string[];
  message?: string;
}

/** The worker ended (or was ended) while a request was outstanding. */
export class WorkerExit extends Error {
  constructor(
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly outputTail: string,
  ) {
    super(`the Lisp process ended (${signal ? `signal ${signal}` : `exit code ${code}`})`);
  }
}

const OUTPUT_TAIL_CHARS = 2000;

/** Spelling of a string as a Lisp string literal. */
function lispString(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

export function requestLine(request: EvaluationRequest): string {
  const parts = [`(:evaluate :id ${request.id} :code ${lispString(request.code)}`];
  if (request.package !== undefined) parts.push(`:package ${lispString(request.package)}`);
  if (request.timeoutMs !== undefined) parts.push(`:timeout-ms ${request.timeoutMs}`);
  if (request.prepareForTiming) parts.push(':prepare-timing t');
  parts.push(`:max-output ${request.maxOutput})`);
  return `${parts.join(' ')}\n`;
}

export class LispWorker {
  readonly pid: number;
  /** Settles when the process has ended, with its exit. */
  readonly exited: Promise<WorkerExit>;
  private pending?: { id: number; resolve: (a: WorkerAnswer) => void; reject: (e: Error) => void };
  private outputTail = '';
  private ended?: WorkerExit;

  private constructor(
    child: ChildProcess,
    private readonly requests: Writable,
    answers: Readable,
  ) {
    this.pid = child.pid!;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.ended = new WorkerExit(code, signal, this.outputTail);
        this.pending?.reject(this.ended);
        this.pending = undefined;
        resolve(this.ended);
      });
    });
    const keepTail = (chunk: Buffer) => {
      this.outputTail = (this.outputTail + chunk.toString('latin1')).slice(-OUTPUT_TAIL_CHARS);
    };
    child.stdout!.on('data', keepTail);
    child.stderr!.on('data', keepTail);
    // A write after the worker died fails with EPIPE; the exit reports it.
    requests.on('error', () => undefined);
    answers.on('error', () => undefined);
    readLines(answers, (line) => this.onAnswer(line));
  }

  /** Starts a worker and waits until it says it is ready. */
  static async start(options: WorkerOptions): Promise<LispWorker> {
    const core = await workerImage(options.lisp);
    const args = [
      '--core', core,
      '--dynamic-space-size', String(options.dynamicSpaceMb ?? 2048),
      '--noinform', '--disable-ldb',
      '--end-runtime-options',
      '--no-sysinit', '--no-userinit', '--non-interactive',
      '--eval', '(spec-run.worker:main)',
    ];
    // Tied to the server: it dies with it, however the server ends.
    const child = spawn(...asSpawn(tiedToParent([options.lisp.sbcl, ...args])), { stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'] });
    const spawned = new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    await spawned;
    const worker = new LispWorker(child, child.stdio[3] as Writable, child.stdio[4] as Readable);
    await worker.ready();
    return worker;
  }

  private readyWaiter?: { resolve: () => void; reject: (e: Error) => void };

  private ready(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.readyWaiter = { resolve, reject };
      this.exited.then((exit) => reject(new Error(`the Lisp worker did not start: ${exit.message}\n${exit.outputTail}`)));
    });
  }

  private onAnswer(line: string): void {
    let answer: WorkerAnswer & { ready?: boolean };
    try {
      answer = JSON.parse(line);
    } catch {
      this.pending?.reject(new Error(`unreadable answer from the Lisp worker: ${line.slice(0, 200)}`));
      this.pending = undefined;
      return;
    }
    if (answer.ready) {
      this.readyWaiter?.resolve();
      this.readyWaiter = undefined;
      return;
    }
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    if (answer.status === 'protocol-error') pending.reject(new Error(`the Lisp worker refused a request: ${answer.message}`));
    else pending.resolve(answer);
  }

  get alive(): boolean {
    return this.ended === undefined;
  }

  /** Sends one request and waits for its answer; one request at a time. */
  evaluate(request: EvaluationRequest): Promise<WorkerAnswer> {
    if (this.ended) return Promise.reject(this.ended);
    if (this.pending) return Promise.reject(new Error('the Lisp worker is busy'));
    return new Promise((resolve, reject) => {
      this.pending = { id: request.id, resolve, reject };
      this.requests.write(requestLine(request));
    });
  }

  /** Ends the process: SIGTERM (the worker exits at once on it), then SIGKILL. */
  async stop(graceMs = 200): Promise<void> {
    this.requests.end();
    // With the programs user code started (run-program puts them in groups of their own).
    await stopProcess(this.pid, this.exited, { graceMs, descendants: true });
  }
}

function readLines(stream: Readable, onLine: (line: string) => void): void {
  let buffered = '';
  stream.setEncoding('latin1');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line) onLine(line);
    }
  });
}
