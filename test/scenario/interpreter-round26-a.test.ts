// Round 26's classes of the invocation and what the run leaves (part A), each read both ways on sentences written for
// these tests (none from a batch): options of `spec-run exec` said with "the option", "was given", or `--log` with no
// file; a file said to exist or not after the run; the `--log` file said without its name ("the log file", "the event
// log", "nothing is logged"); and a JSON member of a log line as a field of the parsed line, never a text it contains.
import t from 'tap';
import { blockScenario, reading, scenariosRunner, expectBoundVerdicts } from './cli-points.js';
import { lineHoldsMembers } from '../../src/run/scenario/interpreter/log-members.js';

const runScenarios = scenariosRunner('Round 26 invocation and files');


/** A scenario of bullet steps: one WHEN, its THENs. */
const bullets = (title: string, when: string, ...thens: string[]) => [`#### Scenario: ${title}`, `- **WHEN** ${when}`, ...thens.map((then) => `- **THEN** ${then}`)];

t.test('a JSON member of a log line is a field of the parsed line equal to its value, nested or not', async (t) => {
  const line = JSON.stringify({ event: 'timeout', exitCode: 124, partialOutput: ['a', 'b'], streams: { stdout: { printed: 10, shown: 2 } } });
  t.ok(lineHoldsMembers(line, ['"event":"timeout"', '"exitCode":124']));
  t.notOk(lineHoldsMembers(line, ['"exitCode":12']), 'a prefix of the value is another value');
  t.notOk(lineHoldsMembers(line, ['"exitCode":1']), 'the text "exitCode":1 is in the line, the field is not 1');
  t.ok(lineHoldsMembers(line, ['"partialOutput":["a","b"]']));
  t.notOk(lineHoldsMembers(line, ['"partialOutput":["a"]']), 'a list is equal as a whole');
  t.ok(lineHoldsMembers(line, ['"printed":10', '"shown":2']), 'a field of the streams entry');
  t.notOk(lineHoldsMembers(line, ['"shown":10']));
  t.notOk(lineHoldsMembers('not json "event":"timeout"', ['"event":"timeout"']), 'a line that is no JSON holds no field');
});

t.test('options of the run said with "the option", "was given", "has been started with", and `--log` with no file', async (t) => {
  t.match(reading('When', 'the command `exit 4` is executed with the option `--log audit/run.jsonl`') ?? '', /--log audit\/run\.jsonl/);
  t.match(reading('When', 'the command `exit 4` runs and the executor was given `--log run.jsonl`') ?? '', /--log run\.jsonl/);
  t.match(reading('When', 'the executor runs with `--log` a command `sleep 4` with `timeout: 1s`') ?? '', /--log unnamed-log\.jsonl/);
  t.match(reading('When', 'the command `pwd` runs, and the executor has been started with `--config-dir-env WHERE_CFG`') ?? '', /--config-dir-env WHERE_CFG/);
  t.match(reading('When', 'the host command `echo hi` runs with `--log trail.jsonl`') ?? '', /run `echo hi`.*--log trail\.jsonl/);
  // An option the executor does not have, or one without its value where it needs one, stays unread.
  t.equal(reading('When', 'the command `exit 4` is executed with the option `--verbose`'), null);
  t.equal(reading('When', 'the command `pwd` runs, and the executor has been started with `--config-dir-env`'), null);
  const logged = (run: string) => bullets(`logged ${run}`, `the executor runs with \`--log\` a command \`${run}\` with \`timeout: 1s\``, 'the log file holds exactly one line with `"event":"timeout"`');
  await expectBoundVerdicts(t, runScenarios, 'round26-unnamed-log', [logged('sleep 5'), logged('exit 2')], 'the log file holds', [
    [true, 'the command timed out: the log, whatever its name, has its line'],
    [false, 'the command failed of its own: no line, no file'],
  ]);
  const configDir = (name: string) => bullets(`config dir ${name}`, `the command \`echo "[$${name}]"\` runs, and the executor has been started with \`--config-dir-env WHERE_CFG\``, 'the output contains `[/`');
  await expectBoundVerdicts(t, runScenarios, 'round26-config-dir-env', [configDir('WHERE_CFG'), configDir('SPEC_RUN_CONFIG_DIR')], 'the output contains', [
    [true, 'the variable named by --config-dir-env carries the directory'],
    [false, 'the default variable is not set when another is named'],
  ]);
});

