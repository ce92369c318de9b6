// A false green a user met in round 16's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A line longer than
// 64 KiB was cut without a word: `omitted.stdout` stayed 0 and no note said so, and the built-in
// executor steps passed "it SHALL NOT print" on text that lay after the cut.
import t from 'tap';
import { userProject } from '../support/installed.js';

t.test("this.run(): a 200 KiB line ending in FAIL counts as omitted, with a note, so the README's own check fails", async (t) => {
  const project = userProject({
    'line.spec.md': '### Requirement: Long line\nThe command SHALL not print FAIL.\n\n#### Scenario: long line\n- **WHEN** a command prints one 200 KiB line ending in FAIL\n- **THEN** its output SHALL NOT contain FAIL\n',
    'line.steps.mjs': `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('a command prints one 200 KiB line ending in FAIL', async function () {
  this.r = await this.run(\`node -e "console.log('x'.repeat(200*1024)+'FAIL')"\`, { timeout: '30s' });
});
Then('its output SHALL NOT contain FAIL', function () {
  this.attach('meta', JSON.stringify({ omitted: this.r.omitted, notes: this.r.notes }));
  assert.equal(this.r.omitted.stdout, 0, 'lines were omitted');
  assert.ok(!this.r.stdout.includes('FAIL'));
});
`,
  });
  const run = await project.specRun(['line.spec.md', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the check that nothing was omitted fails', { stdout: run.stdout.slice(-3000) });
  t.match(run.stdout, /"omitted":\{"stdout":1,"stderr":0\},"notes":\["1 line longer than 65536 bytes was cut at that length/);
  t.match(run.stdout, /not ok 2 - THEN its output SHALL NOT contain FAIL/);
});

t.test('the executor steps: "it SHALL NOT print" text that may lie past the cut of a long line is undecided, and fails', async (t) => {
  const project = userProject({
    'longline.spec.md': "### Requirement: Secrets\nThe command SHALL never print a secret.\n\n#### Scenario: a long line\n- **WHEN** the configuration is run:\n```yaml\nstop:\n  commands:\n    - run: \"head -c 70000 /dev/zero | tr '\\\\0' x; echo secret\"\n```\n- **THEN** it SHALL NOT print \"secret\"\n",
  });
  const run = await project.specRun(['longline.spec.md', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the claim is undecided: a failure', { stdout: run.stdout.slice(-3000) });
  t.match(run.stdout, /not ok 2 - THEN it SHALL NOT print "secret"/);
  t.match(run.stdout, /undecided/);
});
