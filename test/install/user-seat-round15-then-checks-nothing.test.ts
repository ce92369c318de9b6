// A false green the editor persona met, from a user's seat: spec-run packed, installed into a
// fresh project outside the repository, run through its bin and its language server. A THEN
// whose definition cannot fail verified its requirement under --require-verified: a stub
// left with an empty body, and one that returned its verdict (false) instead of asserting it.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { startLspClient, uriOf } from '../support/lsp-client.js';

const SPEC = `# invoice Specification

## Requirements

### Requirement: Invoice lines
The invoice SHALL list one line per item.

#### Scenario: Three items
- **GIVEN** an order of 3 items
- **THEN** the invoice SHALL list 99 lines

### Requirement: Positive total
The total SHALL be positive.

#### Scenario: Any order
- **GIVEN** an order of 3 items
- **THEN** the total SHALL be positive
`;
const STEPS = `import { Given, Then } from 'spec-run/steps';
Given('an order of {int} items', function (this: any, n: number) { this.n = n; });
// a THEN the team stubbed and forgot: it cannot fail
Then('the invoice SHALL list {int} lines', function (this: any, n: number) {});
// a THEN that returns its verdict instead of asserting it
Then('the total SHALL be positive', function (this: any) { return this.n < 0; });
`;

t.test('a THEN that cannot fail verifies no requirement; check and the editor say why, at the step and at the definition', async (t) => {
  const project = userProject({ 'specs/invoice.spec.md': SPEC, 'steps/invoice.steps.ts': STEPS });

  const run = await project.specRun(['specs', '--require-verified', '--reporter', 'tap', '--reporter', 'html:report.html']);
  t.equal(run.code, 1, '--require-verified fails', { stdout: run.stdout });
  t.match(run.stdout, /ok 2 - THEN the invoice SHALL list 99 lines # SKIP the step checks nothing: its definition \(steps\/invoice\.steps\.ts:4\) has a body that cannot fail \(it is empty\)/);
  t.match(run.stdout, /not ok 2 - THEN the total SHALL be positive\n\s+---\n\s+at: specs\/invoice\.spec\.md:17\n\s+reason: "the step returned false: a check that returns its verdict must throw or assert/);
  t.match(run.stderr, /requirements: 0 verified, 1 failing, 1 untested/);
  t.notMatch(readFileSync(join(project.dir, 'report.html'), 'utf8'), />verified</, 'the HTML report verifies neither');

  const check = await project.specRun(['check', 'specs']);
  t.equal(check.code, 0, 'warnings, not errors');
  t.match(check.stdout, /specs\/invoice\.spec\.md:10:1: warning: step 'the invoice SHALL list 99 lines' checks nothing: its definition \(steps\/invoice\.steps\.ts:4\) has a body that cannot fail \(it is empty\)/);
  t.match(check.stdout, /steps\/invoice\.steps\.ts:4:1: warning: this Then definition has a body that cannot fail \(it is empty\): it checks nothing/);
  t.notMatch(check.stdout, /:9:1:|steps\.ts:2:/, 'the GIVEN that sets up is no warning');

  // node-tap's NODE_OPTIONS is taken out, as a user's shell never has it (see installed.ts).
  const client = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], project.dir, userEnvironment());
  t.teardown(() => client.close().catch(() => undefined));
  const stepsUri = uriOf(join(project.dir, 'steps/invoice.steps.ts'));
  const onDefinition = client.diagnostics(stepsUri, (ds) => ds.length > 0);
  const diagnostics = await client.diagnostics(client.open(join(project.dir, 'specs/invoice.spec.md')));
  t.match(diagnostics, [{ range: { start: { line: 9 } }, message: /checks nothing: its definition .* has a body that cannot fail \(it is empty\)/ }], 'on the step (line 10)');
  t.match(await onDefinition, [{ range: { start: { line: 3 } }, message: /this Then definition has a body that cannot fail \(it is empty\)/ }], 'and on the definition (line 4)');
});
