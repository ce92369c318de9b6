// How tables, Examples and doc strings are read as a team coming from cucumber-js writes them:
// no row, cell, doc string or step is lost in silence. A table goes on across blank lines and
// commented-out rows (as Gherkin reads one); a row of another cell count than its header, and
// rows without markdown's delimiter row, are refused at their line; a Scenario with Examples
// runs each row; a block right below a step ending in a colon is its doc string; a `Scenario:`
// paragraph with steps after it, in a document of no family, is an error, not a skip.
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import type { ScenarioUnit } from '../../src/model/plan.js';

const planOf = (text: string, path = 'doc.spec.md') => translate(parseMarkdown(path, text));
const scenarios = (text: string) => planOf(text).units.filter((u): u is ScenarioUnit => u.kind === 'scenario');
const outline = (heading: string, table: string) => `### Requirement: Prices\nThe shop SHALL price items.\n\n#### ${heading}: price of <item>\n- **WHEN** I price "<item>"\n- **THEN** the price SHALL be <price>\n\n##### Examples:\n${table}`;
const HEAD = '| item  | price |\n|-------|-------|\n| apple | 1     |\n';

t.test('Examples rows after a blank line, a "# | row |" line or an HTML comment are rows of the table; the commented row is not', async (t) => {
  for (const [between, rows] of [
    ['\n', ['apple', 'plum', 'kiwi']],
    ['# | pear | 2 |\n', ['apple', 'plum', 'kiwi']],
    ['<!-- | pear | 2 | -->\n', ['apple', 'plum', 'kiwi']],
    ['\n# | pear | 2 |\n\n', ['apple', 'plum', 'kiwi']],
  ] as const) {
    const text = outline('Scenario Outline', `${HEAD}${between}| plum  | 99    |\n| kiwi  | 42    |\n`);
    const plan = planOf(text);
    t.same(plan.problems, [], JSON.stringify(between));
    t.same(plan.units.map((u) => (u as ScenarioUnit).steps[0].text), rows.map((item) => `I price "${item}"`), JSON.stringify(between));
    const plum = text.split('\n').indexOf('| plum  | 99    |') + 1;
    t.equal(plan.units[1].line, plum, 'the plum unit stands at its row');
    t.equal(plan.name, 'doc.spec.md', 'a commented row is no title');
  }
  // A heading that is no row still ends the table, and text after it is no row.
  const ended = planOf(`${outline('Scenario Outline', HEAD)}\n## Notes\n| not | a row |\n`);
  t.same(ended.units.map((u) => u.name), ['price of <item> (item: apple, price: 1)']);
});

t.test('a table written without outer pipes (GFM) goes on across blank and comment lines with rows written the same way; prose after it stays prose', async (t) => {
  const pipeless = 'item  | price\n------|------\napple | 1\n';
  for (const between of ['\n', '<!-- plum | 3 -->\n', '\n# | pear | 2 |\n\n']) {
    const text = outline('Scenario Outline', `${pipeless}${between}plum  | 99\n\nkiwi | 42 |\n`);
    const plan = planOf(text);
    t.same(plan.problems, [], JSON.stringify(between));
    t.same(plan.units.map((u) => (u as ScenarioUnit).steps[1].text), ['the price SHALL be 1', 'the price SHALL be 99', 'the price SHALL be 42'], JSON.stringify(between));
    t.same(plan.units.map((u) => u.line), ['apple | 1', 'plum  | 99', 'kiwi | 42 |'].map((row) => text.split('\n').indexOf(row) + 1), 'each unit stands at its row');
  }
  const uneven = planOf(outline('Scenario Outline', `${pipeless}\nplum | 99 | 3\n`));
  t.match(uneven.problems, [{ line: 13, severity: 'error', message: /^the row at line 13 of the Examples table has 3 cells, and its header \(line 9\) 2 cells/ }], 'a row of another width is refused at its line, not lost');
  const prose = planOf(`${outline('Scenario Outline', pipeless)}\nThe prices are in cents.\n`);
  t.same(prose.units.map((u) => u.name), ['price of <item> (item: apple, price: 1)'], 'a paragraph without a pipe is no row');
  const piped = planOf(`${outline('Scenario Outline', HEAD)}\nplum | 99\n`);
  t.same(piped.units.length, 1, 'under a table with outer pipes, a line without them is not read as its row (as before)');
});

