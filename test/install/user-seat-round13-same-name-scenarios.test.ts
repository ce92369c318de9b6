// A defect a user met from a user's seat in an OpenSpec project: two scenarios of one name in
// one requirement drew no warning, and --only-failures, which found a failure by its place and
// its name (" (2)" for the second), reran the wrong one once a scenario of that name was
// written above them. Now check and the run warn at the second one's line, and the record
// keeps each scenario's content, so --only-failures reruns the one that failed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { userProject } from '../support/installed.js';

const scenario = (a: number, b: number, sum: number) => `#### Scenario: adding\n- **WHEN** I add ${a} and ${b}\n- **THEN** I get ${sum}\n\n`;
const spec = (...scenarios: string[]) => `# Calc\n\n## Requirements\n\n### Requirement: Sums\nThe calc SHALL add.\n\n${scenarios.join('')}`;
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.r = a + b; });
Then('I get {int}', function (n) { assert.equal(this.r, n); });
`;

t.test('check and the run warn at the second scenario of a name; --only-failures reruns the one that failed after a third is written above', async (t) => {
  const project = userProject({ 'openspec/specs/calc/spec.md': spec(scenario(1, 1, 2), scenario(2, 2, 5)), 'steps.mjs': STEPS });
  const check = await project.specRun(['check', 'openspec/']);
  t.equal(check.code, 0, 'a warning, not an error');
  t.match(check.stdout, /openspec\/specs\/calc\/spec\.md:12:1: warning: 'Scenario: adding' has the name of the scenario at line 8 of requirement 'Sums'/);

  const run = await project.specRun(['openspec/']);
  t.equal(run.code, 1);
  t.match(run.stderr, /spec-run: warning: openspec\/specs\/calc\/spec\.md:12: 'Scenario: adding' has the name of the scenario at line 8/);
  t.match(run.stdout, /not ok 2 - Sums \/ adding \(2\)/);
  const record = JSON.parse(readFileSync(join(project.dir, '.spec-run', 'last-run.json'), 'utf8'));
  t.match(record.failures, [{ unit: '#2', name: 'Sums / adding (2)' }]);

  // A scenario of the same name written above both: the failing one is now the third.
  project.write({ 'openspec/specs/calc/spec.md': spec(scenario(3, 3, 6), scenario(1, 1, 2), scenario(2, 2, 5)) });
  const again = await project.specRun(['--only-failures']);
  t.equal(again.code, 1, again.stderr);
  t.match(again.stdout, /ok 1 - WHEN I add 2 and 2\n\s+not ok 2 - THEN I get 5/, 'the scenario that failed ran');
  t.notMatch(again.stdout, /I add (1 and 1|3 and 3)/, 'and no other');
});
