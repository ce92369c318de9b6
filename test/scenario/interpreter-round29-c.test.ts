// Round 29's classes of how a run is invoked and set up, said in a scenario's condition (part C): spec-run exec's
// options in words (the event log directed to a file, failure logging on or off, an option said not given, options
// "passed"), a block's faults described (a misspelt key on a command, an empty list of commands), and a command's
// working directory or user said by its value, each checked against the YAML block. Read both ways on sentences
// written for these tests (none from a batch): through real runs where a reading sets the run up, and as a condition
// left unread where the block does not bear out what it says.
import t from 'tap';
import { conditionUse } from '../../src/run/scenario/interpreter/condition.js';
import { withOptionsSaid } from '../../src/run/scenario/interpreter/options-said.js';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { logFieldsSaid } from '../../src/run/scenario/interpreter/log-fields-said.js';
import { blockScenario, expectBoundVerdicts, scenariosRunner, sectionScenario } from './cli-points.js';


const run = scenariosRunner('Round 29 conditions');

/** How a condition (code spans in backticks) is used over the YAML block of COMMANDS (lines under `commands:`), with its parts' texts. */
function used(condition: string, commands: string[], section: string[] = []) {
  const code = [...condition.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  const yaml = ['stop:', ...section.map((l) => `  ${l}`), ...(commands.length === 0 ? ['  commands: []'] : ['  commands:', ...commands.map((l) => `    ${l}`)])].join('\n');
  const use = conditionUse({ text: condition.replace(/`/g, ''), code, yaml });
  return { kind: use.kind, parts: use.kind === 'read' ? use.parts.map((p) => p.text).join('; ') : '' };
}

t.test("spec-run exec's options said in words become its flags; an option said not given is the default", async (t) => {
  const flags = (s: string) => withOptionsSaid(s).sentence;
  for (const said of [
    'the hook runs with the event log directed to `ev.jsonl`',
    'the hook runs with the events log written to ev.jsonl',
    'the hook runs with its event log going to `ev.jsonl`',
    'the hook runs with the event log file sent to ev.jsonl',
    'the hook runs with the event log `ev.jsonl`',
    'the hook runs with an event log called ev.jsonl',
  ]) t.match(flags(said), /with `--log ev\.jsonl`$/, said);
  t.match(flags('the hook runs, writing its event log to `logs/ev.jsonl`'), /with `--log logs\/ev\.jsonl`/);
  t.match(flags('the hook is run with an event log'), /with `--log`$/);
  for (const said of ['with `--log a.jsonl` and failure logging enabled', 'with `--log a.jsonl` and the logging of failures', 'with `--log a.jsonl` plus failure logging turned on', 'with `--log a.jsonl` and the logging of failed commands'])
    t.match(flags(said), /`--log a\.jsonl` and `--log-failures`$|`--log a\.jsonl` plus `--log-failures`$/, said);
  for (const said of ['with `--log a.jsonl` but failure logging not enabled', 'with `--log a.jsonl`, and failure logging off', 'with `--log a.jsonl` but without failure logging', 'with `--log a.jsonl` and no `--log-failures`'])
    t.equal(flags(said), 'with `--log a.jsonl`', said);
  t.equal(flags('it is started on `c.yaml` without `--project`'), 'it is started on `c.yaml`');
  // Said not given and given at once: neither is taken.
  t.match(flags('with `--project .` and without `--project`'), /without `--project`/);
  t.match(flags('with `--log a.jsonl` and failure logging enabled but failure logging not enabled'), /not enabled/);
  // "the event log" of no file and not after "with": no option.
  t.equal(flags('the event log stays empty'), 'the event log stays empty');

  const failing = ['- run: "exit 3"'];
  t.match(used('When you run this configuration and pass `--log run.jsonl`', failing).parts, /spec-run exec --log run\.jsonl$/);
  t.match(used('When we pass `--log run.jsonl` `--log-failures` to it', failing).parts, /--log run\.jsonl, --log-failures/);
  t.match(used('When the system runs the following configuration with the event log directed to `gate.jsonl`', failing).parts, /spec-run exec --log gate\.jsonl/);
  t.match(used('When the tester runs the configuration with the event log written to gate.jsonl and failure logging on', failing).parts, /--log gate\.jsonl, --log-failures/);
  // An option spec-run exec refuses (`--log-failures` alone) is not read.
  t.not(used('When you pass `--log-failures`', failing).kind, 'read');

  const ran = (title: string, when: string, then: string) => blockScenario(title, when, ['- run: "echo bad; exit 3"'], then);
  await expectBoundVerdicts(t, run, 'round29-log-words', [
    ran('on', 'the system runs the following configuration with the event log directed to `ev.jsonl` and failure logging enabled', '`ev.jsonl` holds exactly one line'),
    ran('off', 'the system runs the following configuration with the event log directed to `ev.jsonl` but failure logging not enabled', '`ev.jsonl` holds exactly one line'),
    ran('passed', 'you run this configuration and pass `--log ev.jsonl` `--log-failures`', 'the first line of `ev.jsonl` has `"event":"failed"`'),
    ran('not passed', 'you run this configuration and pass `--log ev.jsonl`', 'the first line of `ev.jsonl` has `"event":"failed"`'),
  ], 'ev.jsonl', [
    [true, 'failure logging said enabled: the failure is a line of the log'],
    [false, 'failure logging said not enabled: no line is written'],
    [true, 'the options passed: the failed command logged'],
    [false, 'without --log-failures a failure is not logged'],
  ]);
});

t.test("a block's faults described: a misspelt key on a command, an empty list of commands; checked against the executor's refusals", async (t) => {
  const typo = ['- run: "touch made.txt"', '- run: "echo hi"', '  timout: 30s'];
  for (const said of [
    'When you run a file where the second command has a misspelt `timeout` key',
    'When we run a configuration in which the second step has a mistyped timeout key',
    'When the second command has a misspelled timeout',
    'When `timeout` is misspelt',
    'When the timeout key is misspelled on the second command',
    'When a command misspells `timeout`',
    'When your file has a typo\'d `timeout` key on the second check',
  ]) t.match(used(said, typo).parts, /unknown key 'timout'/, said);
  // The block does not bear it out: the wrong command, the wrong key, no misspelling at all.
  t.equal(used('When the first command has a misspelt `timeout` key', typo).kind, 'unsaid');
  t.equal(used('When you run a file where the second command has a misspelt `memory` key', typo).kind, 'unsaid');
  t.equal(used('When `workdir` is misspelt', typo).kind, 'unsaid');
  t.equal(used('When `timeout` is misspelt', ['- run: "echo hi"', '  timeout: 30s']).kind, 'unsaid');
  t.equal(used('When `timeout` is misspelt', ['- run: "echo hi"', '  memroy: 1g']).kind, 'unsaid');

  for (const said of ['When your file has an empty list of commands', 'When the list of commands is empty', 'When the configuration has an empty list', 'When `commands:` is an empty list', 'When the command list is empty'])
    t.match(used(said, []).parts, /commands: \[\]/, said);
  t.equal(used('When your file has an empty list of commands', ['- run: "true"']).kind, 'unsaid');

  const scenario = (title: string, when: string, commands: string[]) => blockScenario(title, when, commands, 'the run exits with code 2');
  await expectBoundVerdicts(t, run, 'round29-faults', [
    scenario('misspelt', 'you run a file where the second command has a misspelt `timeout` key', typo),
    scenario('empty', 'your file has an empty list of commands', []).map((l) => (l === '  commands:' ? '  commands: []' : l)),
  ], 'exits with code 2', [
    [true, 'the misspelt key refused, exit 2'],
    [true, 'the empty list refused, exit 2'],
  ]);
});

t.test('a working directory or a user said by its value, held where the block writes it', async (t) => {
  const inTmp = ['- run: "pwd"', '  workdir: /tmp'];
  t.not(used('When a command runs in `/tmp`', inTmp).kind, 'unsaid');
  t.equal(used('When a command runs in `/var`', inTmp).kind, 'unsaid');
  t.equal(used('When a command runs in `/tmp`', ['- run: "pwd"']).kind, 'unsaid');
  t.equal(used('When a command runs in `/tmp`', [...inTmp, '- run: "pwd"']).kind, 'unsaid', 'not every command runs there');
  const asUser = ['- run: "id -u"', '  image: alpine', '  user: "1000:1000"', '  workdir: /tmp'];
  t.not(used('When a command runs as user 1000 in /tmp', asUser).kind, 'unsaid');
  t.not(used('When a command runs as uid 1000 with the group 1000 in /tmp', asUser).kind, 'unsaid');
  t.equal(used('When a command runs as user 1001 in /tmp', asUser).kind, 'unsaid');
  t.equal(used('When a command runs as user 1000 with the group 2000 in /tmp', asUser).kind, 'unsaid');

  await expectBoundVerdicts(t, run, 'round29-workdir', [
    blockScenario('tmp', 'a command runs in `/tmp`', inTmp, 'the output is `/tmp`'),
    blockScenario('tmp, other line', 'a command runs in `/tmp`', inTmp, 'the output is `/var`'),
  ], 'the output is', [
    [true, 'the command ran in /tmp'],
    [false, 'it did not run in /var'],
  ]);
});

t.test("a --log line's fields said in words, by its place or as a JSON object, checked against the real file", async (t) => {
  const read = (s: string) => {
    const r = readThen(s);
    return r.ok ? r.parts.map((p) => p.text).join(' ∧ ') : '';
  };
  t.match(read('that line is a JSON object whose event is fail-fast, with exitStatus 4 and commandsNotRun 1'), /a JSON object, holds "event":"fail-fast", "exitStatus":4, "commandsNotRun":1$/);
  t.match(read('that record shall be a JSON object containing `"event":"timeout"` and `"exitCode":124`'), /a JSON object, holds "event":"timeout", "exitCode":124$/);
  t.match(read('it is a JSON object with event "timeout", exitCode 124 and signal "SIGTERM"'), /holds "event":"timeout", "exitCode":124, "signal":"SIGTERM"$/);
  t.match(read('the line has event "memory-limit", commandWentOn true and commandExitCode 0'), /"commandWentOn":true, "commandExitCode":0$/);
  t.match(read('the second line has `"event":"failed"` for `exit 3`, with exit code 3'), /^line 2 of the --log file holds "event":"failed", "command":"exit 3", "exitCode":3$/);
  t.match(read('the first line of `a.jsonl` has `"event":"failed"`'), /has its first line holding "event":"failed"$/);
  // A field the log does not write, or a value said of no line, is not made a member.
  t.notMatch(logFieldsSaid('the line has exitcode 3'), /"exitcode"/);
  t.equal(logFieldsSaid('the run exits with exitCode 3'), 'the run exits with exitCode 3');

  const logged = (title: string, then: string) =>
    sectionScenario(title, 'you run this configuration and pass `--log run.jsonl` `--log-failures`', ['failFast: true', 'commands:', '  - run: "echo bad; exit 2"', '  - run: "true"'], then);
  await expectBoundVerdicts(t, run, 'round29-log-fields', [
    logged('first, right', 'the first line has `"event":"failed"` for `echo bad; exit 2`, with exit code 2'),
    logged('first, wrong code', 'the first line has `"event":"failed"` for `echo bad; exit 2`, with exit code 3'),
    logged('second is not failed', 'the second line has event "failed"'),
    logged('fail-fast, right', 'the second line is a JSON object whose event is fail-fast, with commandsNotRun 1 and commandsTotal 2'),
    logged('fail-fast, wrong count', 'the second line is a JSON object whose event is fail-fast, with commandsNotRun 2'),
    logged('first of the file, right', 'the first line of `run.jsonl` has `"event":"failed"`'),
    logged('last of the file, wrong', 'the last line of `run.jsonl` has `"event":"failed"`'),
  ], ' line', [
    [true, 'line 1 is the failed command with its exit code'],
    [false, 'another exit code'],
    [false, 'line 2 is the fail-fast event'],
    [true, 'the fail-fast line counts the command not run'],
    [false, 'one command was not run, not two'],
    [true, 'the first line of the file is the failure'],
    [false, 'the last line of the file is not'],
  ]);
});
