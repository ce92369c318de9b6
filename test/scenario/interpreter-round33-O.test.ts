// Round 33's part O: order and position in texts. A refused configuration's report is a sequence of lines (its
// `Error: invalid configuration FILE:` header, then one indented problem line each, `FILE:LINE:COLUMN: …`), said in one
// sentence whose parts are joined by the connectives of order (refusal-layout.ts). Sentences written for these tests
// (none from a batch), read both ways through real runs: a true sentence passes, a false copy fails, and a neighbour
// with words no part reads stays undefined.
import t from 'tap';
import type { Test } from 'tap';
import { scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Refusals in order');

/** SCENARIOS run as NAME: every step bound, and their Thens' verdicts EXPECTED (true sentences pass, false copies fail). */
async function readBothWays(t: Test, name: string, scenarios: string[][], expected: boolean[]): Promise<void> {
  const { points } = await run(name, scenarios);
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(points.filter((p) => p.name.startsWith('THEN')).map((p) => p.ok), expected, 'true sentences pass, false copies fail', { points });
}

/** SCENARIOS run as NAME: each Then stays undefined. */
async function leftUnread(t: Test, name: string, scenarios: string[][]): Promise<void> {
  const { points } = await run(name, scenarios);
  const thens = points.filter((p) => p.name.startsWith('THEN'));
  t.equal(thens.length, scenarios.length, `${scenarios.length} Thens`, { points });
  t.ok(thens.every((p) => p.todo !== undefined), 'each stays undefined', { points });
}
/** A configuration with three problems, on lines 2, 5 and 6 of the file. */
const refused = (title: string, then: string) => [
  `#### Scenario: ${title}`,
  '- **WHEN** `spec-run exec gate.yaml` runs',
  '',
  '```yaml',
  'stop:',
  '  defaultTimeout: 45',
  '  commands:',
  '    - run: "echo never"',
  '      timeout: "1h15m"',
  '      colour: red',
  '```',
  '',
  `- **THEN** ${then}`,
];

t.test('through real runs: a refusal\'s header and its indented problem lines, both ways', async (t) => {
  await readBothWays(t, 'round33o-layout', [
    refused('header then each', 'the first line printed is `Error: invalid configuration gate.yaml:`, and each problem follows on an indented line beginning with `gate.yaml:<line>:<column>:`, in file order'),
    refused('header then each, another file', 'the first line printed is `Error: invalid configuration hook.yaml:`, and each problem follows on an indented line beginning with `hook.yaml:<line>:<column>:`, in file order'),
    refused('count', 'the output starts with `Error: invalid configuration gate.yaml:` followed by three indented problem lines, each beginning with `gate.yaml:N:N:` and the field\'s path'),
    refused('count, wrong', 'the output starts with `Error: invalid configuration gate.yaml:` followed by four indented problem lines, each beginning with `gate.yaml:N:N:` and the field\'s path'),
    refused('spaces', 'spec-run exec prints `Error: invalid configuration gate.yaml:` and then one line per problem, each indented by two spaces, and exits with status 2'),
    refused('spaces, wrong', 'spec-run exec prints `Error: invalid configuration gate.yaml:` and then one line per problem, each indented by four spaces, and exits with status 2'),
    refused('first follows', 'three indented problem lines follow, in the order of the file, the first reading `gate.yaml:2:19: stop.defaultTimeout: invalid duration 45: must be a string with a unit (e.g. \'45s\'), not the number 45. Valid: \'30s\', \'5m\', \'2h\', null`'),
    refused('first follows, wrong', 'three indented problem lines follow, in the order of the file, the first reading `gate.yaml:6:7: stop.commands[0].colour: unknown key \'colour\' (allowed here: run, timeout, image, maxOutputLines, keepOutput, memory, cpus, workdir, env, network, user, showStdout, showStderr, message)`'),
    refused('quoted indented', 'it reports `gate.yaml:2:19: stop.defaultTimeout: invalid duration 45: must be a string with a unit (e.g. \'45s\'), not the number 45. Valid: \'30s\', \'5m\', \'2h\', null`, indented by two spaces'),
    refused('quoted indented, wrong', 'it reports `gate.yaml:2:19: stop.defaultTimeout: invalid duration 45: must be a string with a unit (e.g. \'45s\'), not the number 45. Valid: \'30s\', \'5m\', \'2h\', null`, indented by four spaces'),
  ], [true, false, true, false, true, false, true, false, true, false]);
});

t.test('through real runs: neighbours with words no part reads stay undefined', async (t) => {
  await leftUnread(t, 'round33o-layout-unread', [
    // An example of a problem line ("such as"), a count of lines of no kind, and a part said of the lines that no modifier reads.
    refused('example', 'spec-run exec prints `Error: invalid configuration gate.yaml:` and then one indented line per problem, such as `gate.yaml:2:19: stop.defaultTimeout: invalid duration 45`'),
    refused('unnamed lines', 'the output starts with `Error: invalid configuration gate.yaml:` followed by three indented lines'),
    refused('other words', 'the output starts with `Error: invalid configuration gate.yaml:` followed by three indented problem lines, each coloured red'),
  ]);
});

/** A command that times out (its report ends with the four fixes of a timeout), with a message of its own. */
const timedOut = (title: string, then: string) => [
  `#### Scenario: ${title}`,
  '- **WHEN** spec-run exec runs',
  '',
  '```yaml',
  'stop:',
  '  commands:',
  '    - run: "echo begun; sleep 5"',
  '      timeout: 1s',
  '      message: "The warm-up stalled."',
  '```',
  '',
  `- **THEN** ${then}`,
];

t.test('through real runs: a To fix: list and its items by position, both ways', async (t) => {
  await readBothWays(t, 'round33o-fixes', [
    timedOut('last item', 'a To fix: list follows, whose last item is Set timeout: null to disable (not recommended)'),
    timedOut('last item, wrong', 'a To fix: list follows, whose last item is Optimize command execution'),
    timedOut('count, first and last', 'the report ends with To fix: and four numbered remedies, the first being 1. Increase timeout if command takes longer and the last 4. Set timeout: null to disable (not recommended)'),
    timedOut('count, first and last, wrong count', 'the report ends with To fix: and three numbered remedies, the first being 1. Increase timeout if command takes longer and the last 3. Run command with more resources'),
    timedOut('item n', 'a To fix: list of four numbered items is appended, item 2 being Optimize command execution'),
    timedOut('item n, wrong', 'a To fix: list of four numbered items is appended, item 3 being Optimize command execution'),
  ], [true, false, true, false, true, false]);
});

t.test('through real runs: a To fix: list in words no part reads stays undefined', async (t) => {
  await leftUnread(t, 'round33o-fixes-unread', [
    // An item's number that contradicts its place, and a claim of the list no part reads.
    timedOut('number against place', 'a To fix: list follows, whose first item is 2. Optimize command execution'),
    timedOut('other words', 'a To fix: list follows, whose items are all polite'),
  ]);
});

/** A command printing the numbers 1 to 12, of which the block keeps the last 3. */
const tailKept = (title: string, then: string) => [
  `#### Scenario: ${title}`,
  '- **WHEN** spec-run exec runs',
  '',
  '```yaml',
  'stop:',
  '  commands:',
  '    - run: "seq 1 12"',
  '      maxOutputLines: 3',
  '      keepOutput: tail',
  '```',
  '',
  `- **THEN** ${then}`,
];

t.test('through real runs: an output block\'s lines in order, joined by then, followed by, preceded by; both ways', async (t) => {
  await readBothWays(t, 'round33o-sequence', [
    tailKept('preceded by', 'the output shows 10, 11 and 12, preceded by stdout: ... (9 lines omitted)'),
    tailKept('preceded by, wrong count', 'the output shows 10, 11 and 12, preceded by stdout: ... (8 lines omitted)'),
    tailKept('then', 'the output shows stdout: ... (9 lines omitted), then 10 and 11, then 12'),
    tailKept('then, wrong order', 'the output shows stdout: ... (9 lines omitted), then 11 and 10, then 12'),
    tailKept('only', 'the output shows only stdout: ... (9 lines omitted) followed by 10, 11 and 12'),
    tailKept('only, one missing', 'the output shows only stdout: ... (9 lines omitted) followed by 11 and 12'),
  ], [true, false, true, false, true, false]);
});

t.test('through real runs: a sequence with a plain word or other words stays undefined', async (t) => {
  await leftUnread(t, 'round33o-sequence-unread', [
    tailKept('plain word', 'the output shows 10, 11 and 12, preceded by the omission'),
    tailKept('other words', 'the output shows 10, 11 and 12, preceded by stdout: ... (9 lines omitted) in grey'),
  ]);
});
