// A false green a user met in round 12's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. Started inside
// openspec/changes/ (`check .` in the change, `check bad` in changes/, a run), a change whose
// MODIFIED requirement names none of its capability was not seen as a change: its delta ran as
// a capability's spec, `check` was clean and the requirement counted as verified.
import t from 'tap';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const SCENARIO = '#### Scenario: two plus two\n- **WHEN** I add 2 and 2\n- **THEN** the result SHALL be 4\n';

t.test('a change OpenSpec cannot apply is an error from the project root, from changes/ and from inside the change', async (t) => {
  const project = userProject({
    'openspec/specs/calc/spec.md': `# calc\n\n## Requirements\n\n### Requirement: Addition\nThe calculator SHALL add.\n\n${SCENARIO}`,
    'openspec/changes/bad/specs/calc/spec.md': `## MODIFIED Requirements\n\n### Requirement: Additions\nThe calculator SHALL add quickly.\n\n${SCENARIO}`,
    'steps.mjs': `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.sum = a + b; });
Then('the result SHALL be {int}', function (n) { assert.equal(this.sum, n); });
`,
    'spec-run.config.json': JSON.stringify({ paths: ['openspec/'], steps: ['steps.mjs'] }),
  });
  const NAMES_NONE = /MODIFIED requirement 'Additions' names no requirement of [^\n]*specs\/calc\/spec\.md \(its requirements: 'Addition'\)/;
  const inChange = join(project.dir, 'openspec/changes/bad');
  const config = ['--config', join(project.dir, 'spec-run.config.json')];

  for (const [where, cwd, args] of [
    ['the project root', project.dir, ['check', 'openspec/changes/bad']],
    ['inside the change', inChange, ['check', '.', ...config]],
    ['changes/', join(project.dir, 'openspec/changes'), ['check', 'bad', ...config]],
  ] as const) {
    const check = await project.specRun([...args], { cwd });
    t.equal(check.code, 1, `check from ${where} fails`, { stdout: check.stdout });
    t.match(check.stdout, NAMES_NONE, where);
  }

  const run = await project.specRun(['.', ...config, '--reporter', 'tap'], { cwd: inChange });
  t.equal(run.code, 1, 'the run from inside the change fails', { stdout: run.stdout });
  t.match(run.stdout, /not ok 1 - calc \(change bad\) \(specs\/calc\/spec\.md\)/, 'named as the change it is');
  t.match(run.stdout, NAMES_NONE);
  t.match(run.stderr, /requirements: 0 verified, 1 failing/);
});
