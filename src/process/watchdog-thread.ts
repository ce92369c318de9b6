// The watching thread of watchdog.ts: when the main thread has not turned its event loop
// for STUCK_MS past the deadline of the user code it runs, it says so on stderr, removes
// the reports being written, ends a TAP report on stdout, and ends the process.
import { rmSync, writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { heldPastLimit, heldThreadMessage } from './held-thread-message.js';
import type { BeforeTheEnd } from './watchdog.js';

const shared = (workerData as { shared: SharedArrayBuffer }).shared;
const cells = new Float64Array(shared, 0, 4);
const label = new Uint8Array(shared, 4 * Float64Array.BYTES_PER_ELEMENT);
/** Past its deadline, how long the main thread may keep away from its event loop: code ending a long synchronous computation as its limit passes gets this. */
const STUCK_MS = 2000;
const CHECK_MS = 250;

let beforeTheEnd: BeforeTheEnd = { remove: [], tapOnStdout: false };
parentPort?.on('message', (message: BeforeTheEnd) => (beforeTheEnd = message));

function end(what: string, held: number): void {
  writeSync(2, `\n${heldThreadMessage(what, held)}\n`);
  for (const file of beforeTheEnd.remove) attempt(() => rmSync(file, { force: true }));
  // The report's lines so far are whole: its writer writes whole lines, and the main thread, held, writes nothing now.
  if (beforeTheEnd.tapOnStdout) attempt(() => writeSync(1, `Bail out! spec-run ended itself (SIGKILL, exit status 137): ${what.replace(/\s+/g, ' ')} held the main thread past its time limit\n`));
  process.kill(process.pid, 'SIGKILL');
}

/** Does WORK, whose failure (a file already gone, a reader of stdout gone) must not keep the run from ending. */
function attempt(work: () => void): void {
  try {
    work();
  } catch {
    // the run ends all the same
  }
}

setInterval(() => {
  const now = Date.now();
  const what = heldPastLimit({ deadline: cells[0], lastTurn: cells[1], runLimit: cells[3], running: new TextDecoder().decode(label.slice(0, cells[2])) }, now, STUCK_MS);
  if (what !== null) end(what, now - cells[1]);
}, CHECK_MS);
