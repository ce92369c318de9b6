// One 'abort' listener per signal, however many steps and commands wait for it at once:
// before, each added its own, and a few containers running side by side passed Node's ten
// (MaxListenersExceededWarning on the run's interrupt signal).
import t from 'tap';
import { getEventListeners } from 'node:events';
import { whenAborted } from '../../src/process/abort-listeners.js';
import { armStop } from '../../src/executor/result.js';

const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

t.test('the listeners of a signal do not grow with the commands waiting for it; each is stopped at its abort, none once it has ended', async (t) => {
  const interrupt = new AbortController();
  const stopped: number[] = [];
  const disarms = Array.from({ length: 40 }, (_, command) => armStop({ timeoutMs: null, signal: interrupt.signal }, () => stopped.push(command)));
  t.equal(listeners(interrupt.signal), 1, 'one listener for 40 commands');
  for (const disarm of disarms.slice(0, 30)) disarm();
  t.equal(listeners(interrupt.signal), 1, 'still one while commands wait');
  for (const disarm of disarms.slice(30)) disarm();
  t.equal(listeners(interrupt.signal), 0, 'none once every command has ended');
  const running = Array.from({ length: 3 }, (_, command) => armStop({ timeoutMs: null, signal: interrupt.signal }, () => stopped.push(command)));
  interrupt.abort();
  t.same(stopped, [0, 1, 2], 'the commands running at the abort are stopped, once each; those that ended are not');
  for (const disarm of running) disarm();
  t.equal(listeners(interrupt.signal), 0);
});

t.test('the same callback waiting twice is called twice, and each wait is stopped on its own', async (t) => {
  const controller = new AbortController();
  let calls = 0;
  const callback = () => calls++;
  const first = whenAborted(controller.signal, callback);
  whenAborted(controller.signal, callback);
  first();
  first();
  t.equal(listeners(controller.signal), 1, 'the second still waits');
  controller.abort();
  t.equal(calls, 1);
  t.equal(listeners(controller.signal), 0);
  t.doesNotThrow(() => whenAborted(undefined, callback)(), 'no signal: nothing to wait for');
});
