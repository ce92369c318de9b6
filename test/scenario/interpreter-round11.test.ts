// Round 11: classes of language from the analysis of batch15–20's unbound steps (the
// held-out README, "Round 11"). Each class is tested on sentences written for these tests
// (none from a batch), read both ways, and against real runs where a reading could be
// checked wrongly.
import t from 'tap';
import { conditionUse } from '../../src/run/scenario/interpreter/condition.js';
import { durationRanges } from '../../src/run/scenario/interpreter/quantities.js';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { scenariosRunner } from './cli-points.js';
import { readSetup } from './when-readings.js';

const setupOf = (sentence: string) => readSetup(sentence)?.setup ?? null;

const runScenarios = scenariosRunner('Round 11');

t.test('someone starting spec-run exec: the actor says nothing but that it is started; a package runner is the same executor', (t) => {
  t.equal(setupOf('the release team runs `npx spec-run exec gate.yaml`'), null, 'a word before the actor that nothing reads leaves it unread');
  t.match(setupOf('the team runs `npx spec-run exec gate.yaml`'), { invocation: { config: 'gate.yaml' } });
  t.match(setupOf('we run `spec-run exec --log out/ev.jsonl gate.yaml`'), { invocation: { config: 'gate.yaml', log: 'out/ev.jsonl' } });
  t.match(setupOf('a developer invokes `pnpx spec-run exec ci/gate.yaml`'), { invocation: { config: 'ci/gate.yaml' } });
  t.match(setupOf('CI starts `spec-run exec gate.yaml --project .`'), { invocation: { config: 'gate.yaml', project: '.' } });
  // The command line first, then the verb.
  t.match(setupOf('`npx spec-run exec absent.yaml` is run'), { invocation: { config: 'absent.yaml' } });
  t.match(setupOf('`bunx spec-run exec gate.yaml` gets started'), { invocation: { config: 'gate.yaml' } });
  // Through a package runner, the file named again is the configuration it runs.
  t.match(setupOf('`npx spec-run exec gate.yaml` runs a `gate.yaml` whose only command is `echo fine`'), { invocation: { config: 'gate.yaml' }, run: 'echo fine' });
  // Not read: what the actor runs is not spec-run; an option spec-run exec does not have; a file said twice differently.
  t.equal(setupOf('the team runs `make lint`'), null, 'a command line the team runs is no command of the configuration');
  // An option spec-run exec does not have: the CLI refuses it, and that refusal is the run observed (round 33, K).
  t.match(setupOf('we run `npx spec-run exec --fast gate.yaml`'), { invocation: { refused: ['--fast', 'gate.yaml'] } });
  t.end();
});

t.test('through the CLI: "the team runs `npx spec-run exec …`" runs the block as that file', async (t) => {
  const { points, byName, passes } = await runScenarios('round11-actor', [
    ['#### Scenario: the team starts the gate', '- **WHEN** `gate.yaml` runs `echo from-the-gate` with `timeout: "5s"`', '- **AND** the team runs `npx spec-run exec gate.yaml`', '- **THEN** the output is `from-the-gate`', '- **AND** the output is `elsewhere`'],
    ['#### Scenario: a file that is not there', '- **WHEN** `npx spec-run exec not-there.yaml` is run', '- **THEN** spec-run exec exits with status 2'],
  ]);
  t.ok(passes('the output is `from-the-gate`') || passes('the output is from-the-gate'), 'the configuration ran', { points });
  t.notOk(byName('elsewhere')?.ok, 'and not another output');
  t.ok(passes('exits with status 2'), 'a file that is not there is refused with 2', { points });
});

