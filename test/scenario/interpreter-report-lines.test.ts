// Where the texts of the report stand (round 7): a range of texts numbered alike, a negation
// said after some texts of a list, a line of the report named by its field, a text said to be
// nowhere, the duration the report gives. Each class on paraphrases written for this test
// (none is a sentence of a batch), true and false against a real run, and near sentences
// left unbound or read otherwise.
import t from 'tap';
import { observe } from '../../src/run/scenario/interpreter/observation.js';
import { emptySetup } from '../../src/run/scenario/interpreter/when.js';
import { assertReadings, assertVerdicts, reading } from './then-readings.js';

const run = (config: string) => observe({ text: config, line: 1 }, emptySetup(), {});

t.test('texts numbered alike from one to another are every text between, on consecutive lines', async (t) => {
  assertReadings(
    t,
    [
      ['the partial output shows `row1` to `row4` and then `stdout: ... (N lines omitted)`', 'contains "row1" and "row2" and "row3" and "row4" and "stdout: ... (N lines omitted)", in this order (the texts of a range on consecutive lines)'],
      ['its output lists `file-1.txt` through `file-3.txt`, in that order', 'contains "file-1.txt" and "file-2.txt" and "file-3.txt", in this order'],
      ['its output is `item 1` to `item 3`', 'is, line by line, "item 1" and "item 2" and "item 3"'],
      // Numbers alone, as before.
      ['the output shows `7` to `9`', 'exactly 7 to 9'],
    ],
    // Texts from one to another that are not one text with its number changed: their ends are not what the sentence says.
    ['the output shows `row4` to `row1`', 'the output shows `a1` to `b3`', 'the output shows `alpha` through `omega`', 'the report shows `row1` to `row1`'],
  );
  const o = await run('stop:\n  commands:\n    - run: "echo line1; echo line2; echo line4; echo line5; echo row1; echo gap; echo row2"\n');
  await assertVerdicts(
    t,
    o,
    ['the output shows `line1` to `line2`', 'the output shows `line4` through `line5`, then `row1`', 'its output lists `line4` to `line5`, followed by `row1`', 'the output shows `line4` to `line5` and then `row2`'],
    [
      // `line3` is missing between the ends.
      'the output shows `line1` to `line5`',
      'the output shows `line2` through `line4`',
      // Both ends are there, but not on consecutive lines.
      'the output shows `row1` to `row2`',
      'the output shows `line4` to `line5` and then `line1`',
      'lines `row1` through `row2` are printed',
    ],
  );
});

t.test('a negation past "but" or a comma denies the texts after it, never those before it', async (t) => {
  assertReadings(
    t,
    [
      ['the report shows `a` and the line `b`, but not the line `c`', 'the report contains "a" and "b" ∧ no line of the report is "c"'],
      ['the output shows `a` and `b` but not `c` nor `d`', 'contains "a" and "b" ∧ the lines the command printed in the output shown contains none of "c", "d"'],
      ['Under `Output:`, the first report shows `a`, not `b`', 'the command 1: the lines the command printed in the block under "Output:" contains "a" ∧ the command 1: the lines the command printed in the block under "Output:" contains none of "b"'],
      ['the second report shows `a` but never `b`', 'the command 2: the report contains "a" ∧ the command 2: the report contains none of "b"'],
    ],
    // Words after the negation that say more than which texts: never a negation of every text.
    ['the output shows `a` and `b`, but not `c` before `d`', 'the output shows `a` and `b`, but not `c` twice'],
  );
  const o = await run('stop:\n  commands:\n    - run: "echo keep; echo drop >&2; exit 1"\n      showStderr: false\n');
  await assertVerdicts(
    t,
    o,
    [
      'the output shows `keep`, but not `drop`',
      'the report shows `keep` and the line `(stderr: output hidden by configuration)`, but not the line `drop`',
      'Under `Output:`, the report shows `keep`, but not `drop` or `other`',
    ],
    [
      'the output shows `drop`, but not `keep`',
      'the output shows `keep` and `drop`, but not `other`',
      'the output shows `other`, but not `drop`',
      'the report shows `keep` and the line `(stderr: output hidden by configuration)`, but not the line `keep`',
    ],
  );
});

