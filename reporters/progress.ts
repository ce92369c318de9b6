// A live status line for a terminal on stderr, while TAP or JUnit goes to stdout:
// which document and unit run, for how long, and the counts so far. It rewrites one
// line in place and clears it at the end, so nothing of it stays in the scrollback.
import { countPoint, type Counts, type Reporter } from '../src/model/events.js';
import { clearTimeout, setTimeout } from '../src/process/native-timers.js';

/** How often the line is drawn again while nothing happens: its elapsed time goes on. */
const TICK_MS = 1000;

export interface ProgressOptions {
  /** Terminal width; the line is cut to fit. */
  columns: number;
  /** Milliseconds since the epoch, injectable for tests. */
  now?: () => number;
}

export function progressReporter(options: ProgressOptions): Reporter {
  const now = options.now ?? Date.now;
  return async function* (events) {
    const counts: Counts = { passed: 0, failed: 0, skipped: 0, todo: 0 };
    let total = 0;
    let index = 0;
    let document = '';
    let unit = '';
    let unitStarted = now();
    const render = () => {
      const elapsed = ((now() - unitStarted) / 1000).toFixed(1);
      const line = `[${index}/${total}] ${document} › ${unit} ${elapsed}s  ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
      return `\r\u001b[2K${line.slice(0, Math.max(10, options.columns - 1))}`;
    };
    // The elapsed time ticks while a unit runs, not only when an event comes.
    const iterator = events[Symbol.asyncIterator]();
    let next = iterator.next();
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const tick = new Promise<'tick'>((resolve) => {
        timer = setTimeout(() => resolve('tick'), TICK_MS);
        timer.unref();
      });
      const result = await Promise.race([next, tick]);
      clearTimeout(timer);
      if (result === 'tick') {
        if (unit) yield render();
        continue;
      }
      if (result.done) break;
      next = iterator.next();
      const event = result.value;
      switch (event.type) {
        case 'run-start':
          total = event.documents;
          break;
        case 'document-start':
          index += 1;
          document = event.name;
          unit = '';
          yield render();
          break;
        case 'unit-start':
          unit = event.name;
          unitStarted = now();
          yield render();
          break;
        case 'point':
          countPoint(counts, event);
          yield render();
          break;
        case 'run-end':
          yield '\r\u001b[2K';
          break;
        default:
          break;
      }
    }
  };
}
