// Round 28's classes of clauses attached to a Then's claim (part C): a contrast (", while …", "whereas …"), a concession
// about the command's own exit status, a justification said in general, the writer's own measurement. Each is read
// both ways on sentences written for these tests (none from a batch), through real runs of the executor.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Round 28 attached clauses');
const read = (s: string) => reading('Then', s) ?? '';

t.test('", while B", ", whereas B", "A whereas B": both claims are read and checked', async (t) => {
  for (const [said, first, second] of [
    ['stdout shows `alpha`, while stderr shows `beta`', /on stdout contains "alpha"/, /on stderr contains "beta"/],
    ['the output contains `alpha`, whereas `beta` is never printed', /contains "alpha"/, /not \(.*"beta"/],
    ['the exit code is 3 whereas the run exits with status 3', /exit code == 3/, /spec-run exec's exit status == 3/],
  ] as const) {
    t.match(read(said), first, said);
    t.match(read(said), second, said);
    t.match(read(said), / ∧ /, `${said}: two checks`);
  }
  const streams = (title: string, command: string) => blockScenario(title, 'the configuration is', [`- run: "${command}"`], 'stdout shows `alpha`, whereas stderr shows `beta`');
  await expectBoundVerdicts(t, run, 'round28-contrast', [streams('both', 'echo alpha; echo beta >&2'), streams('first only', 'echo alpha; echo gamma >&2'), streams('second only', 'echo delta; echo beta >&2')], 'whereas', [
    [true, 'both claims hold'],
    [false, 'the contrasted claim is false'],
    [false, 'the main claim is false'],
  ]);
});

t.test('"although the command itself exited with N": the command\'s own status, which a stop replaced in the report', async (t) => {
  for (const said of [
    'the exit code is 124, although the command itself exited with 0',
    'it is reported with exit code 124, even though its own exit status was 0',
    'the command times out with exit code 124 though its trap handler exited with status 0',
    "the exit code is 124, although the command's own exit code was zero",
  ]) t.match(read(said), /exit code == 124 ∧ the command's own process exited with 0 /, said);
  // A contrast naming the status the process itself exited with: the same check.
  for (const said of ['the run exits with 124 rather than the 3 the handler exited with', 'the exit code is 124 and not the 3 that the command itself exited with'])
    t.match(read(said), /124 ∧ the command's own process exited with 3 /, said);
  // Not said as its own ("although the command exited with 0"): no reading takes it for the process's status.
  t.notMatch(read('the exit code is 124, although the command exited with 0'), /own process/);
  const stopped = (title: string, handler: string) =>
    blockScenario(title, 'the configuration is', [`- run: "trap '${handler}' TERM; sleep 5 & wait"`, '  timeout: 1s'], 'the exit code is 124, although the command itself exited with 0');
  await expectBoundVerdicts(t, run, 'round28-own', [stopped('handler exits 0', 'exit 0'), stopped('handler exits 3', 'exit 3')], 'itself', [
    [true, 'the handler ended the process with 0'],
    [false, 'the handler ended it with 3'],
  ]);
  const ran = (title: string, command: string) => blockScenario(title, 'the configuration is', [`- run: "${command}"`], 'the exit code is 0, although the command itself exited with 0');
  await expectBoundVerdicts(t, run, 'round28-own-completed', [ran('exits 0', 'true'), ran('exits 2', 'exit 2')], 'itself', [
    [true, 'a command that ran to its end: its own status is its exit code'],
    [false, 'it exited with 2'],
  ]);
});

t.test('a justification said in general is accounted for, not checked; one about this run is a claim, checked or not read', async (t) => {
  for (const said of [
    'the exit code is 0, since a command that prints nothing still succeeds',
    'the exit code is 0, because an empty output is no failure',
    'the exit code is 0, so that CI does not hang',
    'the exit code is 0, so that a reader can tell whether a run passes',
    'the exit code is 0, as an empty output is no failure',
    'the exit code is 0, since a command without `image:` runs on the host',
  ]) t.match(read(said), /^exit code == 0 \(".*": a justification said in general, no fact of this run, not checked\)$/, said);
  // A reason about this run (a pronoun, a past tense, a text, a number) is a claim: read as one where a fact reads it, never dropped.
  t.match(read('the exit code is 124, because it timed out'), /exit code == 124 ∧ outcome == timeout/);
  for (const said of [
    'the exit code is 0, since the command printed nothing',
    'the exit code is 0, because a line `x` was printed',
    'the exit code is 0, since a command ran 2 times',
    'the exit code is 0, because the deadline was never reached in this run',
    'the exit code is 0, given that CI waited',
    'the exit code is 0, since a command ended early',
    'the exit code is 0, so that a reader can tell the run passed',
    // "as" comparing, no reason: "as a host command would", "as a JSON string".
    'the exit code is 124, as a host command would',
    'the exit code is 124, as a host command does',
    'the command line is shown, as a JSON string',
  ]) t.notMatch(read(said), /justification/, said);
  // "as expected", "as designed": the writer's expectation of the claim, nothing more.
  for (const said of ['the exit code is 0, as expected', 'the exit code is 0 as designed.']) t.match(read(said), /^exit code == 0 \("as (expected|designed)": the writer's expectation of that claim, no claim beyond it\)$/, said);
  const justified = (title: string, command: string) => blockScenario(title, 'the configuration is', [`- run: "${command}"`], 'the exit code is 0, so that CI does not hang');
  await expectBoundVerdicts(t, run, 'round28-justified', [justified('passes', 'true'), justified('fails', 'exit 1')], 'CI does not hang', [
    [true, 'the claim holds'],
    [false, 'the claim is false: the justification makes it no truer'],
  ]);
  // A factual reason that is false fails the step.
  const reason = (title: string, command: string) => blockScenario(title, 'the configuration is', [`- run: "${command}"`, '  timeout: 1s'], 'the run exits with status 124, because it timed out');
  await expectBoundVerdicts(t, run, 'round28-reason', [reason('timed out', 'sleep 5'), reason('own 124', 'exit 124')], 'because it timed out', [
    [true, 'the reason holds'],
    [false, 'the status holds, the reason does not'],
  ]);
});

t.test('"(measured: …)": the writer\'s own measurement of another run is shown, never checked; the claim is', async (t) => {
  for (const said of ['the exit code is 0 (measured: 0.02 s to 0.04 s)', 'the exit code is 0 (observed: 12 ms)', 'the exit code is 0 (measured: about 3 seconds)']) {
    t.match(read(said), /^exit code == 0 \(the writer's own measurement \((measured|observed): .*\) not checked: one run seen, not a claim\)$/, said);
  }
  // Words besides times in it: no measurement alone, not so read.
  t.notMatch(read('the exit code is 0 (measured: 0.02 s on the host)'), /measurement/);
  const measured = (title: string, command: string) => blockScenario(title, 'the configuration is', [`- run: "${command}"`], 'the exit code is 0 (measured: 0.02 s to 0.04 s)');
  await expectBoundVerdicts(t, run, 'round28-measured', [measured('passes', 'true'), measured('fails', 'exit 1')], 'measured', [
    [true, 'the claim holds'],
    [false, 'the claim is false'],
  ]);
});
