// What the OpenSpec translator reads as a scenario, and what it refuses to pass over in
// silence: heading variants, a heading under a requirement that holds keyword steps but
// is not a scenario, whole-bold keyword bullets, and an outline with no Examples rows.
import t from 'tap';
import fc from 'fast-check';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import type { ScenarioUnit } from '../../src/model/plan.js';

/** HEADING with STEPS under a requirement (line 6), and a requirement with a scenario as it should be, after it. */
const document = (heading: string, steps = '- **THEN** it passes') =>
  `# Doc\n\n### Requirement: Good\nThe thing SHALL pass.\n\n#### ${heading}\n${steps}\n\n### Requirement: Other\nIt SHALL pass.\n\n#### Scenario: other\n- **THEN** it passes\n`;
/** The plan, without the unit of the requirement every document ends with. */
const planOf = (text: string) => {
  const plan = translate(parseMarkdown('doc.spec.md', text));
  return { ...plan, units: plan.units.filter((u) => u.name !== 'other') };
};
const scenarios = (text: string) => planOf(text).units.filter((u): u is ScenarioUnit => u.kind === 'scenario');

t.test('the variants that can mean nothing else are scenarios, named by what follows the separator', async (t) => {
  for (const heading of ['Scenario: the name', 'scenario: the name', 'Scenario : the name', 'Scenario - the name', 'Scenario — the name', 'Example: the name', 'SCENARIO:the name']) {
    const plan = planOf(document(heading));
    t.same(plan.units.map((u) => u.name), ['the name'], heading);
    t.same(plan.problems, [], `${heading}: no problem`);
  }
  t.same(scenarios(document('Scenario Outline - the name', '- **THEN** it passes <x>\n\n| x |\n|---|\n| 1 |')).map((u) => u.name), ['the name (x: 1)'], 'an outline with a dash');
});

t.test('any other heading under a requirement followed by keyword steps is an error at that heading, and no scenario', async (t) => {
  for (const heading of ['Scenario no colon', 'Senario: misspelt', 'Scenario-based: x', 'Scenarios: several', 'Case: a case']) {
    const plan = planOf(document(heading));
    t.same(plan.units, [], `${heading}: not a scenario`);
    t.match(plan.problems, [{ line: 6, severity: 'error', message: new RegExp(`^heading '${heading}' is followed by WHEN/THEN steps but is not read as a scenario`) }], heading);
  }
  t.match(planOf(document('Senario: misspelt')).problems[0].message, /write it as the heading 'Scenario: misspelt'$/);
});

t.test('a heading without keyword steps is prose: no problem', async (t) => {
  t.same(planOf(document('Notes', 'Some prose.\n\n1. a numbered list')).problems, []);
  t.same(planOf(`# Doc\n\n## Overview\nWHEN a user asks, THE SYSTEM SHALL answer (a requirement in EARS words, not a step).\n\n${document('Scenario: s').slice('# Doc\n\n'.length)}`).problems, []);
});

t.test('steps outside any scenario (before the first requirement, in a requirement\'s text) are an error at the first, never dropped in silence', async (t) => {
  const before = planOf(`# Doc\n\n## Overview\n- **WHEN** something happens\n- **THEN** it fails\n\n${document('Scenario: s').slice('# Doc\n\n'.length)}`);
  t.match(before.problems, [{ line: 4, severity: 'error', message: /^WHEN\/THEN steps under 'Overview' stand outside any scenario, so they would never run/ }]);
  const inText = planOf('# Doc\n\n### Requirement: R\nThe thing SHALL work.\n\nThen:\n- it fails\n\n#### Scenario: s\n- **WHEN** all is well\n');
  t.match(inText.problems, [{ line: 7, message: /^WHEN\/THEN steps in the text of requirement 'R' stand outside any scenario/ }]);
});

