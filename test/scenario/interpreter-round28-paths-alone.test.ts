// A path alone said to be in what a command printed ("the output shows `/`", "prints `/srv`") is a whole line of it:
// read as a part of a line, "/" held in every absolute path, so a command run in /tmp passed "the output shows `/`"
// (found by the review of round 28's fresh measurement). Read both ways on sentences written for this test.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Round 28 paths alone');

t.test('"the output shows `/`": the path is a whole line the command printed, not a part of one', async (t) => {
  for (const said of ['the output shows `/`', 'the output contains `/srv`']) t.match(reading('Then', said) ?? '', /, a whole line$/, said);
  t.notMatch(reading('Then', 'the output does not contain `/`') ?? '', /whole line/, 'a denial stays a denial of the text anywhere');
  const root = (title: string, workdir: string) => blockScenario(title, 'the configuration is', ['- run: "pwd"', `  workdir: ${workdir}`], 'the output shows `/`');
  await expectBoundVerdicts(t, run, 'round28-path-alone', [root('at the root', '/'), root('in tmp', '/tmp')], 'the output shows', [
    [true, 'pwd at / prints the line /'],
    [false, 'pwd at /tmp prints /tmp, a line that holds / but is not it'],
  ]);
});

t.test('"`pwd` prints the project directory" where `pwd` is one statement of the command\'s line: the line it prints among the command\'s', async (t) => {
  const statement = (title: string, workdir: string | null) =>
    blockScenario(title, 'the configuration is', ['- run: "pwd; echo done"', ...(workdir === null ? [] : [`  workdir: ${workdir}`])], '`pwd` prints the project directory');
  await expectBoundVerdicts(t, run, 'round28-statement', [statement('in the project', null), statement('in tmp', '/tmp')], 'pwd prints the project', [
    [true, 'pwd, run in the project, prints its directory'],
    [false, 'pwd, run in /tmp, prints /tmp'],
  ]);
});
