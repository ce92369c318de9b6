// `spec-run check` on a project's step definitions: a steps file that cannot load
// (a syntax error, a throw) and a step two definitions match are errors at their
// file:line, as the run would report them; before, check said only "undefined step".
import t from 'tap';
import { project, runIn } from '../scenario/user-project.js';

const DOC = `# Lamp

### Requirement: Light
The lamp SHALL light.

#### Scenario: Switching on
- **WHEN** the switch is pressed
- **THEN** the lamp SHALL be lit
`;

t.test('a steps file with a syntax error: an error at its file and line', async (t) => {
  const steps = `import { When } from 'spec-run/steps';\n\nWhen('the switch is pressed', function () {\n  const on = ;\n});\n`;
  const result = await runIn(project({ 'doc.md': DOC, 'steps.mjs': steps }), ['check', 'doc.md', '--steps', 'steps.mjs']);
  t.equal(result.exitCode, 1);
  t.match(result.stdout, /^steps\.mjs:4:14: error: cannot load steps file: .*Unexpected token steps\.mjs:4:14$/m, "at the column of the token the parser stops at (counted from 1), the file as the project names it");
});

t.test('--list loads the steps as the run does: a steps file with a syntax error is a problem of the listing, each step shows what binds it', async (t) => {
  const broken = `import { When } from 'spec-run/steps';\n\nWhen('the switch is pressed', function () {\n  const on = ;\n});\n`;
  const listed = await runIn(project({ 'doc.md': DOC, 'steps.mjs': broken }), ['doc.md', '--list', '--steps', 'steps.mjs']);
  t.equal(listed.exitCode, 1, 'the run would fail on it, so the listing does');
  t.match(listed.stdout, /^ {4}steps\.mjs:4:14 {2}error: cannot load steps file: /m);
  t.match(listed.stderr, /1 documents, 1 units, 1 problems/);
  const steps = `import { When } from 'spec-run/steps';\nWhen('the switch is pressed', function () {});\n`;
  const bound = await runIn(project({ 'doc.md': DOC, 'steps.mjs': steps }), ['doc.md', '--list', '--steps', 'steps.mjs']);
  t.equal(bound.exitCode, 0, 'an undefined step is no problem of the plan: the run says so');
  t.match(bound.stdout, /doc\.md:7 {2}WHEN the switch is pressed\n {6}steps\.mjs:2 the switch is pressed\n {4}doc\.md:8 {2}THEN the lamp SHALL be lit\n {6}undefined/);
});

t.test('a TypeScript steps file that throws while loading: an error at the line and column of the throw, as written', async (t) => {
  const steps = `import { When } from 'spec-run/steps';\nconst port: number = 8080;\nthrow new Error(\`port \${port} is taken\`);\n`;
  const result = await runIn(project({ 'doc.md': DOC, 'steps.ts': steps }), ['check', 'doc.md', '--steps', 'steps.ts']);
  t.equal(result.exitCode, 1);
  t.match(result.stdout, /steps\.ts:3:7: error: cannot load steps file: port 8080 is taken/);
  const run = await runIn(project({ 'doc.md': DOC, 'steps.ts': steps }), ['doc.md', '--steps', 'steps.ts', '--reporter', 'tap']);
  t.equal(run.exitCode, 1);
  t.match(run.stdout, /^ {10}at: steps\.ts:3$/m, "the run's point names the file as the project does, not by its absolute path");
});

t.test('a step two definitions match: an error at the step naming both definitions', async (t) => {
  const steps = `import { When, Then } from 'spec-run/steps';
When('the switch is pressed', function () {});
When(/^the (switch|button) is pressed$/, function () {});
Then('the lamp SHALL be lit', function () { if (!this.scenario) throw new Error(); this.held = true; });
`;
  const result = await runIn(project({ 'doc.md': DOC, 'steps.mjs': steps }), ['check', 'doc.md', '--steps', 'steps.mjs']);
  t.equal(result.exitCode, 1);
  t.match(result.stdout, /^doc\.md:7:1: error: ambiguous step 'the switch is pressed': several definitions match it: steps\.mjs:2 the switch is pressed; steps\.mjs:3 \/\^the \(switch\|button\) is pressed\$\//m);
  t.notMatch(result.stdout, /doc\.md:8/, 'the other step is bound: nothing to say about it');
});

t.test('check finds steps files by convention, as the run does', async (t) => {
  const steps = `import { When, Then } from 'spec-run/steps';\nWhen('the switch is pressed', function () {});\nThen('the lamp SHALL be lit', function () { if (!this.scenario) throw new Error(); this.held = true; });\n`;
  const dir = project({ 'specs/doc.md': DOC, 'specs/steps/lamp.steps.mjs': steps });
  const result = await runIn(dir, ['check', 'specs/doc.md']);
  t.equal(result.exitCode, 0, result.stdout);
  t.notMatch(result.stdout, /undefined step/, 'specs/steps/ beside the document was loaded');
  const bare = await runIn(project({ 'specs/doc.md': DOC }), ['check', 'specs/doc.md']);
  t.match(bare.stdout, /error: 2 steps have no definition yet: no steps file was loaded \(spec-run looks for steps\.\*, \*\.steps\.\* and steps\/\*\* in the project, and in the document's directory and those above it up to the project directory \(where the configuration is, else the working directory\); --steps or the configuration.s "steps" name others, cucumber-js.s features\/step_definitions\/ among them\)/, 'with none anywhere, one note saying where spec-run looked');
});