t.test('a line named by its field is that line of the report; the field word is no thing it names', async (t) => {
  assertReadings(
    t,
    [
      ['the exit status line reads `Exit Status: Timeout (signal 15: SIGTERM)`', 'the "Exit Status:" line of the report is "Exit Status: Timeout (signal 15: SIGTERM)"'],
      ['the `Exit Code:` line reads `Exit Code: 124`', 'the "Exit Code:" line of the report is "Exit Code: 124"'],
      ['the timeout line reads `Timeout: 1s`', 'the "Timeout:" line of the report is "Timeout: 1s"'],
      ['the second command\'s exit status line reads `Exit Status: Timeout (signal 15: SIGTERM)`', 'the command 2: the "Exit Status:" line of the report is'],
      ['the exit status line names the signal', 'the "Exit Status:" or "Exit Code:" line names the signal'],
      // Texts that are not all of the field stand in the report, in their order.
      ['the exit status line reads `Exit Status: Timeout (signal 15: SIGTERM)`, followed by `Exit Code: 124`', 'the report contains "Exit Status: Timeout (signal 15: SIGTERM)" and "Exit Code: 124", in this order'],
    ],
    // A field's line said to hold a text its label does not open (a value of the `Exit Status:` line alone is that line: interpreter-verdict-words); a word of a timeout that names no line.
    ['the exit status line reads `all fine`', 'the exit code line reads `Exit Status: Timeout`'],
  );
  // The field's word is no thing named: "the exit code" is not checked beside the line.
  for (const sentence of ['the exit status line reads `Exit Status: Timeout (signal 15: SIGTERM)`', 'the exit status line names the signal']) {
    const checks = reading(sentence).map((c) => c.text);
    t.ok(checks.length > 0 && checks.every((c) => !/exit code/.test(c)), `"${sentence}" adds no claim of the exit code`, { checks });
  }
  const o = await run('stop:\n  commands:\n    - run: "echo start; sleep 3"\n      timeout: "1s"\n');
  await assertVerdicts(
    t,
    o,
    ['the exit status line reads `Exit Status: Timeout (signal 15: SIGTERM)`', 'the `Exit Code:` line reads `Exit Code: 124`', 'the timeout line reads `Timeout: 1s`', 'the exit status line names the signal', 'the exit code line shows 124'],
    [
      // "reads" is the whole line, not its beginning.
      'the exit status line reads `Exit Status: Timeout`',
      'the exit status line reads `Exit Status: Timeout (signal 9: SIGKILL)`',
      'the timeout line reads `Timeout: 2s`',
      'the exit code line shows 137',
    ],
  );
});

t.test('a text said to be nowhere, after a subject, is looked for in all the run printed', async (t) => {
  assertReadings(
    t,
    [
      ['the second command succeeds and `x` does not appear anywhere', ' ∧ the report contains none of "x"'],
      // "anywhere in its report": the subject's report.
      ['the first command fails and `x` appears anywhere in its report', ' ∧ the command 1: the report contains "x"'],
    ],
    [],
  );
  const o = await run('stop:\n  commands:\n    - run: "echo first; exit 1"\n    - run: "echo second"\n');
  await assertVerdicts(
    t,
    o,
    ['the second command is reported as `OK: command succeeded` and `third` does not appear anywhere', 'the second command succeeds, and `first` appears nowhere in its report'],
    [
      // `first` is printed by the first command: somewhere in what the run printed.
      'the second command is reported as `OK: command succeeded` and `first` does not appear anywhere',
      'the first command fails and `second` is shown nowhere',
    ],
  );
});

t.test("the reported duration is the time the report's `Duration:` line gives", async (t) => {
  assertReadings(
    t,
    [
      ["The second command's reported duration is about two seconds", "the command 2: the duration on the report's `Duration:` line ≈ 2 s"],
      ['the duration shown in the report is about 2 seconds', "the duration on the report's `Duration:` line ≈ 2 s"],
      ['the duration it reports is under a second', "the duration on the report's `Duration:` line < 1 s"],
      // A time said of the command, not of its report, is the one measured.
      ['the command takes about two seconds', 'elapsed ≈ 2 s'],
    ],
    [],
  );
  const o = await run('stop:\n  commands:\n    - run: "sleep 1"\n');
  await assertVerdicts(
    t,
    o,
    ['the reported duration is about one second', 'the duration shown in the report is about 1 second', 'its `Duration:` line shows a little over one second'],
    ['the reported duration is about three seconds', 'the duration it reports is under half a second'],
  );
});

