// A hang a user met in round 16's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A step that left
// an fs request that never completes (readFile of a FIFO nobody writes) made spec-run say
// "…; exiting" and never exit. It now ends within a bounded time, saying so.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import t from 'tap';
import { userProject } from '../support/installed.js';

t.test('an fs read of a FIFO nobody writes, left by a step, does not keep spec-run alive after its report', async (t) => {
  const project = userProject({
    'fifo.spec.md': '### Requirement: Fifo\nThe thing SHALL work.\n\n#### Scenario: read not awaited\n- **WHEN** a pipe is read without waiting\n- **THEN** the value SHALL be 1\n',
    'fifo.steps.mjs': `import assert from 'node:assert/strict';
import fs from 'node:fs';
import { When, Then } from 'spec-run/steps';
When('a pipe is read without waiting', function () { fs.readFile('pipe', 'utf8', () => {}); });
Then('the value SHALL be {int}', function (n) { assert.equal(n, 1); });
`,
  });
  execFileSync('mkfifo', [join(project.dir, 'pipe')]);
  const started = Date.now();
  const run = await project.specRun(['fifo.spec.md', '--reporter', 'tap']);
  const took = Date.now() - started;
  t.ok(took < 30_000, `spec-run ended (${took} ms)`);
  t.not(run.code, 0, 'an exit that had to be forced is no pass');
  t.match(run.stderr, /exiting\n(.*\n)*spec-run: the process did not end 5 s after it said it was exiting .*; killed \(exit status 137\)\n\d+ passed, \d+ failed, \d+ skipped, \d+ todo\n$/);
});
