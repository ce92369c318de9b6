// Round 9, the Then side: what a Then's facts are said of, and claims never dropped
// (interpreter/then.ts, texts.ts, reading.ts). An exit status keeps its subject (the run
// finishing is spec-run exec's status; after "nothing runs" a status said of no one is
// spec-run exec's; a configuration field's path never picks out a command); a word of place
// restricting the noun ("both host commands") is kept through each clause, and is no claim of
// where every command ran; texts said of a rejected configuration are checked, each field's
// error with what it says. Each class on paraphrases written for these tests (none is a
// sentence of a batch), with the sentences it must leave unbound, and true and false against
// real runs. A place word belongs to its own clause ("stderr shows …, and the report reads
// …"), a report's own lines are never part of an output block, a line said before ("that
// line") is no place of the report; what `docker ps` lists is not read; "the partial output is
// `a` followed by `b`" is the whole block; a text beside the fact of a command named by its
// place is what its report says; "It …" on the report's texts is the command the step before
// quoted.
import t from 'tap';
import { observe, type Observation } from '../../src/run/scenario/interpreter/observation.js';
import { emptySetup } from '../../src/run/scenario/interpreter/when.js';
import { assertReadings, reading, verdictsOn } from './then-readings.js';

const READINGS: [string, string][] = [
  // The run finishing: spec-run exec's own status.
  ['the executor completes with status 0', "spec-run exec's exit status == 0"],
  ['spec-run exec ends with exit code 1', "spec-run exec's exit status == 1"],
  // After "nothing runs": the only status there is.
  ['the file is refused, no command runs, and the exit status is 2', "no command ran ∧ spec-run exec's exit status == 2"],
  // A field path: what an error is about, with what it says.
  ['`stop.commands[2].timeout` is rejected with `must be a duration`', '"stop.commands[2].timeout" with an error of its own that says "must be a duration"'],
  ['`stop.commands[0].cpus` and `stop.commands[1].network` are each rejected as `applies in a container only`', 'each of "stop.commands[0].cpus" and "stop.commands[1].network" with an error of its own that says "applies in a container only"'],
  ['the configuration is rejected with `is an empty list`', 'an error that says "is an empty list"'],
  // A word of place restricting the commands: kept in each clause.
  ['both container commands start and then fail', 'the container command: a container created and started ∧ the container command: the command fails'],
  // The whole block, in order.
  ['the partial output is `x1` followed by `x2`', 'the block under "Partial Output:" (the notes on its lines aside) is, line by line, "x1" and "x2"'],
  // A text beside a fact of a command named by its place: its report's.
  ['the second command exits non-zero with `cat: nope: No such file` and `Exit Code: 1`', 'the command 2: the report shows "cat: nope: No such file" ∧ the command 2: the command fails (exit code != 0, or stopped) ∧ the command 2: the report shows "Exit Code: 1"'],
  // "It" on the report's texts: the command the step before quoted.
  ['It says `Exit Code: 137`', 'the report contains "Exit Code: 137"'],
  ['It says `Exit Code: 137` and `Timeout: 5s (not reached)`', '(it: the command whose lines hold the text the step before quoted) the report contains "Exit Code: 137" and "Timeout: 5s (not reached)"'],
  // A place word of one clause: its own, never stretched over the next.
  ['stdout shows `left`, and the report reads `Error: Command failed` with `Exit Code: 9`', 'a line shown on stdout contains "left"; where no command ran, a line spec-run exec printed on stdout contains "left" (spec-run exec writes its own lines on stdout) ∧ the messages name "Error: Command failed" and "Exit Code: 9"'],
  // A report's own line is never part of an output block.
  ['the output block ends with `(Showing 2 of 9 output lines)` and the command is still reported as `OK: command succeeded`', 'ends with "(Showing 2 of 9 output lines)" ∧ the report contains "OK: command succeeded"'],
  // Parts of one line: one complaint holding them all.
  ['the only problem is that `stop.defaultTimeout` `must be a duration`', 'one line, holding "stop.defaultTimeout" and "must be a duration" in this order, and no other line'],
  ['the host commands succeed, and the run exits with 1', "the host command: the command succeeds (completed, exit code 0) ∧ spec-run exec's exit status == 1"],
];

