// Round 29's misreadings of a fresh measurement, each fixed as a class: a status said of no command in a run of several is
// spec-run exec's; a command the executor could not start never ran; a text placed "below the notes" is a line of the report,
// not a notice; an output said to be "the single line X" is that one line; an aside concluding a claim of its own ("(so …)")
// is not read; a folder "called X" the project has is made a folder. Sentences written for these tests, read both ways
// through real runs of the executor.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, runSpecLines, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Round 29 misreadings');

t.test('a status said of no command, where several ran, is what spec-run exec exits with', async (t) => {
  const three = ['- run: "echo a"', '- run: "exit 3"', '- run: "exit 5"'];
  await expectBoundVerdicts(t, run, 'r29m-it-exits', [
    blockScenario('first failure', 'these run', three, 'It exits with 3.'),
    blockScenario('not the last', 'these run', three, 'It exits with 5.'),
  ], 'It exits', [
    [true, "spec-run exec exits with the first failure's 3, though the commands exited 0, 3 and 5"],
    [false, 'not with the last failure\'s 5'],
  ]);
  await expectBoundVerdicts(t, run, 'r29m-completion-code', [
    blockScenario('said as a noun', 'these run', three, 'The completion code is 3.'),
    blockScenario('said as a noun, false', 'these run', three, 'The completion code is 0.'),
  ], 'completion code', [
    [true, 'the run\'s status, said with no subject'],
    [false, 'the run did not exit 0'],
  ]);
  await expectBoundVerdicts(t, run, 'r29m-named-status', [
    blockScenario('named', 'these run', three, 'The third command exits with 5.'),
    blockScenario('named, false', 'these run', three, 'The first command exits with 3.'),
  ], 'command exits', [
    [true, 'a command named by its place keeps its own status'],
    [false, 'the first command exited 0, whatever the run exits with'],
  ]);
  await expectBoundVerdicts(t, run, 'r29m-timeout-status', [
    blockScenario('a timeout first', 'these run', ['- run: "sleep 5"', '  timeout: 1s', '- run: "exit 5"'], 'Then it exits with 124.'),
    blockScenario('a timeout first, false', 'these run', ['- run: "sleep 5"', '  timeout: 1s', '- run: "exit 5"'], 'Then it exits with 5.'),
  ], 'it exits with', [
    [true, 'the timeout came first: 124'],
    [false, 'the second command exited 5, the run did not'],
  ]);
});

t.test('a command the executor could not start never ran; one that started and failed did', async (t) => {
  await expectBoundVerdicts(t, run, 'r29m-never-starts', [
    blockScenario('no such directory', 'this runs', ['- run: "pwd"', '  workdir: not-there'], 'Nothing runs.'),
    blockScenario('a directory that is there', 'this runs', ['- run: "pwd"', '  workdir: .'], 'Nothing runs.'),
    blockScenario('started and failed', 'this runs', ['- run: "exit 3"'], 'Nothing runs.'),
  ], 'Nothing runs', [
    [true, 'refused before it started (exit 125): it never ran'],
    [false, 'it ran in the directory'],
    [false, 'it started, then failed'],
  ]);
});

t.test('a text placed below the notes is a line of the report under them, never a notice', async (t) => {
  t.notMatch(reading('Then', 'The error line, below the notes, reads `Error: Command failed with exit code 3`.') ?? '', /notice reads/, 'placed by the notes before the text: never read as a notice');
  const outside = (code: number) => ['- run: "exit ' + code + '"', '  workdir: /tmp'];
  await expectBoundVerdicts(t, run, 'r29m-error-line', [
    blockScenario('it failed so', 'this runs', outside(3), 'The error line of the report reads `Error: Command failed with exit code 3`, below the notes.'),
    blockScenario('it failed otherwise', 'this runs', outside(4), 'The error line of the report reads `Error: Command failed with exit code 3`, below the notes.'),
  ], 'error line', [
    [true, 'the `Error:` line, under the note that the directory is outside the project'],
    [false, 'its error line says 4'],
  ]);
});

t.test('an output said to be the single line X is that line, whichever command quotes X', async (t) => {
  const handoff = (second: string) => ['- run: "echo ok > handoff.txt"', `- run: "${second}"`];
  await expectBoundVerdicts(t, run, 'r29m-single-line', [
    blockScenario('one line', 'these run', handoff('cat handoff.txt'), "The second command's output is the single line `ok`."),
    blockScenario('two lines', 'these run', handoff('cat handoff.txt; echo more'), "The second command's output is the single line `ok`."),
    blockScenario('another line', 'these run', handoff('echo no'), "The second command's output is the single line `ok`."),
    blockScenario('said as one line', 'these run', handoff('cat handoff.txt'), 'The output of the second command is one line, `ok`.'),
  ], 'line', [
    [true, 'it printed that one line'],
    [false, 'it printed a second line'],
    [false, 'its one line is another'],
    [true, 'another wording of the same'],
  ]);
});

t.test('an aside that concludes a claim of its own is not read', (t) => {
  for (const sentence of [
    '`here` is printed (so SPEC_RUN_CONFIG_DIR is still the folder of the configuration)',
    '`here` shows up (i.e. the variable HOME is kept)',
    'The exit code is 0 (which means the workdir was found)',
  ]) t.equal(reading('Then', sentence), null, sentence);
  t.not(reading('Then', 'It exits with 124 (a timeout)'), null, 'an aside of its own claim is read as before');
  t.end();
});

t.test('texts said of two streams, each set after its own, are never read as one place for all of them', (t) => {
  t.equal(reading('Then', 'The kept lines are `a`, `b` from stdout and `x`, `y` from stderr.'), null, 'two sets, each with its stream');
  t.match(reading('Then', 'The report shows `one` on standard output and `two` on standard error'), /stdout lines shown contain "one".*stderr lines shown contain "two"/, 'two claims joined by "and", each read with its stream');
  t.match(reading('Then', 'The kept lines are `a` and `b` from stdout.'), /stdout lines shown contain "a" and "b"/, 'one stream for all the texts is read as before');
  t.end();
});

t.test('a folder called X that the project has is made a folder', async (t) => {
  const scenario = (expected: string) => [
    '#### Scenario: in a folder of the project',
    'Given the project has a folder called `reports`.',
    '',
    'When this runs:',
    '```yaml',
    'stop:',
    '  commands:',
    '    - run: "basename \\"$PWD\\""',
    '      workdir: reports',
    '```',
    '',
    'Then:',
    `1. The first line of output is \`${expected}\`.`,
  ];
  const { points } = await runSpecLines('r29m-folder-called', ['# Folders', '', '### Requirement: As said', 'The executor SHALL run in a folder.', '', ...scenario('reports'), '', ...scenario('elsewhere')]);
  const steps = points.filter((p) => p.name.includes('first line of output'));
  t.same(steps.map((p) => [p.ok, p.todo]), [[true, undefined], [false, undefined]], 'it ran in the folder: holds; another name: fails', { points });
});
