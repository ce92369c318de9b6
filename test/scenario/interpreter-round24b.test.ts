// Round 24b's classes: readings that failed where the sentence is true, each read both ways on sentences and
// commands written for these tests (none from a batch). A field and its value quoted as the YAML writes them
// (`maxOutputLines: 0`) name the field an error is about; "the status line" is the `Exit Status:` line, not the
// report's first; "no network" is never the field left out; a time said after "Its …" is that command's; "i.e."
// and "e.g." are no command's name and no value.
import t from 'tap';
import { blockScenario, expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 24b');

t.test('a field and its value quoted as the YAML writes them name the field an error is about, by its path', async (t) => {
  t.match(reading('Then', '`maxOutputLines: 0` is refused with "must be a whole number of lines"') ?? '', /the field of "maxOutputLines: 0" with an error of its own that says "must be a whole number of lines"/);
  const refused = (then: string) => blockScenario(then, 'the configuration is', ['- run: "echo a"', '  maxOutputLines: 0', '  timeout: 5x'], then);
  await expectVerdicts(t, runScenarios, 'round24b-setting', [
    refused('`maxOutputLines: 0` is refused with "must be a whole number of lines from 1 to 10000 (e.g. 100), not 0"'),
    refused('`timeout: 5x` is refused with "must be a whole number of lines from 1 to 10000 (e.g. 100), not 0"'),
  ], 'is refused with', [
    [true, "the error's path ends with the field, and it says the text"],
    [false, "the timeout's error says no such text: the text is another field's"],
  ]);
});

t.test('"the status line" is the `Exit Status:` line of the report, never its first line', async (t) => {
  t.match(reading('Then', 'the status line reads `Exit Status: Timeout (signal 15: SIGTERM)`') ?? '', /the "Exit Status:" line of the report is/);
  const status = (run: string, ...more: string[]) => blockScenario(run, 'the configuration is', [`- run: "${run}"`, ...more], 'the status line reads `Exit Status: Timeout (signal 15: SIGTERM)`');
  await expectVerdicts(t, runScenarios, 'round24b-status', [status('sleep 5', '  timeout: 1s'), status('exit 124')], 'the status line', [
    [true, 'stopped at its timeout: its `Exit Status:` line says so (its first line is `Error: …`)'],
    [false, 'exiting 124 by itself, its report has no `Exit Status:` line'],
  ]);
});

t.test('"no network" is never read as the field left out, which gives the engine\'s default network', async (t) => {
  t.equal(reading('When', 'the command runs with no network'), null);
  t.equal(reading('When', 'the step sets a user and no network'), null);
  // Another field said absent keeps its reading.
  t.equal(reading('When', 'the command has no `memory:`'), 'setup: no memory field');
});

t.test('a time said after a sentence "Its …" opens is that command\'s, never every command\'s', async (t) => {
  t.match(reading('Then', 'Its report says `OK: command succeeded`, with a Duration just over 1 second') ?? '', /∧ \(it: [^)]*\) elapsed/);
  const timed = (first: string, second: string) => blockScenario(first, 'the configuration is', [`- run: "${first}"`, `- run: "${second}"`], 'the first report shows `slow`', 'Its report says `OK: command succeeded`, with a Duration just over 1 second');
  await expectVerdicts(t, runScenarios, 'round24b-its-time', [timed('echo slow; sleep 1', 'echo fast'), timed('echo slow', 'sleep 1')], 'with a Duration', [
    [true, 'the command the step before quoted took just over a second (the other took none)'],
    [false, 'that command took no time: the second one is the slow one'],
  ]);
});

t.test('"i.e." and "e.g." are no command\'s name and no value', async (t) => {
  t.notMatch(reading('Then', 'the second output line shall be `cfg=`, i.e. `SPEC_RUN_CONFIG_DIR` is not set') ?? 'unread', /i\.e|unread/);
  t.notMatch(reading('Then', 'the notice reads `(Showing 2 of 5 output lines)`, e.g. two lines kept') ?? 'unread', /e\.g|unread/);
  const kept = (lines: number) => blockScenario(`kept ${lines}`, 'the configuration is', ['- run: "seq 1 5"', `  maxOutputLines: ${lines}`], 'the notice reads `(Showing 2 of 5 output lines)`, i.e. two lines kept of the five printed');
  await expectVerdicts(t, runScenarios, 'round24b-ie', [kept(2), kept(3)], 'i.e.', [
    [true, 'two lines kept'],
    [false, 'three lines kept'],
  ]);
});
