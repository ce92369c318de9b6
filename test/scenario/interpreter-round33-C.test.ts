// Round 33's part C: a scenario's whole setup said in one sentence, with no YAML block (whole-setup.ts): the place the
// document makes the scenario's directory holds a configuration file described by its YAML fragments and a few words,
// and spec-run exec is launched there on that file. Documents written for these tests (none from a batch), read both
// ways through real runs: a true sentence passes, a false copy fails, an unreadable neighbour stays undefined.
import t from 'tap';
import { runSpecLines, specDocument } from './cli-points.js';

const document = (scenarios: string[][]) =>
  specDocument(
    'Sandbox runs',
    [
      'Every scenario is run in a fresh scratch folder; its configuration is saved in that folder under the name the scenario gives, and `spec-run exec` is called from the scratch folder.',
    ],
    scenarios,
  );
const scenario = (title: string, when: string, ...thens: string[]) => [`#### Scenario: ${title}`, `- **WHEN** ${when}`, ...thens.map((then, i) => `- **${i === 0 ? 'THEN' : 'AND'}** ${then}`)];

const thenVerdicts = (points: { name: string; ok: boolean; todo?: unknown }[]) => points.filter((p) => /^(THEN|AND) /.test(p.name)).map((p) => p.ok);

t.test('through real runs: one command and its keys, the launch line\'s options, both ways', async (t) => {
  const { points } = await runSpecLines('round33c-one', document([
    scenario('lines', 'the scratch folder holds only `gate.yaml` with one command `run: "seq 1 6"` and `maxOutputLines: 2`, and spec-run exec is launched from the scratch folder as `spec-run exec gate.yaml`', 'the output shows `1` and `2` but not `3`'),
    scenario('lines probe', 'the scratch folder holds only `gate.yaml` with one command `run: "seq 1 6"` and `maxOutputLines: 4`, and spec-run exec is launched from the scratch folder as `spec-run exec gate.yaml`', 'the output shows `1` and `2` but not `3`'),
    scenario('tail', 'the scratch folder holds a `h.yaml` with one command `run: "seq 1 9"`, `maxOutputLines: 2` and `keepOutput: tail`, and spec-run exec is launched there as `spec-run exec h.yaml`', 'the output shows `9` but not `1`'),
    scenario('tail probe', 'the scratch folder holds a `h.yaml` with one command `run: "seq 1 9"`, `maxOutputLines: 2` and `keepOutput: head`, and spec-run exec is launched there as `spec-run exec h.yaml`', 'the output shows `9` but not `1`'),
    scenario('timeout', 'the scratch folder holds only `t.yaml` whose only command is `run: "echo begun; sleep 20"` with `timeout: 1s`, and spec-run exec is launched from the scratch folder as `spec-run exec t.yaml`', 'the exit status is 124'),
    scenario('timeout probe', 'the scratch folder holds only `t.yaml` whose only command is `run: "echo begun; sleep 2"` with `timeout: 20s`, and spec-run exec is launched from the scratch folder as `spec-run exec t.yaml`', 'the exit status is 124'),
  ]));
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(thenVerdicts(points), [true, false, true, false, true, false], 'true sentences pass, false copies fail', { points });
});

t.test('through real runs: several commands, the stop section\'s keys, keys grouped by with, both ways', async (t) => {
  const { points } = await runSpecLines('round33c-several', document([
    scenario('first failure', 'the scratch folder holds only `s.yaml` with the three commands `run: "echo x; exit 4"`, `run: "touch made.txt; exit 6"` and `run: "echo y"`, and spec-run exec is launched from the scratch folder as `spec-run exec s.yaml --log l.jsonl --log-failures`', 'the exit status is 4', 'the file `made.txt` exists'),
    scenario('first failure probe', 'the scratch folder holds only `s.yaml` with the three commands `run: "echo x; exit 6"`, `run: "touch made.txt; exit 4"` and `run: "echo y"`, and spec-run exec is launched from the scratch folder as `spec-run exec s.yaml --log l.jsonl --log-failures`', 'the exit status is 4', 'the file `made.txt` exists'),
    scenario('fail fast', 'the scratch folder holds only `f.yaml` with `failFast: true`, `defaultTimeout: 1s` and the commands `run: "sleep 9"` and `run: "touch later.txt"`, and spec-run exec is launched from the scratch folder as `spec-run exec f.yaml`', 'the exit status is 124', 'no file `later.txt` exists'),
    scenario('fail fast probe', 'the scratch folder holds only `f.yaml` with `failFast: false`, `defaultTimeout: 1s` and the commands `run: "sleep 9"` and `run: "touch later.txt"`, and spec-run exec is launched from the scratch folder as `spec-run exec f.yaml`', 'the exit status is 124', 'no file `later.txt` exists'),
    scenario('with', 'the scratch folder holds a `w.yaml` with two commands, `run: "sleep 5; echo late"` with `timeout: 1s`, then the host command `run: "echo on time"`, and spec-run exec is launched there as `spec-run exec w.yaml`', 'the output shows `on time` but not `late`'),
    scenario('with probe', 'the scratch folder holds a `w.yaml` with two commands, `run: "sleep 2; echo late"`, then the host command `run: "echo on time"` with `timeout: 1s`, and spec-run exec is launched there as `spec-run exec w.yaml`', 'the output shows `on time` but not `late`'),
  ]));
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(thenVerdicts(points), [true, true, false, true, true, true, true, false, true, false], 'true sentences pass, false copies fail', { points });
});

