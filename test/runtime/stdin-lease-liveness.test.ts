// When a worker holding serve's stdin lease stops saying it is alive, Node asks for the lease
// back; it ends the worker at once only when its process is stopped. One that runs but gets
// no CPU (a loaded machine) keeps its state: it is ended only past the backstop a request
// sent to it has, and not at all once it says it is alive again.
import t, { type Test } from 'tap';
import { StdinLease } from '../../src/runtime/stdin-lease.js';
import type { LeaseReturn } from '../../src/runtime/worker.js';

/** A worker that holds the lease and whose heartbeat Node reads from `beat`. */
class FakeWorker {
  beat = 0;
  revokedAt?: number;
  endedAt?: number;
  private back?: (returned: LeaseReturn) => void;
  private seq = 0;

  constructor(readonly stopped: boolean | undefined) {}

  grantLease(seq: number, _nextId: number, _timeoutMs: number | undefined, _graceMs: number | undefined, _maxOutput: number, back: (returned: LeaseReturn) => void): void {
    this.seq = seq;
    this.back = back;
  }

  readJournalHeader() {
    return { state: 'H', seq: this.seq, heartbeat: this.beat, taken: 0, end: 0, nextId: 1 };
  }

  revokeLease(): void {
    this.revokedAt ??= Date.now();
  }

  handBack(reason: string): void {
    this.back?.({ seq: this.seq, reason, unread: Buffer.alloc(0), nextId: 1 });
  }

  async stop(): Promise<void> {
    this.endedAt = Date.now();
    this.handBack('exited');
  }
}

/** A lease granted to a worker whose process is `stopped` (or not, or unknown) under a timeout of `timeoutSeconds`, after `ms` of its silence. */
async function silentFor(t: Test, stopped: boolean | undefined, timeoutSeconds: number, ms: number): Promise<{ worker: FakeWorker; lease: StdinLease; endedAfter: () => string }> {
  const worker = new FakeWorker(stopped);
  const transport = { idle: () => true, pauseInput: () => true, resumeInput: () => undefined };
  // Leased once: what happens after it comes back is not looked at here.
  let leased = false;
  const leasableWorker = () => (leased ? undefined : ((leased = true), worker));
  const session = { limits: { timeoutSeconds, maxOutput: 1000 }, nextEvaluationId: 1, leasableWorker, advanceEvaluationIds: () => undefined, workerUnresponsive: () => undefined };
  const lease = new StdinLease(transport as never, session as never, { busy: false } as never, { writableLength: 0 } as never);
  t.teardown(() => lease.close());
  const granted = Date.now();
  lease.poke();
  await sleep(ms);
  return { worker, lease, endedAfter: () => (worker.endedAt === undefined ? 'not ended' : `ended after ${worker.endedAt - granted} ms`) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

t.test('a stopped worker that does not hand the lease back is ended soon after it is asked', async (t) => {
  const { worker, endedAfter } = await silentFor(t, true, 3, 2500);
  t.ok(worker.revokedAt !== undefined, 'asked back');
  t.ok(worker.endedAt !== undefined, `ended within 2.5 s (${endedAfter()})`);
});

t.test('a worker that runs but says nothing (starved) is asked back, and ended only past the backstop', async (t) => {
  const { worker, endedAfter } = await silentFor(t, false, 3, 2500);
  t.ok(worker.revokedAt !== undefined, 'asked back');
  t.equal(worker.endedAt, undefined, 'not ended while within the backstop (3 s + grace + margin)');
  await sleep(2500);
  // The backstop counts from the last heartbeat seen, which the lease's first look records.
  t.match(endedAfter(), /^ended after (39\d\d|4\d\d\d) ms$/, 'ended past it');
});

t.test('a starved worker that says it is alive again is not ended, and its hand-back is taken', async (t) => {
  const { worker, lease } = await silentFor(t, false, 3, 2000);
  t.ok(worker.revokedAt !== undefined, 'asked back while it said nothing');
  worker.beat++;
  await sleep(300);
  worker.handBack('revoked');
  await sleep(3000);
  t.equal(worker.endedAt, undefined, 'not ended: its state kept');
  t.equal(lease.returns.get('revoked'), 1, 'the lease came back');
});

t.test('whether the process is stopped unknown (no /proc): the backstop decides', async (t) => {
  const { worker } = await silentFor(t, undefined, 1, 1600);
  t.equal(worker.endedAt, undefined, 'not ended within the backstop (1 s + grace + margin)');
  await sleep(1200);
  t.ok(worker.endedAt !== undefined, 'ended past it');
});
