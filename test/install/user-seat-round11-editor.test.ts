// What the user-seat session with the language server found, from a user's seat: spec-run
// packed, installed into a fresh project outside the repository, its server started as an
// editor starts it (node_modules/.bin/spec-run lsp --stdio), its answers set beside what
// `spec-run check` and a run of the same files say.
import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject, type UserProject } from '../support/installed.js';
import { startLspClient } from '../support/lsp-client.js';

const COUNTER = `# Counter

## Requirements

### Requirement: Counting
The counter SHALL add.

#### Scenario: Adds
- **GIVEN** a counter at 1
- **WHEN** I add 2
- **THEN** the counter is 3
`;

const COUNTER_STEPS = `import assert from 'node:assert/strict';
import { Given, When, Then } from 'spec-run/steps';
Given('a counter at {int}', function (n: number) { this.n = n; });
When('I add {int}', function (n: number) { this.n += n; });
Then('the counter is {int}', function (n: number) { assert.equal(this.n, n); });
`;

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

/** The project's own server, as an editor that watches files (as VS Code does) starts it. */
async function editor(t: TapTest, project: UserProject, options: { watchesFiles?: boolean } = {}) {
  // node-tap's NODE_OPTIONS is taken out, as a user's shell never has it (see installed.ts).
  const client = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], project.dir, userEnvironment(), options);
  t.teardown(() => client.close());
  return client;
}

t.test('a TypeScript steps file saved, then the document typed in before any file event: its steps still bind, as check says', async (t) => {
  const project = userProject({ 'specs/counter.spec.md': COUNTER, 'steps/counter.steps.ts': COUNTER_STEPS });
  const client = await editor(t, project);
  const uri = client.open(join(project.dir, 'specs/counter.spec.md'));
  t.same(await client.diagnostics(uri), [], 'every step binds');
  for (const save of [1, 2]) {
    writeFileSync(join(project.dir, 'steps/counter.steps.ts'), `${COUNTER_STEPS}${'// a comment\n'.repeat(save)}`);
    const typed = client.diagnostics(uri);
    client.change(uri, `${COUNTER}${'\n'.repeat(save)}`);
    t.same((await typed).map((d) => d.message), [], `save ${save}, no file event: no step is undefined`);
  }
  const check = await project.specRun(['check', 'specs/']);
  t.match(check.stderr, /1 documents checked: 0 errors, 0 warnings/, 'what check says of the same files');
  const run = await project.specRun(['specs/']);
  t.equal(run.code, 0, 'and a run passes');
});
