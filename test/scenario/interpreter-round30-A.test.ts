// Round 30's part A: a run interrupted, its moment said by what a command is doing (interrupt-moment.ts): "while the
// first command is sleeping", "once it has printed `x`", "while `x` is running"; and the line
// it closes with said in words (closing-line.ts). Sentences and
// documents written for these tests (none from a batch), read both ways through real runs: the signal comes inside
// the command's first sleep, the Thens hold where the run is so and fail where a probe says otherwise, and a run
// that cannot be the one described is an error, never a verdict.
import t from 'tap';
import { inMomentWords } from '../../src/run/scenario/interpreter/interrupt-moment.js';
import { closingLineSaid } from '../../src/run/scenario/interpreter/closing-line.js';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 30 part A');

t.test('a moment said by what a command does is read as that command, in several writers\' words', async (t) => {
  for (const [said, meant] of [
    ['spec-run exec is sent SIGINT while the first command is sleeping', /is sent SIGINT while command 1 sleeps \(sent inside its first sleep/],
    ['the executor receives SIGTERM whilst the second one is still sleeping', /is sent SIGTERM while command 2 sleeps/],
    ['SIGINT is sent to spec-run exec while the second is running', /is sent SIGINT while command 2 runs/],
    ['we send spec-run exec SIGHUP while `echo up; sleep 40` is running', /is sent SIGHUP while the command `echo up; sleep 40` runs/],
    ['spec-run exec gets SIGTERM while it sleeps', /is sent SIGTERM while the only command sleeps/],
    ['spec-run exec is sent SIGINT once the first command has printed `ready`', /is sent SIGINT while command 1 sleeps, once it printed "ready"/],
    ['SIGINT (2) is sent to spec-run exec as soon as `ready` has been printed', /is sent SIGINT while the command that prints it sleeps, once it printed "ready"/],
    ['spec-run exec is sent SIGINT about 1.5 seconds after it started, while the first command is sleeping', /is sent SIGINT 1.5 s after it started, while command 1 sleeps/],
  ] as const) t.match(reading('When', said), meant, said);
  t.match(reading('When', 'the runner gets SIGINT while the first of the three checks is sleeping'), /while command 1 of 3 sleeps/, 'a place among a count, which the run is checked to have');
  t.match(reading('When', 'spec-run runs `echo boxed; sleep 30` in spec-run/busybox:local and gets SIGHUP while it sleeps'), /run `echo boxed; sleep 30` in a container .*; spec-run exec is sent SIGHUP while the only command sleeps/, 'the signal clause said of spec-run, its subject left out');
  t.match(reading('When', 'spec-run exec runs a configuration of `echo a; sleep 9` followed by `echo b`, and gets SIGINT two seconds in'), /command 1: run `echo a; sleep 9`; command 2: run `echo b`; spec-run exec is sent SIGINT 2 s after it started/, 'commands listed in words');
  t.match(reading('When', 'the commands are `echo a; sleep 9`, `echo b` and `echo c`, and spec-run exec receives SIGTERM about a second into the first one'), /command 3: run `echo c`; spec-run exec is sent SIGTERM 1 s after command 1 started/, 'a clause after the list with its own subject');
  t.match(reading('When', 'SIGTERM reaches spec-run exec two seconds into the second command'), /is sent SIGTERM 2 s after command 2 started/);
  // A time not said ("a few seconds") is no time the run could be made at and still be the one described: unread, as before.
  t.equal(reading('When', 'spec-run exec gets SIGINT a few seconds in'), null, 'a few seconds: no time said');
});

t.test('what is not such a moment stays unread or as written', async (t) => {
  t.equal(inMomentWords('the first command prints `a` while the second is sleeping'), 'the first command prints `a` while the second is sleeping', 'no signal: another sentence');
  t.equal(reading('When', 'spec-run exec is sent SIGINT while the first line is sleeping'), null, 'a line does not sleep');
  t.equal(reading('When', 'spec-run exec is not sent SIGINT while the first command is sleeping'), null, 'a negation');
  t.equal(reading('When', 'spec-run exec is sent SIGKILL while the first command is sleeping'), null, 'SIGKILL is no interrupt spec-run exec handles');
  t.equal(reading('When', 'spec-run exec is sent SIGINT while the first command is sleeping and the second command is sleeping'), null, 'two moments');
  t.equal(reading('When', 'spec-run exec is sent SIGINT once the first command has printed `a` twice'), null, 'a quantity not read');
  t.equal(reading('When', 'the command runs `echo a; sleep 30` and is sent SIGTERM while it sleeps'), null, 'a signal to the command, not to spec-run exec');
  t.equal(reading('When', 'spec-run exec is sent SIGTERM while it runs'), null, '"it runs" may be spec-run exec itself');
  t.equal(reading('When', 'spec-run exec is sent SIGINT while the first of three lines is sleeping'), null, 'a place among lines');
});

const twoCommands = (first: string) => ['- run: "' + first + '"', '- run: "echo second"'];

t.test('through real runs: the signal comes inside the named command\'s sleep, both ways', async (t) => {
  const scenario = (title: string, when: string, then: string) => blockScenario(title, when, twoCommands('echo working; sleep 30'), then);
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round30a-sleeping',
    [
      scenario('held', 'spec-run exec is sent SIGINT while the first command is sleeping', 'the last line is `interrupted by SIGINT: 1 of 2 commands not run`'),
      scenario('probe', 'spec-run exec is sent SIGINT while the first command is sleeping', 'the last line is `interrupted by SIGINT: 2 of 2 commands not run`'),
      scenario('printed', 'spec-run exec is sent SIGTERM once the first command has printed `working`', 'the last line is `interrupted by SIGTERM: 1 of 2 commands not run`'),
      scenario('printed probe', 'spec-run exec is sent SIGTERM once the first command has printed `working`', 'the last line is `interrupted by SIGINT: 1 of 2 commands not run`'),
    ],
    'last line is',
    [
      [true, 'command 1 interrupted, command 2 not run'],
      [false, 'a probe: a count the run does not have'],
      [true, 'SIGTERM once working was printed: command 2 not run'],
      [false, 'a probe: the signal was SIGTERM'],
    ],
  );
});

