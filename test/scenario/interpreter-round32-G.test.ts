// Round 32's misreadings of batch59 (G), each fixed as a class: a heading among the texts "neither … nor" denies, and
// "nothing after it", left unread where they had been read as other claims. Sentences written for these tests, read both
// ways through real runs of the executor.
import t from 'tap';
import { expectBoundVerdicts, reading, scenariosRunner, sectionScenario } from './cli-points.js';

const run = scenariosRunner('Round 32 G misreadings');

const two = ['commands:', '  - run: "echo hello"', '  - run: "exit 3"'];
const ofTwo = (title: string, then: string) => sectionScenario(title, 'you run `spec-run exec stop.yaml` on', two, then);

t.test('a heading among the texts "neither … nor" denies is one of them, never the block the other is sought in: not read', async (t) => {
  t.equal(reading('Then', 'The report of command 2 contains neither `hello` nor `To fix:`.'), null, 'the heading is a denied text');
  t.match(reading('Then', 'Its report shows neither `Exit Code: 0` or `Output:`.') ?? '', /none of "Exit Code: 0", "Output:"/, 'where another rule seeks both texts, the heading is one of them');
  // Texts that are no heading are still denied, each of them, in the report.
  await expectBoundVerdicts(t, run, 'r32g-neither', [
    ofTwo('neither, true', 'The report of command 2 contains neither `hello` nor `Exit Code: 4`.'),
    ofTwo('neither, false', 'The report of command 2 contains neither `hello` nor `Exit Code: 3`.'),
  ], 'neither', [
    [true, 'command 2 shows neither'],
    [false, 'command 2 shows its exit code'],
  ]);
});

t.test('"nothing after it": said of the text before it, never of a stopped command\'s output', async (t) => {
  t.equal(reading('Then', 'The report of command 2 contains `Exit Code: 3` (with nothing after it on that line).'), null, 'a qualifier of the text: not read as a stop');
  t.equal(reading('Then', 'Command 1 prints `hello`, with nothing after it.'), null, 'nor in another voice');
  t.match(reading('Then', 'The output printed before the timeout is shown.') ?? '', /before the stop is shown/, 'output before a stop still reads so');
});
