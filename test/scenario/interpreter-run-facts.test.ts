// When steps that list commands with their settings, and Then facts about what a command printed and about the run as a whole (interpreter/then.ts,
// reading.ts, texts.ts): a text named the command's output beside the report's texts, the
// command a clause opens with carried into its later pieces, "the output ends with" of no
// command, words of promptness no fact measures, negated runs beside a limit, the report's
// own words never taken for a command that ran, a count of commands that say a text, a
// verb of reaching that is no timeout without one. Each class on paraphrases written for
// these tests (none is a sentence of a batch), with the sentences it must leave unbound,
// and the readings checked true and false against a real run.
import t from 'tap';
import { readWhen } from '../../src/run/scenario/interpreter/when.js';
import { assertReadings, verdictsOn } from './then-readings.js';

/** Paraphrases, and what each is read as (a part of the interpretation). */
const READINGS: [string, string][] = [
  // A text named the output beside a text of the report: the command's output, line for line.
  ['its report says `OK: command succeeded`, with `hello` as its output', 'the output block (under `Output:` or `Partial Output:`) contains "hello"'],
  ['the report reads `OK: command succeeded` with the output `hello`', 'the output shown (stdout and stderr) == "hello"'],
  ['it passes and is reported as `OK: command succeeded`, with `42` as its output', 'the output shown (stdout and stderr) == "42"'],
  // The command a clause opens with, by its place, is whose output a later piece says.
  ['the third command finishes with the output `c`', 'the command 3: the output shown (stdout and stderr) == "c"'],
  ['the first command fails, and the second one passes with `two` as its output', 'the command 2: the output shown (stdout and stderr) == "two"'],
  ['the second is reported as `OK: command succeeded` with the output `b`', 'the command 2: the output shown (stdout and stderr) == "b"'],
  // "the output" of no command: the command's output, or all spec-run exec printed.
  ['the output closes with `interrupted by SIGTERM: 2 of 3 commands not run`', 'the last line of all spec-run exec printed ends with "interrupted by SIGTERM: 2 of 3 commands not run"'],
  // Its output stays the command's.
  ['its output ends with `bye`', 'the last line of the output shown == "bye"'],
  // A timeout reached, said with its object.
  ['the command reaches its timeout', 'outcome == timeout'],
  ['the command never hits its time limit', 'not (outcome == timeout)'],
  // Before a time it did not reach, said as what that time is: "long" or "well" before, by half of it at least.
  ['the command is stopped after about one second, long before its sleep would end', 'elapsed at most half of the sleep in its command line'],
  ['the second command ends well before the 20-second sleep would finish', 'the command 2: elapsed at most half of 20 s'],
  ['it finishes before its timeout', 'elapsed under its timeout'],
  ['spec-run exec exits with status 124, well before the 30 seconds of the sleep', "spec-run exec's run took at most half of 30 s"],
  // spec-run exec's status said as whose code it is.
  ['spec-run exec ends with status 4, which is the exit code of the first failure', "spec-run exec's exit status == the exit code of the first failed command"],
  ['the executor exits with the first failing command’s code rather than the last one’s', "spec-run exec's exit status == the exit code of the first failed command, not of the last"],
  ['spec-run exec exits with the status of the earliest command that failed', "spec-run exec's exit status == the exit code of the first failed command"],
  // What it prints as its working directory: a line it printed, and where it ran.
  ['the command prints `/srv/app` as its working directory', 'a line shown == "/srv/app", and working directory == /srv/app'],
  ['the second command prints /var/tmp as its working directory', 'the command 2: a line shown == "/var/tmp", and working directory == /var/tmp'],
  // An ordinal before "output line" or a stream's line: a line of that output.
  ['its second output line is `b`', 'line 2 of the output shown == "b"'],
  ['the first stdout line is `a`', 'line 1 of the output shown == "a"'],
  // A time explained as the timeout plus the grace period, after a colon or in parentheses: each part as configured.
  ['it is killed about five seconds after it started: its three-second timeout plus the two-second grace period', 'timeout == 3 s and grace period == 2 s'],
  ['the command ends no earlier than 4 s after it started (a 2 s timeout plus a grace period of 2 s)', 'elapsed ≥ 4 s (−10 ms: a timer may fire early) ∧ timeout == 2 s and grace period == 2 s'],
  ['it is stopped about three seconds after it started: one second of timeout plus the two-second grace period', 'timeout == 1 s and grace period == 2 s'],
  // The output as a list of lines: those lines, in that order, and no other; or the first of them.
  ['its output is, line by line, `x`, `y` and `z`', 'the lines shown are exactly "x", "y", "z", in this order'],
  ['the second command\'s output is the two lines `up` and `down`', 'the command 2: the lines the command printed in the output shown is, line by line, "up" and "down"'],
  ['its first three output lines are `1`, `2` and `3`', 'the first 3 lines shown are "1", "2", "3"'],
  // A time alone after a comma, said of the fact the clause before read ("it runs to its end, about three seconds").
  ['the command is not stopped: it finishes, about two seconds', 'not (it was stopped (by the executor, or killed by its memory limit)) ∧ outcome == completed, elapsed ≈ 2 s'],
  ['the second command is stopped, after about 4 s', 'the command 2: it was stopped (by the executor, or killed by its memory limit), its end at t ≈ 4 s'],
  // Each of a count of commands says the text; a notice said to name the container is checked for that name.
  ['all three commands report `OK: command succeeded`', 'every command (3 of them): the messages name "OK: command succeeded"'],
  ['the report carries a note `container spec-run-… removed`, naming the container it ran in', 'with the name of the command\'s own container'],
  // A lone negation of a timeout is still read.
  ['the command runs with no deadline at all', 'no timeout (timeout: none)'],
];

