// Round 31, part E: a bound step that a real run then skips. A Then that reads a path of the scenario's own from where
// spec-run exec starts ("the absolute path of `proj/sub`") is decided only where the scenario's When gave a directory
// that name (round 30, part B); where none did, the run skips it, saying where to set the path up. The When's setup is
// known before the run, from the scenario's text: such a step stays unbound in a dry run too, with the same reason, so
// the dry run's binding rate counts only what a run checks. Documents written for these tests, read both ways.
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { execa } from 'execa';
import { scratchDirectory } from '../support/scratch.js';
import type { CliPoint } from './cli-points.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scenario = (title: string, when: string[], ...thens: string[]) => [`#### Scenario: ${title}`, ...when.map((w, i) => `- **${i === 0 ? 'WHEN' : 'AND'}** ${w}`), ...thens.map((then, i) => `- **${i === 0 ? 'THEN' : 'AND'}** ${then}`)];

type Point = CliPoint & { diagnostics?: { interpreter?: string; definition?: string } };

/** Runs SCENARIOS as one document, for real and as a dry run (ARGS added), and gives the points of each. */
async function bothWays(name: string, scenarios: string[][]): Promise<{ real: Point[]; dry: Point[] }> {
  const dir = scratchDirectory(`${name}-`);
  const file = path.join(dir, `${name}.spec.md`);
  writeFileSync(file, ['# Paths of the scenario', '', '### Requirement: As said', 'The executor SHALL do what its scenarios say.', '', ...scenarios.flatMap((lines) => [...lines, ''])].join('\n'));
  const points = async (...args: string[]) => {
    const result = await execa(process.execPath, [path.join(root, 'dist/src/cli/main.js'), file, '--executor-steps', '--no-strict', '--reporter', 'json', ...args], { cwd: dir, reject: false });
    return result.stdout.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Point).filter((e) => e.type === 'point');
  };
  return { real: await points(), dry: await points('--dry-run') };
}

const UNNAMED = /not checked: `[^`]+` names no directory the scenario's When set up under that name/;
const pick = (points: Point[], marker: string) => points.filter((p) => p.name.includes(marker));

t.test('a path of the scenario no When named: unbound in the dry run and in the run, with the same reason', async (t) => {
  const host = ['a host command `pwd` runs'];
  const lives = ['my configuration lives in `site/hooks` and its host command is `pwd`'];
  const { real, dry } = await bothWays('round31e-unnamed', [
    scenario('never named', host, 'it prints the absolute path of `elsewhere`'),
    scenario('another name', lives, 'the first output line is the absolute path of `other/hooks`'),
    scenario('a placeholder so defined', host, 'the report says `Error: working directory <root>/nowhere does not exist`, with `<root>` the absolute path of `proj`'),
    scenario('the project named by another path', ['a host command `pwd` runs with `--project /srv/app`'], "the command prints `app`'s full path"),
  ]);
  for (const marker of ['absolute path of elsewhere', 'absolute path of other/hooks', 'absolute path of proj', "app's full path"]) {
    const [inDry] = pick(dry, marker);
    const [inRun] = pick(real, marker);
    t.ok(inDry?.todo !== undefined && inRun?.todo !== undefined, `${marker}: undefined both ways`, { dry, real });
    t.match(inDry?.diagnostics?.interpreter, UNNAMED, `${marker}: the dry run says why`);
    t.equal(inRun?.diagnostics?.interpreter, inDry?.diagnostics?.interpreter, `${marker}: the run says the same`);
  }
  t.match(pick(dry, 'absolute path of other/hooks')[0]?.diagnostics?.interpreter, /its named directories: site, site\/hooks\); say where it is \("the configuration lives in `other`"/, 'the reason names the directories the When did name');
  t.same(real.filter((p) => p.skip !== undefined && UNNAMED.test(p.skip)).map((p) => p.name), [], 'no bound step skipped for want of a named directory');
  t.same(pick(dry, 'WHEN').map((p) => p.todo), [undefined, undefined, undefined, undefined], 'the Whens still bind');
});

t.test('a path the When named binds in the dry run, holds in the run where it is true, and fails where it is not', async (t) => {
  const lives = ['my configuration lives in `site/hooks` and its host command is `pwd; echo "at=$SPEC_RUN_CONFIG_DIR"`'];
  const withProject = ['a config file inside the folder `site/hooks` runs the host command `pwd` with `--project site`'];
  const invoked = ['`spec-run exec deck/stop.yaml` is run', 'the configuration has the host command `pwd`'];
  const { real, dry } = await bothWays('round31e-named', [
    scenario('config dir', lives, 'the first output line is the absolute path of `site/hooks`', 'the second output line is `at=` followed by the absolute path of `site/hooks`'),
    scenario('config dir, false', lives, 'the first output line is the absolute path of `site`'),
    scenario('project', withProject, 'it prints the full path of `site`'),
    scenario('project, false', withProject, 'it prints the full path of `site/hooks`'),
    scenario('invoked', invoked, 'the output is the absolute path of `deck`'),
    scenario('invoked, false', invoked, 'the output is the absolute path of `deck/sub`'),
    scenario('placeholder', ['the configuration lives in `site` and its host command `pwd` has `workdir: nowhere`'], 'the report says `Error: working directory <root>/nowhere does not exist`, where <root> is the absolute path of `site`, and `Exit Code: 125`'),
    scenario('placeholder, false', ['the configuration lives in `site` and its host command `pwd` has `workdir: nowhere`'], 'the report says `Error: working directory <root>/nowhere does not exist`, where <root> is the absolute path of `site/deeper`, and `Exit Code: 125`'),
  ]);
  t.same(dry.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound in the dry run', { dry });
  t.same(real.filter((p) => p.todo !== undefined || p.skip !== undefined).map((p) => p.name), [], 'every step bound and run in the run', { real });
  const verdicts = (marker: string) => pick(real, marker).map((p) => p.ok);
  t.same(verdicts('absolute path of site/hooks'), [true, true], 'the configuration in site/hooks: pwd and the variable print it', { real });
  t.same(verdicts('first output line is the absolute path of site'), [true, false], 'site/hooks, not site', { real });
  t.same(verdicts('full path of site'), [true, false], 'with --project site, pwd prints site, not site/hooks', { real });
  t.same(verdicts('absolute path of deck'), [true, false], '`spec-run exec deck/stop.yaml`: pwd prints deck, not deck/sub', { real });
  t.same(verdicts('does not exist'), [true, false], 'the project site is in the message; site/deeper is not', { real });
});

t.test('where the setup is not known before the run, the Then keeps its binding, and the run says why it did not check it', async (t) => {
  const { real, dry } = await bothWays('round31e-unknown', [
    // A When the interpreter does not read: the run stops there, whatever it might have named.
    scenario('an unread When', ['the configuration lives in `site` and the moon is full', 'its host command is `pwd`'], 'it prints the absolute path of `site`'),
  ]);
  const [inDry] = pick(dry, 'absolute path of site');
  const [inRun] = pick(real, 'absolute path of site');
  t.equal(inDry?.todo, undefined, 'bound in the dry run', { dry });
  t.match(inRun?.skip, /an earlier step is undefined/, 'the run skips it for the When it could not read', { real });
});
