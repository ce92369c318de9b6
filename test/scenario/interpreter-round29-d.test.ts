// Round 29's part D: where a text stands in the report, in the writer's words (report-layout.ts). Read both ways on
// sentences written for these tests (none from a batch): a notice placed against the lines kept, by its text or its
// kind; a command's heading, header or title before an announcement's text; the error or verdict line before an
// `Error:` text, exactly; an unquoted text of the report's own shapes; and what stays unread (a text no notice is, a
// kind no notice has, "ends `x`").
import t from 'tap';
import { layoutReworded } from '../../src/run/scenario/interpreter/report-layout.js';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 29 part D');

t.test('a notice placed against the lines kept is read by its text or its kind, on either side', async (t) => {
  for (const said of [
    'The notice `stdout: ... (3 lines omitted)` comes after the lines kept',
    'the omission indicator is shown below the printed lines',
    'The marker stdout: ... (3 lines omitted) follows the kept lines',
    'the omitted-lines note must follow the visible lines',
  ]) t.match(reading('Then', said), /output block shows .* and after every line the command printed/, said);
  for (const said of ['the omission notice precedes the kept lines', 'The line `stderr: ... (1 line omitted)` is printed above the lines kept', 'the truncation note comes before the shown lines']) {
    t.match(reading('Then', said), /and before every line the command printed/, said);
  }
  t.equal(reading('Then', 'The line `task done` follows the kept lines'), null, 'a line a command prints is no notice');
  t.equal(reading('Then', 'the banana notice follows the kept lines'), null, 'a kind no notice has');
  t.equal(reading('Then', 'the hidden notice `stdout: ... (3 lines omitted)` follows the kept lines'), null, 'a kind the text is not of');
});

t.test('a heading, a block or the report announcing, before an announcement text, is the announcement line', async (t) => {
  t.match(reading('Then', 'The header of the second command reads [2/2] host: echo two (timeout 5m, from built-in default)'), /command 2: the announcement line is "\[2\/2\] host: echo two \(timeout 5m, from built-in default\)"/);
  t.match(reading('Then', "the first command's title line starts `[1/2] host:`"), /command 1: the announcement line begins with "\[1\/2\] host:"/);
  t.match(reading('Then', 'the second block opens with [2/2] docker alpine: echo hi'), /command 2: the announcement line begins with "\[2\/2\] docker alpine: echo hi"/);
  // No place named: the one the text's mark names, never every command's.
  t.match(reading('Then', 'the output announces its command as [1/1] host: …'), /command 1: the announcement line begins with "\[1\/1\] host:"/);
  // The colon that ends a step is lost with its full stop; the announcement's head is begun with all the same.
  t.match(reading('Then', 'the report heading starts [3/3] host:'), /command 3: the announcement line begins with "\[3\/3\] host"/);
  t.equal(reading('Then', 'the heading reads `(timeout 3s, from command)`'), null, 'no mark, no place: no command named');
  t.equal(layoutReworded('the report heading is Output:'), null, 'a heading of the report is no announcement');
  t.equal(reading('Then', 'the heading reads `Partial Output:` and the banana'), null);
});

t.test('the error or verdict line reads a verdict exactly; "ends `x`" stays unread', async (t) => {
  t.match(reading('Then', 'The verdict line reads verbatim `Error: Command failed with exit code 3`'), /the headline \(first line of the report\) is "Error: Command failed with exit code 3"/);
  t.match(reading('Then', "the second command's error line is exactly `Error: Command failed with exit code 3`"), /command 2: the headline .* is "Error: Command failed with exit code 3"/);
  t.equal(layoutReworded('the message ends `memory: applies`'), null, 'never "ends with", read as the whole last line');
});

