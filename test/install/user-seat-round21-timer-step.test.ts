// Round 21 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository): an assertion thrown by a timer a THEN started showed the THEN `ok` and blamed
// the After hook running when it fired. It fails the THEN at its line now, blaming no hook;
// a timer whose assertion holds leaves the THEN passing.
import t from 'tap';
import { userProject } from '../support/installed.js';

const steps = `import assert from 'node:assert/strict';
import { When, Then, After } from 'spec-run/steps';
When('the stock is counted', function () { this.stock = 4; });
Then('the stock SHALL be {int} after a tick', function (n) { setTimeout(() => assert.equal(this.stock, n), 20); });
After(async function () { await new Promise((r) => setTimeout(r, 80)); });
`;
const spec = `# Stock

### Requirement: Stock
The stock SHALL be counted.

#### Scenario: Wrong
- **WHEN** the stock is counted
- **THEN** the stock SHALL be 5 after a tick

#### Scenario: Right
- **WHEN** the stock is counted
- **THEN** the stock SHALL be 4 after a tick
`;

t.test("a THEN whose timer's assertion fails is not ok at its own line, and no After hook is blamed; one whose timer holds passes", async (t) => {
  const project = userProject({ 'steps.mjs': steps, 'specs/stock.spec.md': spec });
  const run = await project.specRun(['specs/stock.spec.md', '--reporter', 'tap']);
  const wrong = /# Subtest: Stock \/ Wrong\n[^]*?(?=# Subtest|\n {4}(?:not )?ok \d+ - Stock \/ Wrong)/.exec(run.stdout)?.[0] ?? '';
  t.match(wrong, /^ {8}not ok 2 - THEN the stock SHALL be 5 after a tick\n {10}---\n {10}at: specs\/stock\.spec\.md:8\n/m, 'the THEN fails at its line');
  t.match(wrong, /4 !== 5/, 'with the assertion that failed');
  t.notMatch(run.stdout, /After hook|outside any step/, 'no hook is blamed, nor code outside any step');
  t.match(run.stdout, /^ {8}ok 2 - THEN the stock SHALL be 4 after a tick$/m, 'the timer that holds leaves its THEN passing');
  t.match(run.stderr, /3 passed, 1 failed/);
  t.equal(run.code, 1);
});
