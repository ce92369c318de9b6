// The collectors of late errors on their own: what a document's settling waits for, what
// it hands on to the run's collector once closed, and what it says of the timers left.
import t from 'tap';
import { eventLoopIdle, LateErrors, SETTLE_LIMIT_MS, type LateError, type PendingTimer } from '../../src/run/late-errors.js';

const error = (origin: string): LateError => ({ origin, file: 'doc.spec.md', line: 3, diagnostics: { message: origin } });

t.test('settling waits for a pending timer due within the limit, and takes what it threw', async (t) => {
  const late = new LateErrors();
  setTimeout(() => {
    late.add(error('from the timer'));
    late.timerEnded(1);
  }, 50);
  late.timerStarted(1, { dueAt: Date.now() + 50, origin: 'scenario "s"', call: 'setTimeout' });
  t.same((await late.settle()).map((e) => e.origin), ['from the timer']);
  t.same(await late.settle(), [], 'taken once');
});

t.test('a timer due past the limit is not waited for, and is named as left pending with the call that started it', async (t) => {
  const late = new LateErrors();
  const timer = setTimeout(() => {}, SETTLE_LIMIT_MS * 10);
  late.timerStarted(1, { dueAt: Date.now() + SETTLE_LIMIT_MS * 10, origin: 'scenario "s" (doc.spec.md:3)', call: 'setInterval' });
  const started = Date.now();
  t.same(await late.settle(), []);
  t.ok(Date.now() - started < SETTLE_LIMIT_MS, 'settled without waiting for it');
  t.match(late.leftPending().map((left) => left.text), [/^scenario "s" \(doc\.spec\.md:3\) left a timer due in \d+ ms \(setInterval\) when the run stopped waiting \(it waits up to 2000 ms/]);
  clearTimeout(timer);
});

t.test("an interval, always due again, is waited for up to its next firing, once: not the whole limit, nor again by the run's collector", async (t) => {
  const run = new LateErrors();
  const document = new LateErrors(run);
  const timer: PendingTimer = { dueAt: Date.now() + 50, origin: 'scenario "s"', call: 'setInterval', interval: {} };
  // Each firing makes it due again, as the wrapped setInterval notes it.
  const interval = setInterval(() => (timer.dueAt = Date.now() + 50), 50);
  document.timerStarted(1, timer);
  let started = Date.now();
  await document.settle();
  t.ok(Date.now() - started >= 40 && Date.now() - started < SETTLE_LIMIT_MS / 2, `waited for its firing, not the limit (${Date.now() - started} ms)`);
  document.close((e) => run.add(e));
  started = Date.now();
  await run.settle();
  t.ok(Date.now() - started < 40, 'the run does not wait for another firing');
  t.match(run.leftPending().map((left) => left.text), [/\(setInterval\) when the run stopped waiting \(it waits up to 2000 ms for the timers steps leave, for an interval's next firing only\)/]);
  clearInterval(interval);
});

t.test('once closed, errors go on to the next collector, and the pending timers to the parent', async (t) => {
  const run = new LateErrors();
  const document = new LateErrors(run);
  document.add(error('before closing'));
  const timer = setTimeout(() => {}, SETTLE_LIMIT_MS * 10);
  document.timerStarted(7, { dueAt: Date.now() + SETTLE_LIMIT_MS * 10, origin: 'scenario "s"', call: 'setTimeout' });
  const handed: string[] = [];
  document.close((e) => handed.push(e.origin));
  document.add(error('after closing'));
  t.same(handed, ['before closing', 'after closing'], 'kept ones first, then each as it comes');
  t.equal(run.leftPending().length, 1, 'the run now waits for its timer');
  document.timerEnded(7);
  t.same(run.leftPending(), [], 'and knows when it is done');
  clearTimeout(timer);
});

t.test('the timers left pending are stopped when the run stops waiting; those of a unit whose late code failed are not counted left besides', async (t) => {
  const run = new LateErrors();
  const document = new LateErrors(run);
  const stopped: string[] = [];
  const timer = (origin: string) => ({ dueAt: Date.now() + SETTLE_LIMIT_MS * 10, origin, call: 'setInterval', stop: () => stopped.push(origin) });
  document.timerStarted(1, timer('scenario "failed"'));
  document.timerStarted(2, timer('scenario "passed"'));
  document.add(error('scenario "failed"'));
  document.close((e) => run.add(e));
  t.same(run.leftPending().map((left) => left.origin), ['scenario "passed"'], 'the failed unit counts failed, not skipped too');
  t.match(run.leftPending()[0].text, /it is stopped unrun, what it runs is not checked/);
  run.stopPending();
  t.same(stopped, ['scenario "failed"', 'scenario "passed"'], 'every timer left is stopped, counted or not');
  t.same(run.leftPending(), [], 'none is pending any more');
  run.reopen();
  run.timerStarted(3, timer('scenario "failed"'));
  t.equal(run.leftPending().length, 1, "a new run does not remember the last one's failures");
  run.stopPending();
});

t.test('waiting for the event loop to be idle ends once nothing holds it, at its limit, or at once on an interruption', async (t) => {
  let started = Date.now();
  setTimeout(() => {}, 100);
  await eventLoopIdle(5000);
  t.ok(Date.now() - started >= 95 && Date.now() - started < 4000, 'waited until the timer holding the loop had fired, no longer');
  const holding = setTimeout(() => {}, 5000);
  started = Date.now();
  await eventLoopIdle(50);
  t.ok(Date.now() - started < 2000, 'a loop held longer: waited up to the limit');
  const interrupt = new AbortController();
  started = Date.now();
  setTimeout(() => interrupt.abort(), 10);
  await eventLoopIdle(5000, interrupt.signal);
  t.ok(Date.now() - started < 2000, 'an interruption ends it');
  started = Date.now();
  await eventLoopIdle(5000, interrupt.signal);
  t.ok(Date.now() - started < 100, 'one that came before too');
  clearTimeout(holding);
});

t.test('work still running past the limit (a child process, a request) is waited for, then left pending as a timer is, with its place; work that ended is not', async (t) => {
  const document = new LateErrors(new LateErrors());
  const at = { file: 'doc.spec.md', line: 3, requirements: ['doc.spec.md#R'] };
  document.workStarted(1, { origin: 'scenario "s"', at, what: 'a child process (sleep 20)' });
  document.workStarted(2, { origin: 'scenario "s"', at, what: 'an HTTP request (GET localhost/health)' });
  setTimeout(() => document.workEnded(2), 50);
  const started = Date.now();
  await document.settle();
  t.ok(Date.now() - started >= SETTLE_LIMIT_MS - 50, 'the settling waited up to its limit for the work still running');
  t.same(document.leftPending().map(({ kind, at }) => [kind, at?.line]), [['a child process', 3]], 'the request that ended is not left');
  t.match(document.leftPending()[0].text, /^scenario "s" left a child process \(sleep 20\) running when the run stopped waiting/);
  document.workEnded(1);
  t.same(document.leftPending(), [], 'ended, it is no longer pending');
});

t.test('work that says whether it still holds the event loop (a handle, a thread-pool job) is waited for while it does, and forgotten once it does not', async (t) => {
  const document = new LateErrors(new LateErrors());
  const at = { file: 'doc.spec.md', line: 3 };
  let holding = true;
  document.workStarted(1, { origin: 'scenario "s"', at, what: 'pending work (PBKDF2REQUEST)', running: () => holding });
  document.workStarted(2, { origin: 'scenario "s"', at, what: 'an open handle (TCPSERVERWRAP)', running: () => false });
  setTimeout(() => (holding = false), 100);
  const started = Date.now();
  await document.settle();
  const waited = Date.now() - started;
  t.ok(waited >= 90 && waited < SETTLE_LIMIT_MS - 200, `the settling waited for the job until it no longer held the loop (${waited} ms), not for the closed handle`);
  t.same(document.leftPending(), [], 'neither is left pending');
  holding = true;
  document.workStarted(3, { origin: 'scenario "s"', at, what: 'pending work (SCRYPTREQUEST)', running: () => holding });
  t.same(document.leftPending().map(({ kind }) => kind), ['pending work'], 'one still holding it is left pending, named');
});

t.test('an error a report has already (taken, or handed on) is no new failure when the same code throws it again; another one is, and a new run reports it again', async (t) => {
  const late = new LateErrors();
  // A beforeExit listener's refused process.exit: once while the run lingers, again when the process would end.
  late.add(error('steps file steps/left.steps.mjs'));
  t.same(late.take().map((e) => e.origin), ['steps file steps/left.steps.mjs'], 'the report has it');
  const afterReport: string[] = [];
  late.close((e) => afterReport.push(e.origin));
  late.add(error('steps file steps/left.steps.mjs'));
  t.same(afterReport, [], 'the same error again adds no failure after the report');
  late.add({ ...error('steps file steps/left.steps.mjs'), diagnostics: { message: 'something else' } });
  late.add(error('steps file steps/other.steps.mjs'));
  t.same(afterReport, ['steps file steps/left.steps.mjs', 'steps file steps/other.steps.mjs'], 'what differs, in what it says or whose it is, is a failure of its own');
  late.add(error('steps file steps/other.steps.mjs'));
  t.equal(afterReport.length, 2, 'handed on once');
  late.reopen();
  late.add(error('steps file steps/left.steps.mjs'));
  t.same(late.take().map((e) => e.origin), ['steps file steps/left.steps.mjs'], "a new run (--watch) reports it again: the last run's report is not this one's");
});
