// A false green a user met in round 13's release candidate, from a user's seat: in a monorepo
// whose packages each have an OpenSpec tree with a capability `auth`, `spec-run --change
// tighten packages` from the root applied package b's change to package a's `auth`, never ran
// b's failing requirement, and passed. Two packages' `auth#Value` were also one capabilityId
// and one JUnit suite name, so an exclusion for one covered both.
import t from 'tap';
import { userProject } from '../support/installed.js';

const spec = (who: string, extra = '') =>
  `# auth\n\n## Requirements\n\n### Requirement: Value\nThe package SHALL have a value.\n\n#### Scenario: value\n- **GIVEN** the ${who} value\n- **THEN** the ${who} value SHALL be "${who}"\n${extra}`;
const steps = (who: string) =>
  `import assert from 'node:assert/strict';\nimport { Given, Then } from 'spec-run/steps';\nGiven('the ${who} value', function () { this.v = '${who}'; });\nThen('the ${who} value SHALL be {string}', function (s) { assert.equal(this.v, s); });\n`;
const FILES = {
  'packages/a/openspec/specs/auth/spec.md': spec('a'),
  'packages/a/steps/v.steps.mjs': steps('a'),
  'packages/b/openspec/specs/auth/spec.md': spec('b', '\n### Requirement: Extra\nThe package SHALL have more.\n\n#### Scenario: extra\n- **GIVEN** the b value\n- **THEN** the b value SHALL be "WRONG"\n'),
  'packages/b/openspec/changes/tighten/specs/auth/spec.md': `## MODIFIED Requirements\n\n${spec('b').replace('# auth\n\n## Requirements\n\n', '')}`,
  'packages/b/steps/v.steps.mjs': steps('b'),
};

t.test("--change from a monorepo's root runs the changed package's own capability, and fails with it", async (t) => {
  const project = userProject(FILES);
  const run = await project.specRun(['--change', 'tighten', 'packages', '--reporter', 'spec']);
  t.equal(run.code, 1, "b's Extra fails the run", { stdout: run.stdout, stderr: run.stderr });
  t.match(run.stdout, /\(after change tighten\) \(packages\/b\/openspec\/specs\/auth\/spec\.md\)/);
  t.notMatch(run.stdout, /packages\/a\/openspec/, "package a's capability is not the change's");
  t.match(run.stdout, /✖ Extra .*failing/);
});

t.test("two packages' capabilities of one name are told apart: JUnit suites, capabilityIds and requirements.exclude", async (t) => {
  const project = userProject({ ...FILES, 'spec-run.config.json': JSON.stringify({ requirements: { exclude: { 'packages/a/openspec/specs/auth#Value': 'a is retired' } } }) });
  const junit = await project.specRun(['packages', '--reporter', 'junit']);
  const suites = [...junit.stdout.matchAll(/<testsuite name="([^"]*)"/g)].map((m) => m[1]).filter((name) => name !== 'spec-run');
  t.equal(new Set(suites).size, suites.length, `distinct suite names: ${suites.join(', ')}`);
  t.ok(suites.includes('packages/a/openspec/specs/auth') && suites.includes('packages/b/openspec/specs/auth'));
  const json = await project.specRun(['packages', '--reporter', 'json']);
  const end = json.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line)).find((e) => e.type === 'run-end');
  const excluded = end.requirements.filter((r: { status: string }) => r.status === 'excluded').map((r: { capabilityId: string }) => r.capabilityId);
  t.same(excluded, ['packages/a/openspec/specs/auth#Value'], "only package a's Value is excluded");

  project.write({ 'spec-run.config.json': JSON.stringify({ requirements: { exclude: { 'auth#Value': 'which one?' } } }) });
  const bare = await project.specRun(['packages']);
  t.match(bare.stderr, /requirements\.exclude: 'auth#Value' names no requirement/, 'a bare name covering two packages is said, not applied to both');
  const single = await project.specRun(['packages/a', '--reporter', 'json']);
  t.match(single.stdout, /"capabilityId":"auth#Value"/, 'a run of one package keeps <capability>#<name>');
});
