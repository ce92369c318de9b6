// A false green a user met in round 16's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A step or Before
// hook calling its callback done() and then done(err) (or done() again) passed: the error was lost.
import t from 'tap';
import { userProject } from '../support/installed.js';

const DOC = `### Requirement: Twice
The thing SHALL work.

#### Scenario: done twice plain
- **WHEN** a step calls done twice
- **THEN** the value SHALL be 1

#### Scenario: done then async done error
- **WHEN** a step calls done then later done with an error
- **THEN** the value SHALL be 1

#### Scenario: hook done twice with error
- **WHEN** nothing happens
- **THEN** the value SHALL be 1
`;
const STEPS = `import assert from 'node:assert/strict';
import { When, Then, Before } from 'spec-run/steps';
When('a step calls done twice', function (done) { done(); done(); });
When('a step calls done then later done with an error', function (done) {
  done();
  setTimeout(() => done(new Error('async second done with error')), 50);
});
When('nothing happens', function () {});
Then('the value SHALL be {int}', function (n, done) { setTimeout(() => { assert.equal(n, 1); done(); }, 200); });
Before(function ({ pickle }, done) {
  done();
  if (pickle.name.includes('hook')) done(new Error('hook second done error'));
});
`;

t.test('a callback called twice fails its step, its hook, or its scenario; the error of the second call is named', async (t) => {
  const project = userProject({ 'twice.spec.md': DOC, 'twice.steps.mjs': STEPS });
  const run = await project.specRun(['twice.spec.md', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the run fails', { stdout: run.stdout, stderr: run.stderr });
  t.match(run.stdout, /not ok 1 - WHEN a step calls done twice\n\s+---\n(.*\n)*?\s+message: the callback was called 2 times; it must be called once\n/);
  t.match(run.stdout, /message: "the callback was called 2 times; it must be called once, and this call reported an error: async second done with error"/);
  t.match(run.stdout, /not ok 1 - Before hook \(twice\.steps\.mjs:\d+\)\n(.*\n)*?\s+message: "the callback was called 2 times; it must be called once, and this call reported an error: hook second done error"/);
  t.match(run.stderr, /requirements: 0 verified, 1 failing/);
});
