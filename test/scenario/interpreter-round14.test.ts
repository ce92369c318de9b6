// Round 14: classes of language from all 26 batches' unbound steps (the held-out README,
// "Round 14"). Each class is tested on sentences written for these tests (none from a
// batch), read both ways, and against real runs where a reading could be checked wrongly.
import t from 'tap';
import { inExecutorTerms } from '../../src/run/scenario/interpreter/own-terms.js';
import { blockScenario, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 14');

/** A scenario of WHEN and THEN bullets. */
const bulletScenario = (title: string, when: string, ...thens: string[]) => [`#### Scenario: ${title}`, `- **WHEN** ${when}`, ...thens.map((then) => `- **THEN** ${then}`)];

t.test("a writer's own nouns for a command and the host are the executor's", (t) => {
  t.equal(inExecutorTerms('the build step fails and the next stage is skipped'), 'the command fails and the next command is skipped');
  t.equal(inExecutorTerms("The Step's report"), "The Command's report");
  t.equal(inExecutorTerms('all pipeline stages run on the build agent'), 'all commands run on the host');
  t.equal(inExecutorTerms('a CI step runs on the CI machine'), 'a command runs on the host');
  t.equal(inExecutorTerms('The console log opens with it, and the screen shows it'), 'The report opens with it, and the report shows it');
  t.equal(inExecutorTerms('a note in the terminal output'), 'a note in the report');
  // "no later line" orders lines (round 28: no line after the set is shown); it says nothing of a stop.
  t.match(reading('Then', 'the console log shows the stdout lines 1 to 3 and no later stdout line'), /^some command: .*no line on stdout after "3" shown/);
  t.notMatch(reading('Then', 'the console log shows the stdout lines 1 to 3 and no later stdout line') ?? '', /timeout|stop|terminat/);
  // spec-run's own diagnostics are on its stderr, which no record holds, in whatever words the report is said in.
  t.equal(reading('Then', 'the screen shows `spec-run: SIGTERM: stopping what runs`, then `Error: x`'), null);
  // As written: quoted text, a name in capitals, a word glued to another, a verb after "to".
  t.equal(inExecutorTerms('the output holds `step two` and "stage one"'), 'the output holds `step two` and "stage one"');
  t.equal(inExecutorTerms('the variable STAGE is set'), 'the variable STAGE is set');
  t.equal(inExecutorTerms('a step-by-step guide sets stage=ci'), 'a step-by-step guide sets stage=ci');
  t.equal(inExecutorTerms('it is ready to stage'), 'it is ready to stage');
  // A plain "agent" (the writer's AI agent as often as a machine) and a "job" (the whole run) are not renamed.
  t.equal(inExecutorTerms('the agent sees the job fail'), 'the agent sees the job fail');
  t.end();
});

t.test('sentences in those nouns read as the same sentences in the executor nouns', (t) => {
  const same = (keyword: 'When' | 'Then', own: string, executor: string) => {
    const a = reading(keyword, own);
    t.not(a, null, own);
    t.equal(a, reading(keyword, executor), `${own} / ${executor}`);
  };
  same('When', 'a pipeline step runs `exit 4` on the build agent', 'a command runs `exit 4` on the host');
  same('When', 'a stage with `timeout: 1s` runs `sleep 9`', 'a command with `timeout: 1s` runs `sleep 9`');
  same('Then', 'the stage is stopped after about 1 second', 'the command is stopped after about 1 second');
  same('Then', "the second step's report begins with `Error: x`", "the second command's report begins with `Error: x`");
  same('Then', 'no step runs', 'no command runs');
  same('Then', 'the build step runs on the build agent', 'the command runs on the host');
  same('Then', 'the step exits with code 6', 'the command exits with code 6');
  // Still not read where the executor's noun is not.
  t.equal(reading('Then', 'the step is permitted to finish'), null);
  t.equal(reading('Then', 'the agent is told the step failed'), null);
  t.end();
});

t.test('"no such directory" names the value said before it, never the command line the sentence runs', (t) => {
  t.match(reading('When', 'a host command with `workdir: absent-dir` runs `pwd` and the project holds no such directory'), /absent-dir does not exist before the run/);
  t.notMatch(reading('When', 'a host command with `workdir: absent-dir` runs `pwd` and the project holds no such directory') ?? '', /pwd does not exist/);
  t.match(reading('When', 'a command runs `ls` with `workdir: gone` and no such directory exists'), /gone does not exist before the run/);
  t.end();
});

t.test('every command ran, and how many', (t) => {
  t.equal(reading('Then', 'all four commands run'), 'every command of the configuration ran its line (4 commands)');
  t.equal(reading('Then', 'every command is executed'), 'every command of the configuration ran its line');
  t.equal(reading('Then', 'both commands ran'), 'every command of the configuration ran its line (2 commands)');
  t.equal(reading('Then', '2 commands run'), 'every command of the configuration ran its line (2 commands)');
  // Not read as it: a place, an order, a negation; "not every" is no "none".
  t.not(reading('Then', 'each command runs in a container'), 'every command of the configuration ran its line');
  t.equal(reading('Then', 'all four commands run one after another in order'), null);
  t.equal(reading('Then', 'not all commands run'), null);
  t.equal(reading('Then', 'either command runs'), null);
  t.end();
});

t.test('"listed as" frames a text as "reported as" does', (t) => {
  t.match(reading('Then', 'the problem is listed as `stop.commands[0].run: is required`'), /contains "stop\.commands\[0\]\.run: is required"/);
  t.equal(reading('Then', 'the second is listed as'), null);
  t.end();
});

t.test('through the CLI: a step in the writer\'s nouns holds where the command does, and fails where it does not', async (t) => {
  const { points, passes, byName } = await runScenarios('round14-own-nouns', [
    bulletScenario('a failing build step', 'a build step runs `echo building; exit 4` on the build agent', 'the step fails with exit code 4', 'the build step ran on the build agent'),
    bulletScenario('a step said to pass', 'a stage runs `exit 5`', 'the stage completes with exit code 0'),
    blockScenario('all ran', 'the commands are', ['- run: "echo a"', '- run: "exit 3"', '- run: "echo c"'], 'all three commands run'),
    blockScenario('a count of another run', 'the commands are', ['- run: "echo a"', '- run: "echo b"'], 'all three commands run'),
    blockScenario('one could not run', 'the commands are', ['- run: "echo a"', '- run: "echo b"', '  workdir: not-there'], 'every command runs'),
  ]);
  t.ok(passes('the step fails with exit code 4'), 'the exit code of the step', { points });
  t.ok(passes('the build step ran on the build agent'), 'on the host');
  t.equal(byName('the stage completes with exit code 0')?.ok, false, 'a step that failed does not complete with 0');
  t.ok(passes('all three commands run'), 'three of three ran, a failure among them');
  t.equal(points.filter((p) => p.name.includes('all three commands run') && p.ok === false).length, 1, 'two commands are not three');
  t.equal(byName('every command runs')?.ok, false, 'a command whose working directory is missing never ran its line');
});

t.test("an error's message that opens with a field's path is never taken for a command line", (t) => {
  t.notMatch(reading('Then', 'the error is reported as `stop.commands[2].timeout: is required`') ?? '', /the command fails/);
  t.notMatch(reading('Then', 'the failure is given as `stop.defaultTimeout: must be a duration`') ?? '', /the command fails/);
  // A command line with a colon in it is still one.
  t.match(reading('Then', '`echo a: b` fails'), /^`echo a: b`: the command fails/);
  t.end();
});

t.test('"the process exits with N": the one command where one ran, spec-run exec where several did', async (t) => {
  t.match(reading('Then', 'the process exits with 7'), /^the process's exit status == 7/);
  t.notMatch(reading('Then', 'the process is stopped') ?? '', /exit status/);
  const { points, passes, byName } = await runScenarios('round14-the-process', [
    blockScenario('one command', 'the only command is', ['- run: "exit 6"'], 'the process exits with 6'),
    blockScenario('several commands', 'the commands are', ['- run: "exit 3"', '- run: "echo fine"'], 'all commands run, and the process exits with 3'),
    blockScenario('several, another status', 'the commands are', ['- run: "exit 4"', '- run: "echo fine"'], 'the process exits with 0'),
  ]);
  t.ok(passes('the process exits with 6'), 'the one command', { points });
  t.ok(passes('the process exits with 3'), "spec-run exec's status, the first failure's, though the second command exited 0");
  t.equal(byName('the process exits with 0')?.ok, false, 'not the last command\'s 0');
});

t.test('through the CLI: the console log is the report, progress marks are one command each, and a refused configuration ran no command', async (t) => {
  const { points, passes, byName } = await runScenarios('round14-report-nouns', [
    blockScenario('a success on the screen', 'the only command is', ['- run: "echo hi"'], 'the screen shows `OK: command succeeded` followed by `Exit Code: 0`'),
    blockScenario('a failure said of the console', 'the only command is', ['- run: "echo hi"'], 'the console log shows `Error: Command failed`'),
    blockScenario('marks', 'the commands are', ['- run: "echo a"', '- run: "exit 2"', '- run: "echo c"'], 'all three commands run, announced as `[1/3]`, `[2/3]` and `[3/3]`'),
    blockScenario('marks of another run', 'the commands are', ['- run: "echo a"', '- run: "echo b"'], 'the commands are announced as `[1/3]`, `[2/3]` and `[3/3]`'),
    blockScenario('refused', 'the only command is', ['- run: "echo a"', '  timeout: 5'], 'the exit status is 2 and the build step is not run'),
  ]);
  t.ok(passes('the screen shows OK: command succeeded'), "the screen is all spec-run exec printed, not the command's output", { points });
  t.equal(byName('the console log shows Error: Command failed')?.ok, false, 'not a text it did not print');
  t.ok(passes('announced as [1/3], [2/3] and [3/3]'), 'each mark on its own command');
  t.equal(byName('the commands are announced as [1/3]')?.ok, false, 'three marks are not two commands');
  t.ok(passes('the build step is not run'), 'a refused configuration runs no command');
});
