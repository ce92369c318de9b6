// Time limits kept when user code does not give the thread back. A step, a hook or a steps
// file's top level in an endless synchronous loop never returns to the event loop, where
// the timer of its time limit and the handlers of SIGINT and SIGTERM wait: the run hung,
// --timeout and Ctrl-C unheeded, until killed by hand. A thread of its own watches: when
// the main thread has not come back to its event loop for a while past the limit of the
// user code it runs, the thread says which code holds it and ends the process (SIGKILL,
// exit status 137): nothing else could run. (Stopping the JavaScript alone, through the
// inspector, breaks Node's bookkeeping of async contexts and aborts it less clearly.)
// Before it does, it removes the report files being written, with the earlier run's
// report at each place (a CI step that uploads reports whatever the exit status must not
// upload a green one for this run), and ends a TAP report on stdout with `Bail out!`.
import { isMainThread, Worker } from 'node:worker_threads';
import { holdFloorMs } from './hold-floor.js';

/** The longest description of the code watched, in bytes. */
const LABEL_BYTES = 2048;
/**
 * [0]: the deadline of the user code running (ms since the epoch), 0 for none; [1]: the
 * main thread's last turn of its event loop; [2]: the label's length; [3]: how long the
 * main thread may stay away from its event loop at any time of a run, 0 for no limit.
 */
const shared = new SharedArrayBuffer(4 * Float64Array.BYTES_PER_ELEMENT + LABEL_BYTES);
const cells = new Float64Array(shared, 0, 4);
const label = new Uint8Array(shared, 4 * Float64Array.BYTES_PER_ELEMENT);
let thread: Worker | null | undefined;
let heartbeat: NodeJS.Timeout | undefined;
/** The user code running, with its deadline: the nearest is the one watched. */
const armed = new Set<{ at: number; what: string }>();
/** What the thread does before it ends the run: what it removes, and whether stdout carries TAP that it ends. */
export interface BeforeTheEnd {
  remove: string[];
  tapOnStdout: boolean;
}
/** The files of each report being written (removeIfEnded), and the TAP reports being written on stdout. */
const unfinishedFiles = new Set<string[]>();
let tapReportsOnStdout = 0;

/** How often the main thread notes that its event loop turns while user code is watched. */
const BEAT_MS = 100;

function startThread(): void {
  if (thread !== undefined) return;
  try {
    thread = new Worker(new URL('./watchdog-thread.js', import.meta.url), { workerData: { shared } });
    thread.unref();
    // A thread that could not start leaves the limits as they were.
    thread.on('error', () => (thread = null));
    tellBeforeTheEnd();
  } catch {
    thread = null;
  }
}

/** Tells the thread (when it runs) what to do before it ends the run; a message reaches it while the main thread is held. */
function tellBeforeTheEnd(): void {
  const message: BeforeTheEnd = { remove: [...unfinishedFiles].flat(), tapOnStdout: tapReportsOnStdout > 0 };
  thread?.postMessage(message);
}

/**
 * FILES (a report being written and its place) are removed if the watchdog ends the run
 * before the returned function is called (when the report is in place).
 */
export function removeIfEnded(files: string[]): () => void {
  unfinishedFiles.add(files);
  tellBeforeTheEnd();
  return () => {
    unfinishedFiles.delete(files);
    tellBeforeTheEnd();
  };
}

/** A TAP report is being written on stdout until the returned function is called: the watchdog ends it with `Bail out!` if it ends the run. */
export function tapReportOnStdout(): () => void {
  tapReportsOnStdout += 1;
  tellBeforeTheEnd();
  return () => {
    tapReportsOnStdout -= 1;
    tellBeforeTheEnd();
  };
}

function publish(): void {
  const nearest = [...armed].sort((a, b) => a.at - b.at)[0];
  if (nearest) {
    const bytes = new TextEncoder().encode(nearest.what).subarray(0, LABEL_BYTES);
    label.set(bytes);
    cells[2] = bytes.length;
  }
  cells[0] = nearest?.at ?? 0;
  const beating = nearest !== undefined || cells[3] > 0;
  if (beating && !heartbeat) {
    cells[1] = Date.now();
    heartbeat = setInterval(() => (cells[1] = Date.now()), BEAT_MS).unref();
  } else if (!beating && heartbeat) {
    clearInterval(heartbeat);
    heartbeat = undefined;
  }
}

/**
 * Watches user code (WHAT: "step 'When it spins' at doc.md:5") that must have ended by AT
 * (ms since the epoch) until the returned function is called.
 */
export function watchUserCode(at: number, what: string): () => void {
  // Off the main thread (the editor's probe of a steps file, lsp/steps-probe.ts), the thread's owner stops it
  // (Worker.terminate): ending the process would end the owner too.
  if (!isMainThread) return () => {};
  startThread();
  const entry = { at, what };
  armed.add(entry);
  publish();
  return () => {
    armed.delete(entry);
    publish();
  };
}

/**
 * From now on, whatever runs: the main thread kept from its event loop for longer than
 * LIMIT_MS (the unit time limit) ends the process, as user code past its deadline does.
 * Code a step left behind (a timer, an event handler) in an endless loop runs outside any
 * step's watch.
 */
export function watchTheRun(limitMs: number): void {
  startThread();
  // Never below the floor (30 s unless SPEC_RUN_HOLD_FLOOR says): spec-run's own work between units (a large report) may take seconds.
  cells[3] = Math.max(cells[3], limitMs, holdFloorMs());
  publish();
}