/** Sentences that must stay unbound: a guess is never bound. */
const UNBOUND = [
  // Promptness that no fact measures: dropped, it would pass a stop that took any time.
  'the running command is stopped at once',
  'it is terminated right away',
  'the sleep is killed immediately',
  'the command ends promptly',
  'the container is stopped straight away and removed',
  // A negated run beside a limit, or two negations: not a command without a timeout.
  'the command is not run on the host without its limit',
  'the command is never run without a timeout',
  'it does not run without any deadline',
  // The report's own words are never a command that ran ("`echo hi` is run" is read).
  'the command that was running is reported with `Error: Command interrupted before completion`, `Exit Code: 143` and the partial output `x`',
  '`Exit Code: 143` is run',
  // A count of the commands that say a text is who says it, not a text said.
  'all 2 commands say `Exit Code: 0`',
  // What a notice is said to name is more than its text.
  'a notice `x` appears, mentioning the image',
  // A sleep's owner named in what the time is; a time word that measures nothing; a negation; a wait that names no length.
  'spec-run exec exits with status 130, well before the thirty seconds the first command would have slept',
  'the command ends soon before its sleep would end',
  'the command does not end long before its sleep',
  'the command ends long before it waits',
  // The run's status and a command's failure, two subjects: not one command failing; a second failure by its place is not counted.
  'spec-run exec does not exit with the code of the first failure',
  'spec-run exec exits with the code of the second failed command',
  'spec-run exec exits with the code of the first failure rather than of the first',
  'the second command exits with the code of the first failure',
  // Printing its working directory, with no directory said.
  'it prints its working directory',
  // A sum that is not of a timeout and a grace period, or whose parts have no lengths: not read.
  'it ends after 4 s: its two-second timeout plus two seconds of sleep',
  'the duration is the timeout plus the grace period',
  'it ends after 4 s: the timeout plus the two-second grace period',
  // A count that is not the texts', a line named alone, "first" with no count, a denied list.
  'its output is the two lines `a`, `b` and `c`',
  'the output line is `a` and `b`',
  'its first output lines are `a` and `b`',
  'its output is not `a` and `b`',
  // A time alone that the fact before does not take, or a second one; running after a time is when it started.
  'it prints `x`, about 2 seconds',
  'it runs to its end, about three seconds, then about five seconds',
  'after about 1 s the second command runs',
  // A verb of reaching with a command line as its object is no timeout.
  'the command never reached its `echo after`',
  'the script reaches `exit 3`',
];

