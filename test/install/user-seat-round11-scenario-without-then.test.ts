// A false green a user met in round 11's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A scenario with a
// GIVEN and a WHEN and no THEN passed, and its requirement was verified under
// --require-verified, though its WHEN did the wrong thing on purpose: nothing checked it.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Slugs are lowercase
The library SHALL produce lowercase slugs.

#### Scenario: Upper case title
- **GIVEN** the title "HELLO"
- **WHEN** it is slugified
`;
const STEPS = `import assert from 'node:assert/strict';
import { Given, When, Then } from 'spec-run/steps';
Given('the title {string}', function (t) { this.title = t; });
When('it is slugified', function () { this.slug = this.title.toUpperCase(); /* wrong on purpose */ });
Then('the slug SHALL be lowercase', function () { assert.equal(this.slug, this.slug.toLowerCase()); });
`;

t.test('a scenario with no THEN is a skipped verdict that verifies no requirement, and check warns of it', async (t) => {
  const project = userProject({ 'specs/slug.spec.md': SPEC, 'steps.mjs': STEPS });

  const run = await project.specRun(['specs/', '--require-verified', '--reporter', 'junit:junit.xml']);
  t.equal(run.code, 1, '--require-verified fails', { stdout: run.stdout });
  t.match(run.stdout, /ok 3 - Upper case title \(a scenario that checks nothing\) # SKIP the scenario checks nothing: it has no THEN step/);
  t.match(run.stderr, /requirements: 0 verified, 0 failing, 1 untested/);
  t.match(readFileSync(`${project.dir}/junit.xml`, 'utf8'), /requirement:specs\/slug\.spec\.md#Slugs are lowercase" value="untested"/, 'JUnit says so too');

  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 0, 'a warning, not an error');
  t.match(check.stdout, /specs\/slug\.spec\.md:4:1: warning: scenario 'Upper case title': checks nothing: it has no THEN step/);

  project.write({ 'specs/slug.spec.md': `${SPEC}- **THEN** the slug SHALL be lowercase\n` });
  const stated = await project.specRun(['specs/', '--require-verified']);
  t.equal(stated.code, 1, 'with its THEN written, the wrong WHEN is caught');
  t.match(stated.stdout, /not ok 3 - THEN the slug SHALL be lowercase/);
  t.notMatch((await project.specRun(['check', 'specs/'])).stdout, /checks nothing/, 'and check says nothing of it');
});
