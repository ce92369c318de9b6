// The watching thread of watchdog.ts: when the main thread has not turned its event loop
// for STUCK_MS past the deadline of the user code it runs, it says so on stderr and ends
// the process.
import { writeSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { heldThreadMessage } from './held-thread-message.js';

const shared = (workerData as { shared: SharedArrayBuffer }).shared;
const cells = new Float64Array(shared, 0, 4);
const label = new Uint8Array(shared, 4 * Float64Array.BYTES_PER_ELEMENT);
/** Past its deadline, how long the main thread may keep away from its event loop: code ending a long synchronous computation as its limit passes gets this. */
const STUCK_MS = 2000;
const CHECK_MS = 250;

function end(what: string, held: number): void {
  writeSync(2, `\n${heldThreadMessage(what, held)}\n`);
  process.kill(process.pid, 'SIGKILL');
}

setInterval(() => {
  const deadline = cells[0];
  const now = Date.now();
  const held = now - cells[1];
  if (held < STUCK_MS) return;
  if (deadline !== 0 && now >= deadline + STUCK_MS) end(new TextDecoder().decode(label.slice(0, cells[2])), held);
  else if (cells[3] > 0 && held >= cells[3] + STUCK_MS) end('code of the run outside any step (a timer or an event handler a step left behind?)', held);
}, CHECK_MS);