t.test('texts said to follow, after a part of the same sentence that quoted texts, follow the last of those', async (t) => {
  assertReadings(
    t,
    [
      ['the report shows `Exit Code: 1`, and it is followed by `x`', '"x" stands in the report after "Exit Code: 1"'],
      // A sentence that quotes nothing before: what the step before quoted.
      ['It is followed by `x`', '"x" stands in the report after the last text the step before quoted'],
    ],
    // "only" said of a place, and a text said to follow in it, which "only" would deny.
    ['the partial output shows `begin` only, followed by `stdout: ... (N lines omitted)`'],
  );
  const o = await run('stop:\n  commands:\n    - run: "echo begin; echo more; echo last"\n      maxOutputLines: 1\n');
  await assertVerdicts(
    t,
    o,
    ['the output shows `begin`, followed by `stdout: ... (N lines omitted)`', 'the report shows `Exit Code: 0`, and it is followed by `begin`'],
    [
      // `more` is printed but not shown; the marker comes after `begin`, not before it.
      'the output shows `more`, followed by `stdout: ... (N lines omitted)`',
      'the report shows `stdout: ... (N lines omitted)`, and it is followed by `begin`',
    ],
  );
});

t.test('the lines of the --log file: how many, and the JSON members of one or of each', async (t) => {
  assertReadings(
    t,
    [
      ['`logs/l.jsonl` is created and holds exactly one line, a JSON object with `"event":"timeout"` and `"exitCode":124`', 'the --log file logs/l.jsonl is created and has 1 line, a line, a JSON object, holding "event":"timeout", "exitCode":124'],
      ['The file `l.jsonl` holds exactly two lines, each a JSON object with `"context":"host"`', 'the --log file l.jsonl has 2 lines, each line, a JSON object, holding "context":"host"'],
      ['`l.jsonl` receives a line with `"signal":"SIGTERM"`', 'the --log file l.jsonl has a line holding "signal":"SIGTERM"'],
    ],
    [
      // "two lines with …": each of them or one, not said; no line, or members said of no line.
      '`l.jsonl` holds two lines with `"event":"timeout"`',
      '`l.jsonl` holds no line',
      '`l.jsonl` holds `"event":"timeout"`',
      // A file that is no log, and a field's path before the verb, are no log file.
      '`stop.commands` holds two lines',
    ],
  );
  const config = 'stop:\n  commands:\n    - run: "echo a; sleep 3"\n      timeout: "1s"\n    - run: "true"\n    - run: "echo b; sleep 3"\n      timeout: "1s"\n';
  const o = await observe({ text: config, line: 1 }, { ...emptySetup(), invocation: { log: 'out/limits.jsonl' } }, {});
  await assertVerdicts(
    t,
    o,
    [
      '`out/limits.jsonl` holds exactly two lines, each a JSON object with `"event":"timeout"` and `"context":"host"`',
      '`limits.jsonl` receives a line with `"event":"timeout"` and `"exitCode":124`',
      'The file `out/limits.jsonl` is created and holds two lines',
    ],
    [
      '`out/limits.jsonl` holds exactly one line',
      '`out/limits.jsonl` gets a line with `"event":"memory-limit"`',
      '`out/limits.jsonl` holds exactly two lines, each a JSON object with `"command":"true"`',
      '`other.jsonl` holds two lines',
    ],
  );
});

t.test('a command by its place announced or never announced: whether the run printed its [N/M] line', async (t) => {
  assertReadings(
    t,
    [
      ['The third command is never announced', 'not (command 3 is announced (the run prints its "[3/M]" line))'],
      ['the second command is still announced', 'command 2 is announced'],
      // With its line quoted, the line itself.
      ['the second command is announced as `[2/2] host: true (timeout 5m, from built-in default)`', 'the command 2: the announcement line =='],
    ],
    ['the second command is announced late', 'the second command is announced before the first', 'the announcement is never printed'],
  );
  const o = await run('stop:\n  commands:\n    - run: "exit 1"\n    - run: "true"\n');
  await assertVerdicts(t, o, ['The third command is never announced', 'the second command is still announced', 'the last command is announced'], ['the second command is never announced', 'the third command is announced']);
});

t.test('a clause opened by "while" is one of its own; a note "of the form" a text is that text, its placeholders any text', async (t) => {
  assertReadings(
    t,
    [
      ['the first report shows `a` followed by `b`, while no output line of that report reads `c`', 'the command 1: the report contains "a" and "b", in this order ∧ the command 1: the report contains none of "c"'],
      ['the report is preceded by a note of the form `note: x <id>`', 'the command\'s notes (between its announcement and its report) contain "note: x <id>"'],
    ],
    [],
  );
  const o = await run('stop:\n  commands:\n    - run: "echo a; echo b; exit 1"\n    - run: "echo c"\n');
  await assertVerdicts(
    t,
    o,
    ['the first report shows `a` followed by `b`, while no output line of that report reads `c`', 'the first command fails, while the second succeeds'],
    ['the first report shows `a` followed by `b`, while no output line of that report reads `a`', 'the first report shows `b` followed by `a`, while no output line of that report reads `c`'],
  );
});
