// How far what one clause of a Then says reaches (interpreter/texts.ts, then.ts): a negation
// that begins after a clause saying something of its own texts denies none of them; clauses
// that place their texts by words of their own are one fact each; the header of a command is
// its announcement, and "the command" after "the first command's header" is that command; "below the header and its notes, the report opens with" is the
// report's first line; "only" of a block counts the lines the command printed, not the
// executor's notes; a time is the grace period's length only beside its words; a code after a
// word of replacing is not the one a command ends with; "naming the host directory" names no
// word "host"; "`…` followed by the engine's answer" is that text with more after it on its
// line; "It …" opening a step is the command whose lines hold the text the step before quoted.
// Each class on paraphrases written for these tests (none is a sentence of a
// batch), with the sentences it must leave unbound, and true and false against real runs.
import t from 'tap';
import { observe, type Observation } from '../../src/run/scenario/interpreter/observation.js';
import { emptySetup } from '../../src/run/scenario/interpreter/when.js';
import { assertReadings, reading, verdictsOn } from './then-readings.js';

const READINGS: [string, string][] = [
  // A negation after a clause with texts of its own: of its own texts only.
  ['the output section shows `one`, `two` and `three`, and no `omitted` line appears in the report', 'contains "one" and "two" and "three" ∧ not (the messages name "omitted")'],
  // Clauses each placing their texts: one fact each.
  ['the exit status line reads `Exit Status: Timeout (signal 15: SIGTERM)`, and the partial output begins with `tick 1`', 'the "Exit Status:" line of the report is "Exit Status: Timeout (signal 15: SIGTERM)" ∧ the block under "Partial Output:" begins with "tick 1"'],
  // The header of a command: its announcement.
  ['the header line of the command says `(timeout 1s, from command)`', 'the announcement line contains "(timeout 1s, from command)"'],
  ["the second command's header reads `(timeout 3s, from defaultTimeout)`", 'the command 2: the announcement line contains "(timeout 3s, from defaultTimeout)"'],
  // "the command" after a subject named by its place: that command.
  ['the second command prints `a`, and the command exits with code 3', 'the command 2: a line printed on stdout or stderr contains "a" (where it is not among the lines shown and some printed were not shown, undecided: a failure) ∧ the command 2: exit code == 3'],
  // The report below the announcement and the notes: its first line.
  ['Below the header and its notes, the report begins with `Error: Command execution timed out after 1s`', 'the report has a line with "Error: Command execution timed out after 1s" below every notice, its first line'],
  ['After the announcement and its notes, the report opens with `Error: x`', 'below every notice, its first line'],
  // "only" of what the command printed.
  ['the partial output shows `tick 1` and `tick 2` only', 'the block under "Partial Output:" (the notes on its lines aside) holds "tick 1" and "tick 2" and no other line'],
  // A time apart from the grace period's words: when it was stopped.
  ['the command is stopped after about one second, well within the grace period', 'stopped with SIGTERM from its start ≈ 1 s ± 500 ms (+1.5 s in a container), and ended within the grace period, no SIGKILL'],
  // A text followed on its line by a described rest ("the engine's answer"): the text, and more after it.
  ["the report opens with `Error: image x:1 could not be pulled:`, followed by the engine's answer", 'the command\'s report begins with "Error: image x:1 could not be pulled:" ∧ a line the run printed has "Error: image x:1 could not be pulled:" with more text after it'],
  ["it prints `Error: pull refused:` followed by the daemon's reply, and exits with status 125", 'a line the run printed has "Error: pull refused:" with more text after it'],
  // Beside them: its length.
  ['a 3-second grace period applies', 'grace period == 3 s'],
  ['the grace period is 3 seconds', 'grace period == 3 s'],
];

