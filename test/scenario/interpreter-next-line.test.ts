// "the next line is `x`" after a step that quoted a text: on the line right after it. It had
// been read as anywhere after it, so a line between the two passed (a reviewer of round 12's
// fresh measurement); "it is followed by `x`" stays anywhere after.
import t from 'tap';
import { runSpecLines } from './cli-points.js';

const head = ['# Next line', '', '### Requirement: In order', 'The executor SHALL show the lines in order.', ''];
const scenario = (name: string, last: string) => [`#### Scenario: ${name}`, "- **WHEN** the command `printf 'a\\nb\\nc\\n'` runs on the host", '- **THEN** the output shows `a`', `- **AND** ${last}`, ''];

t.test('"the next line is `x`" is the line right after the text the step before quoted; "followed by" is anywhere after', async (t) => {
  const { byName, passes, points } = await runSpecLines('next-line', [
    ...head,
    ...scenario('right after', 'the next line is `b`'),
    ...scenario('one line between', 'the next line is `c`'),
    ...scenario('followed', 'it is followed by `c`'),
  ]);
  t.ok(passes('the next line is b'), 'b is on the line right after a', { points });
  t.equal(byName('the next line is c')?.ok, false, 'c is not: b stands between');
  t.equal(byName('the next line is c')?.todo, undefined, 'bound, and failing');
  t.ok(passes('it is followed by c'), '"followed by" does not ask for the next line');
});
