// A false green a user met in round 13's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. this.run() cut a
// build's stdout at about 1 MiB with outcome completed and no note: a check that the output had
// no ERROR line passed on output it never saw. The result now says how many lines it omitted.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Clean log
The build SHALL log no error.

#### Scenario: full build
- **WHEN** I run the build
- **THEN** the output has no line with "ERROR"
`;
const BUILD = `for (let i = 1; i <= 200000; i++) console.log(i === 150000 ? 'ERROR at step 150000' : 'compiled module ' + i);\n`;
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I run the build', async function () { this.res = await this.run('node build.mjs'); });
Then('the output has no line with {string}', function (s) {
  assert.equal(this.res.omitted.stdout, 0, this.res.notes.join('; '));
  assert.ok(!this.res.stdout.includes(s), 'found ' + s);
});
`;

t.test("this.run()'s result says how many stdout lines the cap dropped, so a check of what is absent can refuse the cut output", async (t) => {
  const project = userProject({ 'specs/build.spec.md': SPEC, 'build.mjs': BUILD, 'steps.mjs': STEPS });
  const run = await project.specRun(['specs/', '--require-verified']);
  t.equal(run.code, 1, 'the check refuses the cut output', { stdout: run.stdout });
  t.match(run.stdout, /not ok 2 - THEN the output has no line with "ERROR"[\s\S]*output cut at \d+ lines: stored output is capped; \d+ more of 200000 lines were counted, not kept/);
  t.match(run.stderr, /requirements: 0 verified, 1 failing, 0 untested/);

  project.write({ 'build.mjs': "for (let i = 1; i <= 100; i++) console.log('compiled module ' + i);\n" });
  const whole = await project.specRun(['specs/', '--require-verified']);
  t.equal(whole.code, 0, 'output kept whole: nothing omitted, and the check holds', { stdout: whole.stdout });
  t.match(whole.stderr, /requirements: 1 verified, 0 failing, 0 untested/);
});