t.test('through real runs: values the executor refuses, written as said, and the file said as its lines', async (t) => {
  const { points } = await runSpecLines('round33c-refused', document([
    scenario('bad', 'the scratch folder holds only `b.yaml` with two commands: the first `run: "true"` with `cpus: 2`; the second `run: "true"` with `image: ""`; and spec-run exec is launched from the scratch folder as `spec-run exec b.yaml`', 'the exit status is 2', 'the diagnostics mention `stop.commands[0].cpus` and `stop.commands[1].image`'),
    scenario('bad probe', 'the scratch folder holds only `b.yaml` with two commands: the first `run: "true"` with `image: ""`; the second `run: "true"` with `cpus: 2`; and spec-run exec is launched from the scratch folder as `spec-run exec b.yaml`', 'the exit status is 2', 'the diagnostics mention `stop.commands[0].cpus` and `stop.commands[1].image`'),
    scenario('empty', 'the scratch folder holds only `e.yaml` consisting of the two lines `stop:` and `  commands: []`, and spec-run exec is launched from the scratch folder as `spec-run exec e.yaml`', 'the exit status is 2'),
    scenario('empty probe', 'the scratch folder holds only `e.yaml` consisting of the two lines `stop:` and `  commands: [{run: "true"}]`, and spec-run exec is launched from the scratch folder as `spec-run exec e.yaml`', 'the exit status is 2'),
  ]));
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(thenVerdicts(points), [true, true, true, false, true, false], 'true sentences pass, false copies fail', { points });
});

t.test('through real runs: keys by place, left out, the environment as a mapping or a list, both ways', async (t) => {
  const { points } = await runSpecLines('round33c-keys', document([
    scenario('env', 'the scratch folder holds only `v.yaml` with one command `run: "echo team=$TEAM"` and `env:` mapping `TEAM: qa-lab`, and spec-run exec is launched from the scratch folder as `spec-run exec v.yaml`', 'the output shows `team=qa-lab`'),
    scenario('env probe', 'the scratch folder holds only `v.yaml` with one command `run: "echo team=$TEAM"` and `env:` mapping `TEAM: ops-lab`, and spec-run exec is launched from the scratch folder as `spec-run exec v.yaml`', 'the output shows `team=qa-lab`'),
    scenario('no failFast', 'the scratch folder holds a `n.yaml` with three commands, `run: "exit 3"`, `run: "touch went-on"` and `run: "exit 5"`, no `failFast`, and spec-run exec is launched there as `spec-run exec n.yaml`', 'the exit status is 3', 'the file `went-on` exists'),
    scenario('no failFast probe', 'the scratch folder holds a `n.yaml` with three commands, `run: "exit 3"`, `run: "touch went-on"` and `run: "exit 5"`, `failFast: true`, and spec-run exec is launched there as `spec-run exec n.yaml`', 'the exit status is 3', 'the file `went-on` exists'),
    scenario('entries', 'the scratch folder holds only `p.yaml` whose `stop.commands` list has two entries, first `run: "echo one"` and second `run: "seq 1 5"` with `maxOutputLines: 10001`, and spec-run exec is launched from the scratch folder as `spec-run exec p.yaml`', 'the exit status is 2', 'the diagnostics mention `stop.commands[1].maxOutputLines`'),
    scenario('entries probe', 'the scratch folder holds only `p.yaml` whose `stop.commands` list has two entries, first `run: "echo one"` with `maxOutputLines: 10001` and second `run: "seq 1 5"`, and spec-run exec is launched from the scratch folder as `spec-run exec p.yaml`', 'the exit status is 2', 'the diagnostics mention `stop.commands[1].maxOutputLines`'),
    scenario('list', 'the scratch folder holds only `l.yaml` with two commands: the first `run: "true"` without `image:` but with `network: none`; the second `run: "true"` with `env:` written as the list `- SITE=lab`; and spec-run exec is launched from the scratch folder as `spec-run exec l.yaml`', 'the exit status is 2', 'the diagnostics mention `stop.commands[0].network` and `stop.commands[1].env`'),
    scenario('list probe', 'the scratch folder holds only `l.yaml` with two commands: the first `run: "true"` with `env:` written as the list `- SITE=lab`; the second `run: "true"` without `image:` but with `network: none`; and spec-run exec is launched from the scratch folder as `spec-run exec l.yaml`', 'the exit status is 2', 'the diagnostics mention `stop.commands[0].network` and `stop.commands[1].env`'),
  ]));
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(thenVerdicts(points), [true, false, true, true, true, false, true, true, true, false, true, true, true, false], 'true sentences pass, false copies fail', { points });
});

