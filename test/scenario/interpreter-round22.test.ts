// Round 22's classes, each read both ways on sentences and commands written for these tests (none
// from a batch): a unit of work counted or placed ("the second job", "both jobs") is a command of
// the list, while a job alone stays the run; the tool a writer's domain names the executor by (a
// course's grader) is spec-run exec, and the role who reads what it shows (a TA) is its reader; the
// heading of a configuration's refusal is a line of all the run printed, never a command's echo of
// it; among a command's own lines a path alone is a whole line, never the start of a longer path.
import t from 'tap';
import { blockScenario, expectVerdicts, reading, scenariosRunner, sectionScenario } from './cli-points.js';
import { inExecutorTerms } from '../../src/run/scenario/interpreter/own-terms.js';

const runScenarios = scenariosRunner('Round 22');

t.test('a unit of work counted or placed is a command of the list; alone, it is the run', async (t) => {
  t.match(reading('Then', 'the third job prints `gamma`') ?? '', /^the command 3: /);
  t.equal(reading('Then', 'both jobs succeed'), reading('Then', 'both commands succeed'));
  t.match(reading('Then', 'both jobs succeed') ?? '', /^every command \(2 of them\)/);
  t.match(reading('Then', 'the job exits with status 4') ?? '', /^spec-run exec's exit status == 4$/);
  // A file named after jobs is no noun of the run.
  t.match(inExecutorTerms('the first job writes jobs.yaml and job-list.txt'), /^the first command writes jobs\.yaml and job-list\.txt$/);
  const { points } = await runScenarios('round22-jobs', [
    blockScenario('placed', 'the configuration is', ['- run: "echo alpha"', '- run: "echo beta"'], 'the second job prints `beta`', 'the second job prints `alpha`'),
    blockScenario('counted', 'the configuration is', ['- run: "true"', '- run: "exit 3"'], 'both jobs succeed'),
  ]);
  t.equal(points.find((p) => p.name.includes('second job prints beta'))?.ok, true, "the second command's line", { points });
  t.equal(points.find((p) => p.name.includes('second job prints alpha'))?.ok, false, "the first command's line is not the second's", { points });
  t.equal(points.find((p) => p.name.includes('both jobs succeed'))?.ok, false, 'one of the two commands failed', { points });
});

t.test("the tool a writer's domain names the executor by is spec-run exec; the role reading it is its reader", async (t) => {
  t.equal(reading('Then', 'the grader exits with code 3'), "spec-run exec's exit status == 3");
  t.equal(reading('Then', 'the autograder exits with code 3'), "spec-run exec's exit status == 3");
  t.match(reading('Then', 'the TA sees `tally: 7`') ?? '', /the messages name "tally: 7"/);
  const { points } = await runScenarios('round22-grader', [
    blockScenario('graded', 'the grader runs this configuration', ['- run: "echo tally: 7; exit 3"'], 'the grader exits with code 3', 'the TA sees `tally: 7`'),
    // A step after a failed one is not run: each false reading stands in its own scenario.
    blockScenario('another code', 'the grader runs this configuration', ['- run: "echo tally: 7; exit 3"'], 'the grader exits with code 0'),
    blockScenario('another text', 'the grader runs this configuration', ['- run: "echo tally: 7; exit 3"'], 'the TA sees `tally: 8`'),
  ]);
  const verdict = (part: string) => points.find((p) => p.name.includes(part))?.ok;
  t.equal(verdict('exits with code 3'), true, 'the status spec-run exec exited with', { points });
  t.equal(verdict('exits with code 0'), false, 'not another status', { points });
  t.equal(verdict('tally: 7'), true, 'a text the run shows', { points });
  t.equal(verdict('tally: 8'), false, 'a text it does not show', { points });
});

t.test("the heading of a configuration's refusal is the first line of all the run printed, never a command's echo of it", async (t) => {
  t.match(reading('Then', 'the first line printed is `Error: invalid configuration gate.yaml:`') ?? '', /^line 1 of all spec-run exec printed == /);
  // Any other first line, said of no place, may still be the output's, the report's or the run's.
  t.match(reading('Then', 'the first line printed is `ready`') ?? '', /the output shown, or of the report, or of all spec-run exec printed/);
  await expectVerdicts(t, runScenarios, 'round22-refusal', [
    sectionScenario('refused', 'the run is started with `spec-run exec gate.yaml` and the file is', ['commands: []'], 'the first line printed is `Error: invalid configuration gate.yaml:`'),
    blockScenario('echoed', 'the configuration is', ['- run: "echo \'Error: invalid configuration gate.yaml:\'; exit 2"'], 'the first line printed is `Error: invalid configuration gate.yaml:`'),
  ], 'first line printed', [
    [true, 'the refusal opens what the run printed'],
    [false, "a command's echo comes after its announcement"],
  ]);
});

t.test("among a command's own lines a path alone is a whole line, never the start of a longer path", async (t) => {
  t.match(reading('Then', 'the output shows `/opt/data`, then `done`') ?? '', /\(a path alone, a whole line\)/);
  // A text that is no path alone is sought within the lines, as before.
  t.notMatch(reading('Then', 'the output shows `data=/opt/data`, then `done`') ?? '', /a path alone/);
  await expectVerdicts(t, runScenarios, 'round22-paths', [
    blockScenario('whole', 'the configuration is', ['- run: "echo /opt/data; echo done"'], 'the output shows `/opt/data`, then `done`'),
    blockScenario('longer', 'the configuration is', ['- run: "echo /opt/data/extra; echo done"'], 'the output shows `/opt/data`, then `done`'),
  ], '/opt/data', [
    [true, 'the path printed as a line'],
    [false, 'a longer path does not hold it'],
  ]);
});

t.test('a directory named by an absolute path of another machine is compared as the fresh directory the run used for it', async (t) => {
  const when = 'the run is `spec-run exec /srv/etl/shared.yaml --project /srv/data` and the file is';
  const commands = ['- run: "pwd; echo cfg=$SPEC_RUN_CONFIG_DIR"'];
  const { points } = await runScenarios('round22-stand-ins', [
    blockScenario('as named', when, commands, 'the command prints `/srv/data`', 'the command prints `cfg=/srv/etl`'),
    // The project's directory is not the configuration's: each false reading in its own scenario.
    blockScenario('project as the configuration', when, commands, 'the command prints `/srv/etl`'),
    blockScenario('configuration as the project', when, commands, 'the command prints `cfg=/srv/data`'),
  ]);
  const verdict = (part: string) => points.find((p) => p.name.endsWith(part))?.ok;
  t.equal(verdict('prints /srv/data'), true, 'the project the run used, by the name the scenario gave it', { points });
  t.equal(verdict('prints cfg=/srv/etl'), true, "the configuration's directory, by its name", { points });
  t.equal(verdict('prints /srv/etl'), false, "the configuration's directory is not where the command ran", { points });
  t.equal(verdict('prints cfg=/srv/data'), false, "the project is not the configuration's directory", { points });
});

t.test("a part every command has once, placed by an ordinal, is that command's part", async (t) => {
  t.equal(reading('Then', 'the second header ends with `(timeout 7s, from command)`'), reading('Then', "the second command's header ends with `(timeout 7s, from command)`"));
  t.match(reading('Then', 'the second header ends with `(timeout 7s, from command)`') ?? '', /^the command 2: the announcement line/);
  // A line of the output by its place is no command's part.
  t.notMatch(reading('Then', 'the first output line is `x`') ?? '', /command 1/);
  await expectVerdicts(t, runScenarios, 'round22-parts', [
    blockScenario('placed', 'the configuration is', ['- run: "echo a"', '- run: "echo b"', '  timeout: 7s'], 'the second header ends with `(timeout 7s, from command)`'),
    blockScenario('another', 'the configuration is', ['- run: "echo a"', '- run: "echo b"', '  timeout: 7s'], 'the first header ends with `(timeout 7s, from command)`'),
  ], 'header ends with', [
    [true, "the second command's announcement"],
    [false, "the first command's has the built-in default"],
  ]);
});

t.test('a job alone after a clause that placed a command is that command again; with none placed, it is the run', async (t) => {
  t.match(reading('Then', 'the third command prints `x` and the job exits with code 4') ?? '', /the command 3: exit code == 4/);
  t.match(reading('Then', 'the job exits with code 4') ?? '', /^spec-run exec's exit status == 4$/);
  const { points } = await runScenarios('round22-back', [
    blockScenario('back', 'the configuration is', ['- run: "echo a; exit 4"', '- run: "echo b"'], 'the first job prints `a` and the job exits with code 4'),
    blockScenario('not the run', 'the configuration is', ['- run: "echo a; exit 4"', '- run: "echo b"'], 'the second job prints `b` and the job exits with code 4'),
  ]);
  t.equal(points.find((p) => p.name.includes('first job prints'))?.ok, true, "the first command's code", { points });
  t.equal(points.find((p) => p.name.includes('second job prints'))?.ok, false, "the second command's code is 0, though the run's is 4", { points });
});
