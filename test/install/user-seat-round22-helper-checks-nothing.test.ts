// Round 22 from a user's seat (spec-run packed, installed into a fresh OpenSpec project outside
// the repository): a THEN whose check went through a helper of the steps file that only logs
// (`verify(cond, msg)` printing "FAILED") passed for 404 against 200, and its requirement was
// verified; the same body written inline was already skipped as checking nothing. The reading
// follows the helper now; a helper that asserts still checks.
import t from 'tap';
import { userProject } from '../support/installed.js';

const steps = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
const routes = { '/users': 200 };
function verify(cond, msg) { if (!cond) console.error('FAILED: ' + msg); }
const expectEqual = (actual, expected) => assert.equal(actual, expected);
When('a client requests {string}', function (path) { this.status = routes[path] ?? 404; });
Then('the status SHALL be {int}', function (code) { verify(this.status === code, \`status \${this.status}\`); });
Then('the code SHALL be {int}', function (code) { expectEqual(this.status, code); });
`;
const spec = (then: string, path: string) => `# Users Specification

## Purpose
Users.

## Requirements

### Requirement: List users
The service SHALL answer GET /users with status 200.

#### Scenario: Users listed
- **WHEN** a client requests "${path}"
- **THEN** ${then}
`;

t.test('a THEN that only calls a logging helper of its steps file checks nothing: skipped, not verified, warned about by check', async (t) => {
  const project = userProject({ 'steps/http.steps.mjs': steps, 'openspec/specs/users/spec.md': spec('the status SHALL be 200', '/missing') });
  const run = await project.specRun(['openspec', '--require-verified'], { env: { CI: 'true' } });
  t.match(run.stdout, /ok 2 - THEN the status SHALL be 200 # SKIP the step checks nothing: its definition \(steps\/http\.steps\.mjs:7\) has a body that cannot fail \(it only calls its helper verify, which only logs\)/);
  t.match(run.stderr, /FAILED: status 404/, 'the helper logged the mismatch');
  t.match(run.stderr, /requirements: 0 verified, 0 failing, 1 untested/);
  t.equal(run.code, 1, '--require-verified fails');
  const check = await project.specRun(['check', 'openspec']);
  t.match(check.stdout, /^steps\/http\.steps\.mjs:7:1: warning: this Then definition has a body that cannot fail \(it only calls its helper verify, which only logs\)/m);
});

t.test('the neighbour: a THEN whose helper asserts is a verdict both ways', async (t) => {
  const project = userProject({ 'steps/http.steps.mjs': steps, 'openspec/specs/users/spec.md': spec('the code SHALL be 200', '/missing') });
  const failing = await project.specRun(['openspec', '--require-verified'], { env: { CI: 'true' } });
  t.match(failing.stdout, /^ {4,}not ok 2 - THEN the code SHALL be 200$/m, 'the helper asserts: 404 fails');
  t.equal(failing.code, 1);
  project.write({ 'openspec/specs/users/spec.md': spec('the code SHALL be 200', '/users') });
  const passing = await project.specRun(['openspec', '--require-verified'], { env: { CI: 'true' } });
  t.match(passing.stdout, /^ {4,}ok 2 - THEN the code SHALL be 200$/m);
  t.match(passing.stderr, /requirements: 1 verified, 0 failing, 0 untested/);
  t.equal(passing.code, 0);
  const check = await project.specRun(['check', 'openspec']);
  t.notMatch(check.stdout, /cannot fail/, 'no warning for a helper that asserts');
});
