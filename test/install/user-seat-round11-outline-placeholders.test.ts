// A false green a user met in round 11's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A Scenario Outline
// step's `<titel>` named no column of its Examples (`title`): every row ran the literal text, the
// row that should fail passed, its requirement was verified and `check` said nothing.
import t from 'tap';
import { userProject } from '../support/installed.js';

const spec = (placeholder: string) => `### Requirement: Slugs
The library SHALL give every title a non-empty slug.

#### Scenario Outline: Many titles
- **GIVEN** the title "<${placeholder}>"
- **WHEN** it is slugified
- **THEN** the slug SHALL NOT be empty

##### Examples:
| title       |
|-------------|
| Hello World |
| !!!         |
`;
const STEPS = `import assert from 'node:assert/strict';
import { Given, When, Then } from 'spec-run/steps';
const slugify = (title) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
Given('the title {string}', function (title) { this.title = title; });
When('it is slugified', function () { this.slug = slugify(this.title); });
Then('the slug SHALL NOT be empty', function () { assert.ok(this.slug.length > 0, 'empty slug for ' + JSON.stringify(this.title)); });
`;

t.test('a placeholder that names no column is an error at its step in the run and in check; spelt right, the row that must fail fails', async (t) => {
  const project = userProject({ 'typo/slug.spec.md': spec('titel'), 'right/slug.spec.md': spec('title'), 'steps.mjs': STEPS });

  const typo = await project.specRun(['typo/', '--require-verified']);
  t.equal(typo.code, 1, 'the run fails', { stdout: typo.stdout });
  t.match(typo.stdout, /not ok \d+ - <titel> in step 'the title "<titel>"' names no column of its Examples \(columns: title\)[^\n]*did you mean <title>\?/);
  t.match(typo.stdout, /at: typo\/slug\.spec\.md:5/, 'at the step');
  t.match(typo.stderr, /requirements: 0 verified, 1 failing/);

  const check = await project.specRun(['check', 'typo/']);
  t.equal(check.code, 1);
  t.match(check.stdout, /typo\/slug\.spec\.md:5:1: error: <titel> in step/);

  const right = await project.specRun(['right/']);
  t.equal(right.code, 1, 'the value !!! is tried, and its slug is empty');
  t.match(right.stdout, /not ok 3 - THEN the slug SHALL NOT be empty/);
  t.match(right.stdout, /empty slug for "!!!"/);
  t.equal((await project.specRun(['check', 'right/'])).code, 0, 'check has nothing to say of it');
});
