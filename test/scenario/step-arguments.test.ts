// What a cucumber user brings to an OpenSpec document: a doc string (a fenced block) or
// a data table (a GFM table) inside a step's list item, passed to the definition last;
// definitions that spell the colon introducing them; and steps that never finish, which
// the unit time limit ends. spec-run runs as a child process in a fresh directory.
import t from 'tap';
import { execa } from 'execa';
import { DataTable } from '../../src/steps/index.js';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import { project as userProject, runIn } from './user-project.js';

const project = (files: Record<string, string>) => userProject(files, 'spec-run-step-arguments-');
const points = (dir: string, args: string[]) => runIn(dir, [...args, '--reporter', 'json']);

const DOC = `# Inventory

### Requirement: Stock
The inventory SHALL count what it is given.

#### Scenario: Items from a table
- **GIVEN** the items:

  | name  | count |
  |-------|-------|
  | apple | 3     |
  | pear  | 4     |

- **THEN** the inventory holds 7 things

#### Scenario: Items from a document
- **GIVEN** the items as JSON:
  \`\`\`json
  {"apple": 1, "plum": 5}
  \`\`\`
- **THEN** the inventory holds 6 things

#### Scenario: A step nobody wrote
- **GIVEN** the suppliers:

  | name |
  |------|
  | acme |
`;

const STEPS = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('the items:', function (table) {
  this.attach('table', table);
  this.total = table.hashes().reduce((sum, row) => sum + Number(row.count), 0);
});
Given('the items as JSON', function (docString) {
  this.total = Object.values(JSON.parse(docString)).reduce((a, b) => a + b, 0);
});
Then('the inventory holds {int} things', function (n) { assert.equal(this.total, n); });
`;

t.test('a table or fenced block inside a step item is its data table or doc string, with or without the colon in the definition', async (t) => {
  const dir = project({ 'doc.md': DOC, 'steps.mjs': STEPS });
  const result = await points(dir, ['--steps', 'steps.mjs', 'doc.md']);
  const [table, fromTable, json, fromJson, undefinedStep] = result.points;
  t.match(table, { ok: true, name: 'GIVEN the items:', attachments: [{ name: 'table', value: [['name', 'count'], ['apple', '3'], ['pear', '4']] }] });
  t.equal(fromTable.ok, true, 'the table reached the definition');
  t.match(json, { ok: true, name: 'GIVEN the items as JSON:' });
  t.equal(fromJson.ok, true, 'the doc string reached the definition');
  t.match(undefinedStep, { ok: false, diagnostics: { reason: /no step definition matches/ } });
  t.match(undefinedStep.diagnostics?.snippet, /^Given\('the suppliers', function \(dataTable\) \{/, 'the snippet takes the table');
});

t.test('the doc string and table are in the plan, at their lines', async (t) => {
  const plan = translate(parseMarkdown('doc.md', DOC));
  const steps = plan.units.flatMap((u) => (u.kind === 'scenario' ? u.steps : []));
  t.match(steps[0].argument, { kind: 'data-table', line: 9, rows: [['name', 'count'], ['apple', '3'], ['pear', '4']] });
  t.match(steps[2].argument, { kind: 'doc-string', lang: 'json', line: 18, text: '{"apple": 1, "plum": 5}' });
  t.equal(steps[1].argument, undefined);
});

t.test('DataTable: raw, rows, hashes, rowsHash, transpose', async (t) => {
  const table = new DataTable([['k', 'v'], ['a', '1']]);
  t.same(table.raw(), [['k', 'v'], ['a', '1']]);
  t.same(table.rows(), [['a', '1']]);
  t.same(table.hashes(), [{ k: 'a', v: '1' }]);
  t.same(table.rowsHash(), { k: 'v', a: '1' });
  t.same(table.transpose().raw(), [['k', 'a'], ['v', '1']]);
  t.throws(() => new DataTable([['a', 'b', 'c']]).rowsHash(), /2 cells/);
});

t.test('a step that never finishes fails at the unit time limit, the command it started is stopped, the run goes on', async (t) => {
  const marker = `spec-run-step-limit-${process.pid}-${Date.now()}`;
  const doc = `# Waiting

### Requirement: Patience
The system SHALL answer.

#### Scenario: Forever
- **WHEN** the step waits forever
- **THEN** nothing happens

#### Scenario: A command that outlives its step
- **WHEN** the step starts a long command

#### Scenario: After them
- **THEN** nothing happens
`;
  // The After hook looks, within spec-run's run, for the command the step left: it must be stopped by then.
  const steps = `import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { After, When, Then } from 'spec-run/steps';