t.test("a step's data table goes on across a blank line, at column 0 below the step or indented under it", async (t) => {
  const step = (table: string) => `### Requirement: Prices\nIt SHALL.\n\n#### Scenario: list\n- **THEN** the prices SHALL be:\n${table}- **THEN** it is done\n`;
  const atColumn0 = scenarios(step('\n| item | price |\n|---|---|\n| apple | 1 |\n\n| plum | 99 |\n\n'))[0];
  t.same(atColumn0.steps[0].argument, { kind: 'data-table', rows: [['item', 'price'], ['apple', '1'], ['plum', '99']], rowLines: [7, 9, 11], line: 7 });
  const indented = scenarios(step('  | item | price |\n  |---|---|\n  | apple | 1 |\n\n  | plum | 99 |\n  # | pear | 2 |\n  | kiwi | `3` |\n'))[0];
  t.same(indented.steps.map((s) => s.text), ['the prices SHALL be:', 'it is done'], 'no row glued onto the step');
  t.same(indented.steps[0].argument, { kind: 'data-table', rows: [['item', 'price'], ['apple', '1'], ['plum', '99'], ['kiwi', '3']], rowLines: [6, 8, 10, 12], line: 6 });
});

t.test('a row with more or fewer cells than its header is an error at its line, with both counts', async (t) => {
  const plan = planOf('### Requirement: T\nIt SHALL.\n\n#### Scenario: ragged\n- **GIVEN** the items:\n  | name | price |\n  |------|-------|\n  | a    | 1     | 5 |\n  | b    | 2     |\n- **THEN** the total SHALL be 3\n');
  t.match(plan.problems, [{ line: 8, severity: 'error', message: /^the row at line 8 of the data table of step 'the items:' has 3 cells, and its header \(line 6\) 2 cells: .*name its column in the header, or remove the cell$/ }]);
  const examples = planOf(outline('Scenario Outline', '| item | price |\n|---|---|\n| E1 | 1 |\n| E2 |\n'));
  t.match(examples.problems, [{ line: 12, severity: 'error', message: /^the row at line 12 of the Examples table has 1 cell, and its header \(line 9\) 2 cells: .*write the missing cell/ }]);
  t.same(planOf(outline('Scenario Outline', '| item | price |\n|---|---|\n| E1 | 1 |\n')).problems, [], 'an even table is no problem');
});

t.test('a Scenario with an Examples heading or paragraph over a table runs each row, as an outline', async (t) => {
  t.same(scenarios(outline('Scenario', `${HEAD}| plum | 99 |\n`)).map((u) => u.steps[0].text), ['I price "apple"', 'I price "plum"']);
  const paragraph = '### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** I order "<item>"\n\nExamples:\n\n| item |\n|---|\n| pear |\n| plum |\n';
  t.same(scenarios(paragraph).map((u) => u.steps[0].text), ['I order "pear"', 'I order "plum"']);
  t.same(scenarios('### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** I order "<item>"\n\n##### Examples\n\nNone yet.\n').map((u) => u.steps[0].text), ['I order "<item>"'], 'an Examples heading over no table leaves a scenario');
});

t.test('rows without the delimiter row are an error at the header line, not text of the step nor a missing Examples table', async (t) => {
  const plan = planOf('### Requirement: T\nIt SHALL.\n\n#### Scenario: s\n- **GIVEN** the items:\n  | name | price |\n  | a    | 1     |\n- **THEN** the total SHALL be 1\n\n#### Scenario Outline: o <item>\n- **THEN** I get <item>\n\nExamples:\n  | item  |\n  | apple |\n');
  t.match(plan.problems, [
    { line: 6, message: /^'\| name \| price \|' and the lines after it look like a table but have no delimiter row below the header: .* write '\|---\|---\|' on the line after '\| name \| price \|'$/ },
    { line: 14, message: /^'\| item  \|' and the lines after it look like a table but have no delimiter row.* write '\|---\|'/ },
  ]);
  t.equal(plan.problems.length, 2, 'no "has no Examples table" beside it');
  t.equal(scenarios('### Requirement: T\nIt SHALL.\n\n#### Scenario: s\n- **GIVEN** the items:\n  | name | price |\n  | a    | 1     |\n')[0].steps[0].text, 'the items:', 'the rows are no part of the step sentence');
});

