// The timers user code starts, of every kind Node has: setTimeout (unref'd too), setInterval
// and setImmediate, global or node:timers' own, node:timers/promises' setTimeout,
// setImmediate, setInterval and scheduler, and a timer's refresh(). Each is noted pending in
// the late errors of the scenario or hook whose code started it (late-errors.ts) until it has
// fired or been cleared: the end of a document or run waits for those due soon and makes the
// others skipped points of their requirements, since what they would check did not run, and
// stops them then: none can fail the run after its report. An interval stays pending until
// cleared, due again after each firing; one whose callback throws is cleared, as the throw
// would have ended a plain Node process: it fails its step, or its scenario late, once, not
// at every firing. Wrappers of Node's
// functions rather than an async hook: an async hook would slow every promise of the run.
import { syncBuiltinESMExports } from 'node:module';
import { fileURLToPath } from 'node:url';
import timers from 'node:timers';
import timersPromises from 'node:timers/promises';
import type { IntervalWait, LateErrors, PendingTimer } from '../late-errors.js';

/** The unit whose code runs now: the collector its pending timers go to, and how reports name and place it. */
export interface TimerOwner {
  readonly late: LateErrors;
  readonly origin: string;
  readonly at: NonNullable<PendingTimer['at']>;
  /** The step of the unit whose code runs, as reports name it: `its step 'WHEN it runs' (doc.md:5)`. */
  readonly by?: string;
}

/** This package's own directory: its frames in a stack are spec-run's, wherever it is installed. */
const OWN_PACKAGE = fileURLToPath(new URL('../../../../', import.meta.url));

