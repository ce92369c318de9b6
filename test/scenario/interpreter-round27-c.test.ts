// Round 27's classes of the report's counts of output lines said in words, never quoted (part C): how many lines it
// shows of how many, how many a stream lost, how many the byte cap counted and did not keep. Each read both ways on
// sentences and commands written for these tests (none from a batch), through real runs of the executor.
import t from 'tap';
import { blockScenario, expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Round 27 counts of lines');
/** The runner, checking that every step of its scenarios is bound: a false verdict is the sentence's, never a step left unread. */
const runScenarios = async (name: string, scenarios: string[][]) => {
  const result = await run(name, scenarios);
  t.same(result.points.filter((p) => p.todo !== undefined).map((p) => p.name), [], `${name}: every step bound`);
  return result;
};

t.test('"it shows N of M output lines" in the writer\'s words is the summary line, its numbers and its "last"', async (t) => {
  const read = (s: string) => reading('Then', s) ?? '';
  for (const said of [
    "the footer says it's showing 5 of 20 output lines",
    'the report states that 5 out of 20 lines are shown',
    'the summary line reads 5 of 20 output lines are displayed',
    'the second step\'s report shows 5 of 20 lines',
    '5 of 20 output lines have been kept',
    'it is showing five of 20 lines of output',
  ]) t.match(read(said), /it shows 5 of 20 output lines: "\(Showing 5 of 20 output lines\)"/, said);
  t.match(read('the trailer should say that the last 3 of 41 output lines are being shown'), /3 of 41 output lines, the last ones: "\(Showing the last 3 of 41/);
  t.match(read('the second step\'s report shows 5 of 20 lines'), /^command 2: /);
  t.match(read('the last job\'s tally says it keeps the first 2 of 9 lines'), /^the last command: .*2 of 9 output lines, the first ones/);
  // All lines shown is no summary the report prints; a place the shape does not name, or a negation, is not read so.
  t.notMatch(read('the report says it shows 20 of 20 output lines'), /Showing/);
  t.notMatch(read('the report never says it shows 5 of 20 output lines'), /it shows 5 of 20/);
  t.notMatch(read('a line under them says it shows 5 of 20 output lines'), /it shows 5 of 20/);
  const limited = (title: string, extra: string[], then: string) => blockScenario(title, 'the configuration is', ['- run: "seq 1 20"', ...extra], then);
  const footer = "the footer says it's showing 5 of 20 output lines";
  await expectVerdicts(t, runScenarios, 'round27-shown', [limited('five kept', ['  maxOutputLines: 5'], footer), limited('four kept', ['  maxOutputLines: 4'], footer), limited('all kept', [], footer)], 'footer says', [
    [true, 'five of twenty lines are shown'],
    [false, 'four are shown'],
    [false, 'all are shown: no such line'],
  ]);
  const last = 'the report says that the last 5 of 20 output lines are being shown';
  await expectVerdicts(t, runScenarios, 'round27-shown-last', [limited('tail', ['  maxOutputLines: 5', '  keepOutput: tail'], last), limited('head', ['  maxOutputLines: 5'], last)], 'the last 5 of 20', [
    [true, 'the last five are kept'],
    [false, 'the first five are kept'],
  ]);
});

t.test('"stdout had N lines omitted", "both stdout and stderr say N lines omitted": the streams\' omission lines', async (t) => {
  const read = (s: string) => reading('Then', s) ?? '';
  t.match(read('a line says stdout had 15 lines omitted'), /^some command: the report has "stdout: \.\.\. \(15 lines omitted\)"$/);
  t.match(read('the report says 3 stderr lines were left out'), /"stderr: \.\.\. \(3 lines omitted\)"/);
  t.match(read('1 line of standard output was omitted'), /"stdout: \.\.\. \(1 line omitted\)"/);
  t.match(read('stdout and stderr each had 2 lines omitted'), /"stdout: \.\.\. \(2 lines omitted\)" and "stderr: \.\.\. \(2 lines omitted\)"/);
  // Where the line stands ("under them") is not read by this shape: left unread, never read without it.
  t.notMatch(read('a line under them says stdout had 15 lines omitted'), /15 lines omitted/);
  const both = 'both stdout and stderr say 2 lines omitted';
  const streams = (title: string, run: string) => blockScenario(title, 'the configuration is', [`- run: "${run}"`, '  maxOutputLines: 2'], both);
  await expectVerdicts(t, runScenarios, 'round27-omitted', [streams('two each', 'seq 1 4; seq 101 104 >&2'), streams('three on stdout', 'seq 1 5; seq 101 104 >&2'), streams('stdout only', 'seq 1 4')], 'both stdout and stderr', [
    [true, 'each stream lost two lines'],
    [false, 'stdout lost three'],
    [false, 'stderr lost none'],
  ]);
  const second = "the second job's report says stdout had 3 lines omitted";
  const jobs = (title: string, first: string, then: string) => blockScenario(title, 'the configuration is', [`- run: "${first}"`, '  maxOutputLines: 2', '- run: "seq 1 5"', '  maxOutputLines: 2'], then);
  await expectVerdicts(t, runScenarios, 'round27-omitted-second', [jobs('second', 'seq 1 4', second), jobs('first only', 'seq 1 5', "the second job's report says stdout had 2 lines omitted")], "the second job's report", [
    [true, 'the second command lost three lines'],
    [false, 'the first lost two, the second three'],
  ]);
});

t.test('"D more of the M lines were counted but not kept": the byte cap\'s note, its numbers and which lines it kept', async (t) => {
  t.match(reading('Then', 'the report says that 7 more of the 40 lines were counted but not kept') ?? '', /cap note says "7 more of 40 lines were counted, not kept"/);
  t.match(reading('Then', 'the first 7 of 40 output lines were counted, not kept') ?? '', /cap note says "the first 7 of 40 lines were counted, not kept"/);
  // Both runs print the same 300000 lines; the cap keeps as many bytes of each, the first lines of one and the last of the other.
  const capped = (title: string, keep: string[], then: string) => blockScenario(title, 'the configuration is', ['- run: "seq 1 300000"', ...keep], then);
  await expectVerdicts(t, runScenarios, 'round27-capped', [capped('head', [], 'the report says that 106720 more of the 300000 lines were counted but not kept'), capped('tail', ['  keepOutput: tail'], 'the report says that 106720 more of the 300000 lines were counted but not kept'), capped('tail first', ['  keepOutput: tail'], 'the first 125238 of 300000 lines were counted, not kept')], 'counted', [
    [true, 'the first lines were kept, the rest counted'],
    [false, 'the last lines were kept: it is the first ones that were counted, and another number'],
    [true, 'the first lines of a tail were counted, not kept'],
  ]);
});

t.test("the executor's notices paraphrased: a speaker, a verb of saying, and one notice's facts, each checked", async (t) => {
  const read = (s: string) => reading('Then', s) ?? '';
  t.match(read('a note says the container was removed'), /^every container command \(one at least\): a notice is `container <its container's name> removed`$/);
  t.match(read('there is a note that the box has been removed'), /`container <its container's name> removed`/);
  t.match(read('the report does not mention that the container was removed'), /^every command: no notice is `container <its container's name> removed`$/);
  t.match(read('a notice records how long the container took from its creation to its removal'), /`the container took <time> from its creation/);
  t.match(read('a note explains what happened: a process of the command was killed at the memory limit (32m), and the command went on and exited with 3'), /`a process of the command was killed at the memory limit \(32m\); the command went on and exited with 3`/);
  t.match(read('the note states that the command handled SIGTERM and exited with 9 within the grace period'), /exited with 9 within the grace period; …`/);
  t.match(read('the second step\'s note says image alpine mapped to local spec-run/busybox:local'), /^command 2: a notice is `image alpine mapped to local spec-run\/busybox:local`$/);
  t.match(read('a note says the output was truncated because the command timed out'), /`\(output truncated - timed out before completion\)`/);
  // A notice's facts in part of a sentence that says more, or facts of no notice, are not read here.
  t.notMatch(read('a note says the container was removed and the command failed'), /a notice is/);
  t.notMatch(read('a note says the command ran there'), /a notice is/);
  t.notMatch(read('each report is preceded by a note that its container was removed'), /a notice is/);
  const noted = (title: string, lines: string[], ...thens: string[]) => blockScenario(title, 'the configuration is', lines, ...thens);
  const outside = 'a note says the workdir /tmp is outside the project and that the command ran there';
  await expectVerdicts(t, runScenarios, 'round27-workdir', [noted('in /tmp', ['- run: "pwd"', '  workdir: /tmp'], outside), noted('in /var', ['- run: "pwd"', '  workdir: /var'], outside), noted('in the project', ['- run: "pwd"'], outside)], 'outside the project', [
    [true, 'the command ran in /tmp, outside the project'],
    [false, 'another directory outside the project'],
    [false, 'the command ran in the project: no such note'],
  ]);
  const replaced = "the second command's note says env: replaces SPEC_RUN_CONFIG_DIR, followed by the directory it would have named";
  const env = (title: string, second: string[]) => noted(title, ['- run: "true"', ...second], replaced);
  await expectVerdicts(t, runScenarios, 'round27-env', [env('replaced', ['- run: "true"', '  env:', '    SPEC_RUN_CONFIG_DIR: x']), env('own variable', ['- run: "true"', '  env:', '    OTHER_DIR: x'])], 'env: replaces', [
    [true, 'the second command sets the variable the executor would set'],
    [false, 'it sets another variable: no such note'],
  ]);
  const stopped = 'the report says the processes the command left running were stopped';
  const denied = 'no note says the processes the command left running were stopped';
  await expectVerdicts(t, runScenarios, 'round27-stopped', [noted('left running', ['- run: "sleep 30 & echo started"'], stopped), noted('nothing left', ['- run: "echo started"'], stopped), noted('denied, nothing left', ['- run: "echo started"'], denied), noted('denied, left running', ['- run: "sleep 30 & echo started"'], denied)], 'left running were stopped', [
    [true, 'a process left running was stopped'],
    [false, 'nothing was left running'],
    [true, 'no such note, as said'],
    [false, 'the note is there'],
  ]);
  const removed = 'a note says the container was removed';
  await expectVerdicts(t, runScenarios, 'round27-container', [noted('in a container', ['- run: "echo boxed"', '  image: spec-run/busybox:local'], removed), noted('on the host', ['- run: "echo plain"'], removed)], 'container was removed', [
    [true, 'the command ran in a container, removed after it'],
    [false, 'no container: no such note'],
  ]);
});
