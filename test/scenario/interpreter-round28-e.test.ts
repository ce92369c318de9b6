// Round 28, part E: the places of a run. A directory of the run said as what a command prints, by more subjects ("it
// prints", "`pwd` prints", "the first output line is", "the output is") and more places (a directory in code marks said
// in the project, the directory "which holds" the configuration file); and a directory the run leaves, or does not, on
// the real filesystem ("the folder `out` is created", "no directory `missing` has appeared in the project"). Each is
// read both ways on sentences and configurations written for these tests (none from a batch); a name said with no
// place, or a directory where a file is, is not read so.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 28 places of a run');

t.test('a directory of the run printed: the subjects and places read, and those left unread', async (t) => {
  for (const sentence of [
    "it prints the absolute path of the project's `data` directory",
    'the command outputs the full path of the directory that holds the configuration file',
    '`pwd` prints the project directory',
    'the first output line is the absolute path of the directory which holds the config file',
    'the 2nd line of the output shall be the project root followed by `/x`',
    'the output is the `sub` folder under the project',
    'the output line reads the absolute path of `a/b` inside the project directory',
  ]) t.match(reading('Then', sentence) ?? '', /(?:prints a line that is|output line \d+ of the run is|the run's output is the one line) the (?:project's|configuration file's) directory/, sentence);
  for (const sentence of [
    // a name with no place: which directory `proj` is, only the When could say
    'it prints the absolute path of `proj`',
    // a path that leaves the project
    "it prints the absolute path of the project's `../up` directory",
    // more than one line said of at once
    'both lines of the output are the project directory',
  ]) t.notMatch(reading('Then', sentence) ?? '', /the (?:project's|configuration file's) directory/, sentence);
});

t.test('a directory in the project printed by the one command: true where it ran there, false elsewhere', async (t) => {
  const printed = (run: string) => blockScenario(run, 'the configuration is', [`- run: "${run}"`], "it prints the absolute path of the project's `data/raw` directory");
  await expectBoundVerdicts(t, runScenarios, 'round28e-in-project', [printed('mkdir -p data/raw && cd data/raw && pwd'), printed('mkdir -p data && cd data && pwd')], 'data/raw', [
    [true, 'the command printed data/raw of the project'],
    [false, 'it printed data, a directory above it'],
  ]);
  const byRun = (workdir: string[]) => blockScenario(`pwd ${workdir.length}`, 'the configuration is', ['- run: "pwd"', ...workdir], '`pwd` prints the project directory');
  await expectBoundVerdicts(t, runScenarios, 'round28e-by-run', [byRun([]), byRun(['  workdir: /tmp'])], 'prints the project', [
    [true, 'pwd ran in the project'],
    [false, 'it ran in /tmp, outside the project'],
  ]);
});

t.test("an output line said to be the configuration file's directory: the line at that place, not any line", async (t) => {
  const lines = (...runs: string[]) => blockScenario(runs.join(' '), 'the configuration is', runs.map((run) => `- run: "${run}"`), 'the second output line is the absolute path of the directory which holds the configuration file');
  await expectBoundVerdicts(t, runScenarios, 'round28e-output-line', [lines('echo first', 'pwd'), lines('pwd', 'echo second')], 'second output line', [
    [true, "the second line of the run's output is the directory"],
    [false, 'the directory is the first line, the second another text'],
  ]);
});

t.test('the output of a container command as a directory under the project: /workspace and under it', async (t) => {
  // The host command makes `sub` first; it prints nothing, so the container's line is the run's one line of output.
  const inContainer = (workdir: string) => blockScenario(workdir, 'the configuration is', ['- run: "mkdir -p sub"', '- run: "pwd"', '  image: spec-run/busybox:local', `  workdir: ${workdir}`], 'the output is the `sub` folder under the project');
  await expectBoundVerdicts(t, runScenarios, 'round28e-container', [inContainer('/workspace/sub'), inContainer('/workspace')], 'folder under', [
    [true, 'the container command ran in /workspace/sub'],
    [false, 'it ran in /workspace, the project itself'],
  ]);
});

t.test('a directory the run leaves, read on the filesystem after the run', async (t) => {
  for (const sentence of [
    'the folder `out/deep` is created',
    'the `out` directory is made afterwards',
    'a new directory `out` exists after the run',
    'no directory `missing` has appeared in the project afterwards',
    'the folder `tmp` does not exist after the run',
    'there is no directory `tmp`',
  ]) t.match(reading('Then', sentence) ?? '', /^(?:a|no) directory \S+ exists after the run \(/, sentence);
  for (const sentence of [
    // a directory said with no name
    'the directory is created',
    // a path out of the run's directory
    'the directory `../x` is created',
  ]) t.equal(reading('Then', sentence), null, sentence);

  const made = (run: string) => blockScenario(run, 'the configuration is', [`- run: "${run}"`], 'the folder `out/deep` is created');
  await expectBoundVerdicts(t, runScenarios, 'round28e-made', [made('mkdir -p out/deep'), made('mkdir -p out'), made('mkdir out && touch out/deep')], 'is created', [
    [true, 'the command made out/deep'],
    [false, 'it made out only'],
    [false, 'out/deep is a file, no directory'],
  ]);
  const missing = (run: string) => blockScenario(run, 'the configuration is', [`- run: "${run}"`], 'no directory `missing` has appeared in the project afterwards');
  await expectBoundVerdicts(t, runScenarios, 'round28e-missing', [missing('true'), missing('mkdir missing')], 'has appeared', [
    [true, 'nothing was made'],
    [false, 'the command made it'],
  ]);
});

t.test('a directory left and a clause after "and": both read, each of its own', async (t) => {
  const sentence = 'the directory `out` is created and `out/x.txt` is created';
  t.match(reading('Then', sentence) ?? '', /^a directory out exists after the run .* ∧ a file out\/x\.txt exists after the run/, 'the clause after "and" is read on its own');
  t.equal(reading('Then', 'the directory `out` is created and the flux capacitor hums'), null, 'an unread clause leaves the sentence unread');
  const both = (run: string) => blockScenario(run, 'the configuration is', [`- run: "${run}"`], sentence);
  await expectBoundVerdicts(t, runScenarios, 'round28e-and', [both('mkdir out && touch out/x.txt'), both('mkdir out')], 'is created and', [
    [true, 'the directory and the file are there'],
    [false, 'the file is not'],
  ]);
});

t.test('a file said to be one, with or without an extension, and where it is', async (t) => {
  for (const sentence of [
    'no file called `never-ran` appears',
    'no file `marker` is created',
    'we end up with a file called `done-flag`',
    'the run leaves behind a file named `stamp`',
    'no file `ran.txt` exists in the project afterwards',
    'no file `audit` shall exist after the run',
    'the file `stamp` should not exist',
  ]) t.match(reading('Then', sentence) ?? '', /^(?:a|no) file \S+ exists after the run \(/, sentence);
  t.equal(reading('Then', 'we end up with `done-flag`'), null, 'a name said with no kind is not read as a file');

  const left = (run: string) => blockScenario(run, 'the configuration is', [`- run: "${run}"`], 'we end up with a file called `done-flag`');
  await expectBoundVerdicts(t, runScenarios, 'round28e-file', [left('touch done-flag'), left('true'), left('mkdir done-flag')], 'end up with', [
    [true, 'the command made the file'],
    [false, 'nothing was made'],
    [false, 'a directory of that name is no file'],
  ]);
  const none = (run: string) => blockScenario(run, 'the configuration is', [`- run: "${run}"`], 'no file called `never-ran` appears in the project');
  await expectBoundVerdicts(t, runScenarios, 'round28e-no-file', [none('true'), none('touch never-ran')], 'never-ran', [
    [true, 'nothing was made'],
    [false, 'the command made it'],
  ]);
});
