// Round 8, the When side: names said absent, files the project holds in a When's own words,
// settings said of a command named by its place, and condition paragraphs that narrate their
// block. Paraphrases written for these tests (none from a batch), read both ways, and true and
// false against real runs.
import t from 'tap';
import { conditionUse } from '../../src/run/scenario/interpreter/condition.js';
import { readWhen, type Setup } from '../../src/run/scenario/interpreter/when.js';
import { runSpecLines } from './cli-points.js';
import { readSetup } from './when-readings.js';

const setupOf = (sentence: string) => readSetup(sentence)?.setup ?? null;
const use = (text: string, yaml: string) => conditionUse({ text: text.replace(/`/g, ''), code: [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]), yaml });

t.test('"no such file", "no such directory": the name said just before does not exist', (t) => {
  for (const [sentence, name] of [
    ['a command `ls` sets `workdir: gone` and the project has no such directory', 'gone'],
    ['a host command `true` has `workdir: absent` and the configuration directory holds no such subdirectory', 'absent'],
    ['it is run with `--log trail.jsonl` in a directory where no such file exists', 'trail.jsonl'],
    ['spec-run exec is given `missing.yaml`, and no such file exists', 'missing.yaml'],
    ['`spec-run exec other.yaml` is run where no file `other.yaml` exists', 'other.yaml'],
    ['spec-run exec is run with `--log out/x.jsonl` in a directory without `out`', 'out'],
    ['spec-run exec is run with `--log out/x.jsonl` in a directory that has no `out` folder yet', 'out'],
  ]) {
    const reading = readWhen(sentence);
    t.ok(reading.ok && reading.parts.some((p) => p.text.startsWith(`${name} does not exist`)), sentence, { reading });
  }
  t.match(setupOf('spec-run exec is given `missing.yaml`, and no such file exists'), { invocation: { config: 'missing.yaml', configMissing: true } }, 'a configuration file said absent cannot be read');
  // "no such" after a span that names no file (a number), or with no span before it: not read.
  t.notOk(readWhen('a host command `pwd` sets `timeout: 5` and the project has no such directory').ok, 'a timeout names no directory');
  t.notOk(readWhen('the project has no such directory').ok, 'nothing said before it');
  t.end();
});

t.test('files the project holds, said as the configuration\'s directory\'s, in a subdirectory, by their only line', (t) => {
  const cases: [string, Setup['files']][] = [
    ["the configuration file's directory also holds a file `note.txt` containing the line `hi there`", [{ dir: 'project', name: 'note.txt', directory: false, content: 'hi there' }]],
    ['a configuration file sits in a project directory that also holds a file `a.md` containing `x`', [{ dir: 'project', name: 'a.md', directory: false, content: 'x' }]],
    ["the configuration's directory has a subdirectory `data`", [{ dir: 'project', name: 'data', directory: true }]],
    ['the project directory holds a folder `d` containing a file `f.txt` whose only line is `42`', [{ dir: 'project', name: 'd/f.txt', directory: false, content: '42' }]],
    ['the project directory holds a file `g.txt` with a single line `ok`', [{ dir: 'project', name: 'g.txt', directory: false, content: 'ok' }]],
  ];
  for (const [sentence, files] of cases) t.same(setupOf(sentence)?.files, files, sentence);
  // A file named after "file" is never a command line or a working directory, and with --project the configuration's directory is not the project.
  t.same(setupOf('the project directory holds a directory `sub` and a file `b.txt`')?.files?.map((f) => f.name), ['sub', 'b.txt'], 'a file after "and" is a file, not a command');
  t.equal(setupOf("spec-run exec is run with `--project p`, and the configuration's directory holds a file `a.txt`"), null, 'the configuration\'s directory is not the project given by --project');
  t.end();
});

t.test('a setting said after a command named by its place is that command\'s; of no command in particular, not read', (t) => {
  const listed = setupOf('a configuration sets `defaultTimeout: "4s"` and lists two commands: `echo a` with `timeout: "9s"`, and `echo b` with `timeout: null`');
  t.match(listed?.byCommand, [{ run: 'echo a', fields: { timeout: '9s' } }, { run: 'echo b', fields: { timeout: null } }]);
  t.same(listed?.fields, {}, 'no setting of every command');
  t.match(setupOf('a configuration whose first command `echo one` has `timeout: 2s`')?.byCommand, [{ run: 'echo one', fields: { timeout: '2s' } }]);
  t.end();
});

t.test('a command described before its command line, a setting a command "names", an image said to be nowhere', (t) => {
  t.match(setupOf('a command with `image: alpine` and `memory: "48m"` prints its memory limit with `cat /sys/fs/cgroup/memory.max`'), { run: 'cat /sys/fs/cgroup/memory.max', fields: { image: 'alpine', memory: '48m' } });
  t.match(setupOf('a command with `image: alpine` shows its user id using `id -u`'), { run: 'id -u', fields: { image: 'alpine' } });
  t.equal(setupOf('a command prints its limits with a timeout of `5s`'), null, 'what follows "with" is no command line: not read');
  t.match(setupOf('a command `echo x` names `image: ghost/none:1`'), { run: 'echo x', fields: { image: 'ghost/none:1' } });
  for (const sentence of [
    'a command `echo x` names the image `ghost/none:1`, which no registry holds',
    'a command `echo x` has `image: ghost/none:1`, an image that is not on the machine, and no registry is reachable',
    'a command `echo x` with `image: ghost/none:1` runs on a machine that has no such image and reaches no registry',
  ]) {
    const reading = readWhen(sentence);
    t.ok(reading.ok && reading.parts.some((p) => p.text.startsWith('the image is said to be on no machine')), sentence, { reading });
  }
  t.notOk(readWhen('a command `echo x` runs, which no registry holds').ok, 'no image named: nothing said unavailable');
  t.end();
});

t.test('a condition paragraph that narrates its block: counted commands, a command signalling itself', (t) => {
  const two = 'stop:\n  commands:\n    - run: "cat d/f.txt"\n      image: alpine\n    - run: "pwd"\n      image: alpine\n';
  t.match(use('When the project directory holds a folder `d` containing a file `f.txt` whose only line is `42`, and two commands run in `alpine`:', two), { kind: 'read' });
  t.equal(use('When two commands run in `alpine`:', two).kind, 'restates');
  // A count, or a place, the block does not hold stays a claim: not read.
  t.equal(use('When the project directory holds a directory `d`, and three commands run in `alpine`:', two).kind, 'unsaid');
  t.equal(use('When the project directory holds a directory `d`, and two commands run on the host:', two).kind, 'unsaid');
  // The configuration file's own name is how spec-run exec is started (round 9): the block is written as that file, and the rest narrates it.
  t.match(use('When a configuration file `broken.yaml` has a mistake in each command:', two), { kind: 'read', parts: [{ text: 'spec-run exec configuration file broken.yaml' }, {}] });
  t.equal(use('When the first command kills itself with SIGKILL and the second sends itself SIGTERM:', two).kind, 'restates');
  t.equal(use('When spec-run exec is sent SIGTERM while the commands run:', two).kind, 'unsaid');
  t.equal(use('When a configuration holds one command that writes a file, then another:', two).kind, 'restates', 'a file a command writes is what it does');
  t.end();
});

t.test('through the CLI: files and absent names set up for real, checked true and false', async (t) => {
  const { points, stderr, byName, passes } = await runSpecLines('setups', [
      '# Setups', '', '### Requirement: Setups', 'The executor SHALL run them.', '',
      '#### Scenario: a file in a subdirectory, by its only line',
      "When the configuration file's directory has a subdirectory `d` containing a file `f.txt` whose only line is `forty-two`:", '',
      '```yaml', 'stop:', '  commands:', '    - run: "cat d/f.txt"', '```', '',
      'Then:', '1. the command prints `forty-two`', '2. the command prints `forty-three`', '',
      '#### Scenario: a working directory said absent',
      '- **WHEN** a host command `pwd` sets `workdir: nowhere` and the project has no such directory',
      '- **THEN** the command fails', '- **AND** the command succeeds', '',
      '#### Scenario: an image said to be nowhere',
      '- **WHEN** a command `echo hi` names the image `spec-run-r8-none/ghost:1`, which no registry holds',
      '- **THEN** the command fails with exit code 125', '- **AND** the command prints `hi`', '',
  ]);
  t.ok(passes('prints forty-two'), 'the file was made, with its line', { points, stderr });
  t.notOk(byName('prints forty-three')?.ok, 'a line it does not hold is not printed');
  t.ok(passes('the command fails'), 'a missing working directory fails the command', { points });
  t.notOk(byName('the command succeeds')?.ok, 'and it does not succeed');
  t.ok(passes('exit code 125'), 'an image no registry holds: the command cannot run', { points });
  t.notOk(byName('prints hi')?.ok, 'and prints nothing');
});
