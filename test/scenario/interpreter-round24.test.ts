// Round 24's classes, each read both ways on sentences and commands written for these tests (none
// from a batch). First the readings that passed where the sentence is false: a text said of a
// command's output met by the report's echo of the command line; a number said as the run's exit
// status met by a progress mark; containment verbs matched as whole words (`fail` not found in
// `failed`, so "does not contain" passed); a progress mark inside a quoted text rewritten as a
// command. Then readings that failed where true: the last line kept followed by the notes; "both"
// after two commands named by place in a run of more.
import t from 'tap';
import { blockScenario, expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 24');

t.test("a text said of a report's output is looked for in what the command printed, never in the echo of its command line", async (t) => {
  t.match(reading('Then', "the second report's output shows `done`") ?? '', /the lines the command printed in the output shown/);
  // The report the sentence opens with, carried into a later clause, owns the output that clause names (before: "the report contains "done"").
  t.match(reading('Then', 'the second report says `OK: command succeeded`, its output shows `done`, and its `Exit Code:` is `0`') ?? '', /the command 2: the lines the command printed in the output shown contains "done"/);
  await expectVerdicts(t, runScenarios, 'round24-output', [
    blockScenario('printed', 'the configuration is', ['- run: "echo hi"', '- run: "echo done"'], 'the second report says `OK: command succeeded`, its output shows `done`'),
    blockScenario('sent away', 'the configuration is', ['- run: "echo hi"', '- run: "echo done > /dev/null"'], 'the second report says `OK: command succeeded`, its output shows `done`'),
  ], 'its output shows', [
    [true, 'the command printed it'],
    [false, 'only the Command: line and the announcement hold it'],
  ]);
});

t.test("a number said as an exit status is a status, never a text of the report", async (t) => {
  // Before: "the command 3: … the report shows "124" and "3"", which command 3's `[3/3]` always meets.
  // Since round 31, the number a timeout is said to end with is its exit code (outcome-qualified.ts), and "yet" joins a second claim.
  t.equal(reading('Then', 'the third times out with `124`, yet the run exits with `3`'), "the command 3: outcome == timeout, exit code == 124 ∧ spec-run exec's exit status == 3");
  // A text of the report said beside a fact keeps its reading.
  t.match(reading('Then', 'the second fails with `Exit Code: 3`') ?? '', /the report shows "Exit Code: 3"/);
});

t.test('containment verbs, and a denial of what a command printed, find a text inside a word; verbs of showing and printing asserted, whole words', async (t) => {
  t.match(reading('Then', 'the output contains `fail`') ?? '', /\(within words too\)/);
  t.match(reading('Then', 'the output SHALL NOT contain `fail`') ?? '', /\(within words too\)/);
  t.notMatch(reading('Then', 'the output shows `fail`') ?? '', /within words/);
  t.match(reading('Then', 'the command does not print `fail`') ?? '', /\(within words too\)/);
  t.notMatch(reading('Then', 'the output does not show `fail`') ?? '', /within words/, "the report's places hold the executor's notes: whole words there");
  // Lines of a range are whole lines, whatever the verb.
  t.notMatch(reading('Then', 'the output contains `1` to `3`') ?? '', /within words/);
  const failed = (then: string) => blockScenario(then, 'the configuration is', ['- run: "echo build failed: 12345 errors"'], then);
  await expectVerdicts(t, runScenarios, 'round24-contains', [
    failed('the output does not contain `fail`'),
    failed('the output contains `fail`'),
    failed('the output includes `234`'),
    failed('the output mentions `errors`'),
    failed('the output does not mention `pass`'),
    failed('the output shows `234`'),
    failed('the command prints `fail`'),
    failed('the command does not print `fail`'),
    failed('the report does not contain `fail`'),
  ], 'the ', [
    [false, 'denied, a part of a word is found: the sentence is false'],
    [true, '`fail` is in `failed`'],
    [true, '`234` is in `12345`'],
    [true, 'a whole word'],
    [true, 'nowhere, not even inside a word'],
    [false, 'shown is whole words: `234` is no word of the line'],
    [false, 'printed is whole words'],
    [false, 'denied, a part of a word is found whatever the verb: a denial takes the reading that fails (`failed` holds `fail`)'],
    [false, "the report's output holds `failed`"],
  ]);
});

t.test("the executor's own lines are whole words whatever the verb", async (t) => {
  t.notMatch(reading('Then', 'the report contains `Exit Code: 3`') ?? '', /within words/);
  await expectVerdicts(t, runScenarios, 'round24-field', [
    blockScenario('own code', 'the configuration is', ['- run: "exit 3"'], 'the report contains `Exit Code: 3`'),
    blockScenario('longer code', 'the configuration is', ['- run: "exit 30"'], 'the report contains `Exit Code: 3`'),
  ], 'the report contains', [
    [true, 'its exit code'],
    [false, '`Exit Code: 3` is no part of `Exit Code: 30`'],
  ]);
});

t.test('a progress mark inside a quoted text stays a text, never a command', async (t) => {
  t.equal(reading('Then', 'the report shows `… and [2/3] failed (exit code 3)`'), 'the messages name "… and [2/3] failed (exit code 3)"');
  // A mark as the subject outside quotes still names its command.
  t.match(reading('Then', '`[2/3]` failed with `Exit Code: 3`') ?? '', /^the run has 3 commands \(as \[n\/3\] says\) ∧ the command 2: the command fails/);
});

t.test('the last line kept, followed by the notes after it', async (t) => {
  t.match(reading('Then', 'the last line kept is `5`, followed by `(Showing 5 of 9 output lines)`') ?? '', /^the last line the command printed in the output shown is "5", followed by/);
  await expectVerdicts(t, runScenarios, 'round24-last', [
    blockScenario('kept', 'the configuration is', ['- run: "seq 1 9"', '  maxOutputLines: 5'], 'the last line kept is `5`, followed by `(Showing 5 of 9 output lines)`'),
    blockScenario('other line', 'the configuration is', ['- run: "seq 1 9"', '  maxOutputLines: 5'], 'the last line kept is `4`, followed by `(Showing 5 of 9 output lines)`'),
    blockScenario('other note', 'the configuration is', ['- run: "seq 1 9"', '  maxOutputLines: 5'], 'the last line kept is `5`, followed by `(Showing 4 of 9 output lines)`'),
  ], 'the last line kept', [
    [true, 'the last line printed that was kept, then the note'],
    [false, 'another line is the last kept'],
    [false, 'another note'],
  ]);
});

t.test('"both" after two commands named by place is those two, not every command of the run', async (t) => {
  t.match(reading('Then', 'the first prints `a`, the third prints `c`, and both succeed') ?? '', /the command 1: the command succeeds .* ∧ the command 3: the command succeeds/);
  // "both commands" is still every command of a run of two.
  t.match(reading('Then', 'both commands succeed') ?? '', /^every command \(2 of them\)/);
  const three = (then: string, second: string) => blockScenario(then, 'the configuration is', ['- run: "echo a"', `- run: "${second}"`, '- run: "echo c"'], then);
  await expectVerdicts(t, runScenarios, 'round24-both', [
    three('the first prints `a`, the third prints `c`, and both succeed', 'exit 4'),
    three('the first prints `a`, the third prints `c`, and both fail', 'exit 4'),
  ], 'and both', [
    [true, 'the two named succeed, though the second failed'],
    [false, 'neither of the two named failed'],
  ]);
});

t.test('texts listed before a plural verb are all under the heading', async (t) => {
  t.match(reading('Then', 'both `tick` and `tock` are kept under `Partial Output:`') ?? '', /contains "tick" and "tock"/);
  await expectVerdicts(t, runScenarios, 'round24-under', [
    blockScenario('kept', 'the configuration is', ['- run: "echo tick; echo tock; sleep 5"', '  timeout: 1s'], 'both `tick` and `tock` are kept under `Partial Output:`'),
    blockScenario('one missing', 'the configuration is', ['- run: "echo tick; sleep 5"', '  timeout: 1s'], 'both `tick` and `tock` are kept under `Partial Output:`'),
  ], 'are kept under', [
    [true, 'both in the block'],
    [false, '`tock` only in the command line'],
  ]);
});
