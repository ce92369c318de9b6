// A false green a user met in round 13's release candidate, from a user's seat: a document
// reached through a FILE link (specs/a/link.spec.md -> ../b/doc.spec.md) took specs/a/'s
// steps and passed, while the same file run as specs/b/doc.spec.md failed. Directory links
// were already resolved; a file link must be too.
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { userProject } from '../support/installed.js';

t.test('a document reached through a file link gets the steps of where it really is: the same verdict from every path', async (t) => {
  const project = userProject({
    'specs/b/doc.spec.md': '### Requirement: B\nThe thing SHALL work.\n\n#### Scenario: b\n- **WHEN** the value is set\n- **THEN** the value SHALL be right\n',
    'specs/b/b.steps.mjs': `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('the value is set', function () { this.v = 1; });
Then('the value SHALL be right', function () { assert.equal(this.v, 2, 'b steps: wrong value'); });
`,
    'specs/a/a.steps.mjs': `import { When, Then } from 'spec-run/steps';
When('the value is set', function () { this.v = 1; });
Then('the value SHALL be right', function () { if (!this.scenario) throw new Error(); this.held = true; });
`,
  });
  symlinkSync('../b/doc.spec.md', join(project.dir, 'specs/a/link.spec.md'));
  for (const path of ['specs/b/doc.spec.md', 'specs/a/link.spec.md', 'specs/a', 'specs']) {
    const run = await project.specRun([path, '--reporter', 'tap']);
    t.equal(run.code, 1, `spec-run ${path}: specs/b/'s steps fail it`, { stdout: run.stdout });
    t.match(run.stdout, /b steps: wrong value/, path);
  }
});
