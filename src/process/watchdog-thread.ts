// The watching thread of watchdog.ts: when the main thread has not turned its event loop
// for STUCK_MS past the deadline of the user code it runs, it says so on stderr and ends
// the process.
import { writeSync } from 'node:fs';
import { workerData } from 'node:worker_threads';

const shared = (workerData as { shared: SharedArrayBuffer }).shared;
const cells = new Float64Array(shared, 0, 3);
const label = new Uint8Array(shared, 3 * Float64Array.BYTES_PER_ELEMENT);
/** Past its deadline, how long the main thread may keep away from its event loop: code ending a long synchronous computation as its limit passes gets this. */
const STUCK_MS = 2000;
const CHECK_MS = 250;

setInterval(() => {
  const deadline = cells[0];
  const now = Date.now();
  if (deadline === 0 || now < deadline + STUCK_MS || now - cells[1] < STUCK_MS) return;
  const what = new TextDecoder().decode(label.slice(0, cells[2]));
  const held = ((now - cells[1]) / 1000).toFixed(1);
  writeSync(
    2,
    `\nspec-run: ${what} has held the main thread for ${held} s without returning to it, past its time limit (an endless synchronous loop?): its limit, the reports and Ctrl-C all wait on that thread, so spec-run ends here (SIGKILL, exit status 137); make the code return, or await between its iterations\n`,
  );
  process.kill(process.pid, 'SIGKILL');
}, CHECK_MS);
