// Round 30's misreadings of a fresh measurement (F1), each fixed as a class: what spec-run exec itself prints (a refused
// configuration's heading and lines) is its own output, on its stdout, never a line of a command's; a field said of a
// line of the --log file is that field of that line; a command failFast did not start is read in its announcement,
// where spec-run exec prints it, never in a report it does not have. Sentences written for these tests, read both ways
// through real runs of the executor.
import t from 'tap';
import { expectBoundVerdicts, reading, scenariosRunner, sectionScenario } from './cli-points.js';

const run = scenariosRunner('Round 30 F1 misreadings');

/** A configuration spec-run exec refuses (failFast not a boolean, a timeout with a space in it): nothing runs. */
const refused = ['failFast: sometimes', 'commands:', '  - run: "echo hello"', '    timeout: 3 s'];
const refusedAs = (title: string, then: string) => sectionScenario(title, 'you run `spec-run exec hooks.yaml` on', refused, then);

t.test("a refused configuration's lines are what spec-run exec printed, on its stdout", async (t) => {
  await expectBoundVerdicts(t, run, 'r30f1-refusal-lines', [
    refusedAs('seen', 'You will see `hooks.yaml:2:13: stop.failFast: must be true or false, not "sometimes"`.'),
    refusedAs('seen, wrong column', 'You will see `hooks.yaml:2:12: stop.failFast: must be true or false, not "sometimes"`.'),
    refusedAs('on stdout', '`hooks.yaml:2:13: stop.failFast: must be true or false, not "sometimes"` is written to stdout.'),
    refusedAs('on stderr', '`hooks.yaml:2:13: stop.failFast: must be true or false, not "sometimes"` is written to stderr.'),
    refusedAs('a part of it', 'The reader sees `must be true or false`.'),
  ], 'must be true', [
    [true, 'spec-run exec printed that line'],
    [false, 'its column is 13, not 12'],
    [true, 'spec-run exec writes its own lines on stdout'],
    [false, 'never on stderr'],
    [true, 'a part of one of its lines'],
  ]);
});

t.test('the heading of a refusal, said printed on a stream, is on spec-run exec\'s stdout', async (t) => {
  await expectBoundVerdicts(t, run, 'r30f1-refusal-heading', [
    refusedAs('on standard output', 'The first line is `Error: invalid configuration hooks.yaml:`, written to standard output.'),
    refusedAs('on standard error', 'The first line is `Error: invalid configuration hooks.yaml:`, written to standard error.'),
    refusedAs('another file', 'The first line is `Error: invalid configuration other.yaml:`, written to standard output.'),
  ], 'first line is', [
    [true, 'its first line, on stdout'],
    [false, 'spec-run exec does not write it on stderr'],
    [false, 'the file it names is hooks.yaml'],
  ]);
  t.match(reading('Then', 'The first line is `Error: invalid configuration hooks.yaml:`, written to standard output.') ?? '', /spec-run exec printed "Error: invalid configuration hooks\.yaml:" on stdout/, 'the stream said is spec-run exec\'s, never "a command\'s stdout is shown"');
  t.notMatch(reading('Then', 'The first line is `Error: invalid configuration hooks.yaml:`, written to standard output.') ?? '', /stdout shown/, 'no command output sought');
  t.match(reading('Then', 'You will see `hooks.yaml:2:13: stop.failFast: must be true or false`.') ?? '', /^a line spec-run exec printed/, 'a line of a refusal: what spec-run exec printed');
});

t.test('any text, said of no command where none ran, is sought in what spec-run exec printed', async (t) => {
  await expectBoundVerdicts(t, run, 'r30f1-none-ran', [
    refusedAs('printed', 'It prints `invalid duration`.'),
    refusedAs('not printed', 'It prints `no such thing`.'),
  ], 'It prints', [
    [true, 'spec-run exec printed it, no command ran'],
    [false, 'nothing printed it'],
  ]);
  // Where commands ran, the text is still a command's.
  await expectBoundVerdicts(t, run, 'r30f1-commands-ran', [
    sectionScenario('echoed', 'this runs', ['commands:', '  - run: "echo greetings"'], 'You will see `greetings`.'),
    sectionScenario('not echoed', 'this runs', ['commands:', '  - run: "echo farewell"'], 'You will see `greetings`.'),
  ], 'greetings', [
    [true, 'the command printed it'],
    [false, 'the command printed another text'],
  ]);
});

t.test('a field said of a line of the --log file is that field of that line', async (t) => {
  const when = 'you run it with `--log events.jsonl --log-failures`';
  const section = ['commands:', '  - run: "missing-program-xyz --help"', '  - run: "exit 4"'];
  await expectBoundVerdicts(t, run, 'r30f1-log-field', [
    sectionScenario('begins', when, section, 'The first line has `"event":"could-not-run"`, `"exitCode":127` and an `"error"` that begins with `The shell could not start missing-program-xyz`.'),
    sectionScenario('begins, false', when, section, 'The first line has `"event":"could-not-run"`, `"exitCode":127` and an `"error"` that begins with `The program could not start`.'),
    sectionScenario('contains', when, section, 'The first line has `"exitCode":127` and its `"error"` field contains `missing-program-xyz`.'),
    sectionScenario('contains, other line', when, section, 'The second line has `"exitCode":4` and its `"error"` field contains `missing-program-xyz`.'),
  ], 'error', [
    [true, 'the field begins so'],
    [false, 'the field begins otherwise'],
    [true, 'the field holds the name'],
    [false, 'the second line (a failure) has no such field'],
  ]);
  t.match(reading('Then', 'The first line has `"event":"could-not-run"`, `"exitCode":127` and an `"error"` that begins with `The shell`.') ?? '', /line 1 of the --log file has the field "error", a text that begins with "The shell"/, 'the field of that line');
  t.notMatch(reading('Then', 'The first line has `"event":"could-not-run"`, `"exitCode":127` and an `"error"` that begins with `The shell`.') ?? '', /printed|output shown/, "never the command's output");
  t.equal(reading('Then', 'An `"error"` that begins with `The shell` is logged.'), null, 'of no line by its place: not read');
});

t.test('a command failFast did not start is read in its announcement, not in a report', async (t) => {
  const section = ['failFast: true', 'commands:', '  - run: "echo alpha"', '  - run: "exit 6"', '  - run: "echo omega"'];
  await expectBoundVerdicts(t, run, 'r30f1-not-run', [
    sectionScenario('announced', 'this runs', section, 'The third command appears as `[3/3] host: echo omega (not run)`.'),
    sectionScenario('another place', 'this runs', section, 'The second command appears as `[2/3] host: exit 6 (not run)`.'),
    sectionScenario('ran', 'this runs', ['failFast: true', 'commands:', '  - run: "echo alpha"', '  - run: "exit 0"', '  - run: "echo omega"'], 'The third command appears as `[3/3] host: echo omega (not run)`.'),
  ], 'appears as', [
    [true, 'its announcement, printed by spec-run exec'],
    [false, 'the second command ran (and failed)'],
    [false, 'nothing failed: the third command ran'],
  ]);
  t.match(reading('Then', 'The third command appears as `[3/3] host: echo omega (not run)`.') ?? '', /the command 3 was not run \(failFast\)/, 'its announcement');
});
