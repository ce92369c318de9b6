// Round 30's misreadings of a fresh measurement (F2), each fixed as a class: a placeholder in a quoted text is the format
// it says (digits after a point, hex digits, a pid), and a text whose placeholder says a format in words not read is not
// read; a quoted path from a stand-in the sentence does not define ("W/…") is not read; a note said to be on or under a
// command's header is among that command's note lines; "then" after the step before keeps its place (after it). Sentences written for these tests, read both ways through real runs of the executor.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Round 30 F2 misreadings');
const container = ['- run: "echo hello"', '  image: spec-run/busybox:local'];

t.test('a placeholder in a quoted text is the format it says', async (t) => {
  t.match(reading('Then', 'The run notes `the container took N.NN s to go`.') ?? '', /notice reads/, 'a letter placeholder is read as part of the text');
  t.match(reading('Then', 'A note reads `container spec-run-<process id>-<eight hex digits> removed`.') ?? '', /notice reads/, 'placeholders saying a format are read');
  await expectBoundVerdicts(t, run, 'r30f2-duration', [
    blockScenario('three decimals', 'this runs', container, 'A note reports `the container took N.NNNs from its creation to its removal`.'),
    blockScenario('two decimals', 'this runs', container, 'A note reports `the container took N.NNs from its creation to its removal`.'),
    blockScenario('a number of seconds', 'this runs', container, 'A note reports `the container took Xs from its creation to its removal`.'),
  ], 'container took', [
    [true, 'N.NNNs: a number with three digits after the point, then "s", as the run prints it'],
    [false, 'N.NNs: two digits after the point, which the run does not print'],
    [true, 'a letter alone is a number'],
  ]);
  await expectBoundVerdicts(t, run, 'r30f2-hex', [
    blockScenario('eight hex digits', 'this runs', container, 'A note tells `container spec-run-<pid>-<8 hex digits> removed`.'),
    blockScenario('six hex digits', 'this runs', container, 'A note tells `container spec-run-<pid>-<6 hex digits> removed`.'),
    blockScenario('hex digits in words', 'this runs', container, 'A note tells `container spec-run-<digits>-<eight hexadecimal characters> removed`.'),
    blockScenario('a pid of letters', 'this runs', container, 'A note tells `container spec-run-<pid>-<8 hex digits> removed` and the run exits 0.'),
  ], 'note tells', [
    [true, 'the name ends with eight hex digits'],
    [false, 'six hex digits: the real name has eight'],
    [true, 'the same said in other words'],
    [true, 'with a second claim'],
  ]);
});

t.test('a placeholder whose format is said in words not read leaves the step unbound', (t) => {
  for (const sentence of [
    'A note says `the container took <a duration> from its creation to its removal`.',
    'A note reads `container spec-run-<some digits and letters> removed`.',
    'The report shows `finished after <seconds elapsed>`.',
  ]) t.equal(reading('Then', sentence), null, sentence);
  t.match(reading('Then', 'A note reads `image <name> mapped to local spec-run/busybox:local`.') ?? '', /notice reads/, 'a placeholder that says no format is any text, as before');
  t.end();
});