t.test('through real runs: a moment by the command\'s line and by what it printed, both ways', async (t) => {
  const scenario = (title: string, when: string, then: string) => blockScenario(title, when, ['- run: "echo one"', '- run: "echo two; sleep 20"', '- run: "echo three"'], then);
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round30a-named',
    [
      scenario('by line', 'SIGTERM is sent to spec-run exec while `echo two; sleep 20` is running', 'spec-run exec exits with 143'),
      scenario('by line probe', 'SIGTERM is sent to spec-run exec while `echo two; sleep 20` is running', 'spec-run exec exits with 130'),
      scenario('by text', 'spec-run exec is sent SIGINT once `two` has been printed', 'spec-run exec exits with 130'),
      scenario('by text probe', 'spec-run exec is sent SIGINT once `two` has been printed', 'spec-run exec exits with 143'),
    ],
    'exits with',
    [
      [true, 'the second command stopped by SIGTERM: 143'],
      [false, 'a probe: 130 is SIGINT\'s'],
      [true, 'the command printing two is the second, stopped by SIGINT: 130'],
      [false, 'a probe: 143 is SIGTERM\'s'],
    ],
  );
});

t.test('a command named only by the moment is the one the run runs', async (t) => {
  const scenario = (title: string, then: string) => [`#### Scenario: ${title}`, '- **WHEN** spec-run exec gets SIGTERM while `echo alone; sleep 20` is running', `- **THEN** ${then}`];
  await expectBoundVerdicts(t, runScenarios, 'round30a-alone', [scenario('held', 'the partial output shows `alone`'), scenario('probe', 'the partial output shows `together`')], 'partial output', [
    [true, 'its line printed before the signal, kept'],
    [false, 'a probe: a line it never printed'],
  ]);
});

t.test('a run that cannot be the one described is an error, never a verdict', async (t) => {
  const { points } = await runScenarios('round30a-unmade', [
    blockScenario('printed after', 'spec-run exec is sent SIGINT once the first command has printed `late`', ['- run: "sleep 5; echo late"'], 'spec-run exec exits with 130'),
    blockScenario('no sleep', 'spec-run exec is sent SIGINT while the second command is sleeping', twoCommands('echo a'), 'spec-run exec exits with 130'),
    blockScenario('no such command', 'spec-run exec is sent SIGINT while the third command is running', twoCommands('echo a; sleep 5'), 'spec-run exec exits with 130'),
    blockScenario('not three', 'spec-run exec is sent SIGINT while the first of the three commands is running', twoCommands('echo a; sleep 5'), 'spec-run exec exits with 130'),
  ]);
  const failed = points.filter((p) => p.ok === false);
  t.equal(failed.length, 4, 'each scenario fails', { points });
  for (const [i, why] of [/does not print it before it sleeps/, /has no sleep/, /no such command/, /no such command \(2 in all\)/].entries()) t.match(String(failed[i]?.diagnostics?.message ?? ''), why, String(why));
});

t.test('the closing line said in words is its text, where every part is said', async (t) => {
  for (const said of [
    'the last line says it was interrupted by SIGHUP and 1 of 4 commands were not run',
    'the output ends with the run interrupted by SIGHUP, with 1 of 4 commands not run',
    'finally spec-run exec prints that it got interrupted by SIGHUP: 1 of 4 commands not run',
  ]) t.match(closingLineSaid(said), /`interrupted by SIGHUP: 1 of 4 commands not run`/, said);
  for (const said of ['the last line says 1 of 4 commands were not run', 'the last line says it was interrupted by SIGHUP', 'it was interrupted by SIGHUP and 1 of 4 commands failed', 'the last line is `interrupted by SIGHUP: 1 of 4 commands not run`', 'the last line is "interrupted by SIGHUP: 1 of 4 commands not run"'])
    t.equal(closingLineSaid(said), said, `as written: ${said}`);
  t.equal(reading('Then', 'the last line says it was interrupted by SIGINT and 2 of 3 commands were not run or failed'), null, 'a word past the text: unread');
});

t.test('through real runs: the closing line in words, both ways', async (t) => {
  const scenario = (title: string, then: string) => blockScenario(title, 'spec-run exec is sent SIGTERM while the first command is sleeping', ['- run: "echo a; sleep 20"', '- run: "echo b"', '- run: "echo c"'], then);
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round30a-closing',
    [scenario('held', 'the last line says it was interrupted by SIGTERM and 2 of 3 commands were not run'), scenario('probe', 'the last line says it was interrupted by SIGTERM and 1 of 3 commands were not run')],
    'the last line says',
    [
      [true, 'two commands after the first not run'],
      [false, 'a probe: a count the run does not have'],
    ],
  );
});
