// Round 31's part D: which output lines a report shows, by range and order. Read both ways on sentences written for
// these tests (none from a batch): a number in code marks is the number a line reads (output-items.ts: line `6`, `1` to
// `5`); a set said shown "in that order" is checked in that order; "shall be omitted" denies a set; "nothing from 4 on"
// right after a set ending at 3, and "nothing after them", are the lines after it; numbers said in order beside other
// texts are whole lines (texts.ts), never the figure inside a longer line; a notice placed before the kept lines "not
// after" (report-layout.ts).
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 31 part D');

t.test('the readings, and what stays unread', async (t) => {
  t.match(reading('Then', 'lines `1` to `3` of stdout are shown and line `4` is not'), /a shown line on stdout reads each of "1", "2", "3"; no shown line reads any of "4"/);
  t.equal(reading('Then', 'the rows 7 to 9 must be shown, in this order, and row 6 must not'), null, 'rows are no lines of the rules');
  t.match(reading('Then', 'lines 7 to 9 must be shown, in this order, and line 6 must not'), /reads each of "7", "8", "9", in that order; no shown line reads any of "6"/);
  t.match(reading('Then', 'the lines 2 to 4 should be omitted'), /lines 2 to 4 not shown: no shown output line reads any of 2…4/);
  t.match(reading('Then', 'we see 1, 2 and 3 and nothing from 4 onwards'), /no line from "4" on shown/);
  t.equal(reading('Then', 'we see 1, 2 and 3 and nothing from 7 on'), null, 'from a line that is not the next one: 4 to 6 are not said');
  t.match(reading('Then', 'the output shows `a1` and `a2`, in that order, and nothing after them'), /no line the command printed shown after "a2"/);
  t.match(reading('Then', 'the output shows `1`, then `2`'), /a number alone, a whole line/);
  t.match(reading('Then', 'the omission notice comes after the kept lines, not before'), /after every line the command printed/);
  t.equal(reading('Then', 'the omission notice comes after the kept lines, not after'), null, 'a side said and denied');
});

t.test('through real runs: each reading holds where the report is so, and fails where it is not', async (t) => {
  const twenty = ['- run: "seq 1 20"', '  maxOutputLines: 5'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round31d-ranges',
    [
      blockScenario('quoted', 'a check prints twenty lines and keeps five', twenty, 'lines `1` to `5` are shown and line `6` is not'),
      blockScenario('quoted, shifted', 'a check prints twenty lines and keeps five', twenty, 'lines `2` to `6` are shown and line `7` is not'),
      blockScenario('omitted', 'a check prints twenty lines and keeps five', twenty, 'the lines 3 to 5 shall be shown and the lines 6 to 20 shall be omitted'),
      blockScenario('omitted, wrong', 'a check prints twenty lines and keeps five', twenty, 'the lines 3 to 5 shall be shown and the lines 5 to 20 shall be omitted'),
    ],
    'shown',
    [
      [true, 'the range shown and the next line not'],
      [false, 'line 6 is not shown'],
      [true, 'shown, and the rest omitted'],
      [false, 'line 5 is shown, not omitted'],
    ],
  );
  const shuffled = ['- run: "printf \'3\\n1\\n2\\n\'"'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round31d-order',
    [
      blockScenario('order', 'a check prints three numbers', shuffled, 'the output shows 3, 1 and 2, in that order'),
      blockScenario('order, wrong', 'a check prints three numbers', shuffled, 'the output shows 1, 2 and 3, in that order'),
    ],
    'in that order',
    [
      [true, 'the lines in the order printed'],
      [false, 'not in that order'],
    ],
  );
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round31d-whole',
    [
      blockScenario('whole', 'a check prints two numbers', ['- run: "printf \'1\\n2\\n\'"'], 'the output shows `1`, then `2`'),
      blockScenario('whole, inside', 'a check prints two steps', ['- run: "printf \'step 1\\nstep 2\\n\'"'], 'the output shows `1`, then `2`'),
    ],
    'then',
    [
      [true, 'the two lines, in order'],
      [false, 'a number inside a longer line is not the line'],
    ],
  );
  const ten = (n: number) => ['- run: "seq 1 10"', `  maxOutputLines: ${n}`];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round31d-onwards',
    [
      blockScenario('from on', 'a check prints ten lines and keeps three', ten(3), 'the output shows 1, 2, 3 and nothing from 4 on'),
      blockScenario('from on, four kept', 'a check prints ten lines and keeps four', ten(4), 'the output shows 1, 2, 3 and nothing from 4 on'),
    ],
    'nothing from',
    [
      [true, 'three kept, the rest left out'],
      [false, 'line 4 is shown'],
    ],
  );
  // The line a run from `4` on starts at is denied, never the text a next step stands after.
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round31d-onwards-next',
    [blockScenario('from on, then', 'a check prints ten lines and keeps three', ten(3), 'the output shows `1`, `2`, `3` and nothing from `4` on', 'right after them: `stdout: ... (7 lines omitted)`')],
    'right after',
    [[true, 'the notice right after 3, the last line said shown']],
  );
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round31d-after',
    [
      blockScenario('after', 'a check prints three lines', ['- run: "printf \'b\\na1\\na2\\n\'"'], 'the output shows `a1` and `a2`, in that order, and nothing after them'),
      blockScenario('after, more', 'a check prints three lines', ['- run: "printf \'a1\\na2\\nb\\n\'"'], 'the output shows `a1` and `a2`, in that order, and nothing after them'),
    ],
    'nothing after',
    [
      [true, 'the two lines end the output'],
      [false, 'a line follows them'],
    ],
  );
  const tail = (mode: string) => ['- run: "seq 1 10"', '  maxOutputLines: 3', `  keepOutput: ${mode}`];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round31d-notice',
    [
      blockScenario('notice', 'a check keeps the last three of ten lines', tail('tail'), '`stdout: ... (7 lines omitted)` comes before the kept lines, not after'),
      blockScenario('notice, head', 'a check keeps the first three of ten lines', tail('head'), '`stdout: ... (7 lines omitted)` comes before the kept lines, not after'),
    ],
    'not after',
    [
      [true, 'the notice above the last lines kept'],
      [false, 'the notice is below the first lines kept'],
    ],
  );
});