t.test('facts of a command’s output and of the whole run, read by class', (t) => {
  assertReadings(t, READINGS, UNBOUND);
  t.end();
});

const CONFIG = `stop:
  commands:
    - run: "echo one; exit 2"
    - run: "echo two"
    - run: "echo three"
`;

t.test('a time before a sleep or a timeout, checked against a real run', async (t) => {
  const verdict = await verdictsOn('stop:\n  commands:\n    - run: "sleep 5"\n      timeout: "1s"\n');
  t.equal(await verdict('the command ends long before its sleep would end'), true, 'stopped at 1 s of a 5-second sleep');
  t.equal(await verdict('spec-run exec exits with status 124, well before the 5 seconds of the sleep'), true, "the run's own time");
  t.equal(await verdict('the command ends long before the 1-second sleep would end'), false, 'not by half of one second');
  t.equal(await verdict('the command ends before its timeout'), false, 'it ended at its timeout');
  t.equal(await verdict('spec-run exec exits with status 124, long before the 1-second timeout'), false, "the run's time is no shorter than its command's");
  t.equal(await verdict('the command ends about 3 s after it started: its one-second timeout plus the two-second grace period'), false, 'stopped at 1 s: SIGTERM sufficed');
  t.equal(await verdict('the command ends after about one second (its one-second timeout plus the two-second grace period)'), true, 'its timeout and grace period as configured');
  t.equal(await verdict('the command ends after about one second (its two-second timeout plus the two-second grace period)'), false, 'its timeout is 1 s');
});

t.test('"it is ended" at its end, of a command that outlives the SIGTERM, checked against a real run', async (t) => {
  const verdict = await verdictsOn('stop:\n  commands:\n    - run: "trap \'\' TERM; sleep 30"\n      timeout: "1s"\n');
  t.equal(await verdict('it is ended about three seconds after it started: one second of timeout plus the two-second grace period'), true, 'killed at the end of the grace period');
  t.equal(await verdict('it is ended about one second after it started'), false, 'the SIGTERM at one second did not end it');
  // Round 20 (a user's finding): "stopped after about 1 second" of a command that outlived the SIGTERM is false: it ran on until the SIGKILL.
  t.equal(await verdict('it is stopped about one second after it started'), false, 'the SIGTERM at its timeout did not stop it');
  t.equal(await verdict('it is stopped about three seconds after it started'), true, 'it was stopped when the SIGKILL ended it');
});

t.test("spec-run exec's status as the code of a failure, checked against a real run", async (t) => {
  const verdict = await verdictsOn('stop:\n  commands:\n    - run: "exit 3"\n    - run: "true"\n    - run: "exit 5"\n');
  t.equal(await verdict('spec-run exec exits with status 3, the exit code of the first failure'), true, 'the first failure: 3');
  t.equal(await verdict('spec-run exec exits with the code of the first failure rather than of the last'), true, 'not 5');
  t.equal(await verdict('spec-run exec exits with the exit code of the last command that failed'), false, 'the last failure: 5');
  t.equal(await verdict('spec-run exec exits with status 5, the exit code of the first failure'), false, 'the status is 3');
});

t.test('a working directory printed, checked against a real run', async (t) => {
  const verdict = await verdictsOn('stop:\n  commands:\n    - run: "pwd; echo x"\n      workdir: "/tmp"\n    - run: "echo /tmp"\n      workdir: "/"\n');
  t.equal(await verdict('the first command prints `/tmp` as its working directory'), true, 'pwd in /tmp');
  t.equal(await verdict('the first command succeeds, its first output line is `/tmp` and its second output line is `x`'), true, 'its lines by place');
  t.equal(await verdict('the first command prints `/` as its working directory'), false, 'not what it printed');
  t.equal(await verdict('the second command prints `/tmp` as its working directory'), false, 'printed, but it ran in /');
  t.equal(await verdict('the first command succeeds, and its second output line is `/tmp`'), false, 'the line after it');
});