t.test('a quoted path from a stand-in the sentence does not define is not read', (t) => {
  for (const sentence of [
    'The command prints `D/work` as its directory.',
    'The second command prints `ROOT/a/b`.',
    'The output is `<project>/sub`.',
    'The command prints `H` as its working directory.',
    'Under the first header the note `workdir /tmp is outside the project (P/x)` is printed.',
  ]) t.equal(reading('Then', sentence), null, sentence);
  t.match(reading('Then', 'The report reads `… <project>/nowhere …`, with `<project>` the absolute path of the project.') ?? '', /project's directory/, 'a placeholder the sentence defines is read as that directory, as before');
  t.not(reading('Then', 'The command prints `/tmp/x`.'), null, 'an absolute path is read as before');
  t.not(reading('Then', 'The report shows `Exit Code: N/A`.'), null, 'N/A is no path');
  t.not(reading('Then', 'The command prints `OK`.'), null, 'capitals alone, said of no directory, are a text as before');
  t.end();
});

t.test('a note said to be on or under a command header is among that command\'s note lines', async (t) => {
  t.match(reading('Then', 'The second header bears the note `image busybox:latest mapped to local spec-run/busybox:local`.') ?? '', /the command 2: a notice reads/, 'the note of command 2, not a text of its header line');
  t.match(reading('Then', 'Below the first command\'s header, the note `workdir /tmp is outside the project` appears.') ?? '', /the command 1: a notice reads/, 'under the header: its notes');
  t.notMatch(reading('Then', 'The header of the first command shows the note `workdir /tmp is outside`.') ?? '', /announcement line/, 'never sought in the header line');
  const outside = ['- run: "pwd"', '  workdir: /tmp'];
  const inside = ['- run: "pwd"'];
  await expectBoundVerdicts(t, run, 'r30f2-header-note', [
    blockScenario('on the header', 'this runs', outside, 'The first header has the note `workdir /tmp is outside the project`.'),
    blockScenario('on the header, inside', 'this runs', inside, 'The first header has the note `workdir /tmp is outside the project`.'),
    blockScenario('under the header', 'this runs', outside, 'Beneath the header, the note `workdir /tmp is outside the project` is shown, and the command prints `/tmp`.'),
    blockScenario('followed by', 'this runs', ['- run: "echo a"', ...outside], "The second command's header is followed by the note `workdir /tmp is outside the project`."),
    blockScenario('followed by, not that command', 'this runs', [...outside, '- run: "echo a"'], "The second command's header is followed by the note `workdir /tmp is outside the project`."),
  ], 'the note', [
    [true, 'the note is printed on its own line under the header'],
    [false, 'a command inside the project has no such note'],
    [true, 'under the header, said otherwise, with a second claim'],
    [true, 'the second command has the note'],
    [false, 'the note is the first command\'s, not the second\'s'],
  ]);
});

t.test('"followed by" and "then" after the step before keep their order', async (t) => {
  const tail = ['- run: "seq 1 10; echo oops >&2"', '  maxOutputLines: 3', '  keepOutput: tail'];
  t.match(reading('Then', 'And then the placeholder `(stdout: output hidden by configuration)`.') ?? '', /stands in the report after the last text the step before quoted/, '"then" keeps its place (after the text before): never a notice anywhere');
  t.notMatch(reading('Then', 'It is followed by `x`.') ?? '', /right after/, 'one text said to follow: in order, after it');
  t.notMatch(reading('Then', 'The report shows `OK: command succeeded` followed by `Exit Code: 0`.') ?? '', /right after/, 'texts of one sentence: their order (a report has lines between its fields)');
  await expectBoundVerdicts(t, run, 'r30f2-next', [
    blockScenario('next lines', 'this runs', tail, 'The Output block begins with `stdout: ... (7 lines omitted)`.', 'It is followed by `8`, `9`, `10` and `oops`.'),
    blockScenario('out of order', 'this runs', tail, 'The Output block begins with `stdout: ... (7 lines omitted)`.', 'It is followed by `10`, `9` and `oops`.'),
    blockScenario('one text after', 'this runs', ['- run: "seq 1 5"'], 'The output shows `2`.', 'It is followed by `4`.'),
    blockScenario('one text before', 'this runs', ['- run: "seq 1 5"'], 'The output shows `4`.', 'It is followed by `2`.'),
  ], 'followed by', [
    [true, 'the lines right after the omission notice'],
    [false, 'listed out of order'],
    [true, 'one text said to follow: after it, whatever stands between'],
    [false, 'one text said to follow, printed before'],
  ]);
  await expectBoundVerdicts(t, run, 'r30f2-then', [
    blockScenario('then placeholder', 'this runs', ['- run: "echo one; echo two >&2"', '  showStdout: false'], 'The output shows `two`.', 'And then the placeholder `(stdout: output hidden by configuration)`.'),
    blockScenario('then placeholder, another stream', 'this runs', ['- run: "echo one; echo two >&2"', '  showStderr: false'], 'The output shows `one`.', 'And then the placeholder `(stdout: output hidden by configuration)`.'),
  ], 'the placeholder', [
    [true, 'the placeholder comes right after `two`'],
    [false, 'the placeholder of the other stream'],
  ]);
  await expectBoundVerdicts(t, run, 'r30f2-then-order', [
    blockScenario('then, in order', 'this runs', ['- run: "echo $((2+2)); echo $((3+3))"'], 'The output shows `4`.', 'And then the line `6`.'),
    blockScenario('then, out of order', 'this runs', ['- run: "echo $((2+2)); echo $((3+3))"'], 'The output shows `6`.', 'And then the line `4`.'),
  ], 'And then', [
    [true, '6 comes after 4'],
    [false, '4 comes before 6, not after'],
  ]);
});
