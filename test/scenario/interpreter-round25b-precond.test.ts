// Round 25b's precondition classes, each read both ways on sentences and commands written for these tests
// (none from a batch). A scenario's pre-condition in prose, a paragraph labelled "Pre-condition:" before its
// When paragraph, is set up exactly (the files and directories the project holds, with their text; a file
// said not to exist, which a fresh directory holds nowhere) or leaves every step of the scenario unbound,
// naming its words: never dropped. The project directory a scenario runs in is readable by others, as a
// checkout is, so a container command with another `user:` reads its files.
import t from 'tap';
import { blockScenario, expectVerdicts, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 25b precond');

/** A scenario whose pre-condition paragraph PRECONDITION stands before its When paragraph, over a YAML block of COMMANDS, with its numbered THENS. */
const preconditioned = (title: string, precondition: string, commands: string[], ...thens: string[]) => {
  const [heading, ...rest] = blockScenario(title, 'the operator runs the configuration below', commands, ...thens);
  return [heading, precondition, '', ...rest];
};

t.test('a file the pre-condition says the project holds is made, with the text said', async (t) => {
  const held = (text: string) => preconditioned(`holds ${text}`, `Pre-condition: the project folder (the folder of the configuration file) holds a file \`greeting.txt\` containing the text \`${text}\`.`, ['- run: "cat greeting.txt"'], 'The output shows `good morning`.');
  await expectVerdicts(t, runScenarios, 'round25b-precond-file', [held('good morning'), held('good night')], 'The output shows', [
    [true, 'the file holds the text the Then looks for'],
    [false, 'the file holds another text: the pre-condition was set up as said, not as the Then wants'],
  ]);
});

t.test('a directory said to exist under the project is made; a file said not to exist needs nothing', async (t) => {
  const workdir = (dir: string) => preconditioned(`dir ${dir}`, `Preconditions: a directory \`${dir}\` exists under the project.`, ['- run: "pwd"', '  workdir: logs/today'], 'The executor exits with code 0.');
  await expectVerdicts(t, runScenarios, 'round25b-precond-dir', [workdir('logs/today'), workdir('logs/yesterday')], 'exits with code 0', [
    [true, 'the working directory exists: the pre-condition made it'],
    [false, 'another directory was made, so the working directory is missing (125)'],
  ]);
  const absent = (precondition: string) => preconditioned(precondition, precondition, ['- run: "test ! -e stamp.txt"'], 'The executor exits with code 0.');
  await expectVerdicts(t, runScenarios, 'round25b-precond-absent', [absent('Precondition: `stamp.txt` does not exist.'), absent('Pre-condition: the project holds `stamp.txt`.')], 'exits with code 0', [
    [true, 'a file said not to exist is not there'],
    [false, 'a file said to be held is there'],
  ]);
});

t.test('a pre-condition not read leaves every step of its scenario unbound, naming its words', async (t) => {
  const { points } = await runScenarios('round25b-precond-unread', [
    preconditioned('unread', 'Pre-condition: the staging cluster is drained and `node-7` is cordoned.', ['- run: "true"'], 'The executor exits with code 0.'),
  ]);
  const step = points.find((p) => p.name.includes('exits with code 0'));
  t.ok(step?.todo, 'the Then is undefined, not checked of a run without the pre-condition', { points });
  t.notOk(points.some((p) => p.ok && !p.todo && !p.skip && /exits with code/.test(p.name)), 'nothing passes');
});

t.test("the project directory is readable by others, as a checkout is: a container command run as another user reads its files", async (t) => {
  const container = (user: string) =>
    preconditioned(`as ${user}`, 'Pre-condition: the project holds `probe.txt` with the text `visible`.', ['- run: "cat probe.txt"', '  image: spec-run/busybox:local', `  user: "${user}"`], 'The output shows `visible`.');
  // A file the project does not hold fails however readable the directory is: the check reads the file, not a permission.
  const missing = preconditioned('missing', 'Pre-condition: the project holds `other.txt` with the text `visible`.', ['- run: "cat probe.txt"', '  image: spec-run/busybox:local', '  user: "1000:1000"'], 'The output shows `visible`.');
  await expectVerdicts(t, runScenarios, 'round25b-precond-perms', [container('1000:1000'), missing], 'The output shows', [
    [true, 'a user other than the owner reads the project file'],
    [false, 'the file is not there'],
  ]);
});
