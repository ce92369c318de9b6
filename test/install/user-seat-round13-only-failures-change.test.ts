// What a user met in round 13's release candidate, from a user's seat: `--change add-sub
// --only-failures` reran the change's delta as a document of its own, not the capability with
// the change applied that had failed: --change was silently dropped.
import t from 'tap';
import { userProject } from '../support/installed.js';

const scenario = (name: string, when: string, result: number) => `#### Scenario: ${name}\n- **WHEN** I ${when}\n- **THEN** the result SHALL be ${result}\n`;

t.test('--only-failures with --change reruns the failing units of the capability with the change applied', async (t) => {
  const project = userProject({
    'openspec/specs/calc/spec.md': `# calc\n\n### Requirement: Add\nThe calculator SHALL add.\n\n${scenario('add', 'add 1 and 1', 2)}`,
    'openspec/changes/add-sub/specs/calc/spec.md': `## ADDED Requirements\n\n### Requirement: Subtract\nThe calculator SHALL subtract.\n\n${scenario('sub', 'subtract 1 from 3', 1)}`,
    'steps/calc.steps.mjs': `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.r = a + b; });
When('I subtract {int} from {int}', function (a, b) { this.r = b - a; });
Then('the result SHALL be {int}', function (n) { assert.equal(this.r, n); });
`,
  });
  const first = await project.specRun(['--change', 'add-sub', 'openspec', '--reporter', 'tap']);
  t.equal(first.code, 1, 'the added requirement fails', { stdout: first.stdout });
  const rerun = await project.specRun(['--change', 'add-sub', '--only-failures', 'openspec', '--reporter', 'tap']);
  t.equal(rerun.code, 1, { stdout: rerun.stdout, stderr: rerun.stderr });
  t.match(rerun.stdout, /not ok 1 - calc \(after change add-sub\) \(openspec\/specs\/calc\/spec\.md\)/, 'the capability with the change applied');
  t.notMatch(rerun.stdout, /calc \(change add-sub\)/, 'not the delta alone');
  t.match(rerun.stdout, /Subtract \/ sub/);
  t.notMatch(rerun.stdout, /Add \/ add/, 'only the failing unit');
});
