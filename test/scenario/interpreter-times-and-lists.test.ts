// Times said with a qualifier, the success of every command counted, and Whens that list
// commands (interpreter/then.ts, when.ts): "well within", "long before", "far short of" as at
// most half of the time; "about" a time of a command stopped at its timeout, never halfway to
// its other stop time; "all three succeed" as each command's success and their count; lists
// of commands after a comma, with no noun, or joined by "followed by", with a clause after
// them; a directory said to have no such name. Each class on paraphrases written for these
// tests (none is a sentence of a batch), with the sentences it must leave unbound or read
// otherwise, and the readings checked true and false against real runs.
import t from 'tap';
import { observe } from '../../src/run/scenario/interpreter/observation.js';
import { emptySetup, readWhen } from '../../src/run/scenario/interpreter/when.js';
import { OFFLINE_IMAGES } from '../support/images.js';
import { assertReadings, verdict, verdictsOn } from './then-readings.js';

const READINGS: [string, string][] = [
  // Clearly under a time: at most half of it.
  ['the command finishes well within 20 seconds', 'elapsed ≤ 10 s (clearly under 20 s: at most half of it)'],
  ['it ends far short of ten seconds', 'elapsed ≤ 5 s (clearly under 10 s: at most half of it)'],
  ['the second command takes much less than 4 s', 'the command 2: elapsed ≤ 2 s (clearly under 4 s: at most half of it)'],
  ['spec-run exec exits with status 143, well before the 40 seconds of the sleep', "spec-run exec's exit status == 143 ∧ spec-run exec's run took at most half of 40 s"],
  ['spec-run exec exits with 143 well under 40 seconds', "spec-run exec's exit status == 143, the run's elapsed time ≤ 20 s (clearly under 40 s: at most half of it)"],
  ['the command is stopped well before its 30-second limit', 'at t ≤ 15 s (clearly under 30 s: at most half of it)'],
  ['it ends long before the 12-second sleep would end', 'elapsed at most half of 12 s'],
  // A plain bound stays a bound.
  ['the command finishes within 20 seconds', 'elapsed ≤ 20 s'],
  // "about" a time from the start: said, in a run, nearer it than the other stop time of a command stopped at its timeout.
  ['the command is killed after about 4 seconds', 'at t ≈ 4 s ± 1 s (+1.5 s in a container; stopped at its timeout: nearer this than its other stop time (timeout, or timeout + grace))'],
  // A range: each bound said by the words before its time; a number left without its unit after "well under" takes the sentence's unit.
  ['its duration is at least two seconds and well under nine', 'elapsed ≥ 2 s (−10 ms: a timer may fire early) and elapsed ≤ 4.5 s (clearly under 9 s: at most half of it)'],
  ['the command takes more than 1 second but less than 3 seconds', 'elapsed > 1 s (−10 ms: a timer may fire early) and elapsed < 3 s (+150 ms'],
  ['it finishes in well under 1.5 seconds', 'elapsed ≤ 750 ms (clearly under 1.5 s: at most half of it)'],
  // "after its start" is from when it started.
  ['it ends about five seconds after its start', 'elapsed ≈ 5 s'],
  // A time after its start, said after what a command is reported with: when it ended.
  ['the third is reported with `Exit Code: 124`, roughly three seconds after its start', 'the command 3: elapsed ≈ 3 s'],
  ['it is reported as timed out, about 2 seconds after it started', 'outcome == timeout ∧ elapsed ≈ 2 s'],
  // Every command succeeds, as many as said.
  ['all three succeed, and spec-run exec exits with status 0', "every command (3 of them): the command succeeds (completed, exit code 0) ∧ spec-run exec's exit status == 0"],
  ['all 4 commands pass', 'every command (4 of them): the command succeeds (completed, exit code 0)'],
  ['all two fail', 'every command (2 of them): the command fails (exit code != 0, or stopped)'],
  ['all three commands run and succeed', 'every command of the configuration ran its line (3 commands) ∧ the command succeeds (completed, exit code 0)'],
  ['the first is announced with `(timeout 9s, from command)`, and both succeed', 'every command (2 of them): the command succeeds (completed, exit code 0)'],
];

const UNBOUND = [
  // "long before" with no time of its own, of a command line: no ending of its own is said.
  'it is stopped after roughly one second, long before `sleep` would have finished',
  // A number after a quantifier counts commands: never an exit code.
  'all 3 exit with code 0',
  'the three commands all pass',
  // A time after its start beside what it printed: no fact says the print's time.
  'it prints `x`, about 2 seconds after its start',
  // A range upside down, or a bound said of neither time; "clearly under" a count or a code.
  'it takes at most 5 s and at least 2 s',
  'it takes 3 seconds and well under 10',
  'it prints well under 5 lines',
  'it exits with a code well under 128',
  // A number with a noun of its own takes no unit.
  'it takes 2 seconds and prints well under 5 lines',
  // A time word that measures nothing beside "before".
  'the command ends soon before its sleep would end',
];

