// Round 30, part C: a Then said of another run of the scenario's configuration than its Whens made (runs-again.ts).
// The run repeated with the same log ("running it again with the same log leaves two lines"), checked on the
// configuration run twice in one directory; and a run with options the Then names for itself ("With `--log x.jsonl`,
// the log gets …", "w/ just `--log x.jsonl` …"), checked on that run. Sentences written for these tests (none from a
// batch), read both ways through real runs, and left unread where a word of them is no claim read.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Round 30 runs again');

t.test('the run repeated with the same log: how many lines it leaves, lines added, the first kept', async (t) => {
  for (const [said, shown] of [
    ['running the hook again against the same event log leaves two lines in the file', /then has 2 line\(s\)$/],
    ['a second run of the same configuration appends a 2nd line and keeps the first one', /adds one line, the --log file's line 2 ∧ .*unchanged, at its head$/],
    ['after a second run, the log holds exactly two lines; it is never truncated', /then has 2 line\(s\) ∧ .*at its head$/],
    ['rerunning this a second time with the same `--log` adds three more lines, leaving six', /adds 3 line\(s\) .* then has 6 line\(s\)$/],
    ['run the configuration once more and it appends to the file rather than overwriting it', /appends to the --log file/],
  ] as const) t.match(reading('Then', said), shown, said);
  for (const said of [
    // Another configuration, no count or claim read, a negation of no claim, a file other than the log.
    'running another configuration with the same log leaves two lines',
    'running it again leaves no line',
    'running it again does not leave two lines',
    'running it again leaves two lines in the other file',
    'running it again with the same log leaves two lines in the file and prints nothing',
    'a second run appends a second line before the first',
  ])
    t.equal(reading('Then', said), null, said);

  const timingOut = ['- run: "echo begun; sleep 3"', '  timeout: 1s'];
  const failing = ['- run: "echo no; exit 4"'];
  await expectBoundVerdicts(t, run, 'round30-again', [
    blockScenario('two lines', 'you run this configuration with `--log ev.jsonl`', timingOut, 'running the hook again against the same event log leaves two lines in the file'),
    blockScenario('three lines', 'you run this configuration with `--log ev.jsonl`', timingOut, 'running the hook again against the same event log leaves three lines in the file'),
    blockScenario('second kept', 'you run this configuration with `--log ev.jsonl`', timingOut, 'a second run of the same configuration appends a 2nd line and keeps the first one'),
    blockScenario('two more', 'you run this configuration with `--log ev.jsonl`', timingOut, 'a second run of the same configuration appends two more lines'),
    blockScenario('nothing logged', 'you run this configuration with `--log ev.jsonl`', failing, 'running it again with the same log leaves two such lines in the file'),
  ], 'same', [
    [true, 'a timeout logged by each run: two lines'],
    [false, 'two lines, not three'],
    [true, "the second run's line after the first run's, which stays"],
    [false, 'one line added, not two'],
    [false, 'a failure is not logged without --log-failures: no line after either run'],
  ]);
});
