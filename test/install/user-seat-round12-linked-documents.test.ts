// A false green a user met in round 12's release candidate, from a user's seat: a document
// of specs/b/ reached in a run of specs/ through a link inside specs/a/ (specs/a/link -> ../b)
// ran by the link's path, so specs/a/'s steps bound it and it passed, while a run of
// specs/b/ failed it as undefined. A document's verdict must not depend on how it is reached.
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: X
The system SHALL hold.

#### Scenario: holds
- **THEN** the check SHALL hold
`;

t.test('a document reached through a link gets the steps of where it is, and the same verdict from every starting path', async (t) => {
  const project = userProject({
    'specs/a/a.steps.mjs': "import { Then } from 'spec-run/steps';\nThen('the check SHALL hold', function () { if (!this.scenario) throw new Error(); this.held = true; });\n",
    'specs/b/x.spec.md': SPEC,
  });
  symlinkSync('../b', join(project.dir, 'specs/a/link'));
  for (const args of [['specs/b/x.spec.md'], ['specs/b'], ['specs'], ['specs/a/link/x.spec.md']]) {
    const run = await project.specRun(args);
    t.equal(run.code, 1, `spec-run ${args.join(' ')}: specs/a/'s steps do not bind it`, { stdout: run.stdout });
    t.match(run.stdout, /reason: "no step definition matches this step/);
  }
  const check = await project.specRun(['check', 'specs']);
  t.match(check.stdout, /specs\/b\/x\.spec\.md:5:1: error: 1 step has no definition yet/, 'check finds it unbound too');
  const whole = await project.specRun(['specs']);
  t.match(whole.stdout, /\(specs\/b\/x\.spec\.md\)/, 'a run of specs/ names it by its own path');
});