const UNBOUND = [
  // A negation of "the later lines", "the other lines": which lines is not read, and never the ones shown.
  'its output shows `one` and `two`, and none of the other lines',
  // A note under the header: the announcement is not the place of the note.
  'a note under the header says `container removed`',
  // A time of an ending beside the grace period: neither its length nor read otherwise.
  'it is killed after the grace period, about four seconds after it started',
  'it exits with code 124 within the 2 s grace period',
  // A code replaced: never the code the command ends with.
  'the timeout code 124 replaces the 3 the script exited with',
  // A described rest said of no text just before it.
  "the report is followed by the engine's answer",
  "the report opens with `Error: x`, and the exit code is 125, followed by the engine's answer",
  // A path described: neither the word "host" nor the host's commands.
  'the report says `Error: x`, naming the host directory',
];

t.test('the reach of a clause, read by class', (t) => {
  assertReadings(t, READINGS, UNBOUND);
  t.end();
});

t.test('texts placed by their own clauses, checked against a real run', async (t) => {
  const verdict = await verdictsOn("stop:\n  commands:\n    - run: \"echo one; echo two; echo three; echo oops >&2; exit 2\"\n");
  t.equal(await verdict('the output section shows `one`, `two` and `three`, and no `omitted` line appears in the report'), true, 'all shown, nothing omitted');
  t.equal(await verdict('the output section shows `one`, `two` and `four`, and no `omitted` line appears in the report'), false, '`four` is not shown');
  t.equal(await verdict('the output shows `one` and `two`, and `three` is never shown'), false, '`three` is shown');
  t.equal(await verdict('The report says `Error: Command failed with exit code 2`, and its output section shows `oops`'), true, 'the heading, and the stderr line');
  t.equal(await verdict('The report says `Error: Command failed with exit code 3`, and its output section shows `oops`'), false, 'another code');
  t.equal(await verdict("the report begins with `Error: Command failed`, followed by the engine's answer"), true, 'the line goes on past the text');
  t.equal(await verdict("the report begins with `Error: Command failed with exit code 2`, followed by the engine's answer"), false, 'nothing after the text on its line');
});

t.test('the header, the notes, "only" and the grace period, checked against a real run', async (t) => {
  const verdict = await verdictsOn("stop:\n  commands:\n    - run: \"printf 'tick 1\\\\ntick 2\\\\n'; sleep 5\"\n      timeout: \"1s\"\n");
  t.equal(await verdict('the header line of the command says `(timeout 1s, from command)`'), true, 'the announcement');
  t.equal(await verdict('the header line of the command says `(timeout 2s, from command)`'), false, 'another timeout');
  t.equal(await verdict('Below the header and its notes, the report begins with `Error: Command execution timed out after 1s`'), true, "the report's first line");
  t.equal(await verdict('Below the header and its notes, the report begins with `Exit Status: Timeout (signal 15: SIGTERM)`'), false, 'a later line of the report');
  t.equal(await verdict('the partial output shows `tick 1` and `tick 2` only'), true, "the executor's note in the block is no line the command printed");
  t.equal(await verdict('the partial output shows `tick 1` only'), false, '`tick 2` is printed too');
  t.equal(await verdict('the command is stopped after about one second, well within the grace period'), true, 'SIGTERM at 1 s, and it sufficed');
  t.equal(await verdict('the command is stopped after about three seconds, well within the grace period'), false, 'stopped at 1 s');
});

t.test('"it" opening a step, after a step about one command, checked against a real run', async (t) => {
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "echo first; exit 4"\n    - run: "echo second"\n', line: 1 }, emptySetup(), {});
  const holds = async (sentence: string, before: string[]) => {
    const checks = reading(sentence);
    const verdicts = await Promise.all(checks.map((c) => c.evaluate({ ...o, before } as Observation)));
    return checks.length > 0 && verdicts.every((v) => v.ok);
  };
  const quoted = ['Error: Command failed with exit code 4'];
  t.equal(await holds('It shows `Exit Code: 4`', quoted), true, "the first command's report, which the step before quoted");
  t.equal(await holds('It shows `Exit Code: 4`', []), false, 'nothing quoted before: every command, and the second has no such code');
  t.equal(await holds('It shows `Exit Code: 3`', quoted), false, "not the first command's code");
});
