// A false green a user met in round 16's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. After a run that
// failed for no unit's point (it checked nothing, --require-verified found a requirement not
// verified, SIGINT stopped the first run of a project), `--only-failures` said "the last run
// recorded no failures; nothing to run" and exited 0. The record now keeps such failures.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { userProject } from '../support/installed.js';

const STEPS = `import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { When, Then } from 'spec-run/steps';
When('nothing happens', function () {});
When('a slow computation runs', async function () { writeFileSync('slow.marker', ''); await sleep(6000); this.r = 2; });
Then('one SHALL be one', function () { assert.equal(typeof this, 'object'); });
`;
const GOOD = '### Requirement: Good\nThe thing SHALL work.\n\n#### Scenario: checks\n- **WHEN** nothing happens\n- **THEN** one SHALL be one\n';

t.test('--require-verified: --only-failures reruns the document of the requirement not verified, and fails again', async (t) => {
  const project = userProject({ 'steps.mjs': STEPS, 'specs/mixed.spec.md': `${GOOD}\n### Requirement: Untested\nThe other thing SHALL work.\n` });
  const first = await project.specRun(['specs', '--require-verified', '--reporter', 'tap']);
  t.equal(first.code, 1, first.stderr);
  const again = await project.specRun(['--only-failures', 'specs', '--require-verified', '--reporter', 'tap']);
  t.equal(again.code, 1, 'the requirement is still not verified', { stdout: again.stdout, stderr: again.stderr });
  t.notMatch(again.stderr, /nothing to run/);
  t.match(again.stdout, /not ok \d+ - --require-verified: specs\/mixed\.spec\.md\\?#Untested is untested/);
});

t.test('a run that checked nothing: --only-failures reruns it, and fails again', async (t) => {
  const project = userProject({ 'steps.mjs': STEPS, 'specs/thenless.spec.md': '### Requirement: T\nThe thing SHALL work.\n\n#### Scenario: no then\n- **WHEN** nothing happens\n' });
  const first = await project.specRun(['specs', '--reporter', 'tap']);
  t.equal(first.code, 1, first.stderr);
  const again = await project.specRun(['--only-failures', '--reporter', 'tap']);
  t.equal(again.code, 1, 'it still checks nothing', { stdout: again.stdout, stderr: again.stderr });
  t.notMatch(again.stderr, /nothing to run/);
  t.match(again.stderr, /the run checked nothing and fails/);
});

t.test('SIGINT in the first run of a project: --only-failures runs the unit it cut short, never exits 0 on nothing', async (t) => {
  const project = userProject({
    'steps.mjs': STEPS,
    'specs/slow.spec.md': '### Requirement: Slow\nThe thing SHALL work.\n\n#### Scenario: slow\n- **WHEN** a slow computation runs\n- **THEN** one SHALL be one\n',
  });
  const first = await project.specRun(['specs', '--reporter', 'tap'], { signal: { send: 'SIGINT', when: () => existsSync(join(project.dir, 'slow.marker')) } });
  t.equal(first.code, 130, first.stderr);
  const again = await project.specRun(['--only-failures', '--reporter', 'tap']);
  t.notMatch(again.stderr, /nothing to run/, again.stderr);
  t.match(again.stdout, /ok \d+ - THEN one SHALL be one/, 'the unit cut short ran');
  t.equal(again.code, 0, 'and passed');
});
