// What the seventh round of user-seat sessions found in OpenSpec trees, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, run through its bin.
import t from 'tap';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);

const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.r = a + b; });
Then('the result is {int}', function (n) { assert.equal(this.r, n); });
`;
const SPEC = '# calc Specification\n\n## Requirements\n\n### Requirement: Addition\nThe calculator SHALL add.\n\n#### Scenario: small\n- **WHEN** I add 2 and 3\n- **THEN** the result is 5\n';
const MODIFIED = '## MODIFIED Requirements\n\n### Requirement: Addition\nThe calculator SHALL add negatives too.\n\n#### Scenario: small\n- **WHEN** I add 2 and 3\n- **THEN** the result is 5\n\n#### Scenario: negative\n- **WHEN** I add -2 and -3\n- **THEN** the result is -5\n';

t.test('an OpenSpec tree: archived changes are history, a misnamed delta fails, capability steps bind its changes, prose is no skipped check', async (t) => {
  const project = userProject({
    'openspec/project.md': '# Project\n\nConventions.\n',
    'openspec/specs/calc/spec.md': SPEC,
    'openspec/specs/calc/calc.steps.mjs': STEPS,
    'openspec/changes/fix-add/proposal.md': '## Why\nnegatives\n',
    'openspec/changes/fix-add/specs/calc/spec.md': MODIFIED,
    'openspec/changes/archive/2024-01-01-legacy/specs/calc/spec.md': '## ADDED Requirements\n\n### Requirement: Legacy\nIt SHALL export.\n\n#### Scenario: export\n- **WHEN** I add 1 and 1\n- **THEN** the result is 3\n',
  });
  const run = await project.specRun(['openspec/', '--require-verified']);
  t.equal(run.code, 0, run.stdout.slice(-600));
  t.match(run.stderr, /openspec\/changes\/archive: 1 archived change not run/);
  t.match(run.stderr, /requirements: 2 verified, 0 failing, 0 untested\n/);
  t.equal(summary(run.stderr), '6 passed, 0 failed, 0 skipped, 0 todo', 'proposal.md and project.md are not skipped checks; the archived failing delta did not run');
  const line = MODIFIED.split('\n').indexOf('#### Scenario: negative') + 1;
  const one = await project.specRun(['--change', 'fix-add', `openspec/changes/fix-add/specs/calc/spec.md:${line}`]);
  t.equal(summary(one.stderr), '2 passed, 0 failed, 0 skipped, 0 todo', '--change with a line of the delta runs that scenario alone');

  renameSync(join(project.dir, 'openspec/changes/fix-add/specs/calc/spec.md'), join(project.dir, 'openspec/changes/fix-add/specs/calc/specs.md'));
  const check = await project.specRun(['check', 'openspec/']);
  t.equal(check.code, 1);
  t.match(check.stdout, /openspec\/changes\/fix-add\/specs\/calc\/specs\.md:1:1: error: OpenSpec reads a change's delta specs only as specs\/<capability>\/spec\.md/);
  const misnamed = await project.specRun(['openspec/']);
  t.equal(misnamed.code, 1, 'the tree fails while the change is not applied');
});

t.test('a timer a step leaves past the wait: its requirement is untested and --require-verified fails', async (t) => {
  const project = userProject({
    'specs/t.spec.md': '### Requirement: Later\nThe system SHALL be checked.\n\n#### Scenario: deferred check\n- **WHEN** a check is deferred\n- **THEN** it fails later\n',
    'steps.mjs': "import assert from 'node:assert/strict';\nimport { When, Then } from 'spec-run/steps';\nWhen('a check is deferred', function () {});\nThen('it fails later', function () { setTimeout(() => assert.fail('deferred'), 4000); });\n",
  });
  const run = await project.specRun(['--require-verified']);
  t.equal(run.code, 1);
  t.match(run.stderr, /specs\/t\.spec\.md#Later is untested/);
});
