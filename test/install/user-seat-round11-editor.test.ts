// What the user-seat session with the language server found, from a user's seat: spec-run
// packed, installed into a fresh project outside the repository, its server started as an
// editor starts it (node_modules/.bin/spec-run lsp --stdio), its answers set beside what
// `spec-run check` and a run of the same files say.
import t from 'tap';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeLens, Hover, MarkupContent } from 'vscode-languageserver-protocol';
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
  t.teardown(() => client.close().catch(() => undefined)); // a client ended already (endInput) has nothing to close
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

t.test('a lens run in which nothing passed (pending steps, not strict) is an error in the editor, as the run says, and hover tells how the unit ended', async (t) => {
  const greet = '# Greeter\n\n## Requirements\n\n### Requirement: Greeting\nIt SHALL greet.\n\n#### Scenario: Hello\n- **WHEN** I greet "Bob"\n- **THEN** the greeting is "Hello Bob"\n';
  const pending = "import { When, Then } from 'spec-run/steps';\nWhen('I greet {string}', function (name) { return 'pending'; });\nThen('the greeting is {string}', function (g) { return 'pending'; });\n";
  const project = userProject({ 'spec-run.config.json': JSON.stringify({ paths: ['specs/'], strict: false }), 'specs/greet.spec.md': greet, 'steps/greet.steps.mjs': pending });
  const cli = await project.specRun(['specs/greet.spec.md']);
  t.equal(cli.code, 1, 'the CLI fails the run');
  const verdict = /^spec-run: (.*)$/m.exec(cli.stderr)?.[1];
  t.match(verdict, /the run checked nothing and fails/);
  const client = await editor(t, project);
  const uri = client.open(join(project.dir, 'specs/greet.spec.md'));
  await client.diagnostics(uri);
  const lens = (await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } })).find((l) => l.command?.command === 'spec-run.runUnit')!;
  const published = client.diagnostics(uri, (ds) => ds.some((d) => d.source === 'spec-run run'));
  const result = await client.request<{ exitCode: number }>('workspace/executeCommand', { command: lens.command!.command, arguments: lens.command!.arguments });
  t.equal(result.exitCode, 1);
  t.same(client.messages().map((m) => m.type), [1], 'an error message, not an information');
  t.ok(client.messages()[0].message.includes(verdict!), `it carries the CLI's verdict: ${client.messages()[0].message}`);
  const shown = (await published).filter((d) => d.source === 'spec-run run');
  t.same(shown.map((d) => [d.range.start.line + 1, d.severity]), [[8, 1]], 'an error at the scenario');
  const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 7, character: 5 } });
  const said = (hover.contents as MarkupContent).value;
  t.match(said, /Failed.*checked nothing: 0 passed, 0 failed, 1 skipped, 1 todo \(line 9: pending step/, said);
  t.notMatch(said, /Not run/);
});

t.test('a lens run of a document whose steps file loops for ever at its top level is refused at once; a run spinning in a step ends with the server', async (t) => {
  const spec = '# C\n\n### Requirement: C\nIt SHALL count.\n\n#### Scenario: one\n- **GIVEN** a counter at 1\n';
  const project = userProject({ 'specs/c.spec.md': spec, 'steps/ok.steps.mjs': "import { Given } from 'spec-run/steps';\nGiven('a counter at {int}', function (n) {});\n", 'steps/loop.steps.mjs': 'while (true) {}\n' });
  const client = await editor(t, project);
  const uri = client.open(join(project.dir, 'specs/c.spec.md'));
  await client.diagnostics(uri);
  const started = Date.now();
  await t.rejects(client.request('workspace/executeCommand', { command: 'spec-run.runDocument', arguments: [uri] }), /cannot run: the top level of steps file steps\/loop\.steps\.mjs did not return/);
  t.ok(Date.now() - started < 20_000, 'said at once, not at the 5-minute unit time limit');

  project.write({ 'steps/loop.steps.mjs': "import { existsSync, readFileSync, writeFileSync } from 'node:fs';\nimport { When } from 'spec-run/steps';\nWhen('it spins', function () { writeFileSync('run.pid', String(process.pid)); for (;;) {} });\n", 'specs/c.spec.md': `${spec}- **WHEN** it spins\n` });
  const second = await editor(t, project);
  const other = second.open(join(project.dir, 'specs/c.spec.md'));
  await second.diagnostics(other);
  void second.request('workspace/executeCommand', { command: 'spec-run.runDocument', arguments: [other] }).catch(() => undefined);
  const pidFile = join(project.dir, 'run.pid');
  // The step's writeFileSync opens (empty) before it writes: wait for the number, not the file.
  const written = () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : 0);
  for (let i = 0; i < 300 && !(written() > 0); i++) await new Promise((r) => setTimeout(r, 100));
  const pid = written();
  t.ok(pid > 0, 'the run started, and spins');
  await second.endInput();
  let alive = true;
  for (let i = 0; i < 100 && alive; i++) {
    alive = existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    if (alive) await new Promise((r) => setTimeout(r, 100));
  }
  t.notOk(alive, 'the spinning run ended with the server that started it');
});

t.test("a document outside the served project gets none of that project's steps: no hover, definition, completion or run lens", async (t) => {
  const greet = '# Greet\n\n### Requirement: Greet\nIt SHALL greet.\n\n#### Scenario: Hi\n- **WHEN** I greet "Ann"\n- **THEN** the greeting\n';
  const project = userProject({ 'project/steps/greet.steps.mjs': "import { When, Then } from 'spec-run/steps';\nWhen('I greet {string}', function (name) {});\nThen('the greeting is {string}', function (g) { if (!this.scenario) throw new Error(); this.held = true; });\n", 'project/specs/.keep': '', 'other/specs/greet.spec.md': greet });
  const client = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], join(project.dir, 'project'), userEnvironment());
  t.teardown(() => client.close());
  const uri = client.open(join(project.dir, 'other/specs/greet.spec.md'));
  const diagnostics = await client.diagnostics(uri);
  t.match(diagnostics, [{ message: /lies outside .* so it is not checked here/ }], 'the one warning');
  t.equal(await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 6, character: 12 } }), null);
  t.same(await client.request('textDocument/definition', { textDocument: { uri }, position: { line: 6, character: 12 } }), []);
  t.same(await client.request('textDocument/completion', { textDocument: { uri }, position: { line: 7, character: 20 } }), []);
  t.same(await client.request('textDocument/codeLens', { textDocument: { uri } }), []);
  const check = await project.specRun(['check', 'specs/'], { cwd: join(project.dir, 'other') });
  t.match(check.stdout + check.stderr, /no steps file was loaded/, 'in its own project the steps have no definition at all');
});