t.test('in a scenario, a bullet starting with a keyword not read as a step, and a paragraph naming a scenario, are errors at their lines', async (t) => {
  const plan = planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** all is well\n- then it fails\n- **THEN!** it fails\n- ** AND ** it fails\n\nScenario: p\n- **WHEN** all is well\n');
  t.match(plan.problems, [
    { line: 8, message: "'then it fails' starts with THEN but is not read as a step, so it would never run: write it as '- **THEN** it fails'" },
    { line: 9, message: /^'\*\*THEN!\*\* it fails' starts with THEN/ },
    { line: 10, message: /^'\*\* AND \*\* it fails' starts with AND/ },
    { line: 12, message: "'Scenario: p' is a paragraph, not a heading: what follows it would be read as scenario 's'; write it as the heading '#### Scenario: p'" },
  ]);
  t.same(plan.units.map((u) => (u.kind === 'scenario' ? u.steps.map((step) => step.text) : [])), [['all is well', 'all is well']]);
  const more = planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** all is well\n- Then, it fails\n- **THEN,** it fails\n- **THN** it fails\n- **note** prose\n');
  t.match(more.problems, [
    { line: 8, message: /^'Then, it fails' starts with THEN/ },
    { line: 9, message: /^'\*\*THEN,\*\* it fails' starts with THEN/ },
    { line: 10, message: "'**THN** it fails' looks like a THEN step mistyped, so it would never run: write it as '- **THEN** it fails'" },
    { line: 11, message: /^'\*\*note\*\* prose' stands among the scenario's steps led by \*\*note\*\*/ },
  ]);
  t.equal(more.problems.length, 4, 'a note label without its colon is no note');
});

t.test('a bullet among the steps led by a bold word that is no keyword (**ALSO**, **MUST**, **the cache**) is an error; a note label ending in a colon (**NOTE**:) is a note', async (t) => {
  const plan = planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** all is well\n- **THEN** it passes\n- **ALSO** it SHALL fail\n- **MUST NOT** crash\n- **NOTE**: a label\n- **Caveat:** prose\n- **the cache** is cleared\n');
  t.match(plan.problems, [
    { line: 9, severity: 'error', message: "'**ALSO** it SHALL fail' stands among the scenario's steps led by **ALSO**, which is no step keyword (GIVEN, WHEN, THEN, AND, BUT), so it would never run: write it as '- **AND** it SHALL fail', or as a note beside the steps ('**Note**: …') if it is no check" },
    { line: 10, severity: 'error', message: /^'\*\*MUST NOT\*\* crash' stands among the scenario's steps led by \*\*MUST NOT\*\*/ },
    { line: 13, severity: 'error', message: /^'\*\*the cache\*\* is cleared' stands among the scenario's steps led by \*\*the cache\*\*/ },
  ]);
  t.equal(plan.problems.length, 3, 'note labels are notes');
});

t.test('a bullet among the steps, dash or numbered, led by a bold word that is no keyword, in any case or with a colon, is an error unless it is a note label', async (t) => {
  const plan = planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** a request arrives\n- **THEN** it is answered\n- **Also** it is written to the log\n- **Must**: the log line carries the request id\n- **ALSO**: it logs\n- **MUST**: record it\n- **Must** it records\n- **must** record it\n- **Note** it is rotated\n- **Note:** a label\n- **NB**: a label\n- **Rationale**: a label\n- **the cache** is cleared\n1. **ALSO** it logs\n2. **Tip:** a label\n');
  t.same(
    plan.problems.map((problem) => [problem.line, /led by \*\*([^*]+)\*\*, which is no step keyword/.exec(problem.message)?.[1]]),
    [[9, 'Also'], [10, 'Must'], [11, 'ALSO'], [12, 'MUST'], [13, 'Must'], [14, 'must'], [15, 'Note'], [19, 'the cache'], [20, 'ALSO']],
  );
  t.match(plan.problems[1].message, "write it as '- **AND** the log line carries the request id'");
  const colonStep = planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** the menu opens\n- **THEN** it shows:\n\n1. **File** opens files\n');
  t.same(colonStep.problems, [], 'a list below a step ending in a colon is a list of its own');
});

t.test('a bullet among the steps led by a bold word of checking or of an expected result and a colon (**Verify**:, **Expected:**) is an error; only a known note label with a colon leads a note', async (t) => {
  const checks = ['Verify', 'Check', 'Expect', 'Assert', 'Ensure', 'Expected', 'Result', 'Outcome', 'Expectation', 'Confirm', 'Validate', 'Test', 'Expected result', 'Also'];
  const labels = ['Note', 'NB', 'N.B.', 'Tip', 'Warning', 'Caution', 'Important', 'Example', 'Rationale', 'Context', 'Caveat', 'See also', 'Design rationale', 'Note on caching'];
  const plan = planOf(`# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** it runs\n- **THEN** it works\n${checks.map((word) => `- **${word}**: the log has an entry\n`).join('')}${labels.map((word) => `- **${word}:** prose\n`).join('')}`);
  t.same(
    plan.problems.map((problem) => [problem.line, /led by \*\*([^*]+)\*\*, which is no step keyword/.exec(problem.message)?.[1]]),
    checks.map((word, index) => [9 + index, word]),
  );
  t.match(plan.problems[0].message, "write it as '- **AND** the log has an entry'");
});

t.test('a bullet among a scenario\'s steps without a keyword is an error at its line; bullets after a step ending in a colon are its data table', async (t) => {
  const plan = planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** the value is 1\n- **THEN** the value SHALL be 1\n- the value SHALL be 2\n- the result: **THEN** it is 3\n\nNotes:\n\n- prose in a list of its own\n');
  t.match(plan.problems, [
    { line: 9, severity: 'error', message: "'the value SHALL be 2' stands among the scenario's steps without a step keyword at its start, so it would never run: write it as '- **AND** the value SHALL be 2' (or start it with GIVEN, WHEN or THEN), or move it out of the list of steps (a blank line does not end a markdown list, nor does a list of another marker right below it; a paragraph between them does)" },
    { line: 10, severity: 'error', message: /^'the result: \*\*THEN\*\* it is 3' stands among the scenario's steps without a step keyword/ },
  ]);
  t.equal(plan.problems.length, 2, 'a list of its own after the steps is prose');
  const listing = planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** reviewing\n- **THEN** reviewers can compare using:\n- the diff view\n- `diff -u a b`\n- **AND** nothing is lost\n');
  t.same(listing.problems, []);
  const steps = listing.units[0].kind === 'scenario' ? listing.units[0].steps : [];
  t.same(steps.map((step) => [step.text, step.argument]), [
    ['reviewing', undefined],
    ['reviewers can compare using:', { kind: 'data-table', rows: [['the diff view'], ['diff -u a b']], line: 9 }],
    ['nothing is lost', undefined],
  ]);
});

t.test('a bullet stating what SHALL or MUST hold in a list of its own after the steps (under "Expected:", any label or none) is an error at its line; prose and notes there are not', async (t) => {
  const scenario = (after: string) => `# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **GIVEN** a basket of 50 widgets\n- **THEN** the discount SHALL be 10 percent\n\n${after}\n`;
  for (const [label, said] of [['Expected:', " (in the list under 'Expected:')"], ['**Outcome**:', " (in the list under 'Outcome:')"], ['Then the shop checks:', " (in the list under 'Then the shop checks:')"], ['The rest of the story, which this paragraph tells at length.', '']]) {
    for (const [bullet, word] of [['the discount SHALL be 25 percent', 'SHALL'], ['the total MUST NOT be negative', 'MUST NOT']]) {
      t.match(planOf(scenario(`${label}\n- ${bullet}`)).problems, [{ line: 11, severity: 'error', message: `'${bullet}' states what ${word} hold${said}, but it is no step of the scenario, so nothing checks it: write it among the steps as '- **AND** ${bullet}' (or '- **THEN** …'), or as a note without ${word} if it is none` }], `${label} ${bullet}`);
    }
  }
  for (const prose of ['Expected:\n- a big basket', 'Notes:\n- **Note**: the shop SHALL be open, which is checked elsewhere', 'Expected:\n- the discount shall be 25 percent, in lower case prose']) {
    t.same(planOf(scenario(prose)).problems, [], prose);
  }
  // Without keyword steps, no list is said to be left out: the scenario without steps says so itself.
  t.same(planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\nExpected:\n- the discount SHALL be 25 percent\n').problems.filter((p) => /states what/.test(p.message)), []);
});

t.test('an item without a keyword in a list right below the steps (numbered, `+`, `1)`) is an error at its line, as a bullet of their own list is; a numbered list after a `Then:` line is steps', async (t) => {
  const scenario = (below: string) => `# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **GIVEN** the command "exit 0" is configured\n- **THEN** the exit code SHALL be 0\n${below}\n`;
  for (const below of ['1. the exit code SHALL be 3', '1) the exit code SHALL be 3', '+ the exit code SHALL be 3', '* the exit code SHALL be 3']) {
    t.match(planOf(scenario(below)).problems, [{ line: 9, severity: 'error', message: "'the exit code SHALL be 3' stands among the scenario's steps without a step keyword at its start, so it would never run: write it as '- **AND** the exit code SHALL be 3' (or start it with GIVEN, WHEN or THEN), or move it out of the list of steps (a blank line does not end a markdown list, nor does a list of another marker right below it; a paragraph between them does)" }], below);
  }
  for (const below of ['1. **AND** the exit code SHALL be 3', '+ **AND** the exit code SHALL be 3', '1. **Note**: a note', '\nNotes:\n\n1. prose in a list of its own']) {
    t.same(planOf(scenario(below)).problems, [], below);
  }
  const thenList = planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **GIVEN** the command "exit 0" is configured\n- **WHEN** it runs\n\nThen:\n1. the exit code is 0\n2. the output is empty\n');
  t.same(thenList.problems, []);
  t.same(thenList.units[0].kind === 'scenario' ? thenList.units[0].steps.map((step) => [step.keyword, step.text]) : [], [
    ['GIVEN', 'the command "exit 0" is configured'],
    ['WHEN', 'it runs'],
    ['Then', 'the exit code is 0'],
    ['Then', 'the output is empty'],
  ]);
});

t.test('a bold keyword step nested under a bullet that is no step (a note, an example, prose) is an error at its line; under a step it is its data table', async (t) => {
  const plan = planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** I add "milk"\n- **THEN** the store has 1 item\n- **Note:** once the store is full:\n  - **THEN** adding "eggs" fails\n- **Example**: a full store\n  1. prose\n     1. **AND** it says "store full"\n');
  t.match(plan.problems, [
    { line: 10, severity: 'error', message: `'**THEN** adding "eggs" fails' is a step nested under '**Note:** once the store is full:', which is no step, so it would never run: write it at the level of the scenario's steps ('- **THEN** adding "eggs" fails'), or without its bold keyword if it is no check` },
    { line: 13, severity: 'error', message: /^'\*\*AND\*\* it says "store full"' is a step nested under '\*\*Example\*\*: a full store'/ },
  ]);
  t.equal(plan.problems.length, 2, 'the prose sub-item is no problem');
  const notes = planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **THEN** it works\n\nNotes:\n\n- a list of its own\n  - **WHEN** it rains, it still works\n');
  t.match(notes.problems, [{ line: 12, message: /is a step nested under 'a list of its own'/ }], 'in a list of its own too');
  const underStep = planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **THEN** it shows:\n  - **GIVEN** a row\n');
  t.same(underStep.problems, [], "under a step ending in a colon, rows that are all keyword bullets are its data table (a list of the keywords)");
});

t.test('inside a step: a keyword step indented under it or wrapped onto its text, and an item below a row of its data table, are errors at their lines', async (t) => {
  const scenario = (steps: string) => planOf(`# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n${steps}`);
  t.match(scenario('- **WHEN** the input is 5\n  - **THEN** the output is 99\n- **THEN** the output is 6\n').problems, [
    { line: 8, severity: 'error', message: `'**THEN** the output is 99' is nested under the step '**WHEN** the input is 5', where a list is that step's data table, so it would never run as a step: write it at the level of the scenario's steps ('- **THEN** the output is 99'), or without its bold keyword if it is a row of the table` },
  ]);
  t.match(scenario('- **GIVEN** the users:\n  - alice\n  - **THEN** it fails\n- **THEN** bob exists\n').problems, [{ line: 9, message: /^'\*\*THEN\*\* it fails' is nested under the step '\*\*GIVEN\*\* the users:'/ }], 'a keyword row among plain rows');
  t.match(scenario('- **GIVEN** the items:\n  - apple\n    - bad\n- **THEN** none is bad\n').problems, [
    { line: 9, severity: 'error', message: /^'bad' is nested below a row of the data table of the step '\*\*GIVEN\*\* the items:': a data table has one row per item right below the step/ },
  ]);
  t.match(scenario('- **WHEN** the input is 5\n**THEN** the output is 99\n').problems, [
    { line: 8, severity: 'error', message: `'**THEN** the output is 99' continues the text of the step '**WHEN** the input is 5' (a line right below a bullet belongs to it), so it would never run as a step of its own: start it as a bullet ('- **THEN** the output is 99')` },
  ]);
  const fine = scenario('- **GIVEN** the items:\n  - apple\n  - pear\n- **WHEN** it runs with\n  the flag on\n- **THEN** both are kept\n');
  t.same(fine.problems, [], 'plain rows and a wrapped text without a keyword are no problem');
  t.same(fine.units[0].kind === 'scenario' ? fine.units[0].steps.map((step) => step.argument?.kind === 'data-table' ? step.argument.rows : null) : [], [[['apple'], ['pear']], null, null]);
});

t.test('property: a heading is either read as a scenario or, when keyword steps follow it, an error; never dropped in silence', async (t) => {
  const word = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,10}[A-Za-z]$/);
  const heading = fc.tuple(fc.constantFrom('Scenario', 'scenario', 'Senario', 'Example', 'Examples', 'Scenery', 'Scenario Outline'), fc.constantFrom(':', ' :', ' - ', ' ', '-', ' — ', ''), word).map(([a, b, c]) => `${a}${b}${c}`);
  fc.assert(
    fc.property(heading, (text) => {
      const plan = planOf(document(text));
      const read = plan.units.length === 1 && plan.problems.length === 0;
      const refused = plan.units.length === 0 && plan.problems.length === 1 && plan.problems[0].line === 6;
      // An outline heading with no Examples table is refused by its own error.
      return read || refused || (/outline/i.test(text) && plan.problems.some((p) => /no Examples table/.test(p.message)));
    }),
  );
  t.pass('every generated heading was read or refused');
});

t.test('a bullet bold as a whole is a step with its keyword; bold inside a step stays as written', async (t) => {
  const [unit] = scenarios(document('Scenario: s', '- **WHEN a thing happens**\n- **THEN it SHALL fail loudly**\n- **AND** the **whole** thing stops'));
  t.same(unit.steps.map((s) => [s.keyword, s.text]), [
    ['WHEN', 'a thing happens'],
    ['THEN', 'it SHALL fail loudly'],
    ['AND', 'the **whole** thing stops'],
  ]);
  const [prose] = scenarios(document('Scenario: s', '- **Whenever** it rains\n'));
  t.same(prose.steps, [], 'a bold word that only starts with a keyword is no step');
});

t.test('an outline whose Examples table has only a header row is an error at its heading; one with rows is not', async (t) => {
  const outline = (rows: string) => document('Scenario Outline: o', `- **THEN** it fails <how>\n\n##### Examples\n\n| how |\n|-----|\n${rows}`);
  const empty = planOf(outline(''));
  t.same(empty.units, []);
  t.match(empty.problems, [{ line: 6, severity: 'error', message: /^scenario outline 'o' has no Examples rows \(only a header\)/ }]);
  const filled = planOf(outline('| loudly |\n'));
  t.same(filled.problems, []);
  t.same(filled.units.map((u) => u.name), ['o (how: loudly)']);
});

t.test('a document whose only scenario heading is misspelt is still an OpenSpec document, with the error at that heading', async (t) => {
  const plan = translate(parseMarkdown('doc.spec.md', '# Doc\n\n### Requirement: Good\nThe thing SHALL pass.\n\n#### Senario: x\n- **THEN** it fails\n'));
  t.equal(plan.family, 'openspec');
  t.match(plan.problems, [{ line: 3, message: /^no checks found: requirement 'Good' has no/ }, { line: 6, message: /^heading 'Senario: x' is followed by WHEN\/THEN steps/ }]);
  const prose = translate(parseMarkdown('notes.md', '# Notes\n\n### Requirement: Good\nThe thing SHALL pass.\n\n#### Background\nProse only.\n'));
  t.equal(prose.family, 'openspec', 'a requirement states what must hold: with nothing to run, the specification fails rather than pass as prose');
  t.match(prose.problems, [{ line: 3, message: /^no checks found: requirement 'Good' has no/ }]);
});

t.test('inline HTML in a step is the text written: a closing tag or a comment is a value, not markup dropped', async (t) => {
  const plan = translate(parseMarkdown('tags.spec.md', '### Requirement: Tags\nThe page SHALL close.\n\n#### Scenario: Closed <b>now</b>\n- **WHEN** the page is "<div>hello"\n- **THEN** the page SHALL contain "</div>"\n- **AND** the page SHALL contain "<!-- build:42 -->"\n'));
  const unit = plan.units[0];
  t.equal(unit.name, 'Closed <b>now</b>', 'a heading keeps its tags too');
  t.same(unit.kind === 'scenario' ? unit.steps.map((s) => s.text) : [], ['the page is "<div>hello"', 'the page SHALL contain "</div>"', 'the page SHALL contain "<!-- build:42 -->"']);
});

t.test('a step with a doc string and a table (or two tables) is an error at the step: a step takes one argument, and the second would reach no definition', async (t) => {
  const plan = translate(parseMarkdown('out.spec.md', '### Requirement: Output\nThe program SHALL greet.\n\n#### Scenario: Greeting\n- **THEN** the output SHALL be:\n\n  ```\n  hello\n  ```\n\n  | must not contain |\n  |------------------|\n  | ERROR            |\n'));
  t.match(plan.problems, [{ line: 5, severity: 'error', message: "step 'the output SHALL be:' has a doc string (line 7) and more after it (line 11): a step takes one argument, as in Gherkin, so the others would reach no definition; give each its own step" }]);
});

t.test('a doc string followed by sub-bullets (a table) is a second argument too; a capability spec with no requirement fails rather than pass as prose', async (t) => {
  const plan = translate(parseMarkdown('sub.spec.md', '### Requirement: Sub\nThe step SHALL take one argument.\n\n#### Scenario: doc then rows\n- **WHEN** the input is:\n\n  ```\n  first\n  ```\n\n  - row one\n  - row two\n'));
  t.match(plan.problems, [{ line: 5, message: /has a doc string \(line 7\) and more after it \(line 11\)/ }]);
  const empty = translate(parseMarkdown('openspec/specs/legal/spec.md', '# Legal\n\n## Purpose\nTerms.\n\n## Requirements\nThe site SHALL show the terms of service.\n'));
  t.equal(empty.family, 'openspec');
  t.match(empty.problems, [{ message: /^no checks found/ }]);
});

t.test('a bold keyword with its letters swapped (TEHN, WEHN) is a mistyped step, an error at its line', async (t) => {
  const plan = planOf('# Doc\n\n### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** all is well\n- **TEHN** it fails\n- **WEHN** it runs\n');
  t.match(plan.problems, [{ line: 8, message: /looks like a THEN step mistyped/ }, { line: 9, message: /looks like a WHEN step mistyped/ }]);
});

t.test("--list says a delta spec outside openspec/changes/ is in no change, where one inside says 'by this change'", async (t) => {
  const { describePlan } = await import('../../src/translate/listing.js');
  const delta = '## ADDED Requirements\n\n### Requirement: New\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** it runs\n';
  t.match(describePlan(translate(parseMarkdown('flat.spec.md', delta))), /New {2}\(1 unit; ADDED in a delta spec that is in no change\)/);
  t.match(describePlan(translate(parseMarkdown('openspec/changes/c/specs/cap/spec.md', delta))), /New {2}\(1 unit; ADDED by this change\)/);
});

t.test('a <placeholder> of an outline step that names no column of its Examples is an error at the step, in its text, its data table and (a typo) its doc string', async (t) => {
  const outline = (steps: string, examples = '| title |\n|-------|\n| Hello |\n| !!!   |\n') => `### Requirement: Slugs\nIt SHALL slug.\n\n#### Scenario Outline: Many\n${steps}\n\n##### Examples\n\n${examples}`;
  const typo = planOf(outline('- **GIVEN** the title "<titel>"\n- **THEN** the slug SHALL NOT be empty'));
  t.match(typo.problems, [{ line: 5, severity: 'error', message: /^<titel> in step 'the title "<titel>"' names no column of its Examples \(columns: title\).*did you mean <title>\?$/ }]);
  t.equal(typo.units.length, 2, 'the rows are still planned: the error fails the run at the step');
  const right = planOf(outline('- **GIVEN** the title "<title>"\n- **THEN** the slug SHALL NOT be empty'));
  t.same(right.problems, []);
  t.same(right.units.map((u) => (u.kind === 'scenario' ? u.steps[0].text : '')), ['the title "Hello"', 'the title "!!!"'], 'a column a step names is filled in, row by row');
  const inTable = planOf(outline('- **GIVEN** the titles:\n\n  | value   |\n  |---------|\n  | <name>  |\n- **THEN** the slug SHALL NOT be empty'));
  t.match(inTable.problems, [{ line: 5, message: /^<name> in step 'the titles:' names no column/ }], 'a data table cell');
  const twoTables = planOf(outline('- **GIVEN** the title "<title>"\n- **THEN** it SHALL be <slug>', '| title | slug |\n|---|---|\n| A | a |\n\n| title |\n|---|\n| B |\n'));
  t.match(twoTables.problems, [{ line: 6, message: /^<slug> in step 'it SHALL be <slug>' names no column of the Examples table at line 14 \(columns: title\), so every row would leave it as written and none would try its value$/ }], 'a table that lacks the column is named');
  const markup = planOf(outline('- **THEN** the page SHALL be:\n\n  ```html\n  <p><title></p>\n  ```'));
  t.same(markup.problems, [], 'markup in a doc string is text');
  const docTypo = planOf(outline('- **THEN** the page SHALL be:\n\n  ```html\n  <p><titel></p>\n  ```'));
  t.match(docTypo.problems, [{ line: 5, message: /^<titel> .*did you mean <title>\?$/ }], 'a typo of a column in a doc string');
});

t.test('an Examples column no <placeholder> of the outline names (step, its table or doc string, heading) is an error at the header, naming it; a column used anywhere of those is none', async (t) => {
  const outline = (heading: string, steps: string, examples: string) => `### Requirement: Tier\nThe discount SHALL follow the tier.\n\n#### Scenario Outline: ${heading}\n${steps}\n\nExamples:\n\n${examples}`;
  const tiers = '| qty | discount |\n|-----|----------|\n| 10  | 10       |\n| 50  | 25       |\n';
  const unused = planOf(outline('Tier', '- **GIVEN** a basket of <qty> widgets\n- **THEN** the discount SHALL be 10 percent', tiers));
  t.match(unused.problems, [{ line: 10, severity: 'error', message: /^the Examples column 'discount' is used by no step of scenario outline 'Tier' .* or, for a column that only names its rows, in the heading \('Scenario Outline: Tier <discount>'\)$/ }]);
  t.equal(unused.problems.length, 1, 'the column a step uses is not named');
  const twoTables = planOf(outline('Tier', '- **GIVEN** a basket of <qty> widgets\n- **THEN** the discount SHALL be <discount> percent', `${tiers}\n| qty | discount | note |\n|---|---|---|\n| 5 | 0 | small |\n`));
  t.match(twoTables.problems, [{ line: 15, message: /^the Examples column 'note' is used/ }], 'the table holding it, at its header');
  t.equal(twoTables.problems.length, 1);
  for (const [heading, steps] of [
    ['Tier', '- **GIVEN** a basket of <qty> widgets\n- **THEN** the discount SHALL be <discount> percent'],
    ['Tier <discount>', '- **GIVEN** a basket of <qty> widgets\n- **THEN** the discount SHALL be 10 percent'],
    ['Tier', '- **GIVEN** a basket of <qty> widgets\n- **THEN** the discounts SHALL be:\n\n  | discount   |\n  |------------|\n  | <discount> |'],
    ['Tier', '- **GIVEN** a basket of <qty> widgets\n- **THEN** the receipt SHALL read:\n\n  ```\n  discount: <discount>\n  ```'],
  ]) t.same(planOf(outline(heading, steps, tiers)).problems, [], `${heading}: ${steps.split('\n')[1]}`);
});

t.test('a repeated Examples row is marked as a repeated row, at its line, not as a scenario of the same name; another scenario of the same name still is', async (t) => {
  const { sameNameWarning } = await import('../../src/translate/openspec-family.js');
  const plan = planOf('### Requirement: Tier\nIt SHALL.\n\n#### Scenario Outline: Tier\n- **GIVEN** <qty> widgets\n\nExamples:\n\n| qty |\n|-----|\n| 10 |\n| 50 |\n| 10 |\n\n#### Scenario: Same\n- **GIVEN** 1 widgets\n\n#### Scenario: Same\n- **GIVEN** 1 widgets\n');
  const scenarios = plan.units.filter((u): u is ScenarioUnit => u.kind === 'scenario');
  t.same(scenarios.map((u) => [u.line, u.sameRowAt, u.sameNameAt]), [[11, undefined, undefined], [12, undefined, undefined], [13, 11, undefined], [15, undefined, undefined], [18, undefined, 15]]);
  t.equal(sameNameWarning(scenarios[2]), `this Examples row of 'Scenario Outline: Tier' repeats the row at line 11, cell for cell: it runs the same case again, and reports tell the two apart only by a " (2)"; remove it, or change a cell if another case was meant`);
  t.match(sameNameWarning(scenarios[4]), /^'Scenario: Same' has the name of the scenario at line 15/);
});

t.test('a scenario heading at another level than one below its requirement is an error at its line, saying the level, and no scenario of it: OpenSpec counts only those', async (t) => {
  const requirement = (scenarioHashes: string, requirementHashes = '###') => `## ADDED Requirements\n\n${requirementHashes} Requirement: Division\nThe calculator SHALL divide.\n\n${scenarioHashes} Scenario: div\n- **WHEN** I divide 6 by 3\n- **THEN** the result is 2\n`;
  const cases: [string, string, string, RegExp][] = [
    ['#####', '###', 'too deep', /^'##### Scenario: div' is a level-5 heading under requirement 'Division' \(level 3\): a scenario is the heading one level below its requirement, level 4 \('#### Scenario: div'\)/],
    ['######', '###', 'deepest', /^'###### Scenario: div' is a level-6 heading under requirement 'Division' \(level 3\): .*level 4 \('#### Scenario: div'\)/],
    ['###', '###', "at the requirement's level", /^'### Scenario: div' is a level-3 heading at the level of the requirements \(3\): .*level 4/],
    ['##', '###', 'above the requirements', /^'## Scenario: div' is a level-2 heading above the requirements \(level 3\): .*level 4/],
    ['####', '##', 'two below a level-2 requirement', /^'#### Scenario: div' is a level-4 heading under requirement 'Division' \(level 2\): .*level 3 \('### Scenario: div'\)/],
  ];
  for (const path of ['openspec/changes/add-div/specs/calc/spec.md', 'openspec/specs/calc/spec.md']) {
    for (const [scenarioHashes, requirementHashes, what, message] of cases) {
      const text = requirement(scenarioHashes, requirementHashes);
      const plan = translate(parseMarkdown(path, path.includes('/changes/') ? text : text.replace('## ADDED Requirements', '# calc Specification\n\n## Requirements')));
      const line = plan.problems.find((p) => p.message.includes("a scenario is the heading one level below"));
      t.match(line, { line: path.includes('/changes/') ? 6 : 8, severity: 'error', message }, `${path}, ${what}: an error at the heading`);
      t.same(plan.units, [], `${path}, ${what}: no unit runs it`);
      t.same(plan.requirements?.find((r) => r.name === 'Division')?.units, [], `${path}, ${what}: the requirement has no scenario`);
    }
  }
  const fine = translate(parseMarkdown('openspec/specs/calc/spec.md', requirement('###', '##')));
  t.same(fine.problems, [], 'one level below a level-2 requirement is its scenario');
  t.same(fine.units.map((u) => u.name), ['div']);
  const beforeRequirements = translate(parseMarkdown('doc.spec.md', `# Doc\n\n## Purpose\n\n#### Scenario: free\n- **THEN** it passes\n\n### Requirement: Good\nIt SHALL pass.\n\n#### Scenario: good\n- **THEN** it passes\n`));
  t.same(beforeRequirements.problems, [], 'a scenario at the scenarios\' level before any requirement belongs to none, as before');
  t.same(beforeRequirements.units.map((u) => u.name), ['free', 'good']);
});
