// A quoted text and a duration a preposition of time places ("contains `build ok` after 2 seconds") claim when the
// text appears, which no fact reads: left unbound, never read as a second text (the duration written in the
// report) that a true sentence fails on (user seat round 21). The same text without the time, and a duration that
// is itself the text sought, are read as before.
import t from 'tap';
import { assertReadings } from './then-readings.js';

t.test('a text placed in time is left unbound; the text alone, or a duration sought as text, is read', (t) => {
  assertReadings(
    t,
    [
      ['the output SHALL contain "build ok"', '"build ok"'],
      ['the report mentions 2 seconds', 'the duration 2 s'],
    ],
    [
      'the output SHALL contain "build ok" after 2 seconds',
      'the output shows `ready` within 5 s',
      'stdout contains "done" in 3 seconds',
      'the output SHALL include "up" before 10s',
    ],
  );
  t.end();
});
