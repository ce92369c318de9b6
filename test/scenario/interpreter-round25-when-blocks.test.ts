// Round 25's when-block classes, each read both ways on sentences and commands written for these tests (none
// from a batch). A When step that introduces the scenario's YAML block (the block under it in its list item)
// and is not read stands, as the condition paragraph does, where it only restates the block: the block alone
// is the setup; where its words add to the run (a file, a setting the block lacks, another run), it stays
// unbound. "a file" or "the file" described by the keys and commands it holds is the configuration file, never a
// file set up beside it.
import t from 'tap';
import { expectVerdicts, scenariosRunner } from './cli-points.js';
import { interpret } from '../../src/run/scenario/interpreter/index.js';
import { conditionUse } from '../../src/run/scenario/interpreter/condition.js';

const runScenarios = scenariosRunner('Round 25 when-blocks');

/** A scenario whose WHEN bullet (WHEN as written, with or without its colon) holds the YAML block of COMMANDS under it, and its THEN bullets. */
const bulletScenario = (title: string, when: string, commands: string[], ...thens: string[]) => [
  `#### Scenario: ${title}`,
  `- **WHEN** ${when}`,
  '  ```yaml',
  '  stop:',
  '    commands:',
  ...commands.map((l) => `      ${l}`),
  '  ```',
  ...thens.map((then) => `- **THEN** ${then}`),
];

/** How the interpreter reads a When step introducing the YAML block YAML: its interpretation, or null where it stays undefined. */
const introducing = (sentence: string, yaml: string): string | null => {
  const code = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  const r = interpret(sentence.replace(/`/g, ''), 'When', code, undefined, yaml);
  return r.ok ? r.text : null;
};

const twoCommands = 'stop:\n  commands:\n    - run: "echo fine"\n    - run: "exit 3"\n';

t.test('a When that introduces the YAML block and only restates it: the block alone is the setup', async (t) => {
  t.match(introducing('the second one is hopeless and the first is fine:', twoCommands) ?? '', /the YAML block alone, which the step introduces \(words not read: hopeless, fine\)/);
  // Not introducing a block, the same words stay unread.
  t.equal(interpret('the second one is hopeless and the first is fine:', 'When').ok, false);
  const restated = (title: string, when: string, code: number) => bulletScenario(title, when, ['- run: "echo fine"', `- run: "exit ${code}"`], 'the second command exits with code 3');
  const { points } = await runScenarios('round25-restated-when', [restated('colon', 'the second one is hopeless and the first is fine:', 3), restated('no colon', 'the odd pair is handed over as follows', 4)]);
  const whens = points.filter((p) => /hopeless|odd pair/.test(p.name));
  t.equal(whens.length, 2, 'both When steps are points');
  for (const when of whens) t.ok(when.ok && when.todo === undefined, `the When binds and runs: ${when.name}`, { points });
  await expectVerdicts(t, runScenarios, 'round25-restated-then', [restated('colon', 'the second one is hopeless and the first is fine:', 3), restated('no colon', 'the odd pair is handed over as follows', 4)], 'exits with code 3', [
    [true, 'the block the step introduces exits 3'],
    [false, 'the block exits 4: the Then is checked on the block, which the When only restated'],
  ]);
});

t.test('a When that introduces the YAML block but adds to the run stays unbound', async (t) => {
  // A file the block cannot hold, a setting the block lacks, another run.
  t.equal(introducing('the second one is hopeless and the project holds a file `notes.txt` with odd words:', twoCommands), null);
  t.equal(introducing('the second one is hopeless under a timeout of 7 seconds:', twoCommands), null);
  t.equal(introducing('the second one is hopeless, and it is run twice:', twoCommands), null);
  // A setting the block holds restates it.
  t.match(introducing('the second one is hopeless under a timeout of 7 seconds:', 'stop:\n  commands:\n    - run: "echo fine"\n    - run: "exit 3"\n      timeout: 7s\n') ?? '', /the YAML block alone/);
  const { points } = await runScenarios('round25-unsaid-when', [bulletScenario('timeout said', 'the second one is hopeless under a timeout of 7 seconds:', ['- run: "echo fine"', '- run: "exit 3"'], 'the second command exits with code 3')]);
  t.ok(points.find((p) => p.name.includes('hopeless'))?.todo !== undefined, 'the When is a TODO: the block sets no timeout', { points });
});

t.test('"a file" described by the keys and commands it holds is the configuration file', async (t) => {
  const yaml = 'stop:\n  commands:\n    - run: "echo a"\n      timeout: 0s\n';
  for (const text of ['When the reviewer is handed a file with two mistakes in it:', 'When the file has a `stop:` section whose list of commands is empty:', 'When a file mixes a sound command with a broken timeout:', 'When no timeout is written anywhere in the file:']) {
    const code = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    t.not(conditionUse({ text: text.replace(/`/g, ''), code, yaml }).kind, 'unsaid', text);
  }
  // A file a directory holds, or described by its lines, is another file: still refused.
  for (const text of ['When the project holds a file with errors in it:', 'When a file with the line `ok` has two commands beside it:', 'When a file whose directory holds two commands is given:']) {
    const code = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    t.equal(conditionUse({ text: text.replace(/`/g, ''), code, yaml }).kind, 'unsaid', text);
  }
  const handed = (title: string, timeout: string) => [
    `#### Scenario: ${title}`,
    'When the reviewer is handed a file with two mistakes in it:',
    '```yaml',
    'stop:',
    '  commands:',
    '    - run: "echo a"',
    `      timeout: ${timeout}`,
    '```',
    '',
    'Then:',
    '1. the configuration is rejected',
  ];
  await expectVerdicts(t, runScenarios, 'round25-file-is-configuration', [handed('mistaken', '0s'), handed('sound', '5s')], 'is rejected', [
    [true, 'the block has a zero timeout: refused'],
    [false, 'the block is sound: the run is not refused'],
  ]);
});

t.test('files and directories a condition says the project holds, in so many names, are set up for the run', async (t) => {
  const yaml = 'stop:\n  commands:\n    - run: "ls"\n';
  const use = (text: string) => {
    const code = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    return conditionUse({ text: text.replace(/`/g, ''), code, yaml });
  };
  t.match(use('When the listing command looks around (the project holds `samples/`):'), { kind: 'read', parts: [{ text: 'the project directory holds a directory samples' }] });
  t.match(use('When the configuration (with a `textures` folder next to it) is:'), { kind: 'read', parts: [{ text: 'the project directory holds a directory textures' }] });
  // Where the project is another directory, or a name leaves it, nothing is placed: the condition stays refused.
  t.equal(use('When the project holds `samples/` and spec-run exec is given `--project elsewhere`:').kind, 'unsaid');
  t.equal(use('When the project holds `../up` and the listing command looks around:').kind, 'unsaid');
  const listed = (title: string, held: string) => [
    `#### Scenario: ${title}`,
    `When the listing command looks around (the project holds \`${held}/\`):`,
    '```yaml',
    'stop:',
    '  commands:',
    '    - run: "ls"',
    '```',
    '',
    'Then:',
    '1. the command prints `samples`',
  ];
  await expectVerdicts(t, runScenarios, 'round25-project-holds', [listed('samples', 'samples'), listed('others', 'others')], 'the command prints', [
    [true, 'the project holds samples/: ls lists it'],
    [false, 'the project holds others/ only: ls does not list samples'],
  ]);
});