/** Whether STACK, taken in unref(), shows a package under node_modules calling it (the first frame of a file that is not spec-run's own). */
function unrefedByPackage(stack: string): boolean {
  const caller = stack
    .split('\n')
    .slice(1)
    // An absolute path right after "at " or "(": spec-run's bundle is named by a relative one.
    .map((frame) => /(?:\(|at )((?:file:\/\/)?\/[^():]+)/.exec(frame)?.[1]?.replace(/^file:\/\//, ''))
    .find((file) => file !== undefined && !file.startsWith(OWN_PACKAGE));
  return caller !== undefined && /[\\/]node_modules[\\/]/.test(caller);
}

/** A timer noted pending: the collector it is noted in, and its number there. */
interface Noted {
  late: LateErrors;
  id: number;
  timer: PendingTimer;
}

/** Node's largest delay: a longer (or not positive, or not numeric) one is taken as 1 ms. */
const TIMEOUT_MAX = 2 ** 31 - 1;

/** The delay Node gives a timer asked for MS. */
function timerDelay(ms: unknown): number {
  const after = Number(ms);
  return after >= 1 && after <= TIMEOUT_MAX ? after : 1;
}

let started = 0;

/** INTERVAL: the interval's, shared by its firings, for a timer that is one (or one firing of one). */
function note(owner: TimerOwner, call: string, dueIn: number, stop: () => void, interval?: IntervalWait): Noted {
  const id = ++started;
  const timer: PendingTimer = { dueAt: Date.now() + dueIn, origin: owner.origin, at: owner.at, ...(owner.by ? { by: owner.by } : {}), call, stop, ...(interval ? { interval } : {}) };
  owner.late.timerStarted(id, timer);
  return { late: owner.late, id, timer };
}

const ended = (noted: Noted) => noted.late.timerEnded(noted.id);

/** A promise that never settles: a stopped timer's, whose code after it never runs. */
const never = new Promise<never>(() => {});

/**
 * PROMISE, a timer's, noted pending until it settles (resolved, or rejected by an abort): the
 * promise given back settles as it does, after that, unless the timer was stopped meanwhile
 * (ON_STOP is told then). Given back rather than watched beside: a handler of our own on
 * PROMISE would make its rejection no unhandled one when user code has none.
 */
function noteUntilSettled<T>(owner: TimerOwner, call: string, dueIn: number, promise: Promise<T>, onStop?: () => void, interval?: IntervalWait): Promise<T> {
  let stopped = false;
  const noted = note(
    owner,
    call,
    dueIn,
    () => {
      stopped = true;
      onStop?.();
    },
    interval,
  );
  return promise.finally(() => ended(noted)).then(
    (value) => (stopped ? never : value),
    (error: unknown) => (stopped ? never : Promise.reject(error)),
  );
}

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

/** WRAPPED with what Node gives NATIVE beyond a function (its name, util.promisify's custom form). */
function like<T extends AnyFunction>(wrapped: T, native: AnyFunction): T {
  return Object.defineProperties(wrapped, Object.getOwnPropertyDescriptors(native));
}

/**
 * Starts noting the timers of the code OWNER_NOW names (undefined: spec-run's own, or code
 * of no unit, which is left alone), by replacing Node's timer functions, globals and
 * node:timers' and node:timers/promises' exports alike. Once: the replaced ones stay.
 */
export function trackTimers(ownerNow: () => TimerOwner | undefined): void {
  /** The callback timers (Timeout and Immediate objects) noted pending, by the object Node returned. */
  const pending = new Map<object, Noted>();
  /** Every Timeout of user code, with its owner and delay: refresh() arms it again, fired or not. */
  const armed = new WeakMap<object, { owner: TimerOwner; call: string; delay: number; stop: () => void; interval?: IntervalWait }>();

  const end = (handle: object) => {
    const noted = pending.get(handle);
    if (!noted) return;
    pending.delete(handle);
    ended(noted);
  };
  /** The handle a clear function is given: the timer, or its number (`+timeout`, which Node's clearTimeout takes too). */
  const handleOf = (given: unknown): object | undefined => {
    if (typeof given === 'object' && given !== null) return given;
    if (typeof given !== 'number' && typeof given !== 'string') return undefined;
    for (const handle of pending.keys()) if (Symbol.toPrimitive in handle && String(Number(handle)) === String(given)) return handle;
    return undefined;
  };

  /** NATIVE (setTimeout, setInterval, setImmediate) noting the timers it starts, which CLEAR stops; DELAYED: it takes a delay after the callback. */
  const callbackTimer = (native: AnyFunction, clear: AnyFunction, call: string, delayed: boolean, repeats: boolean) =>
    like(function (this: unknown, callback: unknown, ...args: unknown[]) {
      const owner = ownerNow();
      if (!owner || typeof callback !== 'function') return Reflect.apply(native, this, [callback, ...args]);
      const delay = delayed ? timerDelay(args[0]) : 0;
      const interval = repeats ? {} : undefined;
      const handle = Reflect.apply(native, this, [
        function (this: unknown, ...given: unknown[]) {
          // Done before the callback runs: one that refreshes its timer, or throws, is noted right.
          const noted = pending.get(handle);
          if (repeats && noted) noted.timer.dueAt = Date.now() + delay;
          else end(handle);
          try {
            return Reflect.apply(callback, this, given);
          } catch (error) {
            if (repeats) stop();
            throw error;
          }
        },
        ...args,
      ]) as object;
      const stop = () => {
        Reflect.apply(clear, undefined, [handle]);
        end(handle);
        armed.delete(handle);
      };
      pending.set(handle, note(owner, call, delay, stop, interval));
      if (delayed) armed.set(handle, { owner, call, delay, stop, interval });
      return handle;
    }, native);

  const clearing = (native: AnyFunction) =>
    like(function (this: unknown, given: unknown) {
      const handle = handleOf(given);
      if (handle) {
        end(handle);
        // A cleared timer's refresh() arms nothing.
        armed.delete(handle);
      }
      return Reflect.apply(native, this, [given]);
    }, native);

  const wrapped = {
    setTimeout: callbackTimer(timers.setTimeout as AnyFunction, timers.clearTimeout as AnyFunction, 'setTimeout', true, false),
    setInterval: callbackTimer(timers.setInterval as AnyFunction, timers.clearInterval as AnyFunction, 'setInterval', true, true),
    setImmediate: callbackTimer(timers.setImmediate as AnyFunction, timers.clearImmediate as AnyFunction, 'setImmediate', false, false),
    clearTimeout: clearing(timers.clearTimeout as AnyFunction),
    clearInterval: clearing(timers.clearInterval as AnyFunction),
    clearImmediate: clearing(timers.clearImmediate as AnyFunction),
  };
  Object.assign(globalThis, wrapped);
  Object.assign(timers, wrapped);

  // refresh() arms a Timeout again from now, one that has fired too: Timeout's own, found on one.
  const probe = setTimeout(() => {}, 1);
  clearTimeout(probe);
  const timeoutPrototype = Object.getPrototypeOf(probe) as { refresh: AnyFunction; unref: AnyFunction };
  // A timer a package in node_modules unrefs is its housekeeping (a cache's purge, a pool's
  // idle check), said by it to keep nothing alive, and no check of the scenario's: forgotten.
  // One the project's own code unrefs may well hold a check, and stays noted.
  const unref = timeoutPrototype.unref;
  timeoutPrototype.unref = function (this: unknown) {
    const handle = this as object;
    if (pending.has(handle) && unrefedByPackage(new Error().stack ?? '')) {
      end(handle);
      armed.delete(handle);
    }
    return Reflect.apply(unref, this, []);
  };
  const refresh = timeoutPrototype.refresh;
  timeoutPrototype.refresh = function (this: unknown) {
    const handle = this as object;
    const known = armed.get(handle);
    if (known) {
      end(handle);
      pending.set(handle, note(known.owner, known.call, known.delay, known.stop, known.interval));
    }
    return Reflect.apply(refresh, this, []);
  };

  const promised = (native: AnyFunction, call: string, delayed: boolean) =>
    like(function (this: unknown, ...args: unknown[]) {
      const owner = ownerNow();
      const promise = Reflect.apply(native, this, args) as Promise<unknown>;
      return owner ? noteUntilSettled(owner, call, delayed ? timerDelay(args[0]) : 0, promise) : promise;
    }, native);

  /** node:timers/promises' setInterval: an async iterator whose every next() waits for a firing, noted pending until it comes. */
  const nativeInterval = timersPromises.setInterval as AnyFunction;
  const promisedInterval = like(function (this: unknown, ...args: unknown[]) {
    const owner = ownerNow();
    const iterator = Reflect.apply(nativeInterval, this, args) as AsyncGenerator<unknown>;
    if (!owner) return iterator;
    const every = timerDelay(args[0]);
    // Its timer starts with the first next(), and fires every EVERY ms from then.
    let start: number | undefined;
    const interval: IntervalWait = {};
    return {
      next(...given: [] | [unknown]) {
        const now = Date.now();
        start ??= now;
        const firing = start + every * Math.max(1, Math.ceil((now - start) / every));
        // Stopped, its native interval is ended too: it would hold the process to no end.
        return noteUntilSettled(owner, "node:timers/promises' setInterval", firing - now, iterator.next(...given), () => void iterator.return(undefined).catch(() => {}), interval);
      },
      return: (value?: unknown) => iterator.return(value),
      throw: (error?: unknown) => iterator.throw(error),
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }, nativeInterval);

  const scheduler = timersPromises.scheduler as unknown as Record<'wait' | 'yield', AnyFunction>;
  Object.assign(timersPromises, {
    setTimeout: promised(timersPromises.setTimeout as AnyFunction, "node:timers/promises' setTimeout", true),
    setImmediate: promised(timersPromises.setImmediate as AnyFunction, "node:timers/promises' setImmediate", false),
    setInterval: promisedInterval,
  });
  // Own properties of the one scheduler, its methods called on it as before.
  Object.assign(scheduler, {
    wait: promised(scheduler.wait, 'scheduler.wait', true),
    yield: promised(scheduler.yield, 'scheduler.yield', false),
  });
  // `import { setTimeout } from 'node:timers'` (or node:timers/promises) in a steps file sees
  // the wrapped ones too; util.promisify(setTimeout) reads node:timers/promises' when called.
  syncBuiltinESMExports();
}