t.test('a time said as a range: at least its first end, at most its second, of the unit written', (t) => {
  const ranges: [string, string][] = [
    ['the run lasts between 5 and 7 seconds', 'the run lasts at least 5 seconds at most 7 seconds'],
    ['it took from 1 s to 2 s', 'it took at least 1 s at most 2 s'],
    ['it takes eight to nine minutes', 'it takes at least eight minutes at most nine minutes'],
    ['it takes 2–3 seconds', 'it takes at least 2 seconds at most 3 seconds'],
  ];
  for (const [said, bounds] of ranges) t.equal(durationRanges(said), bounds, said);
  // Not a range of times: printed values, ends the wrong way round, a word that is no number.
  for (const said of ['lines 1 to 5 are shown', 'it takes between 9 and 4 seconds', 'it goes from start to 4 seconds']) t.equal(durationRanges(said), said, said);
  const read = (s: string) => readThen(s);
  t.match(read('the command finishes in between 5 and 7 seconds'), { ok: true, parts: [{ text: /≥ 5 s.* and .*≤ 7 s/ }] });
  // The report's own `Duration:` line where the sentence says the reported one, as for one time.
  t.match(read('the reported duration is between 5 and 7 seconds'), { ok: true, parts: [{ text: /report's `Duration:` line ≥ 5 s/ }] });
  t.match(read('the report shows a duration between 5 and 7 seconds'), { ok: true, parts: [{ text: /report's `Duration:` line ≥ 5 s/ }] });
  t.match(read('its `Duration:` is at least 5 seconds and well under 9'), { ok: true, parts: [{ text: /report's `Duration:` line ≥ 5 s/ }] });
  // A range beside another clause stays that clause's, not split at its ends.
  t.match(read('the report begins with `Error: late` and shows a duration between 5 and 7 seconds'), { ok: true, parts: [{ text: /begins with "Error: late"/ }, { text: /≥ 5 s.* and .*≤ 7 s/ }] });
  t.end();
});

t.test('through the CLI: a range of times, true and false', async (t) => {
  const { points, byName, passes } = await runScenarios('round11-ranges', [
    ['#### Scenario: a one-second sleep', '- **WHEN** a command runs `sleep 1` with `timeout: "10s"`', '- **THEN** the reported duration is between 1 and 3 seconds', '- **AND** the command takes 3 to 5 seconds'],
  ]);
  t.ok(passes('between 1 and 3 seconds'), 'the Duration: line of a one-second sleep is in the range', { points });
  t.equal(byName('3 to 5 seconds')?.ok, false, 'and not in a range above it');
});

t.test('"the second" before a verb or an adverb is the second command', (t) => {
  const read = (s: string) => readThen(s);
  t.match(read('the third never runs'), { ok: true, parts: [{ text: 'command 3 never ran' }] });
  t.match(read('the second keeps 4 lines'), { ok: true, parts: [{ text: /command 2.*lines shown == 4/ }] });
  t.match(read('the second also prints `beta`'), { ok: true, parts: [{ text: /command 2.*"beta"/ }] });
  // A part of another kind named by its place before: "the second" is that kind's.
  t.match(read('the first problem names `x`, and the second names `y`'), { ok: true, parts: [{ text: /^part 1 of the error lines/ }, { text: /^part 2 of the error lines/ }] });
  // Before a noun it is that noun's place, not a command's.
  t.notMatch(read('the second hint reads `z`'), { ok: true, parts: [{ text: /command 2/ }] });
  t.end();
});

t.test("the engine's listing said to hold none of the run's containers: every container the run made is gone", (t) => {
  const read = (s: string) => readThen(s);
  const gone = { ok: true, parts: [{ text: /^every container created was removed/ }] };
  t.match(read('`docker ps -a` shows no container of this run any more'), gone);
  t.match(read('afterwards `docker container ls --all --filter label=x=y` lists nothing'), gone);
  t.match(read('the run leaves nothing left in `docker ps -a`'), { ok: false }, 'a verb the listing is not said with');
  // Anything else it lists, or lists not, is not read.
  t.match(read('`docker ps -a` lists the container'), { ok: false });
  t.match(read('`docker ps` shows no image named `busybox`'), { ok: false });
  t.match(read('`docker ps -a` shows no stopped container'), { ok: false }, 'which containers, said otherwise, is not read');
  t.end();
});

t.test("through the CLI: the engine's listing after a container ran", async (t) => {
  const { points, passes } = await runScenarios('round11-listing', [
    ['#### Scenario: a container that ran', '- **WHEN** a command runs `echo boxed` in `spec-run/busybox:local`', '- **THEN** the output is `boxed`', '- **AND** `docker ps -a` lists no container of that run afterwards'],
  ]);
  t.ok(passes('the output is') && passes('lists no container'), 'the container ran and is gone', { points });
});

t.test("misreadings of batch19–20 fixed as classes: a word of the report or spec-run's own command line is no command; a relative clause is no text to look for; a status alone is spec-run exec's", (t) => {
  const read = (s: string) => readThen(s);
  // A word of the report said alone, in quotes: never a command's line.
  t.match(read('each command is reported `OK` and exits 0'), { ok: true, parts: [{ text: /report contains "OK"/ }] });
  t.notMatch(read('the run shows no `Omitted` notice'), { ok: true, parts: [{ text: /^`Omitted`:/ }] });
  t.notMatch(read('no `Duration` appears for the second command'), { ok: true, parts: [{ text: /^`Duration`:/ }] });
  // spec-run's own command line, through a package runner or not, is the executor.
  t.match(read('`pnpx spec-run exec` itself ends with status 3'), { ok: true, parts: [{ text: "spec-run exec's exit status == 3" }] });
  t.notMatch(read('`npx spec-run exec gate.yaml` exits 2'), { ok: true, parts: [{ text: /^`npx spec-run/ }] });
  // A relative clause after a comma: refused, never its words as texts of the report.
  t.match(read('the report shows `Exit Code: 9`, which tells a reader the command was cut short'), { ok: false });
  t.match(read('the report shows `Exit Code: 9`, where the signal is named'), { ok: false });
  // "Exit status is 5." alone: spec-run exec's; beside a command's clause it stays as it was.
  t.match(read('Exit status is 5.'), { ok: true, parts: [{ text: "spec-run exec's exit status == 5" }] });
  t.match(read('exit status: 5'), { ok: true, parts: [{ text: "spec-run exec's exit status == 5" }] });
  t.match(read('the command fails, exit status 5'), { ok: true, parts: [{}, { text: /^exit code == 5/ }] });
  t.end();
});

t.test('"no command is announced": a command is announced as it starts, so none announced is none run', (t) => {
  const read = (s: string) => readThen(s);
  t.match(read('no command is ever announced'), { ok: true, parts: [{ text: 'no command ran' }] });
  t.match(read('nothing is announced or run, and the exit status is 2'), { ok: true, parts: [{ text: 'no command ran' }, { text: /exit status == 2/ }] });
  // Of one command: a command that could not run is announced all the same; not read.
  t.match(read('the command is never announced'), { ok: false });
  // Alternatives with a word of another fact are not this one's.
  t.match(read('no command is announced or fails'), { ok: false });
  // A note of the report in parentheses is no command's line.
  t.notMatch(read('the second runs with `(timeout none, from command)`'), { ok: true, parts: [{ text: /^`\(timeout/ }] });
  t.end();
});

t.test('"X instead of Y": Y in the words that said X, denied there; nouns of the report: the progress line, hints', (t) => {
  const read = (s: string) => readThen(s);
  t.match(read('the header line reads `[1/1] docker alpine:` instead of `[1/1] host:`'), { ok: true, parts: [{ text: /announcement line contains "\[1\/1\] docker alpine:"/ }, { text: /announcement line contains none of "\[1\/1\] host:"/ }] });
  t.match(read('the progress line shows `(timeout 9s, from command)`'), { ok: true, parts: [{ text: /announcement line contains "\(timeout 9s, from command\)"/ }] });
  t.match(read('the `To fix:` list has three hints'), { ok: true });
  t.end();
});

t.test("a command's entry written as its YAML; words inside a command line are never the sentence's", (t) => {
  t.match(setupOf('the configuration lists `- run: "make check"` with `timeout: "3s"`'), { run: 'make check', fields: { timeout: '3s' } });
  t.match(setupOf("`ci.yaml` lists `run: 'echo ok'`"), { invocation: { config: 'ci.yaml' }, run: 'echo ok' });
  t.match(setupOf('`ci.yaml` has `- run: "echo ok"`'), { invocation: { config: 'ci.yaml' }, run: 'echo ok' });
  t.equal(setupOf('the configuration lists `- run: "a"` and `- run: "b"`'), null, 'two command lines, and which command runs which is not said');
  // "another" or "second" inside the command line is no other command.
  t.match(setupOf('the configuration has one command, `echo another; echo second`'), { run: 'echo another; echo second' });
  t.match(setupOf('the configuration has one command `echo a`, and another `echo b`'), { byCommand: [{ run: 'echo a' }, { run: 'echo b' }] });
  t.end();
});

t.test('the configuration saved under the name it is run with is one file; a text given as an example is not read', (t) => {
  const block = 'stop:\n  commands:\n    - run: "echo hi"\n';
  const use = (text: string) => conditionUse({ text: text.replace(/`/g, ''), code: [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]), yaml: block });
  t.match(use('When this configuration is saved as `gate.yaml` in the project and run with `npx spec-run exec gate.yaml`:'), { kind: 'read', parts: [{ text: 'spec-run exec configuration file gate.yaml' }] });
  t.not(use('When this configuration is saved as `one.yaml` and run with `spec-run exec two.yaml`:').kind, 'read', 'two names, two files');
  t.not(use('When this configuration is saved as `ci/gate.yaml` in the project and run with `spec-run exec ci/gate.yaml`:').kind, 'read', 'in a subdirectory, its directory is not the project');
  t.match(readThen('a note such as `note: container spec-run-1-ab removed` is printed'), { ok: false, notUnderstood: ['such as'] });
  t.match(readThen('the first line is something like `Error: nope`'), { ok: false });
  t.match(readThen('the report says `must be a number (e.g. 5)`'), { ok: true }, 'an example inside the quoted text is the text');
  t.end();
});