t.test('the output as a list of lines, checked against a real run', async (t) => {
  const verdict = await verdictsOn('stop:\n  commands:\n    - run: "echo a; echo b; echo c"\n');
  t.equal(await verdict('its output is, line by line, `a`, `b` and `c`'), true, 'those lines, in order');
  t.equal(await verdict('its first two output lines are `a` and `b`'), true, 'the first two');
  t.equal(await verdict('its output is the two lines `a` and `b`'), false, 'a third line follows');
  t.equal(await verdict('its output is `a`, `c` and `b`'), false, 'not in that order');
  t.equal(await verdict('its first two output lines are `b` and `c`'), false, 'not the first two');
});

t.test('each reading checked against a real run', async (t) => {
  const verdict = await verdictsOn(CONFIG);
  const holds = [
    'the second command succeeds with `two` as its output',
    'the third is reported as `OK: command succeeded` with the output `three`',
    'the first command fails, and the second one passes with `two` as its output',
    'the output ends with `three`',
  ];
  const fails = [
    // The Command: line of the first report holds `echo one`; the output is `one`, not that.
    'the first command is reported as `Error: Command failed with exit code 2` with the output `echo one`',
    'the second command succeeds with `three` as its output',
    'the third is reported as `OK: command succeeded` with the output `thr`',
    'the first command fails, and the second one passes with `one` as its output',
    'the output ends with `two`',
  ];
  for (const sentence of holds) t.equal(await verdict(sentence), true, `true: "${sentence}"`);
  for (const sentence of fails) t.equal(await verdict(sentence), false, `false: "${sentence}"`);
});

/** Whens that list commands, each with its settings, and what each is read as. */
const LISTS: [string, string][] = [
  ['the configuration declares two commands: `make` with `timeout: "5m"`, then `make test`', 'command 1: run `make` ∧ command 1: timeout: "5m" ∧ command 2: run `make test`'],
  ['a configuration sets `defaultTimeout: "1m"` and has three commands: `a` with no timeout of its own, `b` with `timeout: "2s"`, and `c` with `timeout: null`', 'defaultTimeout: "1m" ∧ command 1: run `a` ∧ command 1: no timeout field (inherited) ∧ command 2: run `b` ∧ command 2: timeout: "2s" ∧ command 3: run `c` ∧ command 3: timeout: null'],
  ['it runs two container commands with image alpine: first `id`, then `pwd`', 'command 1: run `id` in a container (alpine) ∧ command 2: run `pwd` in a container (alpine)'],
  ['the file lists 2 host commands: `true` and `false`', 'command 1: run `true` on the host ∧ command 2: run `false` on the host'],
  // One command listed is the command it has.
  ['the configuration lists the single host command `uptime`', 'run `uptime` on the host'],
  ['a file declares a container command `id`', 'run `id` in a container (alpine)'],
];

/** Lists not read so: a count that is not the items', a setting taken for a command, an item that is no command line. */
const LISTS_UNBOUND = [
  'a configuration lists three commands: `a` with `timeout: "1s"`, and `b`',
  'a configuration lists two commands: `a` with `timeout: "1s"` and `maxOutputLines: 5`',
  'the configuration has two commands: one that prints, and `b`',
  'the configuration lists the command `a` and the command `b`',
];

t.test('a When listing commands: each item a command by its place, with its settings and those said of all', (t) => {
  for (const [sentence, expected] of LISTS) {
    const read = readWhen(sentence);
    t.equal(read.ok ? read.parts.map((p) => p.text).join(' ∧ ') : null, expected, sentence, { got: read });
  }
  for (const sentence of LISTS_UNBOUND) t.notOk(readWhen(sentence).ok, `not read: ${sentence}`);
  t.end();
});
