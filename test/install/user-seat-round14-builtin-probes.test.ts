// A false green a user met in round 17's release candidate, from a user's seat: spec-run packed,
// installed into a fresh OpenSpec project, run through its bin. The project's own WHEN step ran
// its deploy script with this.run() (it exited 3), and the built-in THENs "the command SHALL
// proceed normally" and "success or failure SHALL be determined by the command's exit code" ran
// probes of their own (`echo done`, `true; exit 0`) and passed: the requirement was verified.
// They now fail, naming the user's step and the command it ran.
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Deploy
The deploy command SHALL succeed within its timeout.

#### Scenario: deploy proceeds
- **WHEN** the deploy command runs with a timeout of 30 seconds
- **THEN** the command SHALL proceed normally

#### Scenario: deploy success decided
- **WHEN** the deploy command runs with a timeout of 30 seconds
- **THEN** success or failure SHALL be determined by the command's exit code
`;

const STEPS = `import { When } from 'spec-run/steps';
When('the deploy command runs with a timeout of 30 seconds', async function () {
  this.result = await this.run('./deploy.sh', { timeout: '30s' });
});
`;

t.test("a built-in THEN after the user's own WHEN that ran the command fails, naming it, and the requirement is not verified", async (t) => {
  const project = userProject({ 'openspec/specs/deploy/spec.md': SPEC, 'steps.mjs': STEPS, 'deploy.sh': '#!/bin/sh\necho "deploy failed" >&2\nexit 3\n' });
  chmodSync(join(project.dir, 'deploy.sh'), 0o755);
  const run = await project.specRun(['--executor-steps', 'openspec/', '--require-verified', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the run fails');
  t.match(run.stderr, /requirements: 0 verified, 1 failing/);
  t.match(run.stderr, /2 passed, 2 failed/);
  const refusals = run.stdout.match(/the scenario's command was run by your step \\"WHEN the deploy command runs with a timeout of 30 seconds\\" \(line \d+\) \(`\.\/deploy\.sh`\)/g) ?? [];
  t.equal(refusals.length, 2, `each built-in THEN names the step and its command:\n${run.stdout}`);
  t.notMatch(run.stdout, /spec-run exec \(echo done\)|spec-run exec \(true; exit 0\)/, 'no probe ran in its place');
});
