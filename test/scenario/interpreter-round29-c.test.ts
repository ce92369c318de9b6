// Round 29's classes of how a run is invoked and set up, said in a scenario's condition (part C): spec-run exec's
// options in words (the event log directed to a file, failure logging on or off, an option said not given, options
// "passed"), a block's faults described (a misspelt key on a command, an empty list of commands), and a command's
// working directory or user said by its value, each checked against the YAML block. Read both ways on sentences
// written for these tests (none from a batch): through real runs where a reading sets the run up, and as a condition
// left unread where the block does not bear out what it says.
import t from 'tap';
import { conditionUse } from '../../src/run/scenario/interpreter/condition.js';
import { withOptionsSaid } from '../../src/run/scenario/interpreter/options-said.js';
import { blockScenario, expectBoundVerdicts, scenariosRunner } from './cli-points.js';

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
  t.match(flags('with failure logging enabled but failure logging not enabled'), /not enabled/);
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
