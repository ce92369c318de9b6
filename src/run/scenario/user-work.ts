// The work user code starts that Node holds the process for, beyond timers (user-timers.ts):
// what a callback waiting on it may check. The end of a document or run waits for it, up to
// the settling limit, as for a timer; work still pending then is a skipped point naming it, as
// a late timer is (late-errors.ts). Three kinds are named by what they are, through Node's
// diagnostics channels: a child process until its output has closed, an HTTP request until
// its response arrives or it fails, a worker thread until it exits. Every other kind is found
// by an async hook on the resources Node makes in a unit's user code (stray-errors.ts), of
// the classes that hold its event loop:
// - a handle (a socket, a server, a watcher, a worker: a hasRef() method) while it is ref'd
//   and open, as Node itself counts it;
// - one piece of work Node calls back once (a request: fs, dns, a stream's write; a
//   thread-pool job: crypto.pbkdf2, scrypt) until that callback, once it holds one (a
//   synchronous crypto job holds none);
// - a zlib stream while a chunk it was given is still being compressed on the thread pool.
// The hook has init and before only: a destroy hook would make Node track every promise.
import { createHook } from 'node:async_hooks';
import type { ChildProcess } from 'node:child_process';
import type { ClientRequest } from 'node:http';
import type { Worker } from 'node:worker_threads';
import diagnostics from 'node:diagnostics_channel';
import type { TimerOwner } from './user-timers.js';

/** Resources of no hold of their own, or followed elsewhere: promises, ticks, timers (user-timers.ts). */
const NOT_WORK = new Set(['PROMISE', 'TickObject', 'Microtask', 'Timeout', 'Immediate']);

/** A resource Node made for user code, as the hook sees it. */
interface Resource {
  hasRef?: () => boolean;
  oncomplete?: unknown;
  ondone?: unknown;
  buffer?: unknown;
}

/** Whether RESOURCE, of the async TYPE, holds the event loop now (CALLEDBACK: Node has called it back). */
export function holdsLoop(type: string, resource: Resource, calledBack: boolean): boolean {
  if (typeof resource.hasRef === 'function') return resource.hasRef();
  // zlib's handle holds the chunk it is compressing until it calls back with all of it done.
  if (type === 'ZLIB') return resource.buffer !== null && resource.buffer !== undefined;
  const awaitsCallback = typeof resource.oncomplete === 'function' || typeof resource.ondone === 'function' || type === 'FSREQPROMISE';
  return awaitsCallback && !calledBack;
}

/** How a report names a resource of TYPE: `pending work (PBKDF2REQUEST)`, `an open handle (TCPSERVERWRAP)`. */
function described(type: string, resource: Resource): string {
  return typeof resource.hasRef === 'function' ? `an open handle (${type})` : `pending work (${type})`;
}

/**
 * Starts noting the work of the code OWNER_NOW names (undefined: spec-run's own, or code of
 * no unit, which is left alone). Once, with the timers.
 */
export function trackWork(ownerNow: () => TimerOwner | undefined): void {
  let started = 0;
  /** Notes work of the owner now until ENDED is called; DESCRIBE: what it is, asked when a report names it; RUNNING: whether it still holds the loop. */
  const note = (describe: () => string, onEnd: (ended: () => void) => void, running?: () => boolean): void => {
    const owner = ownerNow();
    if (!owner) return;
    const id = ++started;
    let done = false;
    onEnd(() => {
      if (done) return;
      done = true;
      owner.late.workEnded(id);
    });
    if (!done) owner.late.workStarted(id, { origin: owner.origin, at: owner.at, ...(owner.by ? { by: owner.by } : {}), get what() { return describe(); }, ...(running ? { running } : {}) });
  };

  /** The requests and jobs noted by the hook, by async id, until Node calls them back (or they are found to hold nothing). */
  const awaitingCallback = new Map<number, () => void>();
  /** The resources a child process or HTTP request stands for: named by it, not again on their own. */
  const claimed = new WeakMap<object, () => void>();
  const claim = (resource: unknown) => {
    if (typeof resource === 'object' && resource !== null) claimed.get(resource)?.();
  };
  createHook({
    init(asyncId, type, _trigger, resource: Resource & object) {
      if (NOT_WORK.has(type)) return;
      const oneShot = typeof resource.hasRef !== 'function' && type !== 'ZLIB';
      let calledBack = false;
      note(
        () => described(type, resource),
        (ended) => {
          const end = () => {
            calledBack = true;
            awaitingCallback.delete(asyncId);
            ended();
          };
          if (oneShot) awaitingCallback.set(asyncId, end);
          claimed.set(resource, end);
        },
        () => {
          const holds = holdsLoop(type, resource, calledBack);
          // One that holds nothing when looked at after its step (a synchronous crypto job) never will.
          if (!holds && oneShot) awaitingCallback.delete(asyncId);
          return holds;
        },
      );
    },
    // Called back, a request is done: what its callback checks is checked now, in its step or late.
    before(asyncId) {
      awaitingCallback.get(asyncId)?.();
    },
  }).enable();

  diagnostics.subscribe('child_process', (message) => {
    const child = (message as { process?: ChildProcess }).process;
    if (!child) return;
    // Its own handle exists now, its pipes once it has spawned: each is the child process's.
    claim((child as { _handle?: unknown })._handle);
    child.once('spawn', () => child.stdio.forEach((stream) => claim((stream as { _handle?: unknown } | null)?._handle)));
    // 'close' comes after the exit and the end of its output, and on a spawn that failed too.
    note(() => `a child process (${(child.spawnargs ?? []).join(' ').slice(0, 80)})`, (ended) => child.once('close', ended));
  });
  // A worker thread is one piece of work: its handle and its message ports (Node keeps them
  // under symbols of the Worker) are its own, named with it, until it exits.
  diagnostics.subscribe('worker_threads', (message) => {
    const worker = (message as { worker?: Worker }).worker;
    if (!worker) return;
    for (const part of Object.getOwnPropertySymbols(worker)) claim((worker as unknown as Record<symbol, unknown>)[part]);
    note(() => `a worker thread (thread ${worker.threadId})`, (ended) => worker.once('exit', ended));
  });
  const answered = new WeakMap<object, () => void>();
  diagnostics.subscribe('http.client.request.start', (message) => {
    const request = (message as { request?: ClientRequest }).request;
    if (!request) return;
    request.once('socket', (socket) => claim((socket as { _handle?: unknown })._handle));
    note(() => `an HTTP request (${request.method} ${request.host}${request.path})`, (ended) => {
      answered.set(request, ended);
      request.once('close', ended);
      request.once('error', ended);
    });
  });
  // Its response's handler runs right after this: what it checks is checked in its step or late, not left pending.
  diagnostics.subscribe('http.client.response.finish', (message) => {
    const request = (message as { request?: ClientRequest }).request;
    if (request) answered.get(request)?.();
  });
}
