// A quoted text and a duration a preposition of time places ("contains `build ok` after 2 seconds") claim when the
// text appears, which no fact reads: left unbound, never read as a second text (the duration written in the
// report) that a true sentence fails on (user seat round 21). The same text without the time, and a duration that
// is itself the text sought, are read as before.
import t from 'tap';
import { assertReadings, verdictsOn } from './then-readings.js';

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

// A path the output is said to show is found whole: the scenario's own directory lies under the system's temporary
// directory, so `/tmp` found as the start of a longer path passed where the command never ran in /tmp (a fresh batch).
t.test('a path the output shows is found whole, never as the start of a longer path', async (t) => {
  const verdictOf = await verdictsOn('stop:\n  commands:\n    - run: "echo /tmpfoo; echo /var/tmp; echo /tmp/elsewhere/x; echo /workspace/sub/dir"\n');
  t.equal(await verdictOf('the output shows /tmp'), false, '/tmp only begins or ends other paths');
  t.equal(await verdictOf('the output shows /tmp/elsewhere/x'), true, 'the whole path');
  t.equal(await verdictOf('the output shows sub/dir'), true, 'a relative path may end a longer one');
  const inTmp = await verdictsOn('stop:\n  commands:\n    - run: "echo /tmp"\n');
  t.equal(await inTmp('the output shows /tmp'), true, 'the path alone on its line');
});
