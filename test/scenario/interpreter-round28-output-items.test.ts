// Round 28, part F: sets of the command's output lines said shown or not (output-items.ts), in wordings of this
// test's own: lists and ranges in their spellings, each on its stream, denials ("none of", "neither … nor", "…
// aren't"), "only", the ends of the output, "no later line" and "followed by". Each class is run for real both ways:
// a run where the sentence holds and passes, and one where one item is missing or shown where denied, which fails.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';
import { outputItemsReading } from '../../src/run/scenario/interpreter/output-items.js';

const run = scenariosRunner('Output lines');

t.test('a list and a range, each on its stream, hold only where each line is on the stream named', async (t) => {
  const said = 'the report shows 1, 2 and 3 on standard output and 101 to 103 on the error stream';
  await expectBoundVerdicts(t, run, 'r28f-streams', [
    blockScenario('on their streams', 'the hook file is', ['- run: "seq 1 3; seq 101 103 >&2"'], said),
    blockScenario('streams swapped', 'the hook file is', ['- run: "seq 1 3 >&2; seq 101 103"'], said),
    blockScenario('one missing', 'the hook file is', ['- run: "seq 1 2; seq 101 103 >&2"'], said),
  ], 'the report shows 1, 2 and 3', [
    [true, 'each line on the stream said'],
    [false, 'the same lines on the other streams'],
    [false, 'a line of the list never printed'],
  ]);
});

t.test('lines said shown and lines said not, in a passive pair with the verb elided', async (t) => {
  const said = 'Lines 1–4 are displayed; 5 and 6 aren’t';
  await expectBoundVerdicts(t, run, 'r28f-passive', [
    blockScenario('cut at four', 'the hook file is', ['- run: "seq 1 8"', '  maxOutputLines: 4'], said),
    blockScenario('cut at five', 'the hook file is', ['- run: "seq 1 8"', '  maxOutputLines: 5'], said),
    blockScenario('never printed', 'the hook file is', ['- run: "seq 1 4"', '  maxOutputLines: 4'], said),
  ], 'Lines 1–4 are displayed', [
    [true, '1 to 4 shown, 5 and 6 left out'],
    [false, '5 is shown where it is denied'],
    [false, 'lines never printed are not lines left out'],
  ]);
});

t.test('words with a number, as a command prints them, in a range of their own', async (t) => {
  const said = 'row1 through row2 are shown, row3 is not';
  await expectBoundVerdicts(t, run, 'r28f-words', [
    blockScenario('two kept', 'the hook file is', ['- run: "for n in 1 2 3 4; do echo row$n; done"', '  maxOutputLines: 2'], said),
    blockScenario('three kept', 'the hook file is', ['- run: "for n in 1 2 3 4; do echo row$n; done"', '  maxOutputLines: 3'], said),
  ], 'row1 through row2', [
    [true, 'row1 and row2 shown, row3 left out'],
    [false, 'row3 shown where it is denied'],
  ]);
});

t.test('"none of" a range beside what is seen, and "neither … nor"', async (t) => {
  const seen = 'you see w1 in the output but none of the numbers 1 to 3';
  await expectBoundVerdicts(t, run, 'r28f-none', [
    blockScenario('stdout hidden', 'the hook file is', ['- run: "seq 1 3; echo w1 >&2"', '  showStdout: false'], seen),
    blockScenario('stdout shown', 'the hook file is', ['- run: "seq 1 3; echo w1 >&2"'], seen),
  ], 'you see w1', [
    [true, 'w1 shown, the hidden numbers not'],
    [false, 'the numbers shown'],
  ]);
  const neither = 'neither 5 nor 6 is shown';
  await expectBoundVerdicts(t, run, 'r28f-neither', [
    blockScenario('cut at four', 'the hook file is', ['- run: "seq 1 6"', '  maxOutputLines: 4'], neither),
    blockScenario('cut at five', 'the hook file is', ['- run: "seq 1 6"', '  maxOutputLines: 5'], neither),
  ], 'neither 5 nor 6', [
    [true, 'both left out'],
    [false, '5 shown'],
  ]);
});

t.test('the last lines named by count and by their texts, with "only"', async (t) => {
  const said = 'only the last three lines, 7, 8 and 9, are shown';
  await expectBoundVerdicts(t, run, 'r28f-last', [
    blockScenario('tail kept', 'the hook file is', ['- run: "seq 1 9"', '  maxOutputLines: 3', '  keepOutput: tail'], said),
    blockScenario('head kept', 'the hook file is', ['- run: "seq 1 9"', '  maxOutputLines: 3'], said),
    blockScenario('more kept', 'the hook file is', ['- run: "seq 1 9"', '  maxOutputLines: 4', '  keepOutput: tail'], said),
  ], 'only the last three lines', [
    [true, 'the last three, and nothing else'],
    [false, 'the first three kept instead'],
    [false, 'a fourth line shown besides'],
  ]);
});

t.test('"no later line" after a set, and a set "followed by" another', async (t) => {
  const later = 'the output shows the stdout lines 1 and 2 and no later stdout line';
  await expectBoundVerdicts(t, run, 'r28f-later', [
    blockScenario('two kept', 'the hook file is', ['- run: "seq 1 6"', '  maxOutputLines: 2'], later),
    blockScenario('three kept', 'the hook file is', ['- run: "seq 1 6"', '  maxOutputLines: 3'], later),
  ], 'no later stdout line', [
    [true, '2 is the last shown and later lines were left out'],
    [false, '3 shown after 2'],
  ]);
  const ordered = 'the output shows a1 (stdout) followed by b1 (stderr)';
  await expectBoundVerdicts(t, run, 'r28f-order', [
    blockScenario('in order', 'the hook file is', ['- run: "echo a1; sleep 0.3; echo b1 >&2"'], ordered),
    blockScenario('reversed', 'the hook file is', ['- run: "echo b1 >&2; sleep 0.3; echo a1"'], ordered),
  ], 'followed by b1', [
    [true, 'a1 before b1'],
    [false, 'b1 before a1'],
  ]);
});

t.test('a set said of one command is checked of that command only', async (t) => {
  const said = 'the second job shows 4 and 5 and not 6';
  await expectBoundVerdicts(t, run, 'r28f-owner', [
    blockScenario('second cut', 'the hook file is', ['- run: "seq 1 3"', '- run: "seq 4 9"', '  maxOutputLines: 2'], said),
    blockScenario('first cut', 'the hook file is', ['- run: "seq 4 9"', '  maxOutputLines: 2', '- run: "seq 1 3"'], said),
  ], 'the second job shows', [
    [true, 'the second command shows 4 and 5 and left 6 out'],
    [false, 'only the first command does'],
  ]);
});

t.test('what is no set of output lines is not read as one', async (t) => {
  for (const sentence of [
    'the report shows hello and world', // bare words: any word of a sentence, never taken for a line
    'lines 1 to 3 are shown because of the cap', // a reason no fact reads
    'the output shows 1 and 2 and `(stdout: output hidden by configuration)`', // the executor's own note is no line of the command
    'stderr shows `spec-run: SIGINT: stopping what runs`', // a stream as subject: spec-run's own, as often as the command's
    'none of the lines 1 to 3 are not shown', // two denials
    'the lines 5 to 3 are shown', // a range backwards
  ]) t.equal(outputItemsReading(sentence), null, sentence);
  t.equal(reading('Then', 'the report shows hello and world'), null, 'bare words stay unread through the interpreter');
});
