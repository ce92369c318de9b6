// What the tenth round's user-seat session found in the JUnit reports of a `--change` run,
// from a user's seat: spec-run packed, installed into a fresh project outside the
// repository, run through its bin.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const SPEC = '# auth Specification\n\n## Purpose\nAuthentication.\n\n## Requirements\n### Requirement: Login\nThe system SHALL double x on login.\n\n#### Scenario: Login doubles\n- **GIVEN** x is 2\n- **WHEN** x is doubled\n- **THEN** x SHALL be 4\n';
const DELTA = '## ADDED Requirements\n### Requirement: Two Factor\nThe system SHALL triple x for 2FA.\n\n#### Scenario: Triples\n- **GIVEN** x is 2\n- **WHEN** x is tripled\n- **THEN** x SHALL be 7\n\n### Requirement: Recovery Codes\nThe system SHALL issue recovery codes.\n\n#### Scenario: Codes\n- **GIVEN** x is 2\n- **WHEN** recovery codes are issued\n- **THEN** x SHALL be 2\n';
const STEPS = "import assert from 'node:assert/strict';\nimport { Given, When, Then } from 'spec-run/steps';\nGiven('x is {int}', function (n) { this.x = n; });\nWhen('x is doubled', function () { this.x *= 2; });\nWhen('x is tripled', function () { this.x *= 3; });\nThen('x SHALL be {int}', function (n) { assert.equal(this.x, n); });\n";

t.test("JUnit under --change: each suite carries the status of the change's ADDED and MODIFIED requirements too, as the JSON run-end has them", async (t) => {
  const project = userProject({
    'openspec/specs/auth/spec.md': SPEC,
    'openspec/changes/add-2fa/proposal.md': '# Add 2FA\n',
    'openspec/changes/add-2fa/specs/auth/spec.md': DELTA,
    'steps/app.steps.mjs': STEPS,
  });
  const run = await project.specRun(['--change', 'add-2fa', 'openspec/', '--reporter', 'junit:junit.xml', '--reporter', 'junit-units:units.xml', '--reporter', 'json:run.jsonl']);
  t.equal(run.code, 1, run.stderr);
  const end = JSON.parse(readFileSync(join(project.dir, 'run.jsonl'), 'utf8').trim().split('\n').at(-1)!);
  const statuses = (end.requirements as { id: string; status: string }[]).map((r) => `${r.id}=${r.status}`).sort();
  t.same(statuses, ['openspec/changes/add-2fa/specs/auth/spec.md#Recovery Codes=failing', 'openspec/changes/add-2fa/specs/auth/spec.md#Two Factor=failing', 'openspec/specs/auth/spec.md#Login=verified'], 'the run-end: the two ADDED requirements fail');
  for (const file of ['junit.xml', 'units.xml']) {
    const xml = readFileSync(join(project.dir, file), 'utf8');
    const properties = [...xml.matchAll(/<property name="requirement:([^"]+)" value="([^"]+)"\/>/g)].map((m) => `${m[1]}=${m[2]}`).sort();
    t.same(properties, statuses, `${file}: the suite's requirement properties are the run-end's`);
  }
});
