// Round 25's lexicon classes, each read both ways on sentences and commands written for these tests (none from a
// batch): a numeral in code marks where the sentence's fact takes a number is that number (a status, a count), and
// stays a text where a text is meant.
import t from 'tap';
import { blockScenario, expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 25 lexicon');

t.test('a numeral in code marks after a word of exiting is a status, before a unit a count, elsewhere a text', async (t) => {
  t.equal(reading('Then', 'the exit code is `4`'), 'exit code == 4');
  t.equal(reading('Then', 'the hook exits with `9`'), reading('Then', 'the hook exits with 9'));
  t.equal(reading('Then', 'the exit code is `6` or `8`'), 'exit code ∈ {6, 8}');
  t.equal(reading('Then', '`4` lines are reported as omitted'), reading('Then', '4 lines are reported as omitted'));
  // A text is meant: what a command prints.
  t.match(reading('Then', 'the command prints `4`') ?? '', /contains "4"/);
  // An outcome's status ("times out with `124`") is its exit code (since round 31), never a text nor a choice of two statuses.
  t.equal(reading('Then', 'the second times out with `124`, and spec-run exec exits with `5`'), "the command 2: outcome == timeout, exit code == 124 ∧ spec-run exec's exit status == 5");
  const exits = (code: number) => blockScenario(`exits ${code}`, 'the configuration is', [`- run: "echo 4; exit ${code}"`], 'the exit code is `4`');
  await expectVerdicts(t, runScenarios, 'round25-status', [exits(4), exits(3)], 'the exit code is', [
    [true, 'the command exits with 4'],
    [false, 'the command exits with 3, though it printed 4'],
  ]);
  const omitted = (lines: number) => blockScenario(`omitted ${lines}`, 'the configuration is', ['- run: "seq 1 9"', `  maxOutputLines: ${lines}`], '`6` lines are omitted');
  await expectVerdicts(t, runScenarios, 'round25-count', [omitted(3), omitted(4)], 'lines are omitted', [
    [true, 'nine printed, three kept: six omitted'],
    [false, 'nine printed, four kept: five omitted'],
  ]);
});

t.test('a time with a tolerance is the two bounds it gives; a numeral in code marks before a unit of time is a time', async (t) => {
  const bounds = /elapsed ≥ 1\.5 s .* and elapsed ≤ 2\.5 s/;
  for (const sentence of ['the hook takes ≈ 2 s (± 0.5 s)', 'the hook takes 2 s ± 0.5 s', 'the hook takes about 2 seconds (give or take half a second)', 'the hook takes roughly 2 s, plus or minus 0.5', 'the hook takes at least `1.5` s and at most `2.5` s']) {
    t.match(reading('Then', sentence) ?? '', bounds, sentence);
  }
  // A tolerance as large as the time bounds nothing below it: left as written, and unread.
  t.equal(reading('Then', 'the hook takes 1 s (± 2 s)'), null);
  const timed = (sleep: string) => blockScenario(`sleeps ${sleep}`, 'the configuration is', [`- run: "sleep ${sleep}"`], 'the command takes about 2 seconds (give or take half a second)');
  await expectVerdicts(t, runScenarios, 'round25-tolerance', [timed('2'), timed('3')], 'give or take', [
    [true, 'it slept two seconds'],
    [false, 'it slept three seconds, beyond the half second given'],
  ]);
});

t.test("a label of the report said as the subject is that line: `Exit Status:` reads …, the report's Duration is …", async (t) => {
  t.match(reading('Then', '`Exit Status:` reads `Timeout (signal 15: SIGTERM)`') ?? '', /the "Exit Status:" line of the report is "Exit Status: Timeout \(signal 15: SIGTERM\)"/);
  t.match(reading('Then', "the report's Duration is at least 1 second") ?? '', /the duration on the report's `Duration:` line ≥ 1 s/);
  const stopped = (run: string) => blockScenario(run, 'the configuration is', [`- run: "${run}"`, '  timeout: 1s'], '`Exit Status:` reads `Timeout (signal 15: SIGTERM)`');
  const timed = (run: string) => blockScenario(run, 'the configuration is', [`- run: "${run}"`, '  timeout: 1s'], "the report's Duration is at least 1 second");
  await expectVerdicts(t, runScenarios, 'round25-status-label', [stopped('sleep 5'), stopped('exit 124')], 'Exit Status:', [
    [true, 'stopped at its timeout by SIGTERM: its `Exit Status:` line says so'],
    [false, 'exiting 124 by itself, its report has no `Exit Status:` line'],
  ]);
  await expectVerdicts(t, runScenarios, 'round25-duration-label', [timed('sleep 5'), timed('sleep 0.2')], "the report's Duration", [
    [true, 'stopped at its one-second timeout: a second at least on its `Duration:` line'],
    [false, 'a fifth of a second on its `Duration:` line'],
  ]);
});
