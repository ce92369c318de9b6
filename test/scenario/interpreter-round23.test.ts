// Round 23's classes, each read both ways on sentences and commands written for these tests (none
// from a batch): a scenario's condition is its When paragraph even where prose stands before it; the
// project named by a path of another machine holds the files said of it, and the run's paths are said
// under that name; texts in order are found at any occurrence the rest follow; a fact of a report's
// part said of no command in a sentence about one command, and a label's line read as a text, are
// left unread rather than checked on the wrong lines.
import t from 'tap';
import { blockScenario, expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 23');

/** A scenario whose condition paragraph (WHEN) follows a paragraph of prose (PROSE). */
const afterProse = (title: string, prose: string, when: string, commands: string[], ...thens: string[]) => {
  const [heading, ...rest] = blockScenario(title, when, commands, ...thens);
  return [heading, prose, '', ...rest];
};

t.test("a scenario's condition is its When paragraph, even where prose stands before it", async (t) => {
  await expectVerdicts(t, runScenarios, 'round23-condition', [
    afterProse('logged', 'What if the step hangs? The log says so.', 'the step hangs, run with `--log steps.jsonl`', ['- run: "sleep 5"', '  timeout: 1s'], '`steps.jsonl` holds a line with `"event":"timeout"`'),
    afterProse('logged elsewhere', 'What if the step hangs? The log says so.', 'the step hangs, run with `--log other.jsonl`', ['- run: "sleep 5"', '  timeout: 1s'], '`steps.jsonl` holds a line with `"event":"timeout"`'),
  ], 'steps.jsonl', [
    [true, 'the --log the condition names is given'],
    [false, 'no such log where the condition names another'],
  ]);
});

t.test('the project named by a path of another machine holds the files said of it, its paths said under that name', async (t) => {
  t.match(reading('When', 'the project `/srv/shop` holds `orders.csv`') ?? '', /the project directory holds orders\.csv \(the project, said as \/srv\/shop/);
  // A directory that is not said to be the project is no stand-in.
  t.match(reading('When', '`/srv/shop` holds `orders.csv`') ?? '', /^setup: \/srv\/shop holds orders\.csv$/);
  await expectVerdicts(t, runScenarios, 'round23-project', [
    blockScenario('listed', 'the project `/srv/shop` holds `orders.csv`, and the configuration is', ['- run: "pwd; ls"'], 'the first command prints `/srv/shop`, then `orders.csv`'),
    blockScenario('not listed', 'the project `/srv/shop` holds `orders.csv`, and the configuration is', ['- run: "pwd; ls"'], 'the first command prints `/srv/shop`, then `refunds.csv`'),
    blockScenario('elsewhere', 'the project `/srv/shop` holds `orders.csv`, and the configuration is', ['- run: "cd /; pwd"'], 'the first command prints `/srv/shop`, then `orders.csv`'),
  ], 'the first command prints', [
    [true, 'the stand-in is said as /srv/shop, and holds the file'],
    [false, 'a file the project does not hold'],
    [false, 'a command printing another directory'],
  ]);
});

t.test('texts in order are found at any occurrence the rest follow, a range on consecutive lines', async (t) => {
  await expectVerdicts(t, runScenarios, 'round23-order', [
    blockScenario('kept', 'the configuration is', ['- run: "seq 1 9"', '  maxOutputLines: 3'], 'the first command shows the lines `1` to `3`, then `(Showing 3 of 9 output lines)`'),
    blockScenario('other range', 'the configuration is', ['- run: "seq 1 9"', '  maxOutputLines: 3'], 'the first command shows the lines `2` to `4`, then `(Showing 3 of 9 output lines)`'),
    blockScenario('tail kept', 'the configuration is', ['- run: "seq 1 9"', '  maxOutputLines: 3', '  keepOutput: tail'], 'the first command shows the lines `1` to `3`, then `(Showing 3 of 9 output lines)`'),
  ], 'the first command shows', [
    [true, "the output's 1 to 3, though the announcement's [1/1] holds a 1 before them"],
    [false, 'lines 2 to 4 are not all shown'],
    [false, "the last lines kept: the announcement's 1 is not followed by 2 and 3"],
  ]);
});

t.test("a fact of a report's part said of no command, in a sentence about one command, is not read", async (t) => {
  // Read where every clause is that command's.
  t.match(reading('Then', 'the first command reports `Exit Code: 124`, with a `Duration:` between 1 s and 2 s') ?? '', /∧ the command 1: the duration on the report's `Duration:` line/);
  // A clause the sentence's command is not carried into, its report's parts said of every command: not read.
  t.equal(reading('Then', 'The first job reports `Error: a`, `Exit Code: 124` and `Timeout: 3s`, with a `Duration:` between 3.0 s and 3.5 s: the rest did not run'), null);
  // A sentence of no command keeps its reading.
  t.match(reading('Then', 'the report shows `Exit Code: 0`') ?? '', /the messages name "Exit Code: 0"/);
});

t.test("a label quoted before \"line\" names the report's line it opens, never a text of another line", async (t) => {
  // The label's line as the report's line that label opens is read.
  t.equal(reading('Then', 'the `Exit Status:` line reads `Exit Status: Timeout (signal 15: SIGTERM)`'), 'the "Exit Status:" line of the report is "Exit Status: Timeout (signal 15: SIGTERM)"');
  // Read as a text within the announcement: not read.
  t.equal(reading('Then', "the second job's header and its `Command:` line show `printf x`"), null);
  await expectVerdicts(t, runScenarios, 'round23-label', [
    blockScenario('status line', 'the configuration is', ['- run: "sleep 5"', '  timeout: 1s'], 'the `Exit Status:` line reads `Exit Status: Timeout (signal 15: SIGTERM)`'),
    blockScenario('other status', 'the configuration is', ['- run: "exit 3"'], 'the `Exit Status:` line reads `Exit Status: Timeout (signal 15: SIGTERM)`'),
  ], 'Exit Status: line', [
    [true, 'the line the label opens'],
    [false, 'another status on that line'],
  ]);
});

t.test('a block of the report said of no command is the block of each report that has one', async (t) => {
  t.match(reading('Then', '`warming` is listed under `Partial Output:`') ?? '', /\(of each report that has that block\)$/);
  // A command named keeps its own block.
  t.match(reading('Then', 'the first command lists `warming` under `Partial Output:`') ?? '', /^the command 1: /);
  const commands = ['- run: "echo warming; sleep 5"', '  timeout: 1s', '- run: "echo next"'];
  await expectVerdicts(t, runScenarios, 'round23-block', [
    blockScenario('timed out first', 'the configuration is', commands, '`warming` is listed under `Partial Output:`'),
    blockScenario('another text', 'the configuration is', commands, '`cooling` is listed under `Partial Output:`'),
    blockScenario('no such block', 'the configuration is', ['- run: "echo warming"', '- run: "echo next"'], '`warming` is listed under `Partial Output:`'),
  ], 'under Partial Output:', [
    [true, "the timed-out command's block holds it; the one that succeeded has no such block"],
    [false, 'a text the block does not hold'],
    [false, 'no report has the block'],
  ]);
});

t.test('a directory that "has" files holds them, as "holds" says', async (t) => {
  t.equal(reading('When', 'the project has a file `rota.txt` with the text `early shift`'), 'setup: the project directory holds rota.txt containing "early shift"');
  t.equal(reading('When', 'the project has a directory `archive`'), 'setup: the project directory holds a directory archive');
  // Another word of applying is no holding.
  t.equal(reading('When', 'the project uses a file `rota.txt`'), null);
  await expectVerdicts(t, runScenarios, 'round23-has', [
    blockScenario('read', 'the project has a file `rota.txt` with the text `early shift`, and the configuration is', ['- run: "cat rota.txt"'], 'the first command prints `early shift`'),
    blockScenario('other text', 'the project has a file `rota.txt` with the text `late shift`, and the configuration is', ['- run: "cat rota.txt"'], 'the first command prints `early shift`'),
  ], 'prints early shift', [
    [true, 'the file the project has, with its text'],
    [false, 'the file holds another text'],
  ]);
});

t.test('a line said to end with a text is that line\'s end, never the whole of the last line', async (t) => {
  // Before: "the last line of the output shown == …", which fails where the line holds more before the text.
  t.equal(reading('Then', 'the only line of the output ends with the text `/inbox`'), null);
  // The last line said to end so, and the output said to end with a line, keep their readings.
  t.equal(reading('Then', 'the last line of the output ends with `/inbox`'), 'the last of the output shown ends with "/inbox"');
  t.match(reading('Then', 'the output ends with `done`') ?? '', /^the last line of the output shown, or of all spec-run exec printed, == "done"$/);
});
