// held-thread-message.ts's heldPastLimit: what the watchdog's thread names when it ends a
// run whose main thread is held. With the unit limit as long as the run's (the default
// five minutes for both), the run's limit counted from the loop's last turn comes due a
// moment before the step's own deadline: the step running must still be the one named.
import t from 'tap';
import fc from 'fast-check';
import { heldPastLimit } from '../../src/process/held-thread-message.js';

const STUCK = 2000;
const STEP = "step 'WHEN it spins' (specs/a.spec.md:6, defined at steps/a.steps.mjs:3)";
const OUTSIDE = /^code of the run outside any step/;

t.test('a step held past the run limit before its own deadline is named, not "code outside any step"', (t) => {
  const limit = 300_000;
  const lastTurn = 1_000_000;
  const started = lastTurn + 5; // the step started in the turn after the loop's last beat
  const now = lastTurn + limit + STUCK; // the run limit is due; the step's deadline + STUCK is 5 ms later
  t.equal(heldPastLimit({ deadline: started + limit, lastTurn, runLimit: limit, running: STEP }, now, STUCK), STEP);
  t.end();
});

t.test('with no user code watched, the run limit names code outside any step; before any limit, nothing', (t) => {
  t.match(heldPastLimit({ deadline: 0, lastTurn: 0, runLimit: 30_000, running: '' }, 30_000 + STUCK, STUCK), OUTSIDE);
  t.equal(heldPastLimit({ deadline: 0, lastTurn: 0, runLimit: 30_000, running: '' }, 30_000 + STUCK - 1, STUCK), null);
  t.equal(heldPastLimit({ deadline: 0, lastTurn: 0, runLimit: 0, running: '' }, 10 ** 9, STUCK), null, 'no limit at all: never');
  t.end();
});

t.test('whichever limit comes due first, a watched step is what is named, and never before a limit is past', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 10 ** 6 }), fc.integer({ min: 1, max: 10 ** 6 }), fc.integer({ min: 1, max: 10 ** 6 }), fc.integer({ min: 0, max: 3 * 10 ** 6 }), (lastTurn, stepLimit, runLimit, elapsed) => {
      const now = lastTurn + elapsed;
      const deadline = lastTurn + stepLimit;
      const said = heldPastLimit({ deadline, lastTurn, runLimit, running: STEP }, now, STUCK);
      const due = elapsed >= STUCK && (now >= deadline + STUCK || elapsed >= runLimit + STUCK);
      return due ? said === STEP : said === null;
    }),
  );
  t.end();
});
