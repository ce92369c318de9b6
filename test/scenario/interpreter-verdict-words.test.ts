// Then steps whose words say what a command's end is taken for, whose status is meant, and
// which clause a word governs (interpreter/then.ts, texts.ts, reading.ts, lexicon.ts): a
// predicate noun denied ("…, not a timeout"), a time at which a command is reported, a value
// of the `Exit Status:` line said without its label, "the exit status" of no command, a code
// shown and returned, items each with their own role ("the first as A, the second as B"),
// "only" in a clause of its own, and a long range of quoted numbers. Paraphrases written for
// these tests (none is a sentence of a batch), with the sentences each class must leave
// unbound, and each reading checked true and false against real runs.
import t from 'tap';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { assertReadings, verdictsOn } from './then-readings.js';

const READINGS: [string, string][] = [
  // A code a handler exited with is no status of the run's nor the command's: the process's own, which the executor's note gives (round 28).
  ['the command still counts as timed out even though its handler exited 0', 'outcome == timeout ∧ the command\'s own process exited with 0 (the status a stop replaces in the report: the executor\'s note "the command handled SIGTERM and exited with 0")'],
  // "not a timeout": a predicate noun denied, how the command ended; "no timeout", "without a timeout": none configured.
  ['it fails with exit code 3, not a timeout', 'exit code == 3, the command fails ∧ not (outcome == timeout)'],
  ['the report names `Error: boom`, not a timeout', 'not (outcome == timeout)'],
  ['this is not a timeout', 'not (outcome == timeout)'],
  ['the command has no timeout', 'no timeout (timeout: none)'],
  ['it runs without a timeout', 'no timeout (timeout: none)'],
  // A time at which a command is reported is when it was over; a time it timed out at is the stop.
  ['it is reported as a timeout after about 3 seconds', 'outcome == timeout, reported at its end: its end at t ≈ 3 s'],
  ['it times out after about 1 second', 'outcome == timeout, stopped at t ≈ 1 s'],
  // A value of the `Exit Status:` line without its label: that line, and never a command's line.
  ['the status is `Timeout (signal 15: SIGTERM)`', 'the "Exit Status:" line of the report is "Exit Status: Timeout (signal 15: SIGTERM)"'],
  ['its exit status reads `Memory limit (OOM killed, signal 9: SIGKILL)`', 'the "Exit Status:" line of the report is "Exit Status: Memory limit (OOM killed, signal 9: SIGKILL)"'],
  ['the report says the exit status was `Interrupted by SIGTERM (the command was stopped with signal 15: SIGTERM)`', 'the "Exit Status:" line of the report is "Exit Status: Interrupted by SIGTERM'],
  ['the host command is killed after its grace period: `Timeout (signal 9: SIGKILL after 2.000s grace period)`, exit code 137', 'the host command: the report shows "Timeout (signal 9: SIGKILL after 2.000s grace period)"'],
  // "the exit status" of no command is spec-run exec's; "the exit code", a command's.
  ['the exit status is 4', "spec-run exec's exit status == 4"],
  ['both commands succeed and the exit status is 0', "every command (2 of them): the command succeeds (completed, exit code 0) ∧ spec-run exec's exit status == 0"],
  ['the exit code is 4', 'exit code == 4'],
  // A code shown (the report's) and returned (spec-run exec's).
  ['the exit code shown and returned is 6', "exit code == 6 ∧ spec-run exec's exit status == 6"],
  ['the exit status returned is 6', "spec-run exec's exit status == 6"],
  // Items each with their role: a role's words are its item's alone.
  ['The first is reported as `Error: Command failed with exit code 4`, the second as timed out with `Exit Code: 124`, the third as `OK: command succeeded`', 'the command 2: outcome == timeout ∧ the command 2: the report shows "Exit Code: 124" ∧ the command 3: the report contains "OK: command succeeded"'],
  // "only" next to its text still says no other line.
  ['the output holds only `a`', 'holds "a" and no other line'],
];

const UNBOUND = [
  // "only" in a clause of its own does not make another clause's text the only line.
  'Only some of the output is kept; the report says `(output cut at 10 lines)`',
  'only a part of it is printed, and the report shows `x`',
  // A long range of quoted numbers is no list of texts (and no crash).
  'the report shows the first 250000 lines, `1` to `250000`',
  // A status word with a text that is no value of the `Exit Status:` line.
  'the status is `all good`',
];

t.test('verdict words: readings, and sentences left unbound', async (t) => {
  assertReadings(t, READINGS, UNBOUND);
  t.notOk(
    (readThen('The first is reported as `Error: Command failed with exit code 4`, the second as timed out with `Exit Code: 124`, the third as `OK: command succeeded`') as { parts?: { text: string }[] }).parts?.some((p) => p.text.startsWith('the command 3: outcome == timeout')),
    'the second\'s "timed out" is not the third\'s',
  );
});

t.test('verdict words, true and false on real runs', async (t) => {
  const failed = await verdictsOn('stop:\n  commands:\n    - run: "echo a"\n    - run: "exit 4"\n      timeout: "5s"\n');
  t.equal(await failed('the exit status is 4'), true, 'the exit status of a run whose second command exits 4');
  t.equal(await failed('the exit status is 0'), false);
  t.equal(await failed('the second fails with exit code 4, not a timeout'), true);
  t.equal(await failed('the exit code shown and returned is 4'), false, 'the first command shows 0');

  const one = await verdictsOn('stop:\n  commands:\n    - run: "exit 6"\n');
  t.equal(await one('the exit code shown and returned is 6'), true);
  t.equal(await one('the exit code shown and returned is 7'), false);
  t.equal(await one('the report says `Error: Command failed with exit code 6`, not a timeout'), true);

  const timedOut = await verdictsOn('stop:\n  commands:\n    - run: "sleep 5"\n      timeout: "1s"\n');
  t.equal(await timedOut('the report says `Error: Command execution timed out after 1s`, not a timeout'), false);
  t.equal(await timedOut('No SIGKILL is needed: the status is `Timeout (signal 15: SIGTERM)`'), true);
  t.equal(await timedOut('the status is `Timeout (signal 9: SIGKILL after 2.000s grace period)`'), false);

  const stubborn = await verdictsOn('stop:\n  commands:\n    - run: "trap \'\' TERM; sleep 10"\n      timeout: "1s"\n');
  t.equal(await stubborn('it is reported as a timeout after about 3 seconds (the 1 s timeout plus 2 s of grace)'), true);
  t.equal(await stubborn('it is reported as a timeout after about 1 second'), false);
  t.equal(await stubborn('it times out after about 1 second'), true);
  t.equal(await stubborn('the command is killed after its grace period: `Timeout (signal 9: SIGKILL after 2.000s grace period)`, exit code 137'), true);
  t.equal(await stubborn('the command is killed after its grace period: `Timeout (signal 15: SIGTERM)`, exit code 137'), false);

  const three = await verdictsOn('stop:\n  commands:\n    - run: "exit 4"\n    - run: "sleep 5"\n      timeout: "1s"\n    - run: "echo fine"\n');
  t.equal(await three('The first is reported as `Error: Command failed with exit code 4`, the second as timed out with `Exit Code: 124`, the third as `OK: command succeeded`'), true);
  t.equal(await three('The first is reported as `Error: Command failed with exit code 4`, the second as timed out with `Exit Code: 124`, the third as `Exit Code: 124`'), false);
  t.equal(await three('the exit status is 4'), true);
});
