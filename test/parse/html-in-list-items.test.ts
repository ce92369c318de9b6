// A list item's line that is only a tag (`- <name>`, `- <title>`) or starts with a block tag
// is an HTML block to markdown. In a step or a sub-bullet data table it is what its writer
// meant: an outline's placeholder or the value the step checks. Dropped, the row was "" and
// a check passed over nothing, with a misspelt placeholder never reported.
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import type { ScenarioUnit } from '../../src/model/plan.js';

const outline = (placeholder: string) =>
  `### Requirement: Roles\nEvery role SHALL be known.\n\n#### Scenario Outline: Each role\n- **GIVEN** the roles:\n  - ${placeholder}\n- **THEN** every role SHALL be known\n\n##### Examples\n| name |\n|------|\n| mallory |\n`;
const planOf = (text: string) => translate(parseMarkdown('doc.spec.md', text));
const scenarios = (text: string) => planOf(text).units.filter((u): u is ScenarioUnit => u.kind === 'scenario');

t.test("an outline's placeholder alone in a sub-bullet is the row's value", async (t) => {
  const [unit] = scenarios(outline('<name>'));
  t.same(unit.steps[0].argument, { kind: 'data-table', rows: [['mallory']], line: 6 });
  t.same(planOf(outline('<name>')).problems, []);
});

t.test('a placeholder alone in a sub-bullet that names no column is an error at its step', async (t) => {
  const problems = planOf(outline('<nmae>')).problems;
  t.match(problems, [{ line: 5, severity: 'error', message: /<nmae> in step 'the roles:' names no column/ }]);
});

t.test('outside outlines, a tag alone in a step or a sub-bullet, a block tag among them, is their text; a comment of its own stays a comment', async (t) => {
  const [unit] = scenarios(`### Requirement: Page
The page SHALL have a title.

#### Scenario: titled
- **GIVEN** the page titled
  <title>
- **GIVEN** the users:
  - <mallory>
  - <title>
  - <div class="x">y</div>
- **THEN** it passes
  <!-- a note, not the step -->
`);
  t.same(unit.steps.map((step) => step.text), ['the page titled <title>', 'the users:', 'it passes']);
  t.same(unit.steps[1].argument, { kind: 'data-table', rows: [['<mallory>'], ['<title>'], ['<div class="x">y</div>']], line: 8 });
});
