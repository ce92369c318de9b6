// Round 9, the Then side: what a Then's facts are said of, and claims never dropped
// (interpreter/then.ts, texts.ts, reading.ts). An exit status keeps its subject (the run
// finishing is spec-run exec's status; after "nothing runs" a status said of no one is
// spec-run exec's; a configuration field's path never picks out a command); a word of place
// restricting the noun ("both host commands") is kept through each clause, and is no claim of
// where every command ran; texts said of a rejected configuration are checked, each field's
// error with what it says. Each class on paraphrases written for these tests (none is a
// sentence of a batch), with the sentences it must leave unbound, and true and false against
// real runs.
import t from 'tap';
import { assertReadings, verdictsOn } from './then-readings.js';

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
  ['the host commands succeed, and the run exits with 1', "the host command: the command succeeds (completed, exit code 0) ∧ spec-run exec's exit status == 1"],
];

const UNBOUND = [
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
