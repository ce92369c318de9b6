// A table in a plain Scenario that no step took and no `Examples:` marked was dropped in
// silence: a Scenario whose steps hold <count> and <total> ran once with those words as written
// and passed (its definitions took any word), and a table meant for the last step left that
// step checking without it. From a user's seat: the packed package in a fresh project.
import t from 'tap';
import { userProject } from '../support/installed.js';

const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {word} items', function (n) { this.n = n; });
Then('the total is {word}', function (total) { if (total.startsWith('<')) return; assert.equal(Number(total), Number(this.n) * 10); });
Then('the totals are', function () { assert.ok(this.n); });
`;
const doc = (steps: string) => `### Requirement: Totals\nThe cart SHALL add prices.\n\n#### Scenario: adding\n${steps}\n| count | total |\n|---|---|\n| 1 | 10 |\n| 2 | 25 |\n`;

t.test('a table with the columns of the steps\' placeholders but no Examples marker is refused, and runs each row once marked', async (t) => {
  const project = userProject({
    'specs/cart.spec.md': doc('- **WHEN** I add <count> items\n- **THEN** the total is <total>\n'),
    'specs/list.spec.md': doc('- **WHEN** I add 2 items\n- **THEN** the totals are\n'),
    'marked/cart.spec.md': doc('- **WHEN** I add <count> items\n- **THEN** the total is <total>\n').replace('\n| count', '\nExamples:\n\n| count'),
    'steps.mjs': STEPS,
  });
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 1, 'check fails', { stdout: check.stdout });
  t.match(check.stdout, /specs\/cart\.spec\.md:8:1: error: the steps hold <count>, a column of this table, but no 'Examples:' stands above it/);
  t.match(check.stdout, /specs\/list\.spec\.md:8:1: error: this table stands right below step 'the totals are' but is not its data table/);
  const run = await project.specRun(['specs/']);
  t.equal(run.code, 1, 'the run is not green', { stdout: run.stdout, stderr: run.stderr });
  const marked = await project.specRun(['marked/']);
  t.equal(marked.code, 1, 'marked as Examples, each row runs and the wrong total fails');
  t.match(marked.stdout, /not ok \d+ - THEN the total is 25/);
  t.match(marked.stdout, /ok \d+ - THEN the total is 10/);
});
