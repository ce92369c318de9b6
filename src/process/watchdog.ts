// Time limits kept when user code does not give the thread back. A step, a hook or a steps
// file's top level in an endless synchronous loop never returns to the event loop, where
// the timer of its time limit and the handlers of SIGINT and SIGTERM wait: the run hung,
// --timeout and Ctrl-C unheeded, until killed by hand. A thread of its own watches: when
// the main thread has not come back to its event loop for a while past the limit of the
// user code it runs, the thread says which code holds it and ends the process (SIGKILL,
// exit status 137): nothing else could run. (Stopping the JavaScript alone, through the
// inspector, breaks Node's bookkeeping of async contexts and aborts it less clearly.)
import { isMainThread, Worker } from 'node:worker_threads';

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

/** How often the main thread notes that its event loop turns while user code is watched. */
const BEAT_MS = 100;

function startThread(): void {
  if (thread !== undefined) return;
  try {
    thread = new Worker(new URL('./watchdog-thread.js', import.meta.url), { workerData: { shared } });
    thread.unref();
    // A thread that could not start leaves the limits as they were.
    thread.on('error', () => (thread = null));
  } catch {
    thread = null;
  }
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
  // Never below RUN_FLOOR_MS: spec-run's own work between units (a large report) may take seconds.
  cells[3] = Math.max(cells[3], limitMs, RUN_FLOOR_MS);
  publish();
}

/** The least time the main thread may stay away from its event loop outside watched user code. */
const RUN_FLOOR_MS = 30_000;
