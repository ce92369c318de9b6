// What the round-15 editor session found, from a user's seat: spec-run packed, installed
// into a fresh project outside the repository, its server started as an editor starts it
// (node_modules/.bin/spec-run lsp --stdio), its hover and lenses set beside what the
// project's own CLI runs of the same files say.
import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeLens, Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { userEnvironment, userProject, type UserProject } from '../support/installed.js';
import { startLspClient } from '../support/lsp-client.js';

const CART = `### Requirement: Cart
The cart SHALL total its items.

#### Scenario: Two items
- **WHEN** I add 3 and 4
- **THEN** the total SHALL be 7
`;

const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a: number, b: number) { this.total = a + b; });
Then('the total SHALL be {int}', function (n: number) { assert.equal(this.total, n); });
`;

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

async function editor(t: TapTest, project: UserProject) {
  // node-tap's NODE_OPTIONS is taken out, as a user's shell never has it (see installed.ts).
  const client = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], project.dir, userEnvironment());
  t.teardown(() => client.close().catch(() => undefined));
  return client;
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

t.test("hover on a scenario the CLI ran green, then edited so that it fails: no 'Passed'; the lens shown before the edit, its unit changed, runs nothing", async (t) => {
  const project = userProject({ 'specs/cart.spec.md': CART, 'steps/cart.steps.ts': STEPS });
  t.equal((await project.specRun(['specs/'])).code, 0, 'the CLI run passes');
  const client = await editor(t, project);
  const uri = client.open(join(project.dir, 'specs/cart.spec.md'));
  await client.diagnostics(uri);
  const hover = (text: string) =>
    client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: lineOf(text, 'Scenario: Two items') - 1, character: 5 } }).then((h) => ((h?.contents as MarkupContent | undefined)?.value ?? '').split('\n\n')[1]);
  t.match(await hover(CART), /^Passed \(last run, /);
  const lens = (await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } })).find((l) => l.command?.command === 'spec-run.runUnit')!;
  // A scenario added above, and the THEN changed so that it fails; saved.
  const edited = CART.replace('#### Scenario: Two items', '#### Scenario: Empty\n- **WHEN** I add 0 and 0\n- **THEN** the total SHALL be 0\n\n#### Scenario: Two items').replace('SHALL be 7', 'SHALL be 99');
  writeFileSync(join(project.dir, 'specs/cart.spec.md'), edited);
  client.change(uri, edited);
  t.match(await hover(edited), /^\*\*Result unknown\*\*/, 'the edited scenario has no old green');
  t.equal((await project.specRun(['specs/'])).code, 1, 'a CLI run of it fails');
  const refused = await client.request('workspace/executeCommand', { command: 'spec-run.runUnit', arguments: lens.command!.arguments }).then(() => 'ran', (error: Error) => error.message);
  t.match(refused, /the unit this lens was shown for \("Two items", line 4\) changed or is gone/, 'the old lens runs nothing, never "Empty", which now stands at its line');
});

t.test('a scenario run with an undefined step under --no-strict: hover says it passed in part, not that it never ran', async (t) => {
  const document = `${CART}- **AND** the discount SHALL be 0\n`;
  const project = userProject({ 'specs/cart.spec.md': document, 'steps/cart.steps.ts': STEPS });
  const run = await project.specRun(['--no-strict', 'specs/']);
  t.equal(run.code, 0);
  t.match(run.stdout, /# TODO/);
  const client = await editor(t, project);
  const uri = client.open(join(project.dir, 'specs/cart.spec.md'));
  await client.diagnostics(uri);
  const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: lineOf(document, 'Scenario: Two items') - 1, character: 5 } });
  t.match((hover?.contents as MarkupContent).value, /Passed in part: 2 passed, 0 failed, 0 skipped, 1 todo \(line 7: undefined step\)/);
});