When('the step waits forever', function () { return new Promise(() => {}); });
When('the step starts a long command', function () { return this.run('sleep 60; echo ${marker}', { timeout: null }); });
Then('nothing happens', function () { if (!this.scenario) throw new Error(); this.held = true; });
After(async function () {
  if (this.scenario !== 'A command that outlives its step') return;
  for (let i = 0; i < 50 && execFileSync('ps', ['-eo', 'args']).toString().includes('${marker}'); i++) await sleep(100);
  if (execFileSync('ps', ['-eo', 'args']).toString().includes('${marker}')) throw new Error('the command still runs');
});
`;
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps });
  const started = Date.now();
  const result = await points(dir, ['--steps', 'steps.mjs', 'doc.md', '--timeout', '2s']);
  t.ok(Date.now() - started < 30_000, 'the run ends');
  const [forever, after, command, last] = result.points;
  t.match(forever, { ok: false, at: { line: 7 }, diagnostics: { reason: /did not finish within the unit time limit of 2000 ms/ } });
  t.match(after, { ok: true, skip: 'an earlier step failed (line 7)' });
  t.match(command, { ok: false, diagnostics: { reason: /the commands it started were stopped/ } });
  t.equal(last.ok, true);
  t.equal(result.points.length, 4, 'no After hook failed: the command was stopped while spec-run ran');
  const ps = await execa('ps', ['-eo', 'args'], { reject: false });
  t.notOk(ps.stdout.includes(marker), 'the command started by the step is not left running');
});

t.test('a definition with an unknown parameter type is reported at its line with the reason, not only "a problem at column 3"', async (t) => {
  const dir = project({ 'doc.md': DOC, 'steps.mjs': `import { Given } from 'spec-run/steps';\n\nGiven('a {colour} thing', function () {});\n` });
  const result = await points(dir, ['--steps', 'steps.mjs', 'doc.md']);
  t.match(result.points[0], {
    ok: false,
    at: { line: 3 },
    name: `Given("a {colour} thing"): This Cucumber Expression has a problem at column 3: Undefined parameter type 'colour'. Please register a ParameterType for 'colour'`,
  });
});

t.test('steps written as paragraph lines (bold or upper-case keywords) are steps; a capitalised "When ..." paragraph stays the condition', async (t) => {
  const plan = translate(
    parseMarkdown(
      'doc.md',
      `# Greeting

### Requirement: Greeting
The app SHALL greet.

#### Scenario: Lines in one paragraph
**GIVEN** a user named "Ann"
**WHEN** she opens
the app
**THEN** she sees "Hello, Ann"

#### Scenario: One paragraph per step
GIVEN a user named "Bob"

WHEN she opens the app

#### Scenario: Prose
When the app starts cold:

Then:
1. it greets nobody
`,
    ),
  );
  const scenarios = plan.units.flatMap((u) => (u.kind === 'scenario' ? [u] : []));
  t.same(
    scenarios.map((s) => s.steps.map((step) => [step.keyword, step.text, step.line])),
    [
      [['GIVEN', 'a user named "Ann"', 7], ['WHEN', 'she opens the app', 8], ['THEN', 'she sees "Hello, Ann"', 10]],
      [['GIVEN', 'a user named "Bob"', 13], ['WHEN', 'she opens the app', 15]],
      [['Then', 'it greets nobody', 21]],
    ],
  );
  t.same(scenarios.map((s) => s.condition), [null, null, 'When the app starts cold:']);
});

t.test('sub-bullets under a step are its data table, one row per item, never steps of their own; a wrapped step is one line (a bold keyword row among them is an error: translate/scenario-headings.test.ts)', async (t) => {
  const doc = `# Installer

### Requirement: Progress
The installer SHALL show its progress.

#### Scenario: Spinners
- **WHEN** the installer runs
  with the default
  options
- **THEN** it SHALL display progress with spinners:
  - Show spinner: "Installing"
  - Then success: "Done" when it ends
  - GIVEN a second line
    that wraps
`;
  const steps = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('the installer runs with the default options', function () {});
Then('it SHALL display progress with spinners:', function (table) {
  this.attach('rows', table.raw());
  assert.deepEqual(table.raw(), [['Show spinner: "Installing"'], ['Then success: "Done" when it ends'], ['GIVEN a second line that wraps']]);
});
`;
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps });
  const result = await points(dir, ['--steps', 'steps.mjs', 'doc.md']);
  t.same(result.points.map((p) => [p.name, p.ok]), [
    ['WHEN the installer runs with the default options', true],
    ['THEN it SHALL display progress with spinners:', true],
  ], 'two steps: the sub-bullets (one starting with Then, one with GIVEN) are the second one\'s data');
  t.equal(result.exitCode, 0, result.stderr);
  const bare = await points(project({ 'doc.md': doc }), ['doc.md']);
  const snippet = String(bare.points[0].diagnostics?.snippet);
  t.match(snippet, /^When\('the installer runs with the default options', function \(\) \{/, 'the wrapped step\'s snippet is one line');
  t.match(String(bare.points[1].diagnostics?.snippet), /function \(dataTable\)/, 'and the step with sub-bullets takes a data table');
});

t.test('inline code marks: one rule for literals, regular expressions and parameter types, none of which keep the backquotes', async (t) => {
  const doc = `# Lister

### Requirement: Listing
The CLI SHALL list.

#### Scenario: Listing
- **WHEN** the user runs \`openspec list\` in the project
- **AND** the user runs \`openspec show alpha\` with json
- **THEN** the command \`openspec list\` SHALL succeed
`;
  const steps = `import { When, Then, defineParameterType } from 'spec-run/steps';
defineParameterType({ name: 'command', regexp: /\`[^\`]+\`/ });
When(/^the user runs \`openspec list\` in the project$/, function () {});
When('the user runs {command} with json', function (command) { this.attach('command', command); if (command !== 'openspec show alpha') throw new Error(command); });
Then('the command \`openspec list\` SHALL succeed', function () { if (!this.scenario) throw new Error(); this.held = true; });
`;
  const result = await points(project({ 'doc.md': doc, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md']);
  t.equal(result.exitCode, 0, JSON.stringify(result.points.map((p) => p.diagnostics)));
  t.same(result.points.map((p) => p.ok), [true, true, true], 'a regular expression, a parameter type and a literal, each written with backquotes, match');
});
