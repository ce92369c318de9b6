// Round 25b's classes of scope: readings that failed where the sentence is true, each read both ways on sentences and
// commands written for these tests (none from a batch). A time said of the command that timed out is that command's, never
// each command's of the run; a field named before a quoted error is the field that error is about; "`x` is in the output"
// is a text among the lines shown, never the whole output.
import t from 'tap';
import { blockScenario, expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 25b scope');

t.test('a time said of the command that timed out (by its outcome) is that command\'s, never every command\'s', async (t) => {
  t.match(reading('Then', 'the job that timed out took at least 1.5 s') ?? '', /^\(the command that timed out\) elapsed ≥ 1\.5 s/);
  t.match(reading('Then', 'the report shows `Error: Command execution timed out after 1s`, with a Duration of about 1 second') ?? '', /∧ \(the command that timed out\) elapsed/);
  const slowest = (timeout: string) => blockScenario(`stopped at ${timeout}`, 'the configuration is', ['- run: "sleep 6"', `  timeout: ${timeout}`, '- run: "sleep 2.5"'], 'the job that timed out took at least 1.5 s');
  await expectVerdicts(t, runScenarios, 'round25b-timed-out-one', [slowest('2s'), slowest('1s')], 'that timed out', [
    [true, 'the job stopped at 2 s took that long (the other, which did not time out, is not what the sentence is of)'],
    [false, 'the job stopped at 1 s: only the other took 1.5 s'],
  ]);
  const reported = (second: string) => blockScenario(`then ${second}`, 'the configuration is', ['- run: "sleep 6"', '  timeout: 1s', `- run: "${second}"`], 'The report shows `Error: Command execution timed out after 1s`, with a Duration of about 1 second');
  await expectVerdicts(t, runScenarios, 'round25b-timed-out-report', [reported('echo after'), reported('sleep 3')], 'timed out after 1s', [
    [true, 'the command that timed out took about a second; the quick `echo after` is not what the time is of'],
    [true, 'the same, the other command taking 3 s'],
  ]);
  const tooLong = blockScenario('not that long', 'the configuration is', ['- run: "sleep 6"', '  timeout: 1s', '- run: "sleep 3"'], 'The report shows `Error: Command execution timed out after 1s`, with a Duration of about 3 seconds');
  await expectVerdicts(t, runScenarios, 'round25b-timed-out-report-false', [tooLong], 'timed out after 1s', [[false, 'the command that timed out took a second; the 3 s are the other\'s']]);
});

t.test('a field named before a quoted error is the field that error is about, never a setting of a command that ran', async (t) => {
  t.match(reading('Then', 'user gets `must be a user name or uid[:gid]`') ?? '', /an error about a field user \(its path ending in \.user\) says/);
  t.match(reading('Then', 'timeout: is refused with `invalid duration`') ?? '', /an error that says "invalid duration" \(the error of the field timeout: its path ends with it\)/);
  const refused = (user: string, then: string) => blockScenario(`user ${user}`, 'the configuration is', ['- run: "echo a"', `  user: "${user}"`, '  timeout: 5x'], then);
  const userError = 'user gets `must be a user name or uid[:gid] (ids from 0 to 2147483647), not "-2"`';
  await expectVerdicts(t, runScenarios, 'round25b-user-error', [refused('-2', userError), refused('1000', userError)], 'user gets', [
    [true, "the user field's error says the text"],
    [false, 'the user is valid: the configuration is refused for its timeout alone'],
  ]);
  const timeoutError = (text: string) => refused('-2', `timeout: is refused with \`${text}\``);
  await expectVerdicts(t, runScenarios, 'round25b-timeout-error', [timeoutError('invalid duration "5x"'), timeoutError('must be a user name or uid[:gid]')], 'is refused with', [
    [true, "the timeout's error says the text"],
    [false, "the text is the user field's error, not the timeout's"],
  ]);
});

t.test('"`x` is (still) in the output" is a text among the lines shown, never the whole output', async (t) => {
  t.equal(reading('Then', '`done` is still in the output'), 'a line of the output shown (stdout and stderr) contains "done"');
  t.equal(reading('Then', '`done` is not in the output'), 'not (a line of the output shown (stdout and stderr) contains "done")');
  const printed = (run: string) => blockScenario(run, 'the configuration is', [`- run: "${run}"`], '`marker` is still in the output');
  await expectVerdicts(t, runScenarios, 'round25b-in-output', [printed("printf 'first\\\\nmarker\\\\nlast\\\\n'"), printed('echo other')], 'in the output', [
    [true, 'the text is one line of three'],
    [false, 'no line holds it'],
  ]);
});
