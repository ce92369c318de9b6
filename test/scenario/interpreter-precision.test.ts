// Classes of misreading found by reading the bound steps of the fresh measurement of round 6,
// each tested on paraphrases written for these tests (none is a sentence of a batch): read
// right and true of a real run where the sentence is, false where it is not, and near
// sentences left unbound or read otherwise.
import t from 'tap';
import { assertReadings, assertVerdicts } from './then-readings.js';
import { observe } from '../../src/run/scenario/interpreter/observation.js';
import { emptySetup } from '../../src/run/scenario/interpreter/when.js';

const TWO_COMMANDS = `stop:
  commands:
    - run: "echo quick; exit 3"
    - run: "sleep 1.2; echo slow"
`;

t.test('a subject that names one command restricts every fact of its sentence to that command', async (t) => {
  assertReadings(
    t,
    [
      ['The second is reported with `OK: command succeeded` and `Exit Code: 0`, after an elapsed time of at least one second', 'the command 2: the report contains "OK: command succeeded" and "Exit Code: 0" ∧ the command 2: elapsed ≥ 1 s'],
      ['The first report starts with `Error: Command failed with exit code 3`, holds `Exit Code: 3` and `quick`, and ends with the line `Exit Code: 3`', 'the command 1: the report contains "Exit Code: 3" and "quick" ∧ the command 1: the report ends with'],
      ['The first is reported with `Exit Code: 3` and `quick`, and its output shows `quick`', '∧ the command 1: the lines the command printed in the output shown contains "quick"'],
    ],
    [],
  );
  const o = await observe({ text: TWO_COMMANDS, line: 1 }, emptySetup(), {});
  await assertVerdicts(
    t,
    o,
    [
      'The second is reported with `OK: command succeeded` and `Exit Code: 0`, after an elapsed time of at least one second',
      'The second command is reported with `OK: command succeeded` and `slow`, and its output shows `slow`',
      'The first report shows `Exit Code: 3` and `quick`',
      'The first is reported with `Exit Code: 3` and `quick`, and `slow` is never printed',
    ],
    [
      // The first took no second: said of the first, false; said of the second, the first's time is not asked.
      'The first is reported with `Error: Command failed with exit code 3` and `Exit Code: 3`, after an elapsed time of at least one second',
      'The second is reported with `OK: command succeeded` and `Exit Code: 0`, after an elapsed time of at least five seconds',
      'The second command is reported with `OK: command succeeded` and `slow`, and its output shows `quick`',
      'The second report shows `Exit Code: 3` and `quick`',
    ],
  );
});

t.test("what a command printed is looked for among its output lines, never in the executor's notes", async (t) => {
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "echo start; sleep 5"\n      timeout: "1s"\n', line: 1 }, emptySetup(), {});
  await assertVerdicts(
    t,
    o,
    [
      'its partial output shows `start`',
      'the `Partial Output:` block holds `start`',
      // A note quoted whole, or in the executor's words, is looked for where the report shows it.
      'the partial output shows `(output truncated - timed out before completion)`',
      'the partial output ends with `(output truncated - timed out before completion)`',
      '`completion` is never printed',
    ],
    // Words of the note "(output truncated - timed out before completion)", which the command never printed.
    ['its partial output shows `before`', 'the output shows `timed out`', '`completion` is printed'],
  );
});

t.test('a capital letter alone in a quoted text stands for a number of the report', async (t) => {
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "echo X marks; seq 1 12"\n      maxOutputLines: 5\n', line: 1 }, emptySetup(), {});
  await assertVerdicts(
    t,
    o,
    ['the output shows `stdout: ... (N lines omitted)`', 'the report shows `(Showing 5 of M output lines)`', '`X marks` is printed'],
    [
      // A number where the letter stands, and the words around it as written.
      'the output shows `stdout: ... (N lines shown)`',
      'the report shows `(Showing N of 5 output lines)`',
      'the report shows `(Showing N of M lines)`',
      // A letter the report has as it is is never a number.
      '`1 marks` is printed',
      '`Y marks` is printed',
    ],
  );
});

t.test('a negation over a list of texts covers every text of it', async (t) => {
  assertReadings(
    t,
    [
      ['None of `x`, `y`, `z` or `w` is printed, and spec-run exec exits with status 0', 'contains none of "x", "y", "z", "w" ∧ spec-run exec\'s exit status == 0'],
      ['the command succeeds, and none of `x`, `y` and `z` appear', 'contains none of "x", "y", "z"'],
      ['the report shows none of `x`, `y` or `z`', 'the report contains none of "x", "y", "z"'],
    ],
    // Which lines "the three" are is not read: never each text alone.
    ['none of the three lines `x`, `y` or `z` is printed'],
  );
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "echo keep; echo b"\n', line: 1 }, emptySetup(), {});
  await assertVerdicts(
    t,
    o,
    ['none of `x`, `y` or `z` is printed', 'None of `x`, `y`, `z` or `w` is printed, and the command succeeds'],
    ['none of `x`, `b` or `z` is printed', 'none of `x`, `y` or `b` is printed', 'none of `b`, `y`, `z` or `w` appears'],
  );
});

t.test("spec-run exec's own exit status is the run's, never a command's exit code", async (t) => {
  assertReadings(
    t,
    [
      ['`spec-run exec` exits with status 130', "spec-run exec's exit status == 130"],
      ['the first command fails, and spec-run exec exits with 3', "spec-run exec's exit status == 3"],
      // A time said with it is the whole run's.
      ['`spec-run exec` exits with status 130, well before the 20 seconds of `sleep` are over', "spec-run exec's exit status == 130, the run's elapsed time ≤ 10 s (clearly under 20 s: at most half of it)"],
    ],
    [],
  );
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "sleep 1; exit 3"\n    - run: "exit 5"\n', line: 1 }, emptySetup(), {});
  await assertVerdicts(
    t,
    o,
    ['`spec-run exec` exits with status 3', 'spec-run exec exits with 3, and the second command exits with 5', 'spec-run exec exits with status 3 within ten seconds'],
    ['`spec-run exec` exits with status 5', 'spec-run exec exits with status 0', 'spec-run exec exits with status 5 within ten seconds', 'spec-run exec exits with status 3 within half a second'],
  );
});
