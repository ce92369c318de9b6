// Spares: things started ahead of need. `started()` is what a measurement waits on
// (see RuntimeSession), so it must settle only once no start is in flight.
import t from 'tap';
import { Spares } from '../../src/process/spares.js';

/** A kind whose starts finish when the test says so. */
function controlledKind() {
  const pending: ((value: number) => void)[] = [];
  let made = 0;
  const kind = {
    start: () => new Promise<number>((resolve) => pending.push(() => resolve(++made))),
    usable: () => true,
    stop: async () => undefined,
  };
  return { kind, finishOne: () => pending.shift()?.(0) };
}

t.test('started() settles only when every spare started so far has finished starting', async (t) => {
  const control = controlledKind();
  const spares = new Spares(control.kind);
  spares.fill(2);
  let settled = false;
  const quiet = spares.started().then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(settled, false, 'two starts in flight: not settled');
  control.finishOne();
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(settled, false, 'one start still in flight: not settled');
  control.finishOne();
  await quiet;
  t.equal(settled, true, 'settled once both have started');
});

t.test('started() settles at once with nothing starting, and after a failed start too', async (t) => {
  const idle = new Spares({ start: async () => 1, usable: () => true, stop: async () => undefined });
  await idle.started();
  t.pass('no spare: settled');
  const failing = new Spares<number>({ start: () => Promise.reject(new Error('no sbcl')), usable: () => true, stop: async () => undefined });
  failing.fill(1);
  await failing.started();
  t.pass('a failed start counts as finished');
});

t.test('close() stops the spares still starting, without waiting for their start to end', async (t) => {
  const stopped: string[] = [];
  // A start that ends only when closed, as a server that never answers initialize.
  const spares = new Spares<number>({
    start: (closed) => new Promise((_, reject) => closed.addEventListener('abort', () => (stopped.push('starting'), reject(new Error('closed'))))),
    usable: () => true,
    stop: async () => void stopped.push('started'),
  });
  spares.fill(2);
  await spares.close();
  t.same(stopped, ['starting', 'starting'], 'both starts were told to stop, and close() returned');
});

t.test('take() waiting for a spare still starting ends at an interrupt and at close; that start is told to stop, and the spare stopped if it started', async (t) => {
  for (const end of ['interrupt', 'close'] as const) {
    const control = controlledKind();
    const stopped: number[] = [];
    const told: AbortSignal[] = [];
    const spares = new Spares<number>({ ...control.kind, start: (closed) => (told.push(closed), control.kind.start()), stop: async (spare) => void stopped.push(spare) });
    spares.fill(1);
    const interrupt = new AbortController();
    let started = 0;
    const taken = spares.take(async () => ++started, interrupt.signal);
    await new Promise((resolve) => setImmediate(resolve));
    if (end === 'interrupt') interrupt.abort();
    else void spares.close();
    await t.rejects(taken, end === 'interrupt' ? /stopped while a spare was starting/ : /closed while one was starting/, `${end}: the take fails at once, the spare still starting`);
    t.equal(started, 0, `${end}: no other is started in its place`);
    t.equal(told[0].aborted, true, `${end}: its start is told to stop (a server waiting for initialize is stopped at once)`);
    control.finishOne();
    await new Promise((resolve) => setImmediate(resolve));
    t.same(stopped, [1], `${end}: the spare is stopped once it has started`);
  }
  // Uninterrupted, the take waits for the spare and hands it out.
  const control = controlledKind();
  const told: AbortSignal[] = [];
  const spares = new Spares<number>({ ...control.kind, start: (closed) => (told.push(closed), control.kind.start()) });
  spares.fill(2);
  const taken = spares.take(async () => 99, new AbortController().signal);
  control.finishOne();
  t.equal(await taken, 1, 'the spare, once started');
  t.same(told.map((signal) => signal.aborted), [false, false], 'no start is told to stop');
});
