// spec-run's stdout carries its report: what user code writes there through node:fs (to
// descriptor 1, or a path naming it: /dev/stdout, /dev/fd/1, /proc/self/fd/1), through the
// processes it starts inheriting spec-run's stdout (`stdio: 'inherit'`, `fork`), or from
// the worker threads it starts, goes to stderr instead, where it cannot forge or split a
// report line. CommonJS: the worker threads of user code require it before their own code
// (worker-stdout-guard.cts), and a preloaded module must be required as it stands.
import childProcess from 'node:child_process';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import workerThreads from 'node:worker_threads';

/**
 * Moves the writes to stdout of the code FOR_USER says is user code (it is called at each
 * write, spawn, open or worker's start) to stderr; WORKER_PRELOAD: the module the worker
 * threads that code starts require first (worker-stdout-guard.cjs), the same done there.
 */
export function keepOffStdout(forUser: () => boolean, workerPreload: string): void {
  keepChildrenOffStdout(forUser);
  keepFileWritesOffStdout(forUser);
  keepWorkersOffStdout(forUser, workerPreload);
  // `import { writeSync } from 'node:fs'` (or child_process', worker_threads') in a steps file sees them too.
  syncBuiltinESMExports();
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

/** ARGS of a child_process call with its options' stdio moved off stdout; FORK: Node's fork inherits stdout when given no stdio. */
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

function keepChildrenOffStdout(forUser: () => boolean): void {
  const module = childProcess as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['spawn', 'spawnSync', 'execSync', 'execFileSync', 'fork']) {
    const original = module[name];
    module[name] = function (this: unknown, ...args: unknown[]) {
      return Reflect.apply(original, this, forUser() ? withChildStdio(args, name === 'fork') : args);
    };
  }
}

/** The paths of spec-run's stdout, as path.resolve gives them: any spelling of one (`/dev//stdout`, a file: URL) names it too. */
const STDOUT_PATHS = new Set(['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1', '/proc/thread-self/fd/1', `/proc/${process.pid}/fd/1`]);

/** Whether TARGET, a descriptor or a path as node:fs takes one (a string, a Buffer, a file: URL), is spec-run's stdout. */
function namesStdout(target: unknown): boolean {
  if (target === 1) return true;
  const path = typeof target === 'string' ? target : Buffer.isBuffer(target) ? target.toString() : target instanceof URL && target.protocol === 'file:' ? fileURLToPath(target) : undefined;
  return path !== undefined && STDOUT_PATHS.has(posix.resolve(path));
}

/**
 * The descriptors given for a stdout path (or descriptor 1's stream) opened by user code,
 * each spec-run's stderr itself (2): opening /dev/stderr anew would make a file description
 * of its own, whose writes the next ones of spec-run overwrite when stderr is a file
 * (`2> err.txt`). Closing one of them leaves stderr open.
 */
let stderrGiven = 0;

function keepFileWritesOffStdout(forUser: () => boolean): void {
  const module = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
  const wrap = (name: string, moved: (original: (...args: unknown[]) => unknown, args: unknown[]) => unknown) => {
    const original = module[name];
    module[name] = function (this: unknown, ...args: unknown[]) {
      return forUser() && namesStdout(args[0]) ? moved((...given) => Reflect.apply(original, this, given), args) : Reflect.apply(original, this, args);
    };
  };
  // A descriptor or a path written to: stderr's descriptor instead.
  for (const name of ['write', 'writeSync', 'writev', 'writevSync', 'writeFile', 'writeFileSync', 'appendFile', 'appendFileSync']) {
    wrap(name, (original, [, ...rest]) => original(2, ...rest));
  }
  wrap('openSync', () => {
    stderrGiven += 1;
    return 2;
  });
  wrap('open', (original, args) => {
    const callback = args.at(-1);
    // Without its callback, Node's own open throws as it should.
    if (typeof callback !== 'function') return original(...args);
    stderrGiven += 1;
    process.nextTick(callback, null, 2);
  });
  const createWriteStream = module.createWriteStream;
  module.createWriteStream = function (this: unknown, path: unknown, options?: unknown) {
    const given = (typeof options === 'string' ? { encoding: options } : (options ?? {})) as { fd?: unknown };
    if (!forUser() || !(namesStdout(path) || given.fd === 1)) return Reflect.apply(createWriteStream, this, [path, options]);
    // Its closing (autoClose) goes through close() below: stderr stays open, and the stream says 'close' as any does.
    stderrGiven += 1;
    return Reflect.apply(createWriteStream, this, [path, { ...given, fd: 2 }]);
  };
  for (const name of ['close', 'closeSync']) {
    const original = module[name];
    module[name] = function (this: unknown, ...args: unknown[]) {
      if (args[0] !== 2 || stderrGiven === 0) return Reflect.apply(original, this, args);
      stderrGiven -= 1;
      const callback = args[1];
      if (typeof callback === 'function') process.nextTick(callback, null);
      return undefined;
    };
  }
}

/**
 * Worker threads of user code require WORKER_PRELOAD before their own code: a thread's writes
 * to descriptor 1 would reach spec-run's stdout straight. (What a thread prints with
 * console.log comes through this thread's process.stdout, moved off it already.)
 */
function keepWorkersOffStdout(forUser: () => boolean, workerPreload: string): void {
  const module = workerThreads as unknown as { Worker: typeof workerThreads.Worker };
  const NativeWorker = module.Worker;
  module.Worker = class Worker extends NativeWorker {
    constructor(filename: string | URL, options: workerThreads.WorkerOptions = {}) {
      if (!forUser()) {
        super(filename, options);
        return;
      }
      // A thread given no execArgv takes this one's: kept, with the preload first.
      const preloaded = (execArgv: string[]) => ({ ...options, execArgv: ['--require', workerPreload, ...execArgv] });
      try {
        super(filename, preloaded(options.execArgv ?? process.execArgv));
      } catch (error) {
        // spec-run's node was started with a flag no thread takes (a V8 one, --title): the
        // thread gets none of them then (NODE_OPTIONS still applies there).
        if (options.execArgv !== undefined || (error as NodeJS.ErrnoException).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw error;
        super(filename, preloaded([]));
      }
    }
  };
}
