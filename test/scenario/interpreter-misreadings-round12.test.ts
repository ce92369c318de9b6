// The misreadings the reviewers of round 12's fresh measurement (batch23, batch24) found, fixed
// as classes of language. Each class is tested on sentences written for these tests (none from
// a batch), read both ways, and against real runs where a reading could be checked wrongly.
import t from 'tap';
import { partsOf } from './then-readings.js';
import { blockScenario, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Misreadings of round 12');

/** A scenario of the hook's commands in a YAML block and its numbered Thens. */
const hookScenario = (title: string, commands: string[], ...thens: string[]) => blockScenario(title, 'the hook runs these commands', commands, ...thens);

t.test('"the job" and "the pipeline" exiting are the whole run: spec-run exec\'s own exit status, not each command\'s', (t) => {
  for (const sentence of ['the job exits with status 4', 'the pipeline ends with exit status 4', 'the job still exits with status 4, because the first command failed']) {
    t.match(partsOf(sentence)?.[0], /^spec-run exec's exit status == 4$/, sentence);
  }
  t.match(partsOf('every command succeeds and the job exits with status 0'), [/every command/, /^spec-run exec's exit status == 0$/]);
  // A command's own status stays the command's.
  t.match(partsOf('the command exits with status 4'), ['exit code == 4']);
  t.end();
});

t.test('through the CLI: "the job exits with status N" holds of a run whose commands end differently', async (t) => {
  const commands = ['- run: "exit 3"', '- run: "exit 5"'];
  const { points, byName } = await runScenarios('misread-job-status', [
    hookScenario('true', commands, 'The job exits with status 3'),
    hookScenario('false', commands, 'The pipeline exits with status 5'),
  ]);
  t.equal(byName('The job exits')?.ok, true, "spec-run exec's status is the first failure's, 3", { points });
  t.equal(byName('The pipeline exits')?.ok, false, "5 is a command's code, not the run's status");
});

t.test('a negated predicate over coordinated texts negates each of them', (t) => {
  const parts = partsOf('the last line is `done`, and `beta` and `gamma` are never printed');
  t.match(parts?.[1], /none of "beta", "gamma"/, 'both texts are denied', { parts });
  t.equal(parts?.length, 2, 'no clause of its own requires `beta`', { parts });
  t.match(partsOf('the last line is `done`, and `beta`, `gamma` and `delta` are not shown')?.[1], /none of "beta", "gamma", "delta"/);
  // Coordinated texts with a predicate that is not negated are all required.
  t.match(partsOf('the last line is `done`, and `beta` and `gamma` are printed')?.[1], /contains "beta" and "gamma"/);
  t.end();
});

t.test('through the CLI: "`x` and `y` are never printed" fails where either is printed, and holds where neither is', async (t) => {
  const { points, byName } = await runScenarios('misread-coordinated-negation', [
    hookScenario('neither', ['- run: "echo alpha"'], 'The last line is `alpha`, and `beta` and `gamma` are never printed'),
    hookScenario('the first', ['- run: "echo beta; echo alpha"'], 'The first line is `beta`, and `beta` and `delta` are never printed'),
  ]);
  t.equal(byName('The last line is alpha')?.ok, true, 'neither text printed', { points });
  t.equal(byName('The first line is beta')?.ok, false, 'the first text of the two printed');
});

/** A scenario whose When names the configuration file FILE, and its numbered Thens. */
const fileScenario = (title: string, file: string, yaml: string[], ...thens: string[]) => [
  `#### Scenario: ${title}`,
  `When \`spec-run exec ${file}\` is run on this file:`,
  '```yaml',
  ...yaml,
  '```',
  '',
  'Then:',
  ...thens.map((then, i) => `${i + 1}. ${then}`),
];

const refused = ['stop:', '  commands:', '    - run: "echo a"', '      memory: 512m', '    - run: "echo b"', '      image: spec-run/busybox:local', '      workdir: build'];

t.test('a quoted problem line with its `file:line:col: ` place is a line spec-run exec printed, not an error\'s bare message', (t) => {
  t.match(partsOf('the memory limit is refused with `w.yaml:4:15: stop.commands[0].memory: applies in a container only`'), [/a problem line spec-run exec printed reads "w\.yaml:4:15: stop\.commands\[0\]\.memory: applies in a container only"/]);
  // Said with the fault it names, the line is a claim too, not dropped.
  t.match(partsOf('the relative working directory is refused with `w.yaml:7:16: stop.commands[1].workdir: must be absolute`'), [/says it is relative .*, a problem line spec-run exec printed reads "w\.yaml:7:16: /]);
  // A message without a place is still looked for in an error's message.
  t.match(partsOf('the memory limit is refused with `applies in a container only`'), [/an error that says "applies in a container only"/]);
  t.end();
});

t.test('a notice quoted with its `note: ` prefix is the note as printed', (t) => {
  t.match(partsOf('a note `note: container removed` is printed'), ['a notice reads "note: container removed"']);
  t.end();
});

t.test('"the first line" of a run that ran no command is spec-run exec\'s own first line', (t) => {
  // Since round 22 the refusal's heading is read as a line of the run alone: a command echoing it prints it after its announcement.
  t.match(partsOf('the first line printed is `Error: invalid configuration w.yaml:`'), [/^line 1 of all spec-run exec printed == "Error: invalid configuration w\.yaml:"$/]);
  t.end();
});

t.test('through the CLI: problem lines, notes and the first line of a refused file, checked as spec-run exec prints them', async (t) => {
  const { points, byName } = await runScenarios('misread-printed-lines', [
    fileScenario(
      'true',
      'bad.yaml',
      refused,
      'The first line printed is `Error: invalid configuration bad.yaml:`',
      'The memory limit is refused with `bad.yaml:4:15: stop.commands[0].memory: applies in a container only`',
      'The relative working directory is refused with `bad.yaml:7:16: stop.commands[1].workdir: must be an absolute path inside the container`',
    ),
    fileScenario('a wrong place', 'bad.yaml', refused, 'The memory limit is refused with `bad.yaml:9:15: stop.commands[0].memory: applies in a container only`'),
    fileScenario('a wrong place with the fault', 'bad.yaml', refused, 'The relative working directory is refused with `bad.yaml:99:16: stop.commands[1].workdir: must be an absolute path inside the container`'),
    fileScenario('another first line', 'bad.yaml', refused, 'The first line printed is `Error: invalid configuration other.yaml:`'),
    hookScenario('a note', ['- run: "echo in"', '  image: spec-run/busybox:local'], 'A note `note: container spec-run-<pid>-<suffix> removed` is printed'),
    hookScenario('another note', ['- run: "echo in"', '  image: spec-run/busybox:local'], 'A note `note: container spec-run-<pid>-<suffix> kept` is printed'),
  ]);
  t.equal(byName('invalid configuration bad.yaml')?.ok, true, "spec-run exec's first line", { points });
  t.equal(byName('bad.yaml:4:15')?.ok, true, 'the problem line with its place');
  t.equal(byName('bad.yaml:7:16')?.ok, true, 'the problem line with its place, said with its fault');
  t.equal(byName('bad.yaml:9:15')?.ok, false, 'not at another place');
  t.equal(byName('bad.yaml:99:16')?.ok, false, 'not at another place, said with its fault');
  t.equal(byName('invalid configuration other.yaml')?.ok, false, 'not another first line');
  t.equal(byName('removed is printed')?.ok, true, 'the note as printed');
  t.equal(byName('kept is printed')?.ok, false, 'not a note that was not printed');
});

t.test('a part of the report opening a later clause is the part of the command the sentence is about', (t) => {
  const placed = partsOf('The second command\'s report shows `OK: command succeeded` and the output line `done`');
  t.ok(placed?.every((p) => p.startsWith('the command 2: ')), 'of command 2, each clause', { placed });
  const it = partsOf('Its report shows `OK: command succeeded` with a `Duration:` of at least 1s, and the output line `done`');
  t.match(it?.at(-1), /^\(it: .*the output shown \(stdout and stderr\) == "done"/, 'the output of the command "It" is');
  // Where the sentence names no command, the output is still no one command's.
  t.match(partsOf('the report opens with `OK: command succeeded` and the output is `x`')?.[1], /^the output shown/);
  t.end();
});

t.test('through the CLI: "…, and the output line `x`" of the second command is not checked of the first', async (t) => {
  const commands = ['- run: "echo other"', '- run: "echo done"'];
  const { points, byName } = await runScenarios('misread-output-scope', [
    hookScenario('true', commands, "The second command's report shows `OK: command succeeded` and the output line `done`"),
    hookScenario('false', commands, "The first command's report shows `OK: command succeeded` and the output line `done`"),
  ]);
  t.equal(byName('The second command')?.ok, true, "the second command's output", { points });
  t.equal(byName('The first command')?.ok, false, "not the first's");
});

t.test('an aside in parentheses with quoted text and words of its own is a clause of its own', (t) => {
  t.match(partsOf('the exit code SHALL be 0 (the output contains "zzz")'), ['exit code == 0', /output shown contains "zzz"/]);
  // A quoted text alone in parentheses names what is before it, and stays with it.
  t.match(partsOf('the command fails with the system reason (`ENOENT: no such file`)'), [/the command fails/, /contains "ENOENT: no such file"/]);
  t.end();
});

t.test('through the CLI: the aside and the claim before it are each checked, never one text of both', async (t) => {
  const { points, byName } = await runScenarios('misread-paren-aside', [
    hookScenario('merged', ['- run: "echo zzz the exit code 0; exit 5"'], 'The exit code SHALL be 0 (the output contains "zzz")'),
    hookScenario('both', ['- run: "echo zzz"'], 'The exit code SHALL be 0 (the output contains "zzz")'),
  ]);
  const [merged, both] = points.filter((p) => p.name.includes('SHALL be 0'));
  t.equal(merged?.ok, false, 'exit 5 is no exit 0, whatever the output says', { points });
  t.equal(both?.ok, true, 'exit 0 and the text', { points, byName: byName('SHALL') });
});
