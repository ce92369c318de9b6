// Round 32's part W: the directory a scenario runs in, in the writer's words (scenario-directory.ts). A document names
// the fresh directory each scenario runs in with a noun or a placeholder of its own, and its own words make it that
// directory (the configuration is saved there, spec-run exec is invoked from there); a step that says the noun or the
// placeholder is read as the project's directory, where the scenario says nothing that places its project elsewhere.
// Documents written for these tests (none from a batch), read both ways through real runs.
import t from 'tap';
import { scenarioDirectoryTerms, directoryTermsFor, holdsAfterRun } from '../../src/run/scenario/interpreter/scenario-directory.js';
import { runSpecLines, specDocument } from './cli-points.js';

const prose = (...texts: string[]) => texts.map((text, i) => ({ text: text.replace(/`/g, ''), line: i + 3, code: [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]) }));
const nouns = (...texts: string[]) => scenarioDirectoryTerms(prose(...texts)).map((term) => term.noun);

t.test('a noun or placeholder the prose makes the scenario\'s directory, in several voices', async (t) => {
  t.same(nouns('Every scenario is run in a fresh scratch folder; the configuration is saved in that folder as `hooks.yaml`.'), ['scratch folder']);
  t.same(nouns('The tool is called from the sandbox, where the configuration file is kept in the sandbox as `stop.yaml`.'), ['sandbox']);
  t.same(nouns('Runs happen in a clean staging dir: `npx spec-run exec stop.yaml` is invoked from the staging dir.', 'In the results `<stage>` stands for the absolute path of the staging dir.'), ['staging dir', '<stage>']);
  t.same(nouns('Below `<root>` = absolute path of the fresh dir where `stop.yaml` lies and from where `npx spec-run exec stop.yaml` is called.'), ['<root>']);
  // No sentence puts the configuration or the invocation there: the noun is any directory.
  t.same(nouns('Each scenario uses a fresh test directory.'), [], 'a directory no configuration or invocation is placed in');
  t.same(nouns('`<x>` stands for the absolute path of the archive directory.'), [], 'a placeholder for a directory the prose places nothing in');
  t.same(nouns('The configuration is saved in a fresh test directory, and spec-run exec is invoked from a fresh build folder.', 'The configuration is kept in the build folder.'), [], 'two nouns: which one?');
  t.same(nouns('The configuration is saved in the project directory and spec-run exec is invoked from the project directory.'), [], 'the project directory is the interpreter\'s own noun');
  const terms = scenarioDirectoryTerms(prose('Each scenario runs in a fresh test directory; the configuration is saved in that directory as `stop.yaml`.'));
  t.equal(directoryTermsFor(terms, { steps: [{ text: 'the SUT is invoked as npx spec-run exec stop.yaml --project app' }] }).length, 0, 'a scenario with another project');
  t.equal(directoryTermsFor(terms, { steps: [{ text: 'the configuration below is saved as ci/stop.yaml' }] }).length, 0, 'a scenario with its configuration elsewhere');
  t.equal(directoryTermsFor(terms, { steps: [{ text: 'the SUT is invoked as npx spec-run exec stop.yaml' }] }).length, 1);
});

t.test('what the project directory holds after the run, said with the directory as the subject', async (t) => {
  t.equal(holdsAfterRun('after the run the project directory holds no file `x.txt`'), 'no file `x.txt` exists in the project directory after the run');
  t.equal(holdsAfterRun('the project directory contains the folder `out` afterwards'), 'a directory `out` exists in the project directory after the run');
  t.equal(holdsAfterRun('the project directory holds no file `x.txt`'), 'the project directory holds no file `x.txt`', 'no time after the run: a setup, as written');
  t.equal(holdsAfterRun('after the run the project directory holds the file `x.txt` whose content is `a`'), 'after the run the project directory holds the file `x.txt` whose content is `a`', 'its content said: not this shape');
});

const document = (purpose: string[], scenarios: string[][]) => specDocument('Scratch runs', purpose, scenarios);
const scenario = (title: string, given: string, run: string, then: string) => [
  `#### Scenario: ${title}`,
  `- **GIVEN** ${given}`,
  '- **WHEN** spec-run exec runs',
  '',
  '```yaml',
  'stop:',
  '  commands:',
  `    - run: "${run}"`,
  '      workdir: deep/er',
  '```',
  '',
  `- **THEN** ${then}`,
];

t.test('through real runs: the writer\'s noun and placeholder are the run\'s directory, both ways', async (t) => {
  const purpose = [
    'Every scenario is run in a fresh scratch folder; its configuration is saved in that folder as `stop.yaml` and `npx spec-run exec stop.yaml` is called from the scratch folder.',
    'Below, `<scratch>` stands for the absolute path of the scratch folder.',
  ];
  const given = 'the scratch folder holds the file `deep/er/in.txt` containing `kept`';
  const { points } = await runSpecLines('round32w', document(purpose, [
    scenario('printed', given, 'pwd; cat in.txt; touch made.txt', 'the output is `<scratch>/deep/er` followed by `kept`'),
    scenario('printed probe', given, 'cd ..; pwd; cat er/in.txt', 'the output is `<scratch>/deep/er` followed by `kept`'),
    scenario('left', given, 'touch ../left.txt', 'after the run the scratch folder holds no file `deep/er/left.txt`'),
    scenario('left probe', given, 'touch left.txt', 'after the run the scratch folder holds no file `deep/er/left.txt`'),
    scenario('made', given, 'mkdir made', 'the scratch folder contains the directory `deep/er/made` afterwards'),
    scenario('made probe', given, 'true', 'the scratch folder contains the directory `deep/er/made` afterwards'),
  ]));
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  const thens = points.filter((p) => / - THEN /.test(` - ${p.name}`) || p.name.startsWith('THEN'));
  t.same(thens.map((p) => p.ok), [true, false, true, false, true, false], 'true sentences pass, false variants fail', { points });
});

t.test('through real runs: a noun the prose does not make the scenario\'s directory stays unread', async (t) => {
  const { points } = await runSpecLines('round32w-unread', document(['Keep a fresh scratch folder around for notes.', '`<scratch>` stands for the absolute path of the scratch folder.'], [
    scenario('unread', 'the scratch folder holds the file `deep/er/in.txt` containing `kept`', 'pwd', 'the output is `<scratch>/deep/er`'),
  ]));
  t.ok(points.some((p) => p.todo !== undefined && p.name.includes('scratch folder holds')), 'the Given stays undefined', { points });
  t.ok(points.some((p) => p.todo !== undefined && p.name.includes('<scratch>/deep/er')), 'the Then stays undefined', { points });
});

t.test('through real runs: the directory said to hold only the configuration, under its name, both ways', async (t) => {
  const purpose = ['The SUT is invoked from the sandbox, and the configuration is kept in the sandbox under the name each scenario gives it.'];
  const only = (title: string, name: string, then: string, and = '') => [
    `#### Scenario: ${title}`,
    `- **GIVEN** the sandbox holds only \`${name}\` with the configuration below${and}`,
    '- **WHEN** spec-run exec runs',
    '',
    '```yaml',
    'stop:',
    '  commands:',
    '    - run: "ls -A"',
    '```',
    '',
    `- **THEN** ${then}`,
  ];
  const { points } = await runSpecLines('round32w-only', document(purpose, [
    only('named', 'hooks.yaml', 'the output is `hooks.yaml`'),
    only('named probe', 'hooks.yaml', 'the output is `stop.yaml`'),
    only('nothing else', 'gate.yml', 'the output is `gate.yml`', ', and no directory `logs`'),
    only('nothing else probe', 'gate.yml', 'the output is `gate.yml` followed by `logs`', ', and no directory `logs`'),
  ]));
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(points.filter((p) => p.name.startsWith('THEN')).map((p) => p.ok), [true, false, true, false], 'true sentences pass, false variants fail', { points });
  // What it says is not there, in words not read, leaves the step unread.
  const { points: unread } = await runSpecLines('round32w-only-unread', document(purpose, [only('unread', 'hooks.yaml', 'the output is `hooks.yaml`', ', and no symlink `x`')]));
  t.ok(unread.some((p) => p.todo !== undefined && p.name.includes('symlink')), 'a Given with words not read stays undefined', { points: unread });
});
