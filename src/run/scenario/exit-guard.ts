// Step code cannot end spec-run. A steps file or step that calls process.exit (or
// process.abort, or sends a signal to spec-run's own process) would end the run before
// its summary, with reports cut short and, for process.exit(0), a green exit status for
// checks that never ran. While user code runs (tracked through its async context, so
// timers and promises it starts count too) those calls throw instead: the step, hook or
// steps file fails with the reason, and the run goes on to its summary. spec-run's own
// calls, made outside that context, are untouched. And what it writes to stdout goes to
// stderr: stdout carries the report. So do the stdout of the processes it starts
// inheriting spec-run's (`execSync(..., { stdio: 'inherit' })`, `fork`) and its writes to
// descriptor 1 or /dev/stdout through node:fs.
import { AsyncLocalStorage } from 'node:async_hooks';
import childProcess from 'node:child_process';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const userCode = new AsyncLocalStorage<string>();

export class UserExitAttempt extends Error {
  override name = 'UserExitAttempt';
}

/** Runs FN as user code, LABEL naming it ("steps file steps.mjs") in the error a guarded call throws. */
export function asUserCode<T>(label: string, fn: () => T): T {
  installGuards();
  return userCode.run(label, fn);
}

let installed = false;

function installGuards(): void {
  if (installed) return;
  installed = true;
  const exit = process.exit.bind(process);
  const abort = process.abort.bind(process);
  const kill = process.kill.bind(process);
  const refuse = (call: string) => {
    const label = userCode.getStore();
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
    if (userCode.getStore() === undefined) return Reflect.apply(writeStdout, this, args) as boolean;
    return Reflect.apply(process.stderr.write, process.stderr, args) as boolean;
  } as typeof process.stdout.write;
  keepChildrenOffTheReport();
  keepFileWritesOffTheReport();
  // Node's undocumented exit beneath process.exit: ends the process with no 'exit' event, the report cut short.
  const internal = process as unknown as { reallyExit?: (code?: number) => never };
  const reallyExit = internal.reallyExit?.bind(process);
  if (reallyExit) {
    internal.reallyExit = (...args: [code?: number]) => {
      refuse(`process.reallyExit(${args.map(String).join(', ')})`);
      return reallyExit(...args);
    };
  }
  process.kill = ((pid: number, signal?: string | number) => {
    // 0 and the negated process group reach spec-run too.
    if (pid === process.pid || pid === 0 || pid === -process.pid) refuse(`process.kill(${pid}${signal === undefined ? '' : `, ${JSON.stringify(signal)}`})`);
    return kill(pid, signal);
  }) as typeof process.kill;
}

/** A stdio entry that would be spec-run's stdout, as stderr. */
const awayFromStdout = (entry: unknown) => (entry === 1 || entry === process.stdout || entry === 'inherit' ? 2 : entry);

/** STDIO as a child of user code gets it: whatever would write to spec-run's stdout writes to its stderr. */
function childStdio(stdio: unknown): unknown {
  if (stdio === 'inherit') return [0, 2, 2];
  if (!Array.isArray(stdio)) return stdio;
  // stdin inherited stays stdin: only outputs are moved.
  return stdio.map((entry, i) => (i === 0 ? entry : awayFromStdout(entry)));
}

/** ARGS of a child_process call with its options' stdio moved off the report; FORK: Node's fork inherits stdout when given no stdio. */
function withChildStdio(args: unknown[], fork: boolean): unknown[] {
  const at = args.findIndex((arg, i) => i > 0 && arg !== null && typeof arg === 'object' && !Array.isArray(arg));
  const options = (at === -1 ? {} : args[at]) as { stdio?: unknown; silent?: boolean };
  const stdio = options.stdio === undefined && fork && !options.silent ? [0, 2, 2, 'ipc'] : childStdio(options.stdio);
  if (stdio === options.stdio) return args;
  const moved = { ...options, stdio };
  if (at !== -1) return args.map((arg, i) => (i === at ? moved : arg));
  // No options given: after the arguments' array when there is one (never after a callback).
  const last = args.findIndex((arg, i) => i > 0 && typeof arg === 'function');
  const place = last === -1 ? args.length : last;
  return [...args.slice(0, place), moved, ...args.slice(place)];
}

function keepChildrenOffTheReport(): void {
  const module = childProcess as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['spawn', 'spawnSync', 'execSync', 'execFileSync', 'fork']) {
    const original = module[name];
    module[name] = function (this: unknown, ...args: unknown[]) {
      return Reflect.apply(original, this, userCode.getStore() === undefined ? args : withChildStdio(args, name === 'fork'));
    };
  }
  // `import { execSync } from 'node:child_process'` in a steps file sees them too.
  syncBuiltinESMExports();
}

const STDOUT_PATHS = new Set(['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']);
const namesStdout = (target: unknown) => target === 1 || (typeof target === 'string' && STDOUT_PATHS.has(target));

/**
 * ARGS of a node:fs call NAME with spec-run's stdout (descriptor 1, /dev/stdout) as its
 * stderr: descriptor 2 where a descriptor is taken, /dev/stderr opened to append where a
 * path must be opened (opened to write, it would cut what stderr's file holds).
 */
function fileArgsOffTheReport(name: string, [target, ...rest]: unknown[]): unknown[] {
  const opens = name === 'open' || name === 'openSync' || name === 'createWriteStream';
  if (name === 'createWriteStream' && (rest[0] as { fd?: unknown } | undefined)?.fd === 1) return [target, { ...(rest[0] as object), fd: 2, autoClose: false }, ...rest.slice(1)];
  if (!namesStdout(target)) return [target, ...rest];
  if (!opens) return [2, ...rest];
  if (name === 'createWriteStream') return ['/dev/stderr', { ...(typeof rest[0] === 'object' ? (rest[0] as object) : {}), flags: 'a' }, ...rest.slice(1)];
  return ['/dev/stderr', 'a', ...rest.slice(1).filter((arg) => typeof arg === 'function' || typeof arg === 'number')];
}

function keepFileWritesOffTheReport(): void {
  const module = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['write', 'writeSync', 'writev', 'writevSync', 'writeFile', 'writeFileSync', 'appendFile', 'appendFileSync', 'open', 'openSync', 'createWriteStream']) {
    const original = module[name];
    module[name] = function (this: unknown, ...args: unknown[]) {
      return Reflect.apply(original, this, userCode.getStore() === undefined ? args : fileArgsOffTheReport(name, args));
    };
  }
  syncBuiltinESMExports();
}
