// A lease of the client's stdin to the worker. Node owns stdin and answers everything of
// the protocol; but a round trip that goes through Node (its read of the request, its line
// to the worker) costs more than the evaluation itself. So while the session is idle (no
// request in flight, nothing read and unhandled, nothing owed the client), Node stops
// reading stdin and leases the reading to the worker, which answers plain evaluate-lisp
// calls itself and hands the lease back, with every byte it read and did not take up, on
// anything else (see lease.lisp). Node takes it back too when the worker ends, and when it
// stops saying it is alive: it asks for it back, and ends the worker when it does not hand
// it back and its process is stopped (or past a request's backstop: a starved or wedged
// one), its journal then saying what it had read. A worker waiting to write to a client
// that does not read says it is alive: ended then, it would cut its answer. Under any doubt
// Node keeps reading: no lease is granted.
import { appendFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { LineTransport, RequestId } from './line-transport.js';
import { backstopMs, INTERRUPT_GRACE_MS, type RuntimeSession } from './session.js';
import type { ToolCalls } from './tool-calls.js';
import type { LeaseReturn, LispWorker } from './worker.js';

/** How often Node looks at a leased worker's journal header for its heartbeat. */
const CHECK_MS = 200;
/**
 * A heartbeat (written every 100 ms while the worker waits for the client's bytes, or for room
 * to write to a client that does not read) unchanged this long: the lease is asked back.
 */
const STALE_MS = 800;
/** Asked back and not handed back within this, its process stopped: the worker is ended (its end gives the lease back). */
const REVOKE_WAIT_MS = 600;

/** Why a worker that would not hand the lease back was ended, as its user is told (see LispWorker.stop). */
const ENDED_UNRESPONSIVE = "it held the client's input and stopped answering, so it was ended";

/** A file each lease's grant and return is logged to, when set (tests see which way a lease came back). */
const LOG = process.env.SPEC_RUN_SERVE_LEASE_LOG;
const log = (line: string) => {
  if (LOG) appendFileSync(LOG, `${line}\n`);
};

interface Held {
  seq: number;
  worker: LispWorker;
  timer: NodeJS.Timeout;
  beat: string;
  beatSince: number;
  revokedAt?: number;
}

export class StdinLease {
  private seq = 0;
  private held?: Held;
  private scheduled = false;
  private closed = false;
  /** Set once a lease came back for a reason that makes another pointless or unsafe. */
  private ended = false;
  /** The lease whose worker Node ended for not handing it back when asked. */
  private endedSeq?: number;
  /** Leases granted and taken back, by reason (for tests and diagnostics). */
  readonly returns = new Map<string, number>();

  constructor(
    private readonly transport: LineTransport,
    private readonly session: RuntimeSession,
    private readonly calls: ToolCalls,
    private readonly output: Writable,
  ) {}

  /** Something happened (a line read, an answer given): the session may be idle once it settles. */
  poke = (): void => {
    if (this.held || this.scheduled || this.closed || this.ended) return;
    this.scheduled = true;
    setImmediate(this.tryGrant);
  };

  private tryGrant = (): void => {
    this.scheduled = false;
    if (this.held || this.closed || this.ended || this.calls.busy || this.output.writableLength > 0) return;
    const worker = this.session.leasableWorker();
    if (!worker || !this.transport.idle() || !this.transport.pauseInput()) return;
    const seq = ++this.seq;
    const limits = this.session.limits;
    const timeoutMs = limits.timeoutSeconds > 0 ? limits.timeoutSeconds * 1000 : undefined;
    const timer = setInterval(this.check, CHECK_MS);
    log(`grant ${seq}`);
    this.held = { seq, worker, timer, beat: '', beatSince: Date.now() };
    worker.grantLease(seq, this.session.nextEvaluationId, timeoutMs, timeoutMs === undefined ? undefined : INTERRUPT_GRACE_MS, limits.maxOutput, (returned) =>
      this.back(worker, returned),
    );
  };

  /** The heartbeat: a worker that stops saying it is alive is asked for the lease, then ended. */
  private check = (): void => {
    const held = this.held;
    if (!held) return;
    const header = held.worker.readJournalHeader();
    const beat = header ? `${header.seq} ${header.heartbeat} ${header.taken} ${header.end} ${header.job?.id}` : 'none';
    const now = Date.now();
    if (beat !== held.beat) {
      held.beat = beat;
      held.beatSince = now;
      return;
    }
    if (held.revokedAt === undefined) {
      if (now - held.beatSince >= STALE_MS) {
        held.revokedAt = now;
        held.worker.revokeLease();
      }
    } else if (this.unresponsive(held, now)) {
      clearInterval(held.timer);
      this.endedSeq = held.seq;
      void held.worker.stop(100, ENDED_UNRESPONSIVE);
    }
  };

  /**
   * Whether a worker that was asked for the lease and has not handed it back is ended: at once
   * when its process is stopped; one that runs but is not given a CPU (a loaded machine) or is
   * wedged, past the backstop a request sent to it has, its state kept till then. With no
   * timeout it is waited for, as a request sent to it would be.
   */
  private unresponsive(held: Held, now: number): boolean {
    const timeoutSeconds = this.session.limits.timeoutSeconds;
    if (timeoutSeconds <= 0 || held.revokedAt === undefined) return false;
    if (now - held.revokedAt >= REVOKE_WAIT_MS && held.worker.stopped) return true;
    return now - held.beatSince >= backstopMs(timeoutSeconds * 1000);
  }

  /** The lease came back: a job the worker took up and may not have answered is tracked here, and what it read is read first. */
  private back(worker: LispWorker, returned: LeaseReturn): void {
    const held = this.held;
    if (held?.seq === returned.seq) {
      clearInterval(held.timer);
      this.held = undefined;
    }
    this.returns.set(returned.reason, (this.returns.get(returned.reason) ?? 0) + 1);
    log(`back ${returned.seq} ${returned.reason} unread=${returned.unread.length}${returned.job ? ` job=${returned.job.replyId}` : ''}`);
    this.session.advanceEvaluationIds(returned.nextId);
    // The input ended (or failed, or cannot be read there): Node reads it to its end, no more leases.
    if (['eof', 'error', 'unable'].includes(returned.reason)) this.ended = true;
    if (this.closed) return;
    // With a job, the session learns of the end from that job's answer (lost, or a client's reply it
    // may have cut) and the next evaluation's note; the worker's exit says why either way.
    if (returned.reason === 'exited' && returned.seq === this.endedSeq && !returned.job) this.session.workerUnresponsive(worker);
    const job = returned.job;
    if (job) {
      const id = JSON.parse(job.replyId) as RequestId;
      this.transport.adoptRequest(id, (send, answered) => this.calls.adopt(id, worker, job, send, answered));
    }
    this.transport.resumeInput(returned.unread);
    this.poke();
  }

  /** The connection closed: no more leases; one held comes back as its worker is stopped. */
  close(): void {
    this.closed = true;
    if (this.held) clearInterval(this.held.timer);
  }
}