t.test('a fenced block at column 0 right below a step ending in a colon is its doc string; a JSON block stays the scenario\'s', async (t) => {
  const spec = (lang: string) => `### Requirement: G\nIt SHALL greet.\n\n#### Scenario: output\n- **WHEN** I run the greeter\n- **THEN** the output SHALL be:\n\n\`\`\`${lang}\nGoodbye, world\n\`\`\`\n`;
  t.same(scenarios(spec('text'))[0].steps[1].argument, { kind: 'doc-string', text: 'Goodbye, world', lang: 'text', line: 8 });
  t.equal(scenarios(spec('json'))[0].steps[1].argument, undefined);
  t.equal(scenarios(spec('json'))[0].configs.length, 1);
});

t.test('in a document of no family, a "Scenario:" paragraph with steps after it is an error at its line, not a skip', async (t) => {
  const bullets = planOf('# Cart\n\nScenario: add\n- When I do it\n- Then it SHALL be broken\n', 'cart.md');
  t.match(bullets.problems, [{ line: 3, severity: 'error', message: /^'Scenario: add' is a paragraph, not a heading, so the steps below it \('When I do it'\) never run: .*write it as '## Scenario: add'/ }]);
  const pasted = planOf('Feature: Cart\n\n  Scenario: add\n    When I do it\n    Then it SHALL be broken\n', 'checkout.md');
  t.match(pasted.problems, [{ line: 3, severity: 'error' }]);
  t.same(planOf('# Notes\n\nExample: the tool prints a greeting.\n\nSome prose.\n', 'notes.md').problems, [], 'a Scenario or Example line without steps is prose');
});

t.test('a table in a plain scenario that no step takes and no Examples marks is an error at its line', async (t) => {
  const body = (steps: string, between: string) => `### Requirement: Totals\nIt SHALL add.\n\n#### Scenario: adding\n${steps}\n${between}| count | total |\n|---|---|\n| 1 | 10 |\n| 2 | 20 |\n`;
  const placeholders = planOf(body('- **WHEN** I add <count> items\n- **THEN** the total is <total>\n', ''));
  t.match(placeholders.problems, [{ line: 8, severity: 'error', message: /^the steps hold <count>, a column of this table, but no 'Examples:' stands above it: .*run once with '<count>' as written/ }]);
  const belowLastStep = planOf(body('- **WHEN** I add 2 items\n- **THEN** the totals are\n', ''));
  t.match(belowLastStep.problems, [{ line: 8, severity: 'error', message: /^this table stands right below step 'the totals are' but is not its data table .*end the step with ':'/ }]);
  t.same(planOf(body('- **WHEN** I add 2 items\n- **THEN** the totals are:\n', '')).problems, [], "a step ending in ':' takes the table");
  t.same(planOf(body('- **WHEN** I add <count> items\n- **THEN** the total is <total>\n', 'Examples:\n\n')).problems, [], 'Examples: above the table makes an outline');
  const leadIn = planOf(body('- **WHEN** I add 2 items\n- **THEN** the total is 20\n', 'The prices:\n\n'));
  t.match(leadIn.problems, [{ line: 10, severity: 'error', message: /^no step takes this table, so none of its rows would be read: .*move it right below its step and end that step with ':'/ }], 'a lead-in line between the steps and the table: no step gets its rows');
  t.equal(leadIn.problems.length, 1);
  const between = planOf('### Requirement: Ids\nIt SHALL reject.\n\n#### Scenario: ids\n- **WHEN** I mark each id below done\n\n| id |\n|----|\n| 7 |\n\n- **THEN** each SHALL be rejected\n');
  t.match(between.problems, [{ line: 7, severity: 'error', message: /^this table stands right below step 'I mark each id below done' but is not its data table/ }], 'between two steps, unindented, below a step without a colon');
  const before = planOf('### Requirement: Ids\nIt SHALL reject.\n\n#### Scenario: ids\n| id |\n|----|\n| 7 |\n\n- **WHEN** I mark the ids done\n- **THEN** each SHALL be rejected\n');
  t.match(before.problems, [{ line: 5, severity: 'error', message: /^no step takes this table/ }], 'above the steps');
  const taken = planOf('### Requirement: Ids\nIt SHALL reject.\n\n#### Scenario: ids\n- **WHEN** I mark each id below done:\n\n| id |\n|----|\n| 7 |\n\n- **THEN** each SHALL be rejected\n');
  t.same(taken.problems, [], 'between two steps, below one ending in a colon: its data table');
  t.equal(scenarios('### Requirement: Ids\nIt SHALL reject.\n\n#### Scenario: ids\n- **WHEN** I mark each id below done:\n\n| id |\n|----|\n| 7 |\n\n- **THEN** each SHALL be rejected\n')[0].steps[0].argument?.kind, 'data-table');
});