t.test('unquoted texts of the report\'s shapes are quoted whole, nothing past them', async (t) => {
  t.equal(layoutReworded('the output shows 1, then stdout: ... (4 lines omitted) and (Showing 1 of 5 output lines)'), 'the output shows 1, then `stdout: ... (4 lines omitted)` and `(Showing 1 of 5 output lines)`');
  t.equal(layoutReworded('the report announces [3/3] host: sleep 9 (timeout 2s, from command), and the run fails'), 'the third announcement line is `[3/3] host: sleep 9 (timeout 2s, from command)`, and the run fails');
  t.equal(layoutReworded('the block begins [1/2] host: make lint and reports OK: command succeeded'), 'the first announcement line begins with `[1/2] host: make lint` and reports OK: command succeeded');
  t.equal(layoutReworded('a `stdout: ... (4 lines omitted)` notice'), null, 'a quoted text is left as it is');
});

t.test('through real runs: each reading holds where the report is so, and fails where it is not', async (t) => {
  const seq = (keep: string) => ['- run: "seq 1 9"', '  maxOutputLines: 3', ...(keep === '' ? [] : [`  keepOutput: ${keep}`])];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round29d-notice',
    [
      blockScenario('head', 'a check prints nine lines and keeps three', seq(''), 'the omission marker follows the kept lines'),
      blockScenario('tail', 'a check prints nine lines and keeps three', seq('tail'), 'the omission marker follows the kept lines'),
      blockScenario('tail, before', 'a check prints nine lines and keeps three', seq('tail'), 'The notice stdout: ... (6 lines omitted) precedes the kept lines'),
      blockScenario('head, before', 'a check prints nine lines and keeps three', seq(''), 'The notice stdout: ... (6 lines omitted) precedes the kept lines'),
    ],
    'kept lines',
    [
      [true, 'first lines kept: the notice after them'],
      [false, 'last lines kept: the notice before them'],
      [true, 'last lines kept: before them'],
      [false, 'first lines kept: not before them'],
    ],
  );
  const two = ['- run: "echo one"', '- run: "exit 3"'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round29d-heading',
    [
      blockScenario('heading', 'two checks run', two, 'The header of the second command reads [2/2] host: exit 3 (timeout 5m, from built-in default)'),
      blockScenario('heading, other', 'two checks run', two, 'The header of the second command reads [2/2] host: echo one (timeout 5m, from built-in default)'),
      blockScenario('block', 'two checks run', two, 'The first block begins [1/2] host: echo one'),
      blockScenario('block, other', 'two checks run', two, 'The second block begins [2/2] host: echo one'),
      blockScenario('announced', 'two checks run', two, 'the report announces [2/2] host: exit 3 (timeout 5m, from built-in default)'),
      blockScenario('announced, unknown', 'two checks run', two, 'the report announces [2/2] host: exit 4 (timeout 5m, from built-in default)'),
    ],
    '[',
    [
      [true, "the second command's announcement"],
      [false, "the first command's text is not the second's"],
      [true, 'the first block opens with its announcement'],
      [false, 'the second block is not announced with the first command'],
      [true, 'a command announced so'],
      [false, 'no command announced so'],
    ],
  );
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round29d-verdict',
    [
      blockScenario('exact', 'a check fails', ['- run: "exit 3"'], 'The verdict line reads exactly Error: Command failed with exit code 3'),
      blockScenario('exact, other code', 'a check fails', ['- run: "exit 3"'], 'The verdict line reads exactly Error: Command failed with exit code 4'),
      blockScenario('exact, a part', 'a check fails', ['- run: "exit 3"'], 'The verdict line reads exactly Error: Command failed'),
    ],
    'verdict line',
    [
      [true, 'the line as printed'],
      [false, 'another code'],
      [false, 'a part of the line is not the line exactly'],
    ],
  );
  // "It announces `[2/3] …`" after a step about the first command: the mark names the command announced.
  const three = ['- run: "echo one"', '- run: "echo two"'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round29d-it-announces',
    [
      blockScenario('marked', 'two checks run', three, 'the report announces [1/2] host: echo one (timeout 5m, from built-in default)', 'It announces [2/2] host: echo two (timeout 5m, from built-in default)'),
      blockScenario('marked, other', 'two checks run', three, 'the report announces [1/2] host: echo one (timeout 5m, from built-in default)', 'It announces [2/2] host: echo one (timeout 5m, from built-in default)'),
    ],
    'It announces',
    [
      [true, 'the second command announced as its mark says'],
      [false, 'no command announced so'],
    ],
  );
});
