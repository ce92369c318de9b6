// Round 26, part C: a refused configuration's error said of the field or command it is about ("`colour` gets `unknown
// key 'colour'`", "the third entry receives `…`", "the error is reported against `stop.commands` as `…`"), each read both
// ways on sentences and configurations written for these tests (none from a batch): the text must be an error about that
// subject, never any error, and a sentence whose text is no validation message, or whose subject is not one, stays unread.
import t from 'tap';
import { blockScenario, expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 26 field errors');

t.test('a key, a field path, a command by its place: the subject a validation message is given to', async (t) => {
  for (const sentence of [
    '`colour` gets `unknown key \'colour\'`',
    'the unknown key `colour` is reported with `unknown key \'colour\'`',
    'colour receives `unknown key \'colour\'`',
    'the cpus field draws `must be a positive number of CPUs`',
    'the `stop.commands[2].timeout` field is flagged with `invalid duration "9q"`',
    'the 3rd entry gets `stop.commands[2].colour: unknown key \'colour\'`',
    'the third gets both `stop.commands[2].colour: unknown key \'colour\'` and `stop.commands[2].cpus: must be`',
    'the problem is reported against `stop.commands[1].cpus` as `must be a positive number`',
    'the job with no `run:` gets `every command needs`',
  ]) t.match(reading('Then', sentence) ?? '', /^the configuration is rejected \(nothing runs\), and an error about /, sentence);
  for (const sentence of [
    // no validation message: a report's text said of a command, read (or not) by the other readings
    'the second command gets `(timeout 5s, from command)`',
    // a word that is no key, unless the text names it an unknown key
    'colour gets `must be a string`',
    // a path the text opens with that is not the subject's
    'the second job gets `stop.commands[0].colour: unknown key \'colour\'`',
    // an ordinal with no noun, and a text that does not say whose it is
    'the third gets `unknown key \'colour\'`',
    // something said after the text
    '`colour` gets `unknown key \'colour\'` and the list of keys',
  ]) t.notMatch(reading('Then', sentence) ?? '', /and an error about /, sentence);
});

t.test('the error given to a subject is that subject\'s: true where it is, false where another field holds it', async (t) => {
  const refused = (then: string) => blockScenario('refused', 'the configuration is', ['- run: "echo a"', '  cpus: 0', '- run: "echo b"', '  colour: red', '  timeout: 9q'], then);
  await expectVerdicts(t, runScenarios, 'round26-key-error', [refused('colour gets `unknown key \'colour\'`'), refused('the `cpus` key gets `unknown key \'colour\'`')], 'gets', [
    [true, 'the unknown key colour is refused so'],
    [false, 'that text is the colour key\'s error, not the cpus field\'s'],
  ]);
  await expectVerdicts(t, runScenarios, 'round26-command-error', [refused('the second step receives `stop.commands[1].timeout: invalid duration "9q"`'), refused('the first step receives `invalid duration "9q"`')], 'receives', [
    [true, 'the second command\'s timeout is refused so'],
    [false, 'the first command has no such error: the timeout refused is the second\'s'],
  ]);
  await expectVerdicts(t, runScenarios, 'round26-reported-against', [
    refused('the error is reported against `stop.commands[0].cpus` as `must be a positive number of CPUs`'),
    refused('the error is reported against `stop.commands[1].timeout` as `must be a positive number of CPUs`'),
  ], 'reported against', [
    [true, 'the first command\'s cpus is refused so'],
    [false, 'the second command\'s timeout is refused with another text'],
  ]);
  const accepted = blockScenario('accepted', 'the configuration is', ['- run: "echo a"', '  cpus: 1'], 'the cpus field draws `must be a positive number of CPUs`');
  await expectVerdicts(t, runScenarios, 'round26-accepted', [accepted], 'draws', [[false, 'a valid configuration runs: no error is given to any field']]);
});

t.test("a run's directory as the value a command prints: the project's, the configuration file's, with a text before or a path after", async (t) => {
  for (const sentence of [
    'the first job prints the full path of the project directory',
    "the 2nd step outputs the project's absolute path followed by `/a/b`",
    "the only command echoes `dir=` followed by the configuration file's directory",
    'the third stage shows the absolute path of the folder holding the config file',
  ]) t.match(reading('Then', sentence) ?? '', /prints a line that is /, sentence);
  for (const sentence of [
    // a directory of the project's, which no place of the run names
    "the second command prints the absolute path of the project's build folder",
    // a text after the path that is no more of it
    'the first command prints the project directory followed by `done`',
  ]) t.notMatch(reading('Then', sentence) ?? '', /prints a line that is /, sentence);
  const project = (run: string) => blockScenario(run, 'the configuration is', [`- run: "${run}"`], 'the first job prints the full path of the project directory');
  await expectVerdicts(t, runScenarios, 'round26-project-path', [project('pwd'), project('echo /elsewhere')], 'full path', [
    [true, 'pwd in the default working directory prints the project'],
    [false, 'another path printed'],
  ]);
  const under = (workdir: string[]) => blockScenario(`under ${workdir.length}`, 'the configuration is', ['- run: "mkdir -p a/b"', '- run: "pwd"', ...workdir], "the 2nd step outputs the project's absolute path followed by `/a/b`");
  await expectVerdicts(t, runScenarios, 'round26-project-under', [under(['  workdir: a/b']), under([])], 'followed by', [
    [true, 'the second command ran in a/b of the project'],
    [false, 'it ran in the project itself'],
  ]);
  const configDir = (env: string[]) => blockScenario(`config dir ${env.length}`, 'the configuration is', ['- run: "echo dir=$SPEC_RUN_CONFIG_DIR"', ...env], "the only command echoes `dir=` followed by the configuration file's directory");
  await expectVerdicts(t, runScenarios, 'round26-config-dir', [configDir([]), configDir(['  env:', '    SPEC_RUN_CONFIG_DIR: /opt/other'])], 'echoes', [
    [true, "the executor's variable names the configuration's directory"],
    [false, 'the command set the variable to another directory'],
  ]);
});
