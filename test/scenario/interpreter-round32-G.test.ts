// Round 32's misreadings of batch59 (G), each fixed as a class: standard output said of no command is spec-run exec's own
// stream, all it printed (its announcements, the reports, its closing lines), never one command's output. Sentences written
// for these tests, read both ways through real runs of the executor.
import t from 'tap';
import { expectBoundVerdicts, reading, scenariosRunner, sectionScenario } from './cli-points.js';

const run = scenariosRunner('Round 32 G misreadings');

const two = ['commands:', '  - run: "echo hello"', '  - run: "exit 3"'];
const ofTwo = (title: string, then: string) => sectionScenario(title, 'you run `spec-run exec stop.yaml` on', two, then);

t.test('the first or last line of standard output, of no command, is the first or last spec-run exec printed', async (t) => {
  await expectBoundVerdicts(t, run, 'r32g-stdout-lines', [
    ofTwo('announcement', 'The first line of standard output is `[1/2] host: echo hello (timeout 5m, from built-in default)`.'),
    ofTwo('the command output', 'The first line of standard output is `hello`.'),
    ofTwo('stdout, terse', 'The first line of stdout is `hello`.'),
    ofTwo('last', 'The last line of standard output is `(no output)`.'),
    ofTwo('last, the command output', 'The last line of standard output is `hello`.'),
  ], 'line of st', [
    [true, 'spec-run exec announces the command first'],
    [false, "the command's line is not the first spec-run exec printed"],
    [false, 'stdout, said of no command, is spec-run exec\'s too'],
    [true, "command 2's report, its empty output, closes what it printed"],
    [false, "the command's line is not the last spec-run exec printed"],
  ]);
  t.match(reading('Then', 'The first line of standard output is `hello`.') ?? '', /of all spec-run exec printed/, "spec-run exec's stream");
  t.match(reading('Then', 'The first line of the output of command 1 is `hello`.') ?? '', /command 1/, "a command's output named stays that command's");
});

t.test('standard output contains a text, of no command: anything spec-run exec printed on its stdout', async (t) => {
  await expectBoundVerdicts(t, run, 'r32g-stdout-contains', [
    ofTwo('a report field', 'Standard output contains `Exit Code: 3`.'),
    ofTwo('the announcement of command 2', 'Standard output contains `[2/2] host: exit 3`.'),
    ofTwo('never printed', 'Standard output contains `Exit Code: 4`.'),
  ], 'contains', [
    [true, "a line of command 2's report"],
    [true, 'the announcement is on its stdout'],
    [false, 'nothing printed it'],
  ]);
});

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
