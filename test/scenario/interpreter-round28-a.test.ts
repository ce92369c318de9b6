// Round 28's classes of where a text stands on a line of what spec-run exec printed (part A): a text followed by the
// configuration file's name, a line by its edges and its indentation, a command's only output line followed by the
// executor's notes. Each read both ways on sentences and commands written for these tests (none from a batch), through
// real runs of the executor, the order or the place swapped where it can be.
import t from 'tap';
import type { Observation } from '../../src/run/scenario/interpreter/observation.js';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { blockScenario, expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Round 28 positions');
/** The runner, checking that every step of its scenarios is bound: a false verdict is the sentence's, never a step left unread. */
const runScenarios = async (name: string, scenarios: string[][]) => {
  const result = await run(name, scenarios);
  t.same(result.points.filter((p) => p.todo !== undefined).map((p) => p.name), [], `${name}: every step bound`);
  return result;
};
const read = (s: string) => reading('Then', s) ?? '';

/** The verdicts of SENTENCE's checks on a run that printed LINES, its configuration file named NAME (no command ran). */
async function verdicts(sentence: string, lines: string[], name: string): Promise<boolean[]> {
  const r = readThen(sentence);
  if (!r.ok) throw new Error(`not read: ${sentence}`);
  const o = { record: { messages: lines, commands: [] }, configName: name } as unknown as Observation;
  return Promise.all(r.parts.map(async (p) => (await p.evaluate(o)).ok));
}

t.test('a text followed by the configuration file\'s name: where the sentence anchors it, and the name right after it', async (t) => {
  for (const said of [
    'the output opens with `Error: invalid configuration` followed by the config file\'s name',
    'the report should start with `Error: invalid configuration` immediately followed by the name of the YAML file',
    'spec-run exec\'s output begins with `Error: invalid configuration` followed by the configuration file path',
  ]) t.match(read(said), /^the first line spec-run exec printed begins with "Error: invalid configuration" followed by the configuration file's name/, said);
  t.match(read('the first line of the report reads `Error: invalid configuration` followed by the filename'), /^the first line spec-run exec printed is "Error: invalid configuration" followed by .*nothing after it but a colon/);
  t.match(read('the user sees `Error: cannot read` followed by the path of the hook file and a colon'), /^a line spec-run exec printed holds "Error: cannot read" followed by the configuration file's name .*, then a colon$/);
  // "its name" names no file; a name said before the text is no position this class reads.
  t.notMatch(read('the report begins with `Error: invalid configuration` followed by its name'), /configuration file's name/);
  t.notMatch(read('the report begins with the file name followed by `Error: invalid configuration`'), /configuration file's name/);

  const heading = 'the output opens with `Error: invalid configuration` followed by the config file\'s name and a colon';
  t.same(await verdicts(heading, ['Error: invalid configuration gate.yaml:', '  gate.yaml:3:16: …'], 'gate.yaml'), [true], 'the name right after the text, then a colon');
  t.same(await verdicts(heading, ['Error: invalid configuration other.yaml:'], 'gate.yaml'), [false], 'another file named');
  t.same(await verdicts(heading, ['Error: invalid configuration gate.yaml'], 'gate.yaml'), [false], 'no colon after the name');
  t.same(await verdicts(heading, ['[1/1] host: true (timeout 5m, from built-in default)', 'Error: invalid configuration gate.yaml:'], 'gate.yaml'), [false], 'not the first line');
  const whole = 'the first line printed is `Error: cannot read` followed by the file name';
  t.same(await verdicts(whole, ['Error: cannot read gate.yaml'], 'gate.yaml'), [true], 'the line is the text and the name');
  t.same(await verdicts(whole, ['Error: cannot read gate.yaml: ENOENT: no such file'], 'gate.yaml'), [false], '"is" says nothing follows the name');
  t.same(await verdicts('the operator sees `Error: cannot read` followed by the file name', ['Error: cannot read gate.yaml: ENOENT: no such file'], 'gate.yaml'), [true], '"sees" says the line holds them');

  const refused = (title: string, extra: string[], then: string) => blockScenario(title, 'the configuration `gate.yaml` is', ['- run: "echo a"', ...extra], then);
  await expectVerdicts(t, runScenarios, 'round28-file-name', [refused('refused', ['  timeout: 2h30m'], heading), refused('accepted', ['  timeout: 2h'], heading)], 'config file', [
    [true, 'the refusal names the file after its heading'],
    [false, 'an accepted configuration prints no such line'],
  ]);
});

t.test('a line by its edges and its indentation: begins with, ends with, both in order, indented, a note', async (t) => {
  t.match(read('the report contains an indented note line that starts with `note: workdir` and ends with `the command ran there`'), /^spec-run exec printed an indented note \(`note:`\) line that begins with "note: workdir" and ends with "the command ran there"/);
  t.match(read('spec-run exec must print a line which begins with `note:` and which ends with `ran there`'), /^spec-run exec printed a line that begins with "note:" and ends with "ran there"$/);
  // Both edges are of one line, never a line's start and the report's end.
  t.match(read('the report has a line that starts with `alpha` and ends with `omega`'), /^spec-run exec printed a line that begins with "alpha" and ends with "omega"$/);
  t.match(read('there is an indented line of the form `alpha beta`'), /^spec-run exec printed an indented line that reads "alpha beta" whole/);
  // Without indentation or edges, "a note line `x`" is what the report's texts read already: not this class.
  t.notMatch(read('the report has a note line `note: x`'), /spec-run exec printed a/);

  const outside = 'the report contains an indented note line that begins with `note: workdir /tmp is outside the project (` and that ends with `): the command ran there`';
  const swapped = 'the report contains an indented note line that begins with `): the command ran there` and that ends with `note: workdir /tmp is outside the project (`';
  const workdir = (title: string, dir: string, then: string) => blockScenario(title, 'the configuration is', ['- run: "pwd"', `  workdir: ${dir}`], then);
  await expectVerdicts(t, runScenarios, 'round28-edges', [workdir('outside', '/tmp', outside), workdir('inside', '.', outside), workdir('swapped', '/tmp', swapped)], 'indented note line', [
    [true, 'the note begins and ends so'],
    [false, 'no note where the directory is the project'],
    [false, 'the edges swapped'],
  ]);
  const indented = 'the report contains an indented line of the form `alpha beta`';
  const printing = (title: string, text: string) => blockScenario(title, 'the configuration is', [`- run: "printf '${text}\\\\n'"`], indented);
  await expectVerdicts(t, runScenarios, 'round28-indented', [printing('indented', '   alpha beta'), printing('flush', 'alpha beta'), printing('more', '   alpha beta gamma')], 'indented line', [
    [true, 'the line has spaces before it'],
    [false, 'the line starts at its first column'],
    [false, 'the line says more than the form'],
  ]);
  const edges = 'the report has a line that starts with `alpha` and ends with `omega`';
  const printed = (title: string, text: string) => blockScenario(title, 'the configuration is', [`- run: "printf '${text}\\\\n'"`], edges);
  await expectVerdicts(t, runScenarios, 'round28-both-edges', [printed('one line', 'alpha mid omega'), printed('two lines', 'alpha\\\\nomega'), printed('swapped', 'omega mid alpha')], 'starts with', [
    [true, 'one line begins and ends so'],
    [false, 'the edges on two lines'],
    [false, 'the edges swapped'],
  ]);
  // A note is the executor's line: a command echoing "  note: …" prints none.
  await expectVerdicts(t, runScenarios, 'round28-note-echoed', [blockScenario('echoed', 'the configuration is', [`- run: "printf '  note: workdir /tmp is outside the project (x): the command ran there\\\\n'"`], outside)], 'indented note line', [
    [false, 'a command\'s own line is no note'],
  ]);
});

t.test('a command\'s only output line, followed by the executor\'s notes: the block exactly, in that order', async (t) => {
  t.match(read('its only output line is `err`, followed by `(stdout: output hidden by configuration)`'), /^some command: its output block is exactly "err", then "\(stdout: output hidden by configuration\)"/);
  // A second line the command prints is no note: "the only line" would deny it.
  t.notMatch(read('the only output line is `err`, followed by `out`'), /output block is exactly/);
  const only = 'the only output line shown is `err`, followed by `(stdout: output hidden by configuration)`';
  const hidden = (title: string, script: string) => blockScenario(title, 'the configuration is', [`- run: "${script}"`, '  showStdout: false'], only);
  await expectVerdicts(t, runScenarios, 'round28-only', [hidden('one line', 'echo err >&2; echo out'), hidden('two lines', 'echo err >&2; echo more >&2; echo out'), hidden('other line', 'echo fail >&2; echo out')], 'only output line', [
    [true, 'the one stderr line, then the placeholder'],
    [false, 'two lines on stderr'],
    [false, 'another line'],
  ]);
});
