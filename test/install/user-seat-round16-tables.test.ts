// False greens a team migrating from cucumber-js met, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. Examples and
// data-table rows after a blank line or a commented-out row never ran; a Scenario with Examples
// ran once with the literal <item>; uneven rows passed; a doc string at column 0 was not given
// to its step; a pasted table without markdown's delimiter row got a nonsense snippet; and a
// .feature pasted as a paragraph was a harmless skip in a directory run.
import t from 'tap';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { startLspClient } from '../support/lsp-client.js';

const PRICES = `import assert from 'node:assert/strict';
import { Given, When, Then } from 'spec-run/steps';
const PRICE = { apple: 1, pear: 2, plum: 3 };
When('I price {string}', function (item) { this.price = PRICE[item]; });
Then('the price SHALL be {int}', function (n) { assert.equal(this.price, n); });
When('I load the shop', function () { this.prices = PRICE; });
Then('the prices SHALL be:', function (table) { for (const row of table.hashes()) assert.equal(this.prices[row.item], Number(row.price), row.item); });
When('I order {string}', function (item) { this.accepted = item === 'apple' || item === 'plum'; });
Then('the order SHALL be rejected', function () { assert.equal(this.accepted, false); });
When('I run the greeter', function () { this.out = 'Hello, world'; });
Then('the output SHALL be:', function (expected) { assert.equal(this.out, expected.trim()); });
Given('the items:', function (table) { this.rows = table.raw(); });
Then('the total SHALL be {int}', function (n) { assert.equal(this.rows.length - 1, n); });
When('I do it', function () { this.x = 1; });
Then('it SHALL be broken', function () { assert.equal(this.x, 2); });
Then('it SHALL be fine', function () { assert.equal(this.x, 1); });
`;
const outline = (heading: string, rows: string) => `### Requirement: Prices
The shop SHALL price items.

#### ${heading}: price of <item>
- **WHEN** I price "<item>"
- **THEN** the price SHALL be <price>

##### Examples:
| item  | price |
|-------|-------|
| apple | 1     |
${rows}`;

