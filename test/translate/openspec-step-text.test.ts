// A step's text is its sentence as its writer wrote it: the keyword and its own bold marks left
// out, code spans without their backquotes (listed apart), every other mark of markdown kept
// (emphasis, strong, strike-through, links), a backslash escape the character it escapes and a
// character reference its character. Every way a step is written: bullets bold, plain or bold as
// a whole, items under `Then:`, numbered lists, paragraph lines, a condition read as the one step,
// and the rows of a step's data table.
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import type { ScenarioUnit } from '../../src/model/plan.js';

const steps = (body: string) =>
  translate(parseMarkdown('doc.spec.md', `# Doc\n\n### Requirement: R\nThe thing SHALL work.\n\n${body}\n`))
    .units.filter((u): u is ScenarioUnit => u.kind === 'scenario')
    .flatMap((u) => u.steps);

t.test('keyword bullets: the sentence as written, the keyword bold (** or __, colon inside or out) left out', async (t) => {
  const read = steps(`#### Scenario: S
- **WHEN** I compute "2*3*4"
- __AND__ I compute "a_b_c" with \`x*y*z\`
- **THEN:** the answer is "[24](#n) ~~25~~ \\* &amp;" and **really**
- **THEN**: it is *so*
- ***THEN*** it is triple
- **THEN the whole *is* bold**
- Then plain *em*`);
  t.same(read.map((s) => [s.keyword, s.text]), [
    ['WHEN', 'I compute "2*3*4"'],
    ['AND', 'I compute "a_b_c" with x*y*z'],
    ['THEN', 'the answer is "[24](#n) ~~25~~ * &" and **really**'],
    ['THEN', 'it is *so*'],
    ['THEN', 'it is triple'],
    ['THEN', 'the whole *is* bold'],
    ['Then', 'plain *em*'],
  ]);
  t.same(read[1].code, ['x*y*z'], 'a code span is listed apart, its backquotes gone, as before');
});

t.test("paragraph lines, a keyword paragraph's list, a numbered list and a condition: written alike", async (t) => {
  t.same(steps(`#### Scenario: P\n**WHEN** I compute "1*2*3"\n__THEN__ it is *six*\ncontinued _here_`).map((s) => s.text), ['I compute "1*2*3"', 'it is *six* continued _here_']);
  t.same(steps(`#### Scenario: K\nThen:\n- it is *x*\n- it is **y**`).map((s) => s.text), ['it is *x*', 'it is **y**']);
  t.same(steps(`#### Scenario: N\n1. it is *x*\n2. it is [y](z)`).map((s) => s.text), ['it is *x*', 'it is [y](z)']);
  t.same(steps(`#### Scenario: C\nWhen I compute "7*8*9":`).map((s) => s.text), ['I compute "7*8*9"']);
});

t.test("a step's data table, from a table, a nested list or the bullets after it, holds its cells as written", async (t) => {
  const [table] = steps(`#### Scenario: T\n- **THEN** the table holds:\n\n  | a | b |\n  |---|---|\n  | 2*3*4 | _x_ \\| y |\n`);
  t.same(table.argument, { kind: 'data-table', rows: [['a', 'b'], ['2*3*4', '_x_ | y']], rowLines: [9, 11], line: 9 });
  const [nested] = steps(`#### Scenario: L\n- **THEN** the rows are:\n  - **bold** and *em*\n  - a_b`);
  t.same(nested.argument?.kind === 'data-table' ? nested.argument.rows : null, [['**bold** and *em*'], ['a_b']]);
  const [listed] = steps(`#### Scenario: B\n- **THEN** it lists:\n- *one*\n- two`);
  t.same(listed.argument?.kind === 'data-table' ? listed.argument.rows : null, [['*one*'], ['two']]);
});