t.test('qualified times, and every command succeeding, read by class', (t) => {
  assertReadings(t, READINGS, UNBOUND);
  t.end();
});

t.test('"well within" a time, checked against a real run', async (t) => {
  const verdict = await verdictsOn('stop:\n  commands:\n    - run: "sleep 5"\n      timeout: "1s"\n');
  t.equal(await verdict('the command ends well within 5 seconds'), true, 'stopped at 1 s of 5');
  t.equal(await verdict('the command ends within 1.5 seconds'), true, 'a plain bound: 1 s is within 1.5 s');
  t.equal(await verdict('the command ends well within 1.5 seconds'), false, '1 s is not clearly under 1.5 s');
  t.equal(await verdict('spec-run exec exits with status 124, far short of 1.5 seconds'), false, "the run's own time, not half of 1.5 s");
});

t.test('a range of times, checked against a real run', async (t) => {
  const verdict = await verdictsOn('stop:\n  commands:\n    - run: "sleep 1"\n');
  t.equal(await verdict('its duration is at least half a second and well under four'), true, 'about 1 s: between 0.5 s and 2 s');
  t.equal(await verdict('its duration is at least half a second and well under two'), false, '1 s is not clearly under 2 s');
  t.equal(await verdict('its duration is more than 2 seconds but less than 5 seconds'), false, 'it took about 1 s');
});

t.test('"about" a time of a container command stopped at its timeout, checked against real runs', async (t) => {
  const config = (run: string) => ({ text: `stop:\n  commands:\n    - run: "${run}"\n      image: alpine\n      timeout: "2s"\n`, line: 1 });
  const polite = await observe(config('sleep 30'), emptySetup(), { imageAliases: OFFLINE_IMAGES });
  t.equal(await verdict(polite, 'the command is stopped after about 2 seconds, with exit code 124'), true, 'stopped at its timeout');
  t.equal(await verdict(polite, 'the command ends after about 4 seconds, with exit code 124'), false, 'a stop at the 2 s timeout is no stop after the grace period');
  t.equal(await verdict(polite, 'the command ends about 4 seconds after it started'), false, 'nor is its end');
  const stubborn = await observe(config("trap '' TERM; while true; do sleep 1; done"), emptySetup(), { imageAliases: OFFLINE_IMAGES });
  t.equal(await verdict(stubborn, 'it is reported with exit code 137, after about 4 seconds'), true, 'killed once the grace period was over');
  t.equal(await verdict(stubborn, 'it ends after about 2 seconds'), false, 'not at the timeout');
  t.equal(await verdict(stubborn, 'it is reported with `Exit Code: 137`, about four seconds after its start'), true, 'reported when it ended, after the grace period');
  t.equal(await verdict(polite, 'it is reported with `Exit Code: 124`, about four seconds after its start'), false, 'reported at its timeout');
});

t.test('every command succeeding, as many as said, checked against real runs', async (t) => {
  const passing = await verdictsOn('stop:\n  commands:\n    - run: "true"\n    - run: "echo b"\n    - run: "true"\n');
  t.equal(await passing('all three succeed, and spec-run exec exits with status 0'), true);
  t.equal(await passing('all two succeed'), false, 'three commands ran');
  t.equal(await passing('both succeed'), false, 'not two commands');
  const failing = await verdictsOn('stop:\n  commands:\n    - run: "true"\n    - run: "exit 3"\n    - run: "true"\n');
  t.equal(await failing('all three succeed, and spec-run exec exits with status 0'), false, 'the second failed: the status is 3');
  t.equal(await failing('all three succeed'), false, 'the second failed');
});