t.test('rows after a blank line or a commented-out row run, and the one that must fail fails', async (t) => {
  const project = userProject({
    'blank/prices.spec.md': outline('Scenario Outline', '| pear  | 2     |\n\n| plum  | 99    |\n'),
    'hash/prices.spec.md': outline('Scenario Outline', '# | pear  | 2     |\n| plum  | 99    |\n'),
    'html/prices.spec.md': outline('Scenario Outline', '<!-- | pear  | 2     | -->\n| plum  | 99    |\n'),
    'table/prices.spec.md': '### Requirement: Prices\nThe shop SHALL price items.\n\n#### Scenario: price list\n- **WHEN** I load the shop\n- **THEN** the prices SHALL be:\n\n| item  | price |\n|-------|-------|\n| apple | 1     |\n\n| plum  | 99    |\n',
    'plain/orders.spec.md': outline('Scenario', '| plum  | 99    |\n').replace('price of <item>', 'a discontinued item <item>').replace('- **WHEN** I price "<item>"\n- **THEN** the price SHALL be <price>', '- **WHEN** I order "<item>"\n- **THEN** the order SHALL be rejected'),
    'steps.mjs': PRICES,
  });
  const run = await project.specRun(['blank/', 'hash/', 'html/', 'table/', '--require-verified', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the run fails', { stdout: run.stdout });
  t.equal(run.stdout.match(/not ok \d+ - THEN the price SHALL be 99/g)?.length, 3, 'the plum row of each outline ran, and failed');
  t.match(run.stdout, /not ok \d+ - THEN the prices SHALL be:[\s\S]*plum/, "the data table's plum row was compared");
  t.match(run.stderr, /requirements: 0 verified, 4 failing/);
  t.notMatch(run.stdout, /\| pear/, 'a commented row is no title');
  const list = await project.specRun(['--list', 'blank/', 'hash/', 'html/']);
  t.equal(list.stdout.match(/I price "plum"/g)?.length, 3, '--list shows the rows');
  const plain = await project.specRun(['plain/', '--require-verified']);
  t.equal(plain.code, 1, 'a Scenario with Examples runs each row: plum is still sold');
  t.match(plain.stdout, /I order "plum"/);
  t.notMatch(plain.stdout, /I order "<item>"/);
});

t.test('uneven rows, rows without a delimiter row and a pasted .feature are refused at their lines by check and the run', async (t) => {
  const project = userProject({
    'ragged/totals.spec.md': '### Requirement: Totals\nThe cart SHALL total.\n\n#### Scenario: ragged rows\n- **GIVEN** the items:\n  | name | price |\n  |------|-------|\n  | a    | 1     | 5 |\n  | b    | 2     |\n- **THEN** the total SHALL be 2\n',
    'nodelim/totals.spec.md': '### Requirement: Totals\nThe cart SHALL total.\n\n#### Scenario: gherkin table\n- **GIVEN** the items:\n  | name | price |\n  | a    | 1     |\n- **THEN** the total SHALL be 1\n',
    'feature/cart.md': '# Cart\n\nScenario: add\n- When I do it\n- Then it SHALL be broken\n',
    'feature/good.spec.md': '### Requirement: R\nThe thing SHALL work.\n\n#### Scenario: S\n- **WHEN** I do it\n- **THEN** it SHALL be fine\n',
    'steps.mjs': PRICES,
  });
  const check = await project.specRun(['check', 'ragged/', 'nodelim/', 'feature/']);
  t.equal(check.code, 1);
  t.match(check.stdout, /ragged\/totals\.spec\.md:8:1: error: the row at line 8 of the data table of step 'the items:' has 3 cells, and its header \(line 6\) 2 cells/);
  t.match(check.stdout, /nodelim\/totals\.spec\.md:6:1: error: '\| name \| price \|' and the lines after it look like a table but have no delimiter row/);
  t.notMatch(check.stdout, /define it with/, 'no snippet for a table glued onto a sentence');
  t.match(check.stdout, /feature\/cart\.md:3:1: error: 'Scenario: add' is a paragraph, not a heading/);
  const run = await project.specRun(['ragged/', 'nodelim/', 'feature/', '--require-verified']);
  t.equal(run.code, 1, 'the run fails', { stdout: run.stdout });
  for (const file of ['ragged/totals.spec.md', 'nodelim/totals.spec.md', 'feature/cart.md']) t.match(run.stdout, new RegExp(`^not ok \\d+ - .*\\(${file.replace(/\./g, '\\.')}\\)`, 'm'), `${file} fails`);
  t.match(run.stdout, /^ok \d+ - .*\(feature\/good\.spec\.md\)/m, 'the good document beside them passes');

  // node-tap's NODE_OPTIONS is taken out, as a user's shell never has it (see installed.ts).
  const client = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], project.dir, userEnvironment());
  t.teardown(() => client.close().catch(() => undefined));
  const diagnostics = await client.diagnostics(client.open(join(project.dir, 'ragged/totals.spec.md')));
  t.match(diagnostics, [{ range: { start: { line: 7 } }, message: /^the row at line 8 of the data table of step 'the items:' has 3 cells/ }], 'the editor says it at the row (line 8)');
});

t.test('a fenced doc string at column 0 below a step ending in a colon reaches the step', async (t) => {
  const project = userProject({
    'specs/greet.spec.md': '### Requirement: Greeting\nThe tool SHALL greet.\n\n#### Scenario: output\n- **WHEN** I run the greeter\n- **THEN** the output SHALL be:\n\n```text\nGoodbye, world\n```\n',
    'steps.mjs': PRICES,
  });
  const run = await project.specRun(['specs/']);
  t.equal(run.code, 1, 'the comparison runs and fails');
  t.match(run.stdout, /Goodbye, world/);
  t.notMatch(run.stdout, /is not a function/);
});
