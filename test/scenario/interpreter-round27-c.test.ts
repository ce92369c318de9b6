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
