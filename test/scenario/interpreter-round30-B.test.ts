// Round 30, part B: the project's world and paths in the writer's words. The configuration's directory said without the
// file's name ("my configuration lives in `site/hooks`", "a configuration file inside the folder `deck`"), the files a
// directory so named holds, and a directory said by the scenario's own relative path in a Then ("the absolute path of
// `site/hooks`"), read from the directory spec-run exec starts in and only where the run gave a directory that name.
// Sentences and documents written for these tests, read both ways through real runs of the executor.
import t from 'tap';
import { reading, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Paths in the writer\'s words');
const scenario = (title: string, when: string[], ...thens: string[]) => [`#### Scenario: ${title}`, ...when.map((w, i) => `- **${i === 0 ? 'WHEN' : 'AND'}** ${w}`), ...thens.map((then, i) => `- **${i === 0 ? 'THEN' : 'AND'}** ${then}`)];
const verdicts = (points: { name: string; ok: boolean; todo?: unknown }[], marker: string) => points.filter((p) => p.name.includes(marker)).map((p) => [p.ok, p.todo !== undefined]);

t.test("the configuration's directory said without its name, in several wordings", (t) => {
  for (const [said, dir] of [
    ['my configuration lives in `site/hooks` and its host command is `pwd`', 'site/hooks/'],
    ['a config file inside the folder `deck` runs the host command `pwd`', 'deck/'],
    ['the configuration file sits in a directory `probe`, and its command is `pwd`', 'probe/'],
    ["the config's in `c/`, and the command `pwd` runs on the host", 'c/'],
    ['the hook file is located in the `ops` folder and runs `pwd`', 'ops/'],
  ]) t.match(reading('When', said), new RegExp(`the configuration file in ${dir} \\(from the directory it starts in\\)`), said);
  for (const said of [
    'the configuration lives in `../up` and runs `pwd`',
    'the configuration lives in `proj` and `spec-run exec other/h.yaml` is run',
    'the configuration lives in `a` and in `b`, and runs `pwd`',
  ]) t.equal(reading('When', said), null, `not read: ${said}`);
  t.end();
});

t.test("a directory said by the scenario's own path is read where 'absolute' or 'full' says it is the absolute one", (t) => {
  for (const said of ['it prints the absolute path of `site/hooks`', 'the first output line is the full path of the `site` folder', "the command prints `site/hooks`'s absolute path"])
    t.match(reading('Then', said), /the directory `site(?:\/hooks)?` \(a path from where spec-run exec starts\)/, said);
  for (const said of ['it prints the path of `site`', 'it prints the absolute path of `../site`', 'it prints the absolute path of `./site`'])
    t.notMatch(reading('Then', said) ?? '', /a path from where spec-run exec starts/, `not this reading: ${said}`);
  t.end();
});

t.test('the absolute path of a named directory, through real runs: holds where the command printed it, fails elsewhere', async (t) => {
  const lives = ['my configuration lives in `site/hooks` and its host command is `pwd; echo "at=$SPEC_RUN_CONFIG_DIR"`'];
  const withProject = ['a config file inside the folder `site/hooks` runs the host command `pwd` with `--project site`'];
  const { points } = await run('round30b-named', [
    scenario('config dir printed', lives, 'the first output line is the absolute path of `site/hooks`', 'the second output line is `at=` followed by the absolute path of `site/hooks`'),
    scenario('config dir, probe', lives, 'the first output line is the absolute path of `site`'),
    scenario('project printed', withProject, 'it prints the full path of `site`'),
    scenario('project, probe', withProject, 'it prints the full path of `site/hooks`'),
    scenario('a name the run never gave', ['a host command `pwd` runs'], 'it prints the absolute path of `elsewhere`'),
  ]);
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), ['THEN it prints the absolute path of elsewhere'], 'every step bound but the one naming a directory the run never gave', { points });
  t.same(verdicts(points, 'absolute path of site/hooks'), [[true, false], [true, false]], 'the configuration in site/hooks: pwd and the variable print it');
  t.same(verdicts(points, 'absolute path of site'), [[true, false], [true, false], [false, false]], 'the lines are site/hooks: the probe saying site fails', { points });
  t.same(verdicts(points, 'full path of site'), [[true, false], [false, false]], 'with --project site, pwd prints site, not site/hooks', { points });
  const unnamed = points.find((p) => p.name.includes('absolute path of elsewhere'));
  // Known before the run from the scenario's When (round 31, part E): the step is not bound, and says why.
  t.match((unnamed?.diagnostics as { interpreter?: string } | undefined)?.interpreter, /not checked: `elsewhere` names no directory the scenario's When set up under that name/, 'a name the run gave no directory is not taken for one: the step is not checked, and says why', { points });
});

