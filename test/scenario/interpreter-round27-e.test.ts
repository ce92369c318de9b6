// Round 27's part E: three misreadings fixed as classes, each read both ways on sentences written for these tests (none
// from a batch): "exit code/status" is never the shell's `exit` as a bare command line ("exit code's 2 and nothing
// runs"); a variable's name or an assignment alone in code marks is never a command line ("with `MODE` set"); the
// report said to record a timeout not reached is its `Timeout: … (not reached)` line, never a denial that it names one.
import t from 'tap';
import { blockScenario, reading, scenariosRunner, expectBoundVerdicts } from './cli-points.js';

const runScenarios = scenariosRunner('Round 27 part E');


t.test('"exit code" and "exit status" open a fact of the run, never a bare `exit …` command line', async (t) => {
  for (const sentence of ["exit code's 2 and nothing runs", 'exit code is 2 and no command runs', "exit status's 2 and nothing is run"]) {
    const read = reading('Then', sentence) ?? '';
    t.match(read, /exit code == 2/, sentence);
    t.match(read, /no command ran/, sentence);
    t.notMatch(read, /`exit/, `${sentence}: no command named "exit …"`);
  }
  // The shell's own `exit` written bare is still a command line.
  t.match(reading('Then', 'exit 3 runs') ?? '', /`exit 3` ran/);
  const refused = (timeout: string) => blockScenario(`refused ${timeout}`, 'the configuration is', ['- run: "echo a"', `  timeout: ${timeout}`], "exit code's 2 and nothing runs");
  await expectBoundVerdicts(t, runScenarios, 'round27e-nothing-runs', [refused('9q'), refused('1s')], 'nothing runs', [
    [true, 'an invalid configuration: spec-run exec exits 2 and runs nothing'],
    [false, 'a valid configuration: its command runs and it exits 0'],
  ]);
});

t.test('a variable name or an assignment alone in code marks is never the command line', async (t) => {
  t.equal(reading('When', 'a job runs with `MODE` set'), null);
  t.equal(reading('When', 'the command runs with `$HOME` exported'), null);
  // A command line in code marks beside an assignment is still the command.
  t.match(reading('When', 'the command `echo hi` runs with `MODE=ci`') ?? '', /run `echo hi`/);
  // The condition restates its YAML block, which alone is the setup: the variable reaches the command.
  const job = (value: string) => [
    `#### Scenario: job with ${value}`,
    'When a job runs as 1000:1000 with `MODE` set:',
    '```yaml',
    'stop:',
    '  commands:',
    '    - run: "id -u; echo mode=$MODE"',
    '      image: spec-run/busybox:local',
    '      user: "1000:1000"',
    '      env:',
    `        MODE: ${value}`,
    '```',
    'Then:',
    '1. `mode=ci` is printed',
  ];
  await expectBoundVerdicts(t, runScenarios, 'round27e-variable-set', [job('ci'), job('dev')], 'is printed', [
    [true, 'the block sets MODE=ci and the command prints it'],
    [false, 'the block sets another value'],
  ]);
});

t.test('the report said to record a timeout not reached: its "Timeout: … (not reached)" line, of the timeout named', async (t) => {
  for (const sentence of ['the report records that the timeout of 30s was not reached', 'its report says the 30-second timeout was never hit', 'the error report shows the timeout (30 s) as not reached', 'the report notes that the 30s timeout did not fire']) {
    t.match(reading('Then', sentence) ?? '', /"Timeout: … \(not reached\)", its timeout 30 s as configured/, sentence);
  }
  const unnamed = reading('Then', 'the report states that its timeout was not reached') ?? '';
  t.match(unnamed, /"Timeout: … \(not reached\)"/);
  t.notMatch(unnamed, /as configured/, 'no duration named, none compared');
  // A clause after it is read on its own; one not read leaves the sentence unread.
  t.match(reading('Then', 'the report shows the timeout was not reached, and the exit code is 137') ?? '', /\(not reached\)".*exit code == 137/);
  t.equal(reading('Then', 'the report shows the timeout was not reached and it wobbles'), null);
  // A duration not read leaves it unread; the timeout not reached said without the report is the outcome's fact.
  t.equal(reading('Then', 'the report says the timeout of later was not reached'), null);
  t.equal(reading('Then', 'the timeout was not reached'), 'not (outcome == timeout)');
  const killed = (memory: string, timeout: string, run: string) => blockScenario(`killed ${memory} ${timeout}`, 'the configuration is', [`- run: "${run}"`, '  image: spec-run/busybox:local', `  memory: ${memory}`, `  timeout: ${timeout}`], 'the report records that the timeout of 30s was not reached');
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round27e-timeout-not-reached',
    [killed('16m', '30s', 'head -c 200m /dev/zero | tail'), killed('16m', '40s', 'head -c 200m /dev/zero | tail'), killed('64m', '30s', 'echo small')],
    'was not reached',
    [
      [true, 'killed at its memory limit: the report prints "Timeout: 30s (not reached)"'],
      [false, 'the same, with a timeout of 40s: not the timeout named'],
      [false, 'the command completed: its report records nothing of its timeout'],
    ],
  );
});
