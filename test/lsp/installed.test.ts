// The language server from a user's seat: spec-run packed and installed into a fresh
// project outside the repository, started as an editor starts it, through the
// project's node_modules/.bin/spec-run lsp --stdio.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeAction, CompletionItem } from 'vscode-languageserver-protocol';
import { userEnvironment, userProject } from '../support/installed.js';
import { startLspClient } from '../support/lsp-client.js';

const SPEC = `### Requirement: Greeting
The greeter SHALL greet by name.

#### Scenario: A name is given
- **GIVEN** the name "Ada"
- **WHEN** the greeter greets 2 times
- **THEN** it says "Hello, Ada"
`;

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

t.test('a project with no steps file yet: the quick fix writes one in steps/, whose definitions then bind and complete', async (t) => {
  const project = userProject({ 'specs/greeting.spec.md': SPEC });
  // node-tap's NODE_OPTIONS is taken out, as a user's shell never has it (see installed.ts).
  const client = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], project.dir, userEnvironment());
  t.teardown(() => client.close());
  const uri = client.open(join(project.dir, 'specs/greeting.spec.md'));
  const diagnostics = await client.diagnostics(uri);
  t.same(
    diagnostics.map((d) => [d.range.start.line + 1, d.severity, d.message]),
    [[lineOf(SPEC, 'the name "Ada"'), 1, '3 steps have no definition yet: no steps file was loaded (spec-run looks for steps.*, *.steps.* and steps/** in the project, and in the document\'s directory and those above it up to the project directory (where the configuration is, else the working directory); --steps or the configuration\'s "steps" name others, cucumber-js\'s features/step_definitions/ among them); spec-run snippets writes them all, and a run fails on them until they are defined (strict, the default; --no-strict makes them TODO)']],
    "check's one error, at the first step: a run fails on them",
  );
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: diagnostics[0].range, context: { diagnostics } });
  t.same(actions.map((a) => a.title), ['Define the 3 undefined steps in a new steps/greeting.steps.mjs']);
  const [written] = client.applyEdit(actions[0].edit!);
  t.equal(written, join(project.dir, 'steps/greeting.steps.mjs'), 'the conventional place');
  t.match(readFileSync(written, 'utf8'), /^import \{ Given, When, Then \} from 'spec-run\/steps';/, 'a module that loads as it is');
  client.filesChanged([written]);
  t.same(await client.diagnostics(uri, (ds) => ds.length === 0), [], 'every step binds now (each pending until written)');
  const typed = `${SPEC}- **AND** the greeter`;
  client.change(uri, typed);
  const last = typed.split('\n').length - 1;
  const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: last, character: typed.split('\n')[last].length } });
  const greets = items.find((item) => item.label === 'the greeter greets {int} times');
  t.ok(greets, `the new definition is offered among ${JSON.stringify(items.map((i) => i.label))}`);
  t.equal(greets?.textEdit && 'newText' in greets.textEdit ? greets.textEdit.newText : undefined, 'the greeter greets ${1:int} times');
  const run = await project.specRun(['specs/']);
  t.equal(run.code, 1, 'the run fails on the pending steps until they are written, as the snippets say');
  t.match(run.stdout, /the step is pending/, 'the first step is pending');
  t.match(run.stderr, /^0 passed, 1 failed/m);
});