t.test('a container sees the named directory where the project is mounted', async (t) => {
  const when = ['the configuration sits in `deck` and a container command `pwd` runs in the image `spec-run/busybox:local`'];
  const { points } = await run('round30b-container', [
    scenario('mounted', when, 'the output is the absolute path of `deck`'),
    scenario('mounted, probe', when, 'the output is the absolute path of `deck/sub`'),
  ]);
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(verdicts(points, 'absolute path of deck'), [[true, false], [false, false]], 'deck is the project, /workspace inside; deck/sub is not where it ran', { points });
});

t.test('files placed in a directory the scenario named by its path', async (t) => {
  const when = (workdir: string) => ['the configuration lives in `site`', `\`site\` holds a directory \`sub\``, `its host command \`pwd\` has \`workdir: ${workdir}\``];
  const { points } = await run('round30b-files', [
    scenario('made there', when('sub'), 'it prints the absolute path of `site/sub`'),
    scenario('made there, probe', when('sub'), 'it prints the absolute path of `site`'),
  ]);
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(verdicts(points, 'prints the absolute path of site'), [[true, false], [false, false]], 'site/sub was made, and pwd ran in it', { points });
});

t.test('a name in code marks holding a file or a directory is a directory, never a command', (t) => {
  for (const said of ['`site` holds a directory `sub`', '`site/` contains a folder `sub`', '`site` has a subdirectory `sub`'])
    t.equal(reading('When', said), 'setup: site holds a directory sub', said);
  t.match(reading('When', 'the configuration lives in `site`, and `site` holds a directory `sub`'), /in site\/ .*; site holds a directory sub$/, 'after a clause, "and" before it');
  t.equal(reading('When', '`stop.yaml` has a file'), null, 'a configuration file is not made a directory');
  t.equal(reading('When', 'a directory `proj/sub` exists'), null, 'a directory said to exist holds nothing listed: not read as holding nothing');
  t.end();
});

t.test('a placeholder the sentence defines as a directory of the run is that directory, not any text', async (t) => {
  const host = ['the configuration lives in `site` and its host command `pwd` has `workdir: nowhere`'];
  const container = ['a config file inside the folder `site/hooks` runs a container command `pwd` in the image `spec-run/busybox:local` with `workdir: /workspace/gone` and `--project site`'];
  const { points } = await run('round30b-placeholder', [
    scenario('host', host, 'the report says `Error: working directory <root>/nowhere does not exist`, with `<root>` the absolute path of the project, and `Exit Code: 125`'),
    scenario('host, probe', host, 'the report says `Error: working directory <root>/nowhere does not exist`, where <root> is the absolute path of `site/deeper`, and `Exit Code: 125`'),
    scenario('container', container, 'the report reads `Error: working directory /workspace/gone does not exist: it is <P>/gone in the project mounted at /workspace`, with the project\'s absolute path'),
    scenario('container, probe', container, 'the report reads `Error: working directory /workspace/gone does not exist: it is <P>/gone in the project mounted at /workspace`, with the configuration file\'s directory\'s absolute path'),
  ]);
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(verdicts(points, 'does not exist'), [[true, false], [false, false], [true, false], [false, false]], 'the project (site) is in the message; site/deeper, or the configuration\'s site/hooks, is not', { points });
  t.match(reading('Then', 'the report says `Error: working directory <root>/nowhere does not exist`, with `<root>` the absolute path of the project'), /\(<root> = the project's directory, its path on the host\)/, 'the reading says what the placeholder is');
  t.equal(reading('Then', 'the report says `<a> and <b>`, with the project\'s absolute path'), null, 'two placeholders and one directory, not said which: not read');
  t.notMatch(reading('Then', 'the report says `working directory <p>/x does not exist`, with a note') ?? '', /<p> =/, 'a "with" that names no directory defines nothing');
});
