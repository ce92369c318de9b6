// Step code cannot end spec-run. A steps file or step that calls process.exit (or
// process.abort, or sends a signal to spec-run's own process) would end the run before
// its summary, with reports cut short and, for process.exit(0), a green exit status for
// checks that never ran. While user code runs (tracked through its async context, so
// timers and promises it starts count too) those calls throw instead: the step, hook or
// steps file fails with the reason, and the run goes on to its summary. spec-run's own
// calls, made outside that context, are untouched. And what it writes to stdout goes to
// stderr: stdout carries the report (stdout-guard.cts). Once the report is complete, so does
// whatever else writes there. A listener user code adds to `process` ('beforeExit', 'exit', a
// signal's) is called by Node outside any async context: it runs in the context it was added
// in, so that its process.exit is refused too (a `beforeExit` listener calling process.exit(0)
// ended a failing run mid-report with exit status 0), and what it throws goes where that
// code's stray errors go (stray-errors.ts).
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import { keepOffStdout } from './stdout-guard.cjs';

/** The user code running: its label, and the file it stands in. */
interface UserCode {
  label: string;
  file: string;
}

const userCode = new AsyncLocalStorage<UserCode>();

/** Whether the report on stdout is complete: until the next one starts (--watch), nothing writes there. */
let reportComplete = false;

/** Says whether the report on stdout is COMPLETE (a run's report starts, or has ended). */
export function stdoutReportComplete(complete: boolean): void {
  reportComplete = complete;
}

/** Whether what runs now writes to stdout for user code: user code, or anything once the report is complete. */
const writesForUser = () => reportComplete || userCode.getStore() !== undefined;

export class UserExitAttempt extends Error {
  override name = 'UserExitAttempt';
}

/** The user code running now (labelled "steps file steps/a.steps.mjs"), if any. */
export const userCodeRunning = (): UserCode | undefined => userCode.getStore();

/** Takes what a process listener of user code throws, in the context it was added in; by default, Node's handling. */
let strayListenerError: (error: unknown) => void = (error) => {
  throw error;
};

/** From now on, what a process listener of user code throws goes to HANDLER (stray-errors.ts). */
export function reportListenerErrorsTo(handler: (error: unknown) => void): void {
  strayListenerError = handler;
}

/** Runs FN as user code of FILE, LABEL naming it ("steps file steps.mjs") in the error a guarded call throws. */
export function asUserCode<T>(label: string, file: string, fn: () => T): T {
  installGuards();
  return userCode.run({ label, file }, fn);
}

let installed = false;

function installGuards(): void {
  if (installed) return;
  installed = true;
  const exit = process.exit.bind(process);
  const abort = process.abort.bind(process);
  const kill = process.kill.bind(process);
  const refuse = (call: string) => {
    const label = userCode.getStore()?.label;
    if (label === undefined) return;
    throw new UserExitAttempt(`${label} called ${call}: step code cannot end spec-run's run (the run goes on to its summary); fail the step by throwing instead`);
  };
  // Arguments passed on as given: process.exit() without one keeps process.exitCode.
  process.exit = ((...args: [code?: number | string | null]) => {
    refuse(`process.exit(${args.map(String).join(', ')})`);
    return exit(...(args as [number]));
  }) as typeof process.exit;
  process.abort = (() => {
    refuse('process.abort()');
    return abort();
  }) as typeof process.abort;
  // The report is written to stdout: what step code prints there goes to stderr, where it
  // cannot forge or split a report line (a `Bail out!` a TAP consumer would stop at).
  const writeStdout = process.stdout.write;
  process.stdout.write = function (this: NodeJS.WriteStream, ...args: unknown[]) {
    if (!writesForUser()) return Reflect.apply(writeStdout, this, args) as boolean;
    return Reflect.apply(process.stderr.write, process.stderr, args) as boolean;
  } as typeof process.stdout.write;
  keepOffStdout(writesForUser, fileURLToPath(new URL('./worker-stdout-guard.cjs', import.meta.url)));
  // Node's undocumented exit beneath process.exit: ends the process with no 'exit' event, the report cut short.
  const internal = process as unknown as { reallyExit?: (code?: number) => never };
  const reallyExit = internal.reallyExit?.bind(process);
  if (reallyExit) {
    internal.reallyExit = (...args: [code?: number]) => {
      refuse(`process.reallyExit(${args.map(String).join(', ')})`);
      return reallyExit(...args);
    };
  }
  guardProcessListeners();
  process.kill = ((pid: number, signal?: string | number) => {
    // 0 and the negated process group reach spec-run too.
    if (pid === process.pid || pid === 0 || pid === -process.pid) refuse(`process.kill(${pid}${signal === undefined ? '' : `, ${JSON.stringify(signal)}`})`);
    return kill(pid, signal);
  }) as typeof process.kill;
}

type Listener = (...args: unknown[]) => unknown;

/** Listeners user code adds to `process` run in the context they were added in (see the top of this file). */
function guardProcessListeners(): void {
  const emitter = process as unknown as Record<string, (event: string | symbol, listener: Listener) => unknown>;
  const inContext = (listener: Listener, once: (() => void) | null): Listener => {
    const bound = AsyncResource.bind(function (this: unknown, ...args: unknown[]) {
      try {
        return Reflect.apply(listener, this, args);
      } catch (error) {
        strayListenerError(error);
      }
    });
    const guarded = function (this: unknown, ...args: unknown[]) {
      once?.();
      return Reflect.apply(bound, this, args);
    };
    // process.off(event, listener) and process.listeners(event) know it by the user's function.
    return Object.assign(guarded, { listener });
  };
  const addAtEnd = emitter.on;
  const addAtStart = emitter.prependListener;
  // Each way to add a listener, with the one that adds the guarded listener in its place.
  const ways: [method: string, adds: typeof addAtEnd, once: boolean][] = [
    ['on', addAtEnd, false],
    ['addListener', addAtEnd, false],
    ['prependListener', addAtStart, false],
    ['once', addAtEnd, true],
    ['prependOnceListener', addAtStart, true],
  ];
  for (const [method, adds, once] of ways) {
    const add = emitter[method];
    emitter[method] = function (this: unknown, event: string | symbol, listener: Listener) {
      if (userCode.getStore() === undefined || typeof listener !== 'function') return Reflect.apply(add, this, [event, listener]);
      const guarded: Listener = inContext(listener, once ? () => process.removeListener(event, guarded) : null);
      return Reflect.apply(adds, this, [event, guarded]);
    };
  }
}
