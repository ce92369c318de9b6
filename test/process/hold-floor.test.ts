// hold-floor.ts: the least time the watchdog lets the main thread stay away from its event
// loop outside any step, 30 s unless SPEC_RUN_HOLD_FLOOR says (read as every duration
// variable is: process/duration-variable.ts, whose forms steps-probe.test.ts goes through).
import t from 'tap';
import { holdFloorMs } from '../../src/process/hold-floor.js';

t.test('the floor is 30 s unless SPEC_RUN_HOLD_FLOOR gives a duration; one that is none is an error naming the variable and the default', (t) => {
  t.equal(holdFloorMs({}), 30_000, 'the default');
  t.equal(holdFloorMs({ SPEC_RUN_HOLD_FLOOR: '3s' }), 3000);
  t.throws(() => holdFloorMs({ SPEC_RUN_HOLD_FLOOR: '0' }), { message: /^SPEC_RUN_HOLD_FLOOR="0": .+ \(e\.g\. '3s'; unset, 30 s\)$/ });
  t.end();
});
