// Round 30, part C: a Then said of another run of the scenario's configuration than its Whens made (runs-again.ts).
// The run repeated with the same log ("running it again with the same log leaves two lines"), checked on the
// configuration run twice in one directory; and a run with options the Then names for itself ("With `--log x.jsonl`,
// the log gets …", "w/ just `--log x.jsonl` …"), checked on that run. Sentences written for these tests (none from a
// batch), read both ways through real runs, and left unread where a word of them is no claim read.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner, sectionScenario } from './cli-points.js';

const run = scenariosRunner('Round 30 runs again');

t.test('the run repeated with the same log: how many lines it leaves, lines added, the first kept', async (t) => {
  for (const [said, shown] of [
    ['running the hook again against the same event log leaves two lines in the file', /then has 2 line\(s\)$/],
    ['a second run of the same configuration appends a 2nd line and keeps the first one', /adds one line, the --log file's line 2 ∧ .*unchanged, at the head of the --log file$/],
    ['after a second run, the log holds exactly two lines; it is never truncated', /then has 2 line\(s\) ∧ .*at the head of the --log file$/],
    ['rerunning this a second time with the same `--log` adds three more lines, leaving six', /adds 3 line\(s\) .* then has 6 line\(s\)$/],
    ['run the configuration once more and it appends to the file rather than overwriting it', /the second run appends: /],
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

t.test('a Then naming the options of its own run: the same configuration run with them, the rest read as any Then of that run', async (t) => {
  t.match(reading('Then', 'With `--log ff.jsonl`, the log gets one line with `"event":"fail-fast"`'), /^in a run of the configuration with --log ff\.jsonl: the --log file has 1 line/);
  t.match(reading('Then', 'when run with `--log f.jsonl --log-failures` the file `f.jsonl` holds exactly one line'), /with --log f\.jsonl, --log-failures: /);
  t.match(reading('Then', 'with just `--log f.jsonl`, no file `f.jsonl` is created'), /with --log f\.jsonl, no --log-failures: /);
  // An option exec does not have, a word of none, a file added "also" to the scenario's own, `--log` naming no file: not read.
  for (const said of ['With `--log f.jsonl --quiet`, the log gets one line with `"event":"fail-fast"`', 'With `--log f.jsonl` mostly, the log gets one line', 'With `--log f.jsonl` also, the log gets one line with `"event":"fail-fast"`', 'With `--log` alone, no file `f.jsonl` is created'])
    t.equal(reading('Then', said), null, said);

  const failFast = ['- run: "exit 3"', '- run: "echo third"'];
  const failing = ['- run: "echo no; exit 4"'];
  await expectBoundVerdicts(t, run, 'round30-with-options', [
    sectionScenario('fail-fast logged', 'you run this configuration', ['failFast: true', 'commands:', ...failFast.map((l) => `  ${l}`)], 'With `--log ff.jsonl`, the log gets one line with `"event":"fail-fast"` and `"commandsNotRun":1`'),
    sectionScenario('fail-fast miscounted', 'you run this configuration', ['failFast: true', 'commands:', ...failFast.map((l) => `  ${l}`)], 'With `--log ff.jsonl`, the log gets one line with `"event":"fail-fast"` and `"commandsNotRun":2`'),
    blockScenario('failure not logged', 'you run this configuration', failing, 'with just `--log f.jsonl`, no file `f.jsonl` is created'),
    blockScenario('failure logged', 'you run this configuration', failing, 'when run with `--log f.jsonl --log-failures` the file `f.jsonl` holds exactly one line'),
    blockScenario('failure logged twice', 'you run this configuration', failing, 'when run with `--log f.jsonl --log-failures` the file `f.jsonl` holds exactly two lines'),
  ], 'jsonl', [
    [true, 'failFast stopped one command: the log names one not run'],
    [false, 'one command not run, not two'],
    [true, 'without --log-failures a failed command leaves no log'],
    [true, 'with --log-failures the failure is the one line'],
    [false, 'one line, not two'],
  ]);
});

t.test("a directory of the run named in words where the executor's text prints its path", async (t) => {
  for (const said of [
    'the To fix: list says that a relative workdir is resolved against the project directory',
    'its fixes mention that a relative workdir is resolved against the project',
    'the advice reminds you that a relative workdir is resolved against the project folder',
    'the `To fix:` list says that a relative workdir is resolved against the project directory',
    'the fix tells a relative workdir is resolved against the project',
  ])
    t.match(reading('Then', said), /relative workdir resolved against the project directory$/, said);
  // Words the text does not hold, or a place the text does not print.
  for (const said of ['the To fix: list says that a relative workdir is resolved against the home directory', 'the To fix: list says that a relative workdir is resolved inside the project directory'])
    t.equal(reading('Then', said), null, said);

  const missing = ['- run: "pwd"', '  workdir: nowhere'];
  await expectBoundVerdicts(t, run, 'round30-places', [
    blockScenario('project', 'you run this configuration with `--project proj`', missing, 'the exit code is 125', 'the fix list says a relative workdir is resolved against the project dir'),
    blockScenario('configuration', 'you run this configuration with `--project proj`', missing, 'the exit code is 125', "the fix list says a relative workdir is resolved against the configuration's directory"),
  ], 'resolved', [
    [true, 'the project directory, --project, is the path the fix prints'],
    [false, "the configuration's directory is not the project given"],
  ]);
});