t.test('a file said to exist, or not, after the run', async (t) => {
  t.equal(reading('Then', 'no file `trail.jsonl` exists afterwards'), 'not (a file trail.jsonl exists after the run (in its directory))');
  t.equal(reading('Then', "there's no `made.txt` once the run is over"), 'not (a file made.txt exists after the run (in its directory))');
  t.equal(reading('Then', '`made.txt` does not exist after the run'), 'not (a file made.txt exists after the run (in its directory))');
  t.equal(reading('Then', 'no `made.txt` file is written'), 'not (a file made.txt exists after the run (in its directory))');
  t.equal(reading('Then', 'the file `made.txt` exists afterwards'), 'a file made.txt exists after the run (in its directory)');
  // A directory said to get no file is no fact read: never a text the output lacks.
  t.equal(reading('Then', 'nothing is written to `build/`'), null);
  const made = (run: string) => bullets(`made by ${run}`, `the command \`${run}\` runs`, "there's no `made.txt` after the run");
  await expectBoundVerdicts(t, runScenarios, 'round26-no-file', [made('echo quiet'), made('echo x > made.txt')], 'after the run', [
    [true, 'the command writes no file'],
    [false, 'the command wrote made.txt in its directory'],
  ]);
  const exists = (run: string) => bullets(`exists after ${run}`, `the command \`${run}\` runs`, 'the file `made.txt` exists afterwards');
  await expectBoundVerdicts(t, runScenarios, 'round26-file-exists', [exists('echo x > made.txt'), exists('echo quiet')], 'exists afterwards', [
    [true, 'the command wrote the file'],
    [false, 'no file was written'],
  ]);
});

t.test('the --log file said without its name: created or not, its lines, nothing logged', async (t) => {
  t.equal(reading('Then', 'no log file is written'), 'not (the --log file exists after the run)');
  t.equal(reading('Then', 'nothing is appended to the event log'), 'the --log file has 0 lines (never created, or empty)');
  t.match(reading('Then', 'the audit log holds one line with `"event":"timeout"`, `"exitCode":124`') ?? '', /^the --log file has 1 line, a line holding "event":"timeout", "exitCode":124/);
  // "the log" is the --log file only where the sentence says it holds or gets lines, or is made.
  t.notMatch(reading('Then', 'the log mentions the timeout') ?? '', /--log file/);
  const noLog = (run: string) => bullets(`no log after ${run}`, `the command \`${run}\` with \`timeout: 1s\` runs with \`--log trail/run.jsonl\``, 'no log file is written');
  await expectBoundVerdicts(t, runScenarios, 'round26-no-log', [noLog('exit 3'), noLog('sleep 5')], 'no log file', [
    [true, 'a plain failure writes no log'],
    [false, 'a timeout writes its line, so the file is made'],
  ]);
  const nothing = (run: string) => bullets(`nothing logged after ${run}`, `the command \`${run}\` with \`timeout: 1s\` runs with \`--log run.jsonl\``, 'nothing is appended to the event log');
  await expectBoundVerdicts(t, runScenarios, 'round26-nothing-logged', [nothing('echo fine'), nothing('sleep 5')], 'nothing is appended', [
    [true, 'a success logs nothing'],
    [false, 'the timeout is logged'],
  ]);
  const field = (code: string) => bullets(`field ${code}`, 'the command `sleep 5` with `timeout: 1s` runs with `--log run.jsonl`', `the audit log holds one line with \`"event":"timeout"\`, \`"exitCode":${code}\``);
  await expectBoundVerdicts(t, runScenarios, 'round26-log-field', [field('124'), field('12')], 'the audit log holds', [
    [true, 'the timeout line has exit code 124'],
    [false, '12 is not 124, though the text "exitCode":12 is in the line'],
  ]);
});

t.test('"each line holds `"key":value`": every line of the --log file, and it has one', async (t) => {
  t.equal(reading('Then', 'every line holds `"exitCode":124`'), 'every line of the --log file holds "exitCode":124 (and it has one)');
  t.equal(reading('Then', 'each line has `"event":"timeout"`'), 'every line of the --log file holds "event":"timeout" (and it has one)');
  // "either line", "any line": which lines is not said.
  t.equal(reading('Then', 'either line has `"event":"timeout"`'), null);
  const lines = (second: string[]) => blockScenario(`then ${second[0]}`, 'the configuration is run with `--log run.jsonl --log-failures`', ['- run: "sleep 5"', '  timeout: 1s', ...second], 'each line has `"event":"timeout"`');
  await expectBoundVerdicts(t, runScenarios, 'round26-each-line', [lines(['- run: "sleep 6"', '  timeout: 1s']), lines(['- run: "exit 3"'])], 'each line has', [
    [true, 'both commands timed out: two timeout lines'],
    [false, 'the second failed of its own: its line, which --log-failures adds, is no timeout'],
  ]);
});

t.test('a file said absent in the When ("no file `x` exists") is not there before the run', async (t) => {
  t.match(reading('When', 'the command `echo fine` is run with `--log quiet.jsonl` and no file `quiet.jsonl` exists') ?? '', /quiet\.jsonl does not exist before the run/);
});
