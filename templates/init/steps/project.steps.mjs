// Step definitions for specs/project.spec.md, found here by convention (steps/**).
// Cucumber expressions, `this` fresh per scenario.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { When, Then } from 'spec-run/steps';

When("the project's package.json is read", async function () {
  this.manifest = JSON.parse(await readFile('package.json', 'utf8'));
});

Then('it SHALL have a {string} field', function (field) {
  assert.ok(field in this.manifest, `package.json has no "${field}" field`);
});
