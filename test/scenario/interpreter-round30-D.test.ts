// Round 30's part D: the order and position of what a run prints, in the writer's words. Read both ways on sentences
// written for these tests (none from a batch): texts written bare in a sequence (sequence-texts.ts), quoted where the
// sentence says they are lines, closes them with "in that order" or joins them by an order word to a quoted text;
// "in that order" said again beside a count of lines or a word of following (texts.ts); and a text of several words
// said to end a place, the end of its last line (then.ts), never a whole line, and never of every line at once; a chain of
// following ("It is followed by `a`, then `b`").
import t from 'tap';
import { sequenceQuoted } from '../../src/run/scenario/interpreter/sequence-texts.js';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 30 part D');

t.test('bare texts of a sequence are quoted only where the sentence says they are lines', async (t) => {
  t.equal(sequenceQuoted('its output is the three lines north, 7 and true'), 'its output is the three lines `north`, `7` and `true`');
  t.equal(sequenceQuoted('the lines 4, 5 and 6 follow it, in this order'), 'the lines `4`, `5` and `6` follow it, in this order');
  t.equal(sequenceQuoted('we get /srv/app, then 1001 and job7, in the same order'), 'we get `/srv/app`, then `1001` and `job7`, in the same order');
  t.equal(sequenceQuoted('the screen has `stdout: ... (3 lines omitted)` followed by 4 and 5'), 'the screen has `stdout: ... (3 lines omitted)` followed by `4` and `5`');
  // Plain words are texts only right after "lines"; grammar words never; a count must be the number of items.
  t.equal(sequenceQuoted('alpha, beta and gamma appear, in that order'), null, 'plain words not said to be lines');
  t.equal(sequenceQuoted('the command fails and stops, in that order'), null);
  t.equal(sequenceQuoted('the lines kept and shown'), null, 'words of the sentence, not texts');
  t.equal(sequenceQuoted('the output is the two lines north, 7 and true'), null, 'a count that is not the number of items');
  t.equal(sequenceQuoted('the output shows 1 to 3, then 7 and 8'), null, 'a range is read by the rules of ranges');
  t.equal(sequenceQuoted('it shows row 8, row 9 and 10, in that order'), null, 'a list that goes on from an item of words');
  t.equal(sequenceQuoted('the output shows 1, 2 and 3'), null, 'no order and no lines said: left to the rules of output items');
});

t.test('the readings of sequences and of a text that ends a place', async (t) => {
  t.match(reading('Then', 'its output is the three lines north, 7 and true, in that order'), /is, line by line, "north" and "7" and "true"/);
  t.match(reading('Then', 'the output is the two lines `a` and `b` in this order'), /is, line by line, "a" and "b"/);
  t.equal(reading('Then', 'the output is the two lines `a`, then `b`'), null, 'another order word beside the count is not read');
  t.match(reading('Then', 'the lines 4, 5 and 6 follow it, in this order'), /"4" and "5" and "6" stands? in the report after the last text the step before quoted/);
  t.match(reading('Then', 'They are followed by `x` and then `y`'), /"x" and "y" stand in the report after the last text the step before quoted/);
  t.match(reading('Then', 'the problem line ends with `Valid: x, y`'), /ends with "Valid: x, y"/);
  t.match(reading('Then', 'the output ends with `25`'), /== "25"/, 'a single number that ends the output is its last line, whole');
  t.match(reading('Then', 'the output ends with the line `all good now`'), /== "all good now"/, 'a text called a line is the whole line');
  t.notMatch(reading('Then', 'every problem line ends with `Valid: x, y`') ?? '', /last line/, 'every line, not the last');
});

t.test('through real runs: each reading holds where the report is so, and fails where it is not', async (t) => {
  const three = ['- run: "printf \'north\\n7\\ntrue\\n\'"'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round30d-lines',
    [
      blockScenario('lines', 'a check prints three lines', three, 'its output is the three lines north, 7 and true, in that order'),
      blockScenario('lines, swapped', 'a check prints three lines', three, 'its output is the three lines north, true and 7, in that order'),
      blockScenario('lines, fewer', 'a check prints three lines', three, 'its output is the two lines north and 7, in this order'),
    ],
    'lines',
    [
      [true, 'the three lines as printed'],
      [false, 'not in that order'],
      [false, 'two lines are not the whole output'],
    ],
  );
  const counted = ['- run: "seq 1 6"', '  maxOutputLines: 3', '  keepOutput: tail'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round30d-notice',
    [
      blockScenario('notice', 'a check prints six lines and keeps the last three', counted, 'the report has `stdout: ... (3 lines omitted)` followed by 4, 5 and 6'),
      blockScenario('notice, swapped', 'a check prints six lines and keeps the last three', counted, 'the report has `stdout: ... (3 lines omitted)` followed by 6, 5 and 4'),
      blockScenario('notice, bare', 'a check prints six lines and keeps the last three', counted, 'the report has stdout: ... (3 lines omitted) followed by 4, 5 and 6'),
    ],
    'followed by',
    [
      [true, 'the notice, then the kept lines in order'],
      [false, 'not in that order'],
      [true, 'the notice written bare, quoted as the report prints it'],
    ],
  );
  const four = ['- run: "seq 1 4"'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round30d-follow',
    [
      blockScenario('follow', 'a check prints four lines', four, 'the output shows `1`', 'the lines 2, 3 and 4 follow it, in that order'),
      blockScenario('follow, swapped', 'a check prints four lines', four, 'the output shows `1`', 'the lines 3, 2 and 4 follow it, in that order'),
    ],
    'follow it',
    [
      [true, 'after the text the step before quoted, in order'],
      [false, 'not in that order'],
    ],
  );
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round30d-chain',
    [
      blockScenario('chain', 'a check prints four lines', four, 'the output shows `1`', 'It is followed by `2`, then `3`'),
      blockScenario('chain, swapped', 'a check prints four lines', four, 'the output shows `1`', 'It is followed by `3`, then `2`'),
    ],
    'followed by',
    [
      [true, 'after the text the step before quoted, each after the one before'],
      [false, 'not in that order'],
    ],
  );
  const refused = ['- run: "echo hi"', '  timeout: 5'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round30d-ends',
    [
      blockScenario('ends', 'a check has a bare number for its timeout', refused, "the problem line ends with `Valid: '30s', '5m', '2h', null`"),
      blockScenario('ends, not the end', 'a check has a bare number for its timeout', refused, "the problem line ends with `Valid: '30s', '5m'`"),
    ],
    'ends with',
    [
      [true, 'the last line ends with the text'],
      [false, 'a part of the line that does not end it'],
    ],
  );
});