t.test('through real runs: other verbs of holding and launching, list items, both ways', async (t) => {
  const { points } = await runSpecLines('round33c-verbs', document([
    scenario('lists', 'the scratch folder contains a `k.yaml` that lists the commands `- run: "echo kept; exit 7"` and `- run: "touch next.txt"`, and it is started there as `spec-run exec k.yaml`', 'the exit status is 7', 'the file `next.txt` exists'),
    scenario('lists probe', 'the scratch folder contains a `k.yaml` that lists the commands `- run: "touch next.txt"` and `- run: "echo kept; exit 7"`, and it is started there as `spec-run exec k.yaml`', 'the exit status is 0'),
    scenario('whose', 'the scratch folder has `c.yaml` whose commands are `run: "echo pre"` and `run: "echo post"` with `showStdout: false`, and spec-run exec is invoked from the scratch folder as `spec-run exec c.yaml`', 'the output shows `pre` but not `post`'),
    scenario('whose probe', 'the scratch folder has `c.yaml` whose commands are `run: "echo pre"` with `showStdout: false` and `run: "echo post"`, and spec-run exec is invoked from the scratch folder as `spec-run exec c.yaml`', 'the output shows `pre` but not `post`'),
  ]));
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(thenVerdicts(points), [true, true, false, true, false], 'true sentences pass, false copies fail', { points });
});

t.test('through real runs: neighbours left unread', async (t) => {
  const { points } = await runSpecLines('round33c-unread', document([
    // A key after two commands, joined by "and" only: of the second, or of both?
    scenario('whose key', 'the scratch folder holds only `u.yaml` with the commands `run: "echo a"` and `run: "echo b"` and `timeout: 2s`, and spec-run exec is launched from the scratch folder as `spec-run exec u.yaml`', 'the exit status is 0'),
    // The count is not the commands'.
    scenario('count', 'the scratch folder holds only `u.yaml` with three commands, `run: "echo a"` and `run: "echo b"`, and spec-run exec is launched from the scratch folder as `spec-run exec u.yaml`', 'the exit status is 0'),
    // The launch line runs another file.
    scenario('other file', 'the scratch folder holds only `u.yaml` with one command `run: "echo a"`, and spec-run exec is launched from the scratch folder as `spec-run exec v.yaml`', 'the exit status is 0'),
    // A word this shape does not have.
    scenario('other word', 'the scratch folder holds only `u.yaml` with one command `run: "echo a"` and a retry, and spec-run exec is launched from the scratch folder as `spec-run exec u.yaml`', 'the exit status is 0'),
    // Said valid, and it is not.
    scenario('not valid', 'the scratch folder holds a valid `u.yaml` whose only command is `run: "echo a"` with `memory: 3m`, and spec-run exec is launched there as `spec-run exec u.yaml`', 'the exit status is 0'),
    // Piped into another program: another process tree.
    scenario('piped', 'the scratch folder holds only `u.yaml` with one command `run: "seq 1 5"`, and spec-run exec is launched from the scratch folder as `spec-run exec u.yaml | head -n 1`', 'the exit status is 0'),
    // A file with no stop section: what it holds is not a stop hook's configuration this shape writes.
    scenario('no stop', 'the scratch folder holds only `u.yaml` whose only top-level key is `jobs:`, and spec-run exec is launched from the scratch folder as `spec-run exec u.yaml`', 'the exit status is 2'),
    // A gloss on the command line, in words of its own.
    scenario('gloss', 'the scratch folder holds only `u.yaml` with one command `run: "seq 1 3"` (three short lines), and spec-run exec is launched from the scratch folder as `spec-run exec u.yaml`', 'the exit status is 0'),
    // The stop section's key inside a command's "with" group: the section's, or that entry's?
    scenario('section key', 'the scratch folder holds only `u.yaml` with the commands `run: "echo a"` with `defaultTimeout: 2s` and `run: "echo b"`, and spec-run exec is launched from the scratch folder as `spec-run exec u.yaml`', 'the exit status is 0'),
    // More of the file said after its launch: the file was said whole.
    scenario('said after', 'the scratch folder holds only `u.yaml` with the commands `run: "echo a"` and `run: "echo b"`, and spec-run exec is launched from the scratch folder as `spec-run exec u.yaml`, the command with `timeout: 5s`', 'the exit status is 0'),
  ]));
  const whens = points.filter((p) => p.name.startsWith('WHEN'));
  t.equal(whens.length, 10, { points });
  t.ok(whens.every((p) => p.todo !== undefined), 'every When stays undefined', { points: whens });
});