/** Whens that list commands, and what each is read as. */
const LISTS: [string, string][] = [
  ['the file lists `make` followed by `make test`', 'command 1: run `make` ∧ command 2: run `make test`'],
  ['it runs the commands `a`, `b` and `c`', 'command 1: run `a` ∧ command 2: run `b` ∧ command 3: run `c`'],
  ['the configuration declares two commands, `lint` with `timeout: "1m"` and `test` with `timeout: "5m"`', 'command 1: run `lint` ∧ command 1: timeout: "1m" ∧ command 2: run `test` ∧ command 2: timeout: "5m"'],
  ['the configuration lists `exit 2` with `message: "broken"`, and `true` with `message: "fine"`', 'command 1: run `exit 2` ∧ command 1: message: "broken" ∧ command 2: run `true` ∧ command 2: message: "fine"'],
  ['`spec-run exec` runs the commands `sleep 20` and `echo next`, and is sent SIGTERM about two seconds after it started', 'command 1: run `sleep 20` ∧ command 2: run `echo next` ∧ spec-run exec is sent SIGTERM 2 s after it started'],
  // Where it runs, then what it does, each a clause of its own.
  ['a host command ignores SIGTERM and then sleeps, with a two-second timeout', 'on the host ∧ ignores SIGTERM ∧ runs past its timeout ∧ timeout = 2 s'],
  ['one host command prints 4 lines', 'on the host ∧ prints 4 lines on stdout'],
  // The first of a count of commands, where the sentence speaks of each of them.
  ['the first of two commands runs `echo a`, and the second runs `echo b` with `timeout: "3s"`', 'command 1: run `echo a` ∧ command 2: run `echo b` ∧ command 2: timeout: "3s"'],
  // A setting in code marks before the noun is that command's.
  ['a second `timeout: "4s"` command runs `sleep 9`', 'command 2: timeout: "4s" ∧ command 2: run `sleep 9`'],
  // Ctrl-C is SIGINT: said beside SIGINT, the same signal.
  ['about one second after it started, spec-run exec is sent SIGINT, as a Ctrl-C would', 'spec-run exec is sent SIGINT 1 s after it started'],
  ['spec-run exec receives a Ctrl-C about three seconds after it started', 'spec-run exec is sent SIGINT 3 s after it started'],
  // Where it runs, said by a name it lacks.
  ['the configuration is run with `--log out/x.jsonl` in a directory that has no `out` yet', 'spec-run exec --log out/x.jsonl ∧ out does not exist before the run (it runs in a fresh directory)'],
  ['this configuration is run with `--log l/e.jsonl`, where `l` does not yet exist', 'spec-run exec --log l/e.jsonl ∧ l does not exist before the run (it runs in a fresh directory)'],
];

/** Not lists of commands: a clause after one command, a count that is not the items', a list with no subject for the clause after it. */
const NOT_LISTS: [string, string | null][] = [
  ['`spec-run exec --log l.jsonl c.yaml` runs `sleep 10` with `timeout: "2s"`, and `logs` does not exist yet', 'spec-run exec configuration file c.yaml, --log l.jsonl ∧ run `sleep 10` ∧ timeout: "2s" ∧ logs does not exist before the run (it runs in a fresh directory)'],
  ['it lists two commands, `a`, `b` and `c`', null],
  // Names a directory holds, with no noun "commands": files, never commands.
  ['`/opt/x` contains `a.txt`, `b.txt` and a folder `out`', '/opt/x holds a.txt, b.txt, a directory out'],
  // One command said to run two lines: which runs which is not said.
  ['a command runs `echo a` and `echo b`', null],
  ['it lists `a` and `timeout: "2s"`', null],
  // The first of three commands, of which the sentence names only two: the count would be lost.
  ['the first of three commands runs `echo a`, and the second runs `echo b`', null],
  // A host command said with a verb no rule reads stays unread, the place with it.
  ['a host command hums', null],
  // A limit or a cap with no unit may be of lines, memory or time: never a timeout; a word of time says one.
  ['a command runs `seq 9` under a limit of five', null],
  ['a command with a cap of 300', null],
  ['a command with a time limit of 300', 'timeout: 300'],
  // Two different signals said of one interrupt.
  ['spec-run exec is sent SIGTERM two seconds after it started, as a Ctrl-C would', null],
  // "without a timeout" beside a default: none at all, or none of its own? Not read.
  ['the configuration sets `defaultTimeout: "2s"` and lists two commands, `a` without a timeout and `b` with `timeout: "9s"`', null],
];

t.test('a When listing commands with no noun, after a comma, or "followed by", with a clause after the list', (t) => {
  for (const [sentence, expected] of LISTS) {
    const read = readWhen(sentence);
    const got = read.ok ? read.parts.map((p) => p.text).join(' ∧ ') : null;
    t.ok(got !== null && got.endsWith(expected), sentence, { got: got ?? read, expected });
  }
  for (const [sentence, expected] of NOT_LISTS) {
    const read = readWhen(sentence);
    t.equal(read.ok ? read.parts.map((p) => p.text).join(' ∧ ') : null, expected, `not a list: ${sentence}`);
  }
  t.end();
});