const UNBOUND = [
  // A report's own line said in an output block: the block holds no such line, not read.
  'the partial output ends with `tick` and `Exit Code: 124`',
  // (A line said before holding JSON members, "that line holds `"event":"stop"` …", is no place of the report: since round 16 it is
  // the --log file's line, interpreter-round16.test.ts.)
  'the same line holds `stopped`',
  // What the engine lists.
  '`docker ps -a` shows no container named `spec-run-1` afterwards',
  'docker ps no longer lists the container',
  // A field path is no command line: a fact of a command said of it is not read.
  '`stop.commands[1].workdir` exits with code 2',
  // Two fields rejected with one text, without "each": whose error says it is not read.
  '`stop.commands[0].cpus` and `stop.commands[1].network` are rejected as `applies in a container only`',
];

t.test('subjects kept, claims checked, read by class', (t) => {
  assertReadings(t, READINGS, UNBOUND);
  t.end();
});

t.test('the run finishing and a rejected field, checked against real runs', async (t) => {
  const ran = await verdictsOn('stop:\n  commands:\n    - run: "exit 3"\n    - run: "echo fine"\n');
  t.equal(await ran('spec-run exec finishes with exit status 3'), true, "the run's status, though a command did not complete with 0");
  t.equal(await ran('spec-run exec finishes with exit status 0'), false, 'the run failed');
  const refused = await verdictsOn('stop:\n  commands:\n    - run: "true"\n      timeout: "soon"\n');
  t.equal(await refused('`stop.commands[0].timeout` is rejected with `must be a positive integer`, nothing runs, and the exit status is 2'), true, 'that field, its error, the run refused');
  t.equal(await refused('`stop.commands[0].timeout` is rejected with `must be an absolute path`'), false, 'its error says otherwise');
  t.equal(await refused('`stop.commands[1].timeout` is rejected with `must be a positive integer`'), false, 'no error about that field');
});

t.test('commands of one place, checked against a real run', async (t) => {
  const verdict = await verdictsOn('stop:\n  commands:\n    - run: "echo a"\n    - run: "exit 1"\n      image: "no-such-image-r9:never"\n    - run: "echo b"\n');
  t.equal(await verdict('both host commands run and succeed'), true, 'the two host commands, not the container one');
  t.equal(await verdict('the container command runs and succeeds'), false, 'it could not run');
});

t.test('"It" on the report\'s texts and a whole block, checked against a real run', async (t) => {
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "echo early; sleep 5"\n      timeout: "1s"\n    - run: "echo late"\n', line: 1 }, emptySetup(), {});
  const holds = async (sentence: string, before: string[]) => {
    const checks = reading(sentence);
    const verdicts = await Promise.all(checks.map((c) => c.evaluate({ ...o, before } as Observation)));
    return checks.length > 0 && verdicts.every((v) => v.ok);
  };
  const quoted = ['Error: Command execution timed out after 1s'];
  t.equal(await holds('It gives `Exit Status: Timeout (signal 15: SIGTERM)` and `Exit Code: 124`', quoted), true, 'the command the step before quoted');
  t.equal(await holds('It gives `Exit Code: 0`', quoted), false, "the second command's code, not the one the step before was about");
  t.equal(await holds('the partial output is `early`', []), true, 'the whole block, the note on it aside');
  t.equal(await holds('the partial output is `early` followed by `late`', []), false, '`late` is not in it');
});

t.test('parts of one complaint, checked against a real run', async (t) => {
  const verdict = await verdictsOn('stop:\n  commands: []\n');
  t.equal(await verdict('the only complaint is that `stop.commands` `is an empty list`'), true, 'one line holds both parts');
  t.equal(await verdict('the only complaint is that `stop.commands` `must be a duration`'), false, 'its line says otherwise');
  // "It" in a run that ran no command: the run, what it printed.
  t.equal(await verdict('It says `is an empty list`'), true, "no command ran: 'it' is the run");
  t.equal(await verdict('It prints `must be a duration`'), false, 'the run printed no such thing');
});
