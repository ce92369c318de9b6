// Round 28: four classes a fresh measurement found misread, each read both ways on sentences written for these tests
// (none from a batch), through real runs of the executor: an appositive "ending in X" set off by commas describes the
// noun before it, never the report's last line; "them" after a step that denied some texts stands for the texts said
// shown; a configuration key's state in a When ("`failFast` is on") is said of the block, never a command to run; a
// report's heading after "under" names the place, never a text of the output.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, expectVerdicts, reading, scenariosRunner } from './cli-points.js';
import { textsSaidShown } from '../../src/run/scenario/interpreter/texts-shown.js';

const runScenarios = scenariosRunner('Round 28 misreadings');
const read = (s: string) => reading('Then', s) ?? '';

t.test('an appositive ending describes the noun before it: a word of the report ends so, the claim read without it', async (t) => {
  for (const said of [
    'the report says the working directory, ending with `/absent`, does not exist',
    'the error names the working directory (which ends in `/absent`) and says does not exist',
    'the message says the working directory, whose path ends with /absent, does not exist',
  ]) {
    t.match(read(said), /a word of the report ends with "\/absent"/, said);
    t.notMatch(read(said), /last line/, `${said}: never the last line`);
  }
  // The output's or a line's own ending is its last text, which the rules of lines read; a denial before it leaves its reach unsaid.
  t.notMatch(read('the output, ending with `done`, is shown'), /a word of the report ends with/);
  t.notMatch(read('the report does not say the working directory, ending in `/absent`, exists'), /a word of the report ends with/);

  const missing = 'the report says the working directory, ending with `/absent`, does not exist';
  const workdir = (title: string, dir: string, then: string) => blockScenario(title, 'the configuration is', ['- run: "echo x"', `  workdir: ${dir}`], then);
  await expectVerdicts(t, runScenarios, 'round28-appositive', [workdir('named', 'absent', missing), workdir('other name', 'absentee', missing), workdir('there', '.', missing)], 'working directory', [
    [true, 'the directory named ends so and does not exist'],
    [false, 'the directory named ends otherwise'],
    [false, 'the directory exists: no such error'],
  ]);
});

t.test('"them" after a step that denied some texts: the texts it said shown, never one it denied', (t) => {
  t.same(textsSaidShown('the output shows `a` and `b`, but not `c`'), ['a', 'b']);
  t.same(textsSaidShown('it does not show `c` or `d`, only `a`'), ['a']);
  t.same(textsSaidShown('`c` is not shown, while `a` is'), ['a']);
  t.same(textsSaidShown('the lines `a` through `b` appear and `c` never does'), ['a', 'b']);
  t.same(textsSaidShown('neither `c` nor `d` is shown'), []);
  t.same(textsSaidShown('the report shows `Output:` then `a`'), ['Output:', 'a']);
  t.end();
});

t.test('"them" after a step that denied some texts, through real runs: after the texts shown', async (t) => {
  const lines = (title: string, keep: string, shown: string, then: string) =>
    blockScenario(title, 'the configuration is', [String.raw`- run: "printf 'alpha\\nbeta\\ngamma\\ndelta\\n'"`, '  maxOutputLines: 2', `  keepOutput: ${keep}`], shown, then);
  const note = 'after them comes `stdout: ... (2 lines omitted)`';
  await expectBoundVerdicts(t, runScenarios, 'round28-them', [
    lines('head', 'head', 'the output shows `alpha` and `beta`, but never `gamma`', note),
    lines('tail', 'tail', 'the output shows `gamma` and `delta` but not `alpha`', note),
  ], 'after them', [
    [true, 'the note stands after the lines kept at the head'],
    [false, 'the note stands before the lines kept at the tail'],
  ]);
});

t.test('a configuration key\'s state in a When is said of the block, never a command to run', async (t) => {
  for (const said of ['`failFast` is on and the first command fails', '`failFast` is enabled', 'with `failFast`', '`keepOutput` is tail', '`showStdout` is off']) t.notMatch(reading('When', said) ?? '', /run `/, said);
  const when = '`failFast` is enabled and the first command fails';
  const commands = ['- run: "exit 3"', '- run: "echo second"', '- run: "echo third"'];
  const fast = (title: string, section: string[], then: string) => [`#### Scenario: ${title}`, `When ${when}:`, '```yaml', 'stop:', ...section.map((l) => `  ${l}`), '```', '', 'Then:', `1. ${then}`];
  const { points } = await runScenarios('round28-fail-fast', [
    fast('set', ['failFast: true', 'commands:', ...commands.map((l) => `  ${l}`)], 'spec-run exec exits with code 3, and the second command never starts'),
    fast('set, false', ['failFast: true', 'commands:', ...commands.map((l) => `  ${l}`)], 'spec-run exec exits with code 3, and the second command runs'),
    fast('unset', ['commands:', ...commands.map((l) => `  ${l}`)], 'spec-run exec exits with code 3, and the second command never starts'),
  ]);
  const thens = points.filter((p) => p.name.includes('exits with code 3'));
  t.equal(thens.length, 3, 'one Then a scenario', { points });
  t.ok(thens[0]?.ok && thens[0].todo === undefined, 'failFast set and the first command failing: the rest never start', { points });
  t.ok(thens[1] && !thens[1].ok && thens[1].todo === undefined, 'the second command said to run is not', { points });
  t.match(thens[2]?.todo ?? '', /undefined/, 'a block without failFast: the When is not read, so neither is the Then');
  t.match(JSON.stringify(thens[2] ?? {}), /failFast is not set/, 'the reason names the key the block lacks');
});

t.test('a report\'s heading after "under" names the place, never a text of the output', async (t) => {
  for (const said of [
    'under "Partial Output" the report shows `begun`, then `(output truncated - timed out before completion)`',
    'below the Partial Output heading you see `begun` followed by `(output truncated - timed out before completion)`',
    'beneath `Partial Output` the report lists `begun` and then `(output truncated - timed out before completion)`',
  ]) {
    t.match(read(said), /the block under "Partial Output:"/, said);
    t.notMatch(read(said), /contains "Partial Output"/, `${said}: the heading is no text sought`);
  }
  t.match(read('under the To fix section the report says `remove the key`'), /under [`"]To fix:[`"] contains "remove the key"/);
  // "under the output", "below the output block" in lowercase: the output itself, which the rules of the output read.
  t.notMatch(read('under output you see `begun`'), /the block under/);
  t.notMatch(read('the custom message appears below the output block'), /the block under/);

  const said = 'below the "Partial Output" heading the report lists `begun` and then `(output truncated - timed out before completion)`';
  const timed = (title: string, run: string) => blockScenario(title, 'the configuration is', [`- run: "${run}"`, '  timeout: 1s'], said);
  await expectVerdicts(t, runScenarios, 'round28-under-heading', [timed('timed out', 'echo begun; sleep 5'), timed('other text', 'echo started; sleep 5'), timed('in time', 'echo begun')], 'Partial Output', [
    [true, 'the partial output holds the text, then the note'],
    [false, 'another text under the heading'],
    [false, 'no timeout: no such heading'],
  ]);
});
