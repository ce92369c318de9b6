// Round 32's part T: what a report, a block or a stream holds, said exactly, and the report's own names for commands. Read
// both ways on sentences written for these tests (none from a batch): a progress mark `[n/m]` before what a command does or
// before a part of its report is command n, and the run is checked to have m commands (own-terms.ts, index.ts); an output
// block said to be, or to consist of, a list of lines is exactly those lines in that order, the executor's notes on them
// with them where the sentence lists any (shapes.ts, texts.ts); "the first note" is one of the report's `note:` lines,
// compared with its label where the sentence quotes it (texts.ts).
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner, sectionScenario } from './cli-points.js';

const runScenarios = scenariosRunner('Round 32 part T');

t.test('the readings, and what stays unread', async (t) => {
  t.match(reading('Then', '`[2/3]` says `Exit Code: 0`'), /the run has 3 commands .*the command 2: the report contains "Exit Code: 0"/);
  t.match(reading('Then', 'the [1/2] report shows `OK: command succeeded`'), /the run has 2 commands .*the command 1: the report/);
  t.match(reading('Then', '[3/3]\'s output is the single line `z`'), /the command 3: the output shown/);
  t.match(reading('Then', '`[1/2]` is printed'), /contains "\[1\/2\]"/, 'a mark said as a text stays a text');
  t.match(reading('Then', 'the `Partial Output:` block is, line by line, `a` and `b`'), /block under "Partial Output:" \(the notes on its lines aside\) is, line by line, "a" and "b"/);
  t.match(reading('Then', 'the `Output:` section of job 2 shall consist of exactly the three lines `x`, `y` and `z`'), /the command 2: the block under "Output:" .*is, line by line, "x" and "y" and "z"/);
  t.equal(reading('Then', 'the `Output:` section of job 2 consists of the three lines `x` and `y`'), null, 'a count the list does not have');
  t.match(reading('Then', 'the `Output:` section is `x`, `(stdout: output hidden by configuration)` and `y`, in this order'), /the block under "Output:" is, line by line/, 'notes listed: every note of the block counts');
  t.match(reading('Then', 'the second note of job 1 reads `note: image x mapped to local y`'), /the report's `note:` lines/);
  t.match(reading('Then', 'the first note of job 1 is `image x mapped to local y`'), /the command 1: part 1 of the executor's notices is "image x mapped to local y"/, 'without its label: any of the notices, as before');
  t.equal(reading('Then', 'the first notice of job 1 is `note: image x mapped to local y`'), null, 'a label quoted with a noun that is not a note');
});

t.test('through real runs: each reading holds where the report is so, and fails where it is not', async (t) => {
  const two = ['- run: "echo alpha"', '- run: "exit 3"'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round32t-marks',
    [
      blockScenario('mark says', 'two checks run, the second failing', two, '`[2/2]` says `Exit Code: 3`'),
      blockScenario('mark says, wrong command', 'two checks run, the second failing', two, '`[1/2]` says `Exit Code: 3`'),
      blockScenario('mark of another count', 'two checks run, the second failing', two, '`[2/3]` says `Exit Code: 3`'),
      // A command failFast left unstarted carries its mark too: the count is the configuration's, not the commands run.
      sectionScenario('mark of a command not run', 'three checks run, failFast on', ['failFast: true', 'commands:', ...[...two, '- run: "echo gamma"'].map((l) => `  ${l}`)], '[3/3] says `not run: failFast is true`'),
      sectionScenario('mark of a command not run, wrong count', 'three checks run, failFast on', ['failFast: true', 'commands:', ...[...two, '- run: "echo gamma"'].map((l) => `  ${l}`)], '[3/4] says `not run: failFast is true`'),
    ],
    'says',
    [
      [true, 'command 2 of 2 says it'],
      [false, 'command 1 says Exit Code: 0'],
      [false, 'the run has two commands, not three'],
      [true, 'command 3 of 3, not run, says so'],
      [false, 'the configuration has three commands, not four'],
    ],
  );
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round32t-mark-report',
    [
      blockScenario('mark report', 'two checks run, the second failing', two, 'the [1/2] report has `Exit Code: 0` and output `alpha`'),
      blockScenario('mark report, other output', 'two checks run, the second failing', two, 'the [2/2] report has `Exit Code: 3` and output `alpha`'),
    ],
    'report has',
    [
      [true, 'command 1 printed the line'],
      [false, 'command 2 printed nothing: the other command\'s output is not its'],
    ],
  );
  const three = ['- run: "printf \'a\\nb\\nc\\n\'"'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round32t-block',
    [
      blockScenario('consists', 'a check prints three lines', three, 'the `Output:` section consists of the lines `a`, `b` and `c`'),
      blockScenario('consists, one short', 'a check prints three lines', three, 'the `Output:` section consists of the lines `a` and `b`'),
      blockScenario('consists, reordered', 'a check prints three lines', three, 'the `Output:` section consists of the lines `b`, `a` and `c`'),
      blockScenario('is a list', 'a check prints three lines', three, 'the `Output:` block of job 1 is `a`, `b` and `c`'),
      blockScenario('is a list, one more', 'a check prints three lines', three, 'the `Output:` block of job 1 is `a`, `b`, `c` and `d`'),
      blockScenario('line by line, short', 'a check prints three lines', three, 'the `Output:` section is, line by line, `a` and `c`'),
    ],
    'Output:',
    [
      [true, 'exactly those lines'],
      [false, 'a line more than said'],
      [false, 'not in that order'],
      [true, 'the list is the block'],
      [false, 'a line the block does not have'],
      [false, 'line by line, a line left out'],
    ],
  );
  const capped = ['- run: "seq 1 6"', '  maxOutputLines: 2'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round32t-notes',
    [
      blockScenario('with notes', 'a check prints six lines and keeps two', capped, 'the `Output:` section consists of `1`, `2`, `stdout: ... (4 lines omitted)` and `(Showing 2 of 6 output lines)`, in this order'),
      blockScenario('a note left out', 'a check prints six lines and keeps two', capped, 'the `Output:` section consists of `1`, `2` and `stdout: ... (4 lines omitted)`, in this order'),
    ],
    'consists',
    [
      [true, 'the lines and the notes, in order'],
      [false, 'a note of the block not listed'],
    ],
  );
});
