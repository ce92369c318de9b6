// spec-run lsp --stdio driven as an editor drives it: the built CLI started as a child
// process, spoken to over stdio with vscode-jsonrpc's client, on a project of its own in
// a temporary directory (documents, a steps file found by convention).
import t from 'tap';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { DiagnosticSeverity, type CodeAction, type CodeLens, type CompletionItem, type Diagnostic, type DocumentSymbol, type Hover, type Location, type MarkupContent } from 'vscode-languageserver-protocol';
import { startLspClient, uriOf, type LspClient } from '../support/lsp-client.js';
import { scratchDirectory } from '../support/scratch.js';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = join(repository, 'dist/src/cli/main.js');

const SESSION = `---
type: verification
name: session
---
# Session

## Setup

\`\`\`lisp
(defvar *session* (make-test-session))
(defun response-text (response) (result-content-text response))
\`\`\`

## A sum is evaluated

\`\`\`lisp
(let ((response (evaluate-in-session *session* "(+ 1 2 3)")))
  (assert (search "=> 6" (response-text response))))
\`\`\`

## A misspelled call

\`\`\`lisp
(assert (evaluate-in-sesion *session* "1"))
\`\`\`

## An unclosed form

\`\`\`lisp
(assert (= 1 1)
\`\`\`
`;

const FAILING = `---
type: verification
name: arithmetic
---
# Arithmetic

## Sum

\`\`\`lisp
(assert (= 2 (+ 1 1)))
(assert (= 3 (+ 1 1)))
\`\`\`
`;

const SPEC = `# Counter

### Requirement: Counting
The counter SHALL add what it is given.

#### Scenario: Adding
- **GIVEN** a counter at 2
- **WHEN** 3 is added
- **THEN** the counter shows 5
`;

const STEPS = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';

Given('a counter at {int}', function (start) {
  this.count = start;
});

Then('the counter shows {int}', function (expected) {
  assert.equal(this.count, expected);
});
`;

const LIGHT = `### Requirement: Light
The light SHALL show its colour.

#### Scenario: Green
- **THEN** the light is green
`;

const LIGHT_STEPS = `import { Then } from 'spec-run/steps';

Then('the light is {word}', function (colour) {
  if (!colour) throw new Error(); this.colour = colour;
});

Then('the light is green', function () {
  if (!this.scenario) throw new Error(); this.colour = 'green';
});
`;

const SHAPES = `---
type: verification
name: shapes
---
# Shapes

## Setup

\`\`\`lisp
(defun square (n) (* n n))
\`\`\`

## A square

\`\`\`lisp
(assert (= 9 (square 3)))
\`\`\`
`;

const CALLER = `---
type: verification
name: caller
---
# Caller

## Uses a sibling's function

\`\`\`lisp
(assert (= 4 (square 2)))
\`\`\`
`;

const MISREAD = `### Requirement: Lamp
The lamp SHALL be off.

#### Scenario: Off
- **THEN** the lamp is off
  - **AND** it SHALL stay off

#### Senario: misspelt
- **THEN** the lamp is off
`;

/** 1-based line of the first line of TEXT holding NEEDLE. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;
const text = (hover: Hover | null) => (hover?.contents as MarkupContent | undefined)?.value ?? '';

/** Writes FILES (names may have folders) into DIR. */
function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
}

/** A project of its own holding FILES, with a server of its own (a client that watches files unless told), and DOCUMENT of it opened. */
async function ownProject(t: TapTest, files: Record<string, string>, document: string, { watchesFiles = true, env = process.env } = {}) {
  const own = scratchDirectory('spec-run-lsp-');
  writeFiles(own, files);
  const lsp = await startLspClient([process.execPath, cli, 'lsp', '--stdio'], own, env, { watchesFiles });
  t.teardown(() => lsp.close());
  const uri = lsp.open(join(own, document));
  return { own, lsp, uri, first: lsp.diagnostics(uri) };
}

/** The steps probe's limit set short (SPEC_RUN_STEPS_PROBE_LIMIT) for the servers of files that loop at their top level: its default, 10 s, is the editor's round's to test (test/lsp/neovim.test.ts). */
const SHORT_PROBE = { ...process.env, SPEC_RUN_STEPS_PROBE_LIMIT: '4s' };

function project(): string {
  const dir = scratchDirectory('spec-run-lsp-');
  const files: Record<string, string> = {
    'specs/session.test.md': SESSION,
    'specs/arithmetic.test.md': FAILING,
    'specs/counter.spec.md': SPEC,
    'steps/counter.steps.mjs': STEPS,
    'specs/light.spec.md': LIGHT,
    'steps/light.steps.mjs': LIGHT_STEPS,
    'specs/shapes.test.md': SHAPES,
    'specs/caller.test.md': CALLER,
    'specs/misread.spec.md': MISREAD,
    'steps/lamp.steps.mjs': `import { Then } from 'spec-run/steps';\nThen('the lamp is off', function () { if (!this.scenario) throw new Error(); this.held = true; });\n`,
  };
  writeFiles(dir, files);
  return dir;
}

let dir: string;
let client: LspClient;
t.before(async () => {
  dir = project();
  client = await startLspClient([process.execPath, cli, 'lsp', '--stdio'], dir);
});
t.teardown(async () => {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

t.test('a Lisp document: a reader error and a misspelled call are diagnostics at their lines, as check reports them', async (t) => {
  const path = join(dir, 'specs/session.test.md');
  const uri = client.open(path);
  const diagnostics = await client.diagnostics(uri);
  const reader = diagnostics.find((d) => /cannot be read: unbalanced parentheses/.test(d.message as string));
  t.ok(reader, `a reader error among ${JSON.stringify(diagnostics.map((d) => d.message))}`);
  t.equal(reader?.range.start.line, lineOf(SESSION, '(assert (= 1 1)') - 1, 'at the unclosed form\'s line');
  const call = diagnostics.find((d) => /'evaluate-in-sesion' is called but neither this document nor the test vocabulary defines it; did you mean 'evaluate-in-session'\?/.test(d.message as string));
  t.ok(call, 'the misspelled call, with "did you mean"');
  t.equal(call?.range.start.line, lineOf(SESSION, 'evaluate-in-sesion') - 1, 'at its line');
  t.equal(call?.range.start.character, SESSION.split('\n')[lineOf(SESSION, 'evaluate-in-sesion') - 1].indexOf('evaluate-in-sesion'), 'and its column');
  t.equal(diagnostics.length, 2, 'and nothing else: the other blocks are sound');
});

t.test('hover on evaluate-in-session shows its lambda list and the docstring its Lisp source gives it', async (t) => {
  const source = readFileSync(join(repository, 'src/run/lisp/vocabulary.lisp'), 'utf8');
  const docstring = /\(defun evaluate-in-session \(server code &optional package\)\s+"([^"]+)"/.exec(source)?.[1];
  t.ok(docstring, 'the docstring read from vocabulary.lisp');
  const uri = client.open(join(dir, 'specs/session.test.md'));
  const line = lineOf(SESSION, '(evaluate-in-session *session*') - 1;
  const character = SESSION.split('\n')[line].indexOf('evaluate-in-session') + 4;
  const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } });
  t.match(text(hover), '(evaluate-in-session server code &optional package)');
  t.match(text(hover), docstring!);
  const own = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: line + 1, character: SESSION.split('\n')[line + 1].indexOf('response-text') + 2 } });
  t.same(own.map((l) => [l.uri, l.range.start.line]), [[uri, lineOf(SESSION, '(defun response-text') - 1]], "a document's own function leads to its defun");
  const vocabulary = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line, character } });
  t.equal(vocabulary.length, 1, 'a vocabulary name leads to its source');
  const lisp = readFileSync(fileURLToPath(vocabulary[0].uri), 'utf8');
  t.match(lisp.split('\n')[vocabulary[0].range.start.line], /^\(defun evaluate-in-session /, "the vocabulary's defun");
  const completion = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line, character: character - 1 } });
  const item = completion.find((i) => i.label === 'evaluate-in-session');
  t.equal(item?.detail, '(evaluate-in-session server code &optional package)', 'completion in a Lisp block offers the vocabulary with lambda lists');
  t.equal(completion.find((i) => i.label === 'extract-section')?.detail, '(extract-section text name)', "the readers of a tool's answer too");
  t.ok(completion.some((i) => i.label === 'response-text' && i.detail === '(response-text response)'), "and the document's own definitions");
});

t.test('an OpenSpec document: completion, definition, hover and the outline from the steps file', async (t) => {
  const path = join(dir, 'specs/counter.spec.md');
  const uri = client.open(path);
  const steps = join(dir, 'steps/counter.steps.mjs');
  const definitions = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: lineOf(SPEC, 'a counter at 2') - 1, character: 14 } });
  t.same(definitions.map((l) => [fileURLToPath(l.uri), l.range.start.line + 1]), [[steps, lineOf(STEPS, "Given('a counter at {int}'")]], "the step leads to its definition's line in the steps file");
  const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: lineOf(SPEC, 'the counter shows 5') - 1, character: 14 } });
  t.match(text(hover), `the counter shows {int}`, 'hover shows the binding definition');
  t.match(text(hover), `steps/counter.steps.mjs:${lineOf(STEPS, "Then('the counter shows")}`);

  const typed = `${SPEC}- **AND** the cou`;
  client.change(uri, typed);
  const last = typed.split('\n').length - 1;
  const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: last, character: typed.split('\n')[last].length } });
  const offered = items.find((i) => i.label === 'the counter shows {int}');
  t.ok(offered, `the user's definition is offered among ${JSON.stringify(items.map((i) => i.label))}`);
  t.equal(offered?.textEdit && 'newText' in offered.textEdit ? offered.textEdit.newText : undefined, 'the counter shows ${1:int}', '{int} is a tab-stop');
  client.change(uri, SPEC);

  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
  t.same(
    symbols.map((s) => [s.name, s.range.start.line + 1, (s.children ?? []).map((c) => [c.name, c.range.start.line + 1])]),
    [['Counting', lineOf(SPEC, '### Requirement'), [['Adding', lineOf(SPEC, '#### Scenario')]]]],
    'the requirement with its scenario',
  );
});

t.test('an undefined step: a diagnostic at its line, and a quick fix whose snippet then binds it', async (t) => {
  const path = join(dir, 'specs/counter.spec.md');
  const uri = client.open(path);
  const undefinedLine = lineOf(SPEC, '3 is added') - 1;
  const diagnostics = await client.diagnostics(uri, (ds) => ds.some((d) => /^undefined step/.test(d.message as string)));
  const undefinedStep = diagnostics.filter((d) => /^undefined step '3 is added'/.test(d.message as string));
  t.same(undefinedStep.map((d) => d.range.start.line), [undefinedLine], 'one diagnostic, at the step');
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: undefinedStep[0].range, context: { diagnostics: undefinedStep } });
  t.equal(actions.length, 1, 'one quick fix');
  t.match(actions[0].title, "Define step '{int} is added' in counter.steps.mjs");
  const written = client.applyEdit(actions[0].edit!);
  const steps = join(dir, 'steps/counter.steps.mjs');
  t.same(written, [steps], 'it edits the steps file the document loads');
  const after = readFileSync(steps, 'utf8');
  t.match(after, /import \{ Given, Then, When \} from 'spec-run\/steps';/, 'When is imported');
  t.match(after, /When\('\{int\} is added', function \(int\) \{/, 'the snippet is appended');
  client.filesChanged([steps]);
  const rechecked = await client.diagnostics(uri, (ds) => !ds.some((d) => /^undefined step/.test(d.message as string)));
  t.same(rechecked, [], 'the steps file changed on disk re-checks the document: the step now binds');
  const definitions = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: undefinedLine, character: 12 } });
  t.same(definitions.map((l) => [fileURLToPath(l.uri), l.range.start.line + 1]), [[steps, lineOf(after, "When('{int} is added'")]], 'and leads to the new definition');
});

t.test("the code lens's run publishes the failing check at its line, and hover then shows the unit's result", async (t) => {
  const path = join(dir, 'specs/arithmetic.test.md');
  const uri = client.open(path);
  await client.diagnostics(uri);
  const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
  t.same(lenses.map((l) => l.command?.command), ['spec-run.runDocument', 'spec-run.runUnit'], 'a lens for the document and one for its unit');
  const unitLens = lenses[1];
  t.ok(unitLens.range.start.line + 1 >= lineOf(FAILING, '## Sum'), 'the unit lens stands at the unit');
  const published = client.diagnostics(uri, (ds) => ds.some((d) => d.source === 'spec-run run'));
  const result = await client.request<{ exitCode: number; summary: string }>('workspace/executeCommand', { command: unitLens.command!.command, arguments: unitLens.command!.arguments });
  t.equal(result.exitCode, 1, `the run failed: ${result.summary}`);
  t.match(result.summary, /1 passed, 1 failed/);
  const failing = (await published).filter((d: Diagnostic) => d.source === 'spec-run run');
  t.same(failing.map((d) => d.range.start.line), [lineOf(FAILING, '(assert (= 3 (+ 1 1)))') - 1], "at the failing check's line");
  t.match(failing[0].message, '(= 3 (+ 1 1))');
  const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: lineOf(FAILING, '## Sum') - 1, character: 4 } });
  t.match(text(hover), /\*\*Failed\*\* \(last run, .*\): \(= 3 \(\+ 1 1\)\): the assertion is false/, "the last run's record, with the failing check's message");
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
  t.same(symbols.map((s) => [s.name, s.detail]), [['Sum', 'Lisp block']], 'the outline of a Lisp document: its units');
});

t.test('a lens run that fails with no failing check (nothing passed: a pending step) is an error message and a diagnostic, and hover says how the unit ended', async (t) => {
  const pending = "import { When, Then } from 'spec-run/steps';\nWhen('{int} is added', function (n) { return 'pending'; });\nThen('the counter shows {int}', function (n) { return 'pending'; });\n";
  const spec = SPEC.replace('- **GIVEN** a counter at 2\n', '');
  const files = { 'spec-run.config.json': JSON.stringify({ paths: ['specs/'], strict: false }), 'specs/counter.spec.md': spec, 'steps/counter.steps.mjs': pending };
  const { lsp, uri, first } = await ownProject(t, files, 'specs/counter.spec.md');
  t.same(await first, [], 'every step binds');
  const unitLens = (await lsp.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } })).find((l) => l.command?.command === 'spec-run.runUnit')!;
  const published = lsp.diagnostics(uri, (ds) => ds.some((d) => d.source === 'spec-run run'));
  const result = await lsp.request<{ exitCode: number; summary: string }>('workspace/executeCommand', { command: unitLens.command!.command, arguments: unitLens.command!.arguments });
  t.equal(result.exitCode, 1, `the run failed: ${result.summary}`);
  t.same(lsp.messages().map((m) => m.type), [1], 'one message, an error');
  t.match(lsp.messages()[0].message, /^spec-run "Adding" failed \(exit 1\): .*the run checked nothing and fails; 0 passed, 0 failed, 1 skipped, 1 todo$/);
  const failed = (await published).filter((d) => d.source === 'spec-run run');
  t.same(failed.map((d) => [d.range.start.line + 1, d.severity]), [[lineOf(spec, '#### Scenario: Adding'), 1]], 'an error at the unit run');
  t.match(failed[0].message, /^the run failed \(exit 1\): .*the run checked nothing/);
  const hover = await lsp.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: lineOf(spec, '#### Scenario: Adding') - 1, character: 5 } });
  t.match(text(hover), /\*\*Failed\*\* \(run from the editor, it checked nothing: 0 passed, 0 failed, 1 skipped, 1 todo \(line \d+: pending step; line \d+: an earlier step is pending/, 'the unit ran: how it ended, not "not run"');
  t.notMatch(text(hover), /Not run/);
});

t.test("a lens run's failure that is the check's error at its line is said once, by the check: a change refused, a step undefined", async (t) => {
  const scenario = (name: string, then: string) => `#### Scenario: ${name}\n- **WHEN** 2 is added\n- **THEN** ${then}\n`;
  const steps = "import { When, Then } from 'spec-run/steps';\nWhen('{int} is added', function (n) {});\nThen('the counter shows {int}', function (n) {});\n";
  const delta = `## MODIFIED Requirements\n\n### Requirement: Count\nThe counter SHALL count.\n\n${scenario('Adds', 'the counter shows 2')}`;
  const files = {
    'openspec/specs/counter/spec.md': `# counter\n\n## Requirements\n\n### Requirement: Count\nThe counter SHALL count.\n\n${scenario('Adds', 'the counter shows 2')}\n${scenario('Undefined', 'the moon is full')}`,
    'openspec/changes/c1/specs/counter/spec.md': delta,
    'steps/counter.steps.mjs': steps,
  };
  for (const [document, line] of [['openspec/changes/c1/specs/counter/spec.md', lineOf(delta, '### Requirement: Count')], ['openspec/specs/counter/spec.md', lineOf(files['openspec/specs/counter/spec.md'], 'the moon is full')]] as const) {
    const { lsp, uri, first } = await ownProject(t, files, document);
    const before = (await first).filter((d) => d.range.start.line === line - 1);
    t.same(before.map((d) => d.severity), [DiagnosticSeverity.Error], `${document}: the check's error at line ${line}`);
    const documentLens = (await lsp.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } })).find((l) => l.command?.command === 'spec-run.runDocument')!;
    const result = await lsp.request<{ exitCode: number; failures: { line: number }[] }>('workspace/executeCommand', { command: documentLens.command!.command, arguments: documentLens.command!.arguments });
    t.ok(result.failures.some((f) => f.line === line), `${document}: the run failed at line ${line} too`);
    const after = lsp.published(uri).at(-1)!.diagnostics.filter((d) => d.range.start.line === line - 1);
    t.same(after.map((d) => d.message), before.map((d) => d.message), `${document}: after the run, the one error the check gave`);
  }
});

t.test('a lens run that passes is an information message', async (t) => {
  const passing = "import { When, Then } from 'spec-run/steps';\nWhen('{int} is added', function (n) {});\nThen('the counter shows {int}', function (n) { if (!this.scenario) throw new Error(); this.held = true; });\n";
  const spec = SPEC.replace('- **GIVEN** a counter at 2\n', '');
  const { lsp, uri, first } = await ownProject(t, { 'specs/counter.spec.md': spec, 'steps/counter.steps.mjs': passing }, 'specs/counter.spec.md');
  await first;
  const documentLens = (await lsp.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } })).find((l) => l.command?.command === 'spec-run.runDocument')!;
  const result = await lsp.request<{ exitCode: number }>('workspace/executeCommand', { command: documentLens.command!.command, arguments: documentLens.command!.arguments });
  t.equal(result.exitCode, 0);
  t.same(lsp.messages(), [{ type: 3, message: 'spec-run specs/counter.spec.md passed: 2 passed, 0 failed, 0 skipped, 0 todo' }]);
});

t.test('a lens run of a document with unsaved changes is refused, saying why: the run reads the file on disk, its results would stand on other lines', async (t) => {
  const path = join(dir, 'specs/arithmetic.test.md');
  const uri = client.open(path);
  await client.diagnostics(uri);
  const changed = client.diagnostics(uri);
  client.change(uri, readFileSync(path, 'utf8').replace('## Sum', 'Some prose, not saved.\n\n## Sum'));
  await changed;
  const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
  t.equal(lenses.length, 2, 'the document lens and the unit lens');
  const refused = await client.request('workspace/executeCommand', { command: lenses[1].command!.command, arguments: lenses[1].command!.arguments }).then(
    () => null,
    (error: Error) => error.message,
  );
  t.match(refused, /arithmetic\.test\.md has unsaved changes: a run reads the document from disk; save it, then run/);
  client.change(uri, readFileSync(path, 'utf8'));
});

t.test('a lens run of a document whose file became a named pipe is refused at once, saying what it is: the server never waits on the pipe', async (t) => {
  const path = join(dir, 'specs/piped.test.md');
  const text = readFileSync(join(dir, 'specs/arithmetic.test.md'), 'utf8');
  execFileSync('mkfifo', [path]);
  t.teardown(() => rmSync(path, { force: true }));
  const uri = client.open(path, text);
  await client.diagnostics(uri);
  const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
  const refused = await client.request('workspace/executeCommand', { command: lenses[0].command!.command, arguments: lenses[0].command!.arguments }).then(
    () => null,
    (error: Error) => error.message,
  );
  t.match(refused, `${path}: a named pipe (FIFO), not a regular file: a document is a markdown file`);
});

t.test("a document outside the project the server serves is not checked against that project's steps: one warning says so, and a run of it is refused", async (t) => {
  const elsewhere = scratchDirectory('spec-run-lsp-elsewhere-');
  t.teardown(() => rmSync(elsewhere, { recursive: true, force: true }));
  const path = join(elsewhere, 'other.spec.md');
  writeFileSync(path, '# Other\n\n### Requirement: Other\nIt SHALL be.\n\n#### Scenario: Other\n- **WHEN** something nobody defined happens\n- **GIVEN** a counter at 2\n- **THEN** the counter\n');
  const uri = client.open(path);
  const diagnostics = await client.diagnostics(uri);
  t.match(diagnostics, [{ severity: 2, message: /lies outside .*, the project this language server serves .*: its configuration and steps are another project's, so it is not checked here/ }]);
  t.equal(diagnostics.length, 1, 'no undefined step said on the wrong steps');
  // A step the served project defines: its binding is not this document's.
  const given = { textDocument: { uri }, position: { line: 7, character: 12 } };
  t.equal(await client.request<Hover | null>('textDocument/hover', given), null, 'no hover with the other project\'s binding');
  t.same(await client.request<Location[]>('textDocument/definition', given), [], 'no definition in the other project');
  t.same(await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 8, character: 21 } }), [], "none of the other project's steps offered");
  t.same(await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } }), [], 'no run offered that would be refused');
});

t.test('an ambiguous step: a diagnostic naming both definitions, and hover lists them', async (t) => {
  const uri = client.open(join(dir, 'specs/light.spec.md'));
  const line = lineOf(LIGHT, 'the light is green') - 1;
  const diagnostics = await client.diagnostics(uri);
  t.same(diagnostics.map((d) => d.range.start.line), [line], 'one diagnostic, at the step');
  t.match(diagnostics[0]?.message, /^ambiguous step 'the light is green': several definitions match it: steps\/light\.steps\.mjs:3 the light is \{word\}; steps\/light\.steps\.mjs:7 the light is green$/);
  const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character: 14 } });
  t.match(text(hover), /^\*\*Ambiguous step\*\*: 2 definitions match it/);
  t.match(text(hover), "`Then('the light is {word}')` at steps/light.steps.mjs:3");
  t.match(text(hover), "`Then('the light is green')` at steps/light.steps.mjs:7");
  const definitions = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line, character: 14 } });
  t.same(definitions.map((l) => l.range.start.line + 1), [3, 7], 'definition offers both');
});

t.test('a misspelt scenario heading and a step whose definition drops its sub-bullets: errors at their lines, as check reports them', async (t) => {
  const uri = client.open(join(dir, 'specs/misread.spec.md'));
  const diagnostics = await client.diagnostics(uri);
  t.same(diagnostics.map((d) => [d.range.start.line + 1, d.severity]), [[lineOf(MISREAD, '- **THEN** the lamp is off'), 1], [lineOf(MISREAD, '**AND** it SHALL'), 1], [lineOf(MISREAD, '#### Senario'), 1]]);
  t.match(diagnostics[0]?.message, /^step 'the lamp is off': the step has a data table \(the table or sub-bullets written under it\) from line 6, which its definition does not take/);
  t.match(diagnostics[1]?.message, /^'\*\*AND\*\* it SHALL stay off' is nested under the step '\*\*THEN\*\* the lamp is off'/);
  t.match(diagnostics[2]?.message, /^heading 'Senario: misspelt' is followed by WHEN\/THEN steps but is not read as a scenario/);
});

t.test("a Lisp name another document of the tree defines: check's note (information, no error: the run lends it), and definition leads there", async (t) => {
  const uri = client.open(join(dir, 'specs/caller.test.md'));
  const diagnostics = await client.diagnostics(uri);
  const line = lineOf(CALLER, '(square 2)') - 1;
  t.same(diagnostics.map((d) => [d.range.start.line, d.severity]), [[line, DiagnosticSeverity.Information]]);
  t.equal(diagnostics[0]?.message, `square is borrowed from specs/shapes.test.md:${lineOf(SHAPES, '(defun square')}, a document of the same specification tree`);
  const check = spawnSync(process.execPath, [cli, 'check', 'specs/caller.test.md'], { cwd: dir, encoding: 'utf8' });
  t.match(check.stdout, `specs/caller.test.md:${line + 1}:1: note: ${diagnostics[0]?.message}`, 'as check says it');
  const definitions = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line, character: CALLER.split('\n')[line].indexOf('square') + 1 } });
  t.same(definitions.map((l) => [fileURLToPath(l.uri), l.range.start.line + 1]), [[join(dir, 'specs/shapes.test.md'), lineOf(SHAPES, '(defun square')]]);
});

t.test('a document of the tree written or deleted while a caller is open: what it lends is seen, and then no longer, as the tree is listed again', async (t) => {
  const calling = CALLER.replace('(square 2)', '(cube 2)').replace('(= 4 ', '(= 8 ');
  const { own, lsp, uri, first } = await ownProject(t, { 'specs/shapes.test.md': SHAPES, 'specs/caller.test.md': calling }, 'specs/caller.test.md');
  t.notOk((await first).some((d) => /borrowed/.test(d.message as string)), 'no document of the tree defines cube yet');
  const cubes = SHAPES.replace('name: shapes', 'name: cubes').replace('(defun square (n) (* n n))', '(defun cube (n) (* n n n))');
  const lent = lsp.diagnostics(uri, (ds) => ds.some((d) => /^cube is borrowed from specs\/cubes\.test\.md/.test(d.message as string)), 15_000);
  writeFileSync(join(own, 'specs/cubes.test.md'), cubes);
  // Typed meanwhile: a reading made before the server heard of the new file must not keep the tree as it was.
  lsp.change(uri, `${calling}\n`);
  t.match((await lent).map((d) => [d.severity, d.message]), [[DiagnosticSeverity.Information, `cube is borrowed from specs/cubes.test.md:${lineOf(cubes, '(defun cube')}, a document of the same specification tree`]]);
  const gone = lsp.diagnostics(uri, (ds) => !ds.some((d) => /borrowed/.test(d.message as string)), 15_000);
  rmSync(join(own, 'specs/cubes.test.md'));
  lsp.change(uri, calling);
  t.ok((await gone).length > 0, 'the lender deleted: cube is not borrowed any more, and calling it is a problem again');
});

t.test('frontmatter: completion of its keys and of the values of type; its problems are diagnostics', async (t) => {
  const misspelled = SHAPES.replace('name: shapes\n', 'name: shapes\nlevle: property\n');
  const uri = client.open(join(dir, 'specs/shapes.test.md'), misspelled);
  const diagnostics = await client.diagnostics(uri);
  t.match(diagnostics.map((d) => [d.range.start.line, d.severity, d.message]), [[3, 1, "frontmatter 'levle' is no field spec-run reads, so it is ignored: did you mean 'level'?"]], "check's error on a key mistyped for a setting, at its line");
  const typed = SHAPES.replace('name: shapes\n', 'name: shapes\nty\n');
  client.change(uri, typed);
  const keyLine = typed.split('\n').indexOf('ty');
  const keys = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: keyLine, character: 2 } });
  t.ok(['type', 'name', 'level', 'tags', 'covers'].every((key) => keys.some((item) => item.label === key)), `the known keys: ${keys.map((i) => i.label).join(', ')}`);
  const values = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 'type: '.length } });
  t.same(values.map((item) => item.label), ['verification', 'property', 'contract', 'scenario'], 'the document types');
});

t.test("a client that cannot watch files: the server watches the steps files itself", async (t) => {
  const own = scratchDirectory('spec-run-lsp-');
  t.teardown(() => rmSync(own, { recursive: true, force: true }));
  mkdirSync(join(own, 'specs'));
  mkdirSync(join(own, 'steps'));
  writeFileSync(join(own, 'specs/counter.spec.md'), SPEC);
  writeFileSync(join(own, 'steps/counter.steps.mjs'), STEPS);
  const unwatched = await startLspClient([process.execPath, cli, 'lsp', '--stdio'], own, process.env, { watchesFiles: false });
  t.teardown(() => unwatched.close());
  const uri = unwatched.open(join(own, 'specs/counter.spec.md'));
  const before = await unwatched.diagnostics(uri);
  t.same(before.map((d) => d.range.start.line + 1), [lineOf(SPEC, '3 is added')], 'the undefined step');
  const rechecked = unwatched.diagnostics(uri, (ds) => ds.length === 0);
  writeFileSync(join(own, 'steps/counter.steps.mjs'), `${STEPS}\nimport { When } from 'spec-run/steps';\nWhen('{int} is added', function (n) {\n  this.count += n;\n});\n`);
  t.same(await rechecked, [], 'the definition written on disk, and nothing told the server: the document is re-checked, the step binds');
});

t.test('a client that watches files but whose event never comes: a saved TypeScript steps file keeps its steps, and a change to it is seen all the same', async (t) => {
  const steps = STEPS.replace("import { Given, Then } from 'spec-run/steps';", "import { Given, When, Then } from 'spec-run/steps';\nWhen('{int} is added', function (n: number) {\n  this.count += n;\n});");
  const { own, lsp, uri, first } = await ownProject(t, { 'specs/counter.spec.md': SPEC, 'steps/counter.steps.ts': steps }, 'specs/counter.spec.md');
  t.same(await first, [], 'every step binds');
  writeFileSync(join(own, 'steps/counter.steps.ts'), `${steps}// a comment\n`);
  // Typed before any file event: the steps file is loaded again as it now is, not taken for one that defines nothing.
  const typed = lsp.diagnostics(uri);
  lsp.change(uri, `${SPEC}\n`);
  t.same((await typed).map((d) => d.message), [], 'the steps still bind after the save');
  const dropped = lsp.diagnostics(uri, (ds) => ds.length === 1, 10_000);
  writeFileSync(join(own, 'steps/counter.steps.ts'), steps.replace("Then('the counter shows {int}'", "Then('the counter reads {int}'"));
  t.match((await dropped)[0]?.message, /^undefined step 'the counter shows 5'/, 'no event and no typing: the server saw the change itself, and the step it no longer defines is undefined');
});

t.test("a client that cannot watch files: the server watches the steps files the configuration's steps glob names, one added there included", async (t) => {
  const files = { 'spec-run.config.json': JSON.stringify({ paths: ['specs/'], steps: ['support/*.mjs'] }), 'specs/counter.spec.md': SPEC, 'support/counter.mjs': STEPS };
  const { own, lsp: unwatched, uri, first } = await ownProject(t, files, 'specs/counter.spec.md', { watchesFiles: false });
  t.same((await first).map((d) => d.range.start.line + 1), [lineOf(SPEC, '3 is added')], 'the undefined step');
  const added = unwatched.diagnostics(uri, (ds) => ds.length === 0, 10_000);
  writeFileSync(join(own, 'support/adding.mjs'), "import { When } from 'spec-run/steps';\nWhen('{int} is added', function (n) {\n  this.count += n;\n});\n");
  t.same(await added, [], 'a steps file added where the glob searches: the step binds');
  const edited = unwatched.diagnostics(uri, (ds) => ds.length === 1, 10_000);
  writeFileSync(join(own, 'support/counter.mjs'), STEPS.replace("Then('the counter shows {int}'", "Then('the counter reads {int}'"));
  t.match((await edited)[0]?.message, /^undefined step 'the counter shows 5'/, 'the steps file edited: the step it no longer defines is undefined');
});

t.test("a client that cannot watch files: a steps file in a subdirectory made after the server started is seen, where a ** glob searches", async (t) => {
  const files = { 'spec-run.config.json': JSON.stringify({ paths: ['specs/'], steps: ['support/**/*.mjs'] }), 'specs/counter.spec.md': SPEC, 'support/counter.mjs': STEPS };
  const { own, lsp: unwatched, uri, first } = await ownProject(t, files, 'specs/counter.spec.md', { watchesFiles: false });
  const before = await first;
  t.same(before.map((d) => d.range.start.line + 1), [lineOf(SPEC, '3 is added')], `the undefined step: ${JSON.stringify(before.map((d) => d.message))}`);
  const added = unwatched.diagnostics(uri, (ds) => ds.length === 0, 15_000);
  mkdirSync(join(own, 'support/more/deeper'), { recursive: true });
  // The server sees the new directories first, and then the file written in the deepest of them.
  await new Promise((done) => setTimeout(done, 1500));
  writeFileSync(join(own, 'support/more/deeper/adding.mjs'), "import { When } from 'spec-run/steps';\nWhen('{int} is added', function (n) {\n  this.count += n;\n});\n");
  t.same(await added, [], 'a steps file added in a new subdirectory the glob searches: the step binds');
});

t.test('a TypeScript steps file: the quick fix imports the keyword and the World type, and the definition loads and binds', async (t) => {
  const own = scratchDirectory('spec-run-lsp-');
  t.teardown(() => rmSync(own, { recursive: true, force: true }));
  mkdirSync(join(own, 'specs'));
  mkdirSync(join(own, 'steps'));
  writeFileSync(join(own, 'specs/counter.spec.md'), SPEC);
  const typed = STEPS.replace(/function \((\w+)\)/g, 'function (this: World, $1: number)').replace("import { Given, Then } from 'spec-run/steps';", "import { Given, Then, type World } from 'spec-run/steps';");
  writeFileSync(join(own, 'steps/counter.steps.ts'), typed);
  const tsClient = await startLspClient([process.execPath, cli, 'lsp', '--stdio'], own);
  t.teardown(() => tsClient.close());
  const uri = tsClient.open(join(own, 'specs/counter.spec.md'));
  const undefinedStep = (await tsClient.diagnostics(uri)).filter((d) => /^undefined step/.test(d.message as string));
  t.equal(undefinedStep.length, 1, 'the TypeScript file loads: only the step it lacks is undefined');
  const [action] = await tsClient.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: undefinedStep[0].range, context: { diagnostics: undefinedStep } });
  tsClient.applyEdit(action.edit!);
  const after = readFileSync(join(own, 'steps/counter.steps.ts'), 'utf8');
  t.match(after, "import { Given, Then, type World, When } from 'spec-run/steps';", 'When joins the import; World is there already');
  t.match(after, "When('{int} is added', function (this: World, int: number) {");
  tsClient.filesChanged([join(own, 'steps/counter.steps.ts')]);
  t.same(await tsClient.diagnostics(uri, (ds) => !ds.some((d) => /^undefined step/.test(d.message as string))), [], 'the TypeScript definition binds');
});

/** Starts a server in OWN, runs DOCUMENT from its lens, and waits for the run's step to write run.pid: the server and the run's pid. */
async function lensRunStarted(own: string, document: string) {
  const runner = await startLspClient([process.execPath, cli, 'lsp', '--stdio'], own);
  const uri = runner.open(join(own, document));
  await runner.diagnostics(uri);
  void runner.request('workspace/executeCommand', { command: 'spec-run.runDocument', arguments: [uri] }).catch(() => undefined);
  const pidFile = join(own, 'run.pid');
  // The step's writeFileSync opens (empty) before it writes: wait for the number, not the file.
  const written = () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : 0);
  for (let i = 0; i < 200 && !(written() > 0); i++) await new Promise((r) => setTimeout(r, 100));
  return { runner, pid: written() };
}

/** Whether process PID has ended (or is a zombie) within 5 s. */
async function endedSoon(pid: number): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] : 'gone';
    if (stat === 'gone' || stat === 'Z') return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

t.test('a run a lens started ends when the language server ends: an editor that crashed mid-run left it running', async (t) => {
  const own = scratchDirectory('spec-run-lsp-run-');
  t.teardown(() => rmSync(own, { recursive: true, force: true }));
  mkdirSync(join(own, 'specs'));
  writeFileSync(join(own, 'specs', 'slow.spec.md'), '# Slow\n\n### Requirement: Slow\nIt SHALL wait.\n\n#### Scenario: Waits\n- **WHEN** the step waits a minute\n');
  writeFileSync(join(own, 'slow.steps.mjs'), "import { writeFileSync } from 'node:fs';\nimport { When } from 'spec-run/steps';\nWhen('the step waits a minute', function () { writeFileSync('run.pid', String(process.pid)); return new Promise((r) => setTimeout(r, 60_000)); });\n");
  const { runner, pid } = await lensRunStarted(own, 'specs/slow.spec.md');
  t.ok(pid > 0, 'the run started');
  await runner.endInput();
  t.ok(await endedSoon(pid), 'the run ended with the server, not a minute later');
});

for (const ending of ['shutdown', 'endInput'] as const) {
  t.test(`a lens run whose step holds its thread for good (SIGTERM unheeded) ends when the server ends (${ending === 'shutdown' ? 'a shutdown request' : 'its input gone, no shutdown'})`, async (t) => {
    const own = scratchDirectory('spec-run-lsp-run-');
    t.teardown(() => rmSync(own, { recursive: true, force: true }));
    writeFiles(own, {
      'specs/spin.spec.md': '# Spin\n\n### Requirement: Spin\nIt SHALL spin.\n\n#### Scenario: Spins\n- **WHEN** the step spins\n',
      'spin.steps.mjs': "import { writeFileSync } from 'node:fs';\nimport { When } from 'spec-run/steps';\nWhen('the step spins', function () { writeFileSync('run.pid', String(process.pid)); for (;;) {} });\n",
    });
    const { runner, pid } = await lensRunStarted(own, 'specs/spin.spec.md');
    t.ok(pid > 0, 'the run started, and spins');
    await (ending === 'shutdown' ? runner.close() : runner.endInput());
    t.ok(await endedSoon(pid), 'the run ended with the server within seconds, not at the unit time limit');
  });
}

t.test('a lens run of a document whose steps file never returns at its top level is refused at once, saying which file', async (t) => {
  const files = { 'specs/counter.spec.md': SPEC, 'steps/counter.steps.mjs': STEPS, 'steps/loop.steps.mjs': 'while (true) {}\n' };
  const { lsp, uri, first } = await ownProject(t, files, 'specs/counter.spec.md', { env: SHORT_PROBE });
  await first;
  const started = Date.now();
  const refused = lsp.request('workspace/executeCommand', { command: 'spec-run.runDocument', arguments: [uri] });
  await t.rejects(refused, /specs\/counter\.spec\.md cannot run: the top level of steps file steps\/loop\.steps\.mjs did not return within 4 s/);
  t.ok(Date.now() - started < 20_000, 'no wait for the unit time limit');
});

t.test("the quick fix writes in the target file's language: JavaScript into .mjs beside TypeScript steps, require() into a CommonJS file", async (t) => {
  const own = scratchDirectory('spec-run-lsp-');
  mkdirSync(join(own, 'specs'));
  mkdirSync(join(own, 'steps'));
  writeFileSync(join(own, 'package.json'), '{ "name": "commonjs-project" }');
  writeFileSync(join(own, 'specs/a.spec.md'), '### Requirement: A\nThe thing SHALL work.\n\n#### Scenario: one\n- **WHEN** I press the button 3 times\n');
  writeFileSync(join(own, 'steps/a.steps.mjs'), "import { When } from 'spec-run/steps';\nWhen('nothing', function () {});\n");
  writeFileSync(join(own, 'steps/b.steps.ts'), "import { Then } from 'spec-run/steps';\nThen('something else', function () { if (!this.scenario) throw new Error(); this.held = true; });\n");
  const fixFor = async (target: string) => {
    const lsp = await startLspClient([process.execPath, cli, 'lsp', '--stdio'], own);
    t.teardown(() => lsp.close());
    const uri = lsp.open(join(own, 'specs/a.spec.md'));
    const undefinedStep = (await lsp.diagnostics(uri)).filter((d) => /^undefined step/.test(d.message as string));
    const actions = await lsp.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: undefinedStep[0].range, context: { diagnostics: undefinedStep } });
    const action = actions.find((a) => a.title.endsWith(target));
    t.ok(action, `a fix writing into ${target}: ${actions.map((a) => a.title).join('; ')}`);
    lsp.applyEdit(action!.edit!);
    return readFileSync(join(own, 'steps', target), 'utf8');
  };
  const esm = await fixFor('a.steps.mjs');
  t.match(esm, "import { When } from 'spec-run/steps';\nWhen('nothing'", 'nothing to import: When is there');
  t.notMatch(esm, /type World|: number/, 'no TypeScript in a .mjs file');
  rmSync(join(own, 'steps/a.steps.mjs'));
  rmSync(join(own, 'steps/b.steps.ts'));
  writeFileSync(join(own, 'steps/c.steps.js'), "const { Then } = require('spec-run/steps');\nThen('nothing', function () { if (!this.scenario) throw new Error(); this.held = true; });\n");
  const commonJs = await fixFor('c.steps.js');
  t.match(commonJs, "const { Then, When } = require('spec-run/steps');", 'When joins the require');
  t.notMatch(commonJs, /^import /m, 'no import statement in a CommonJS file');
  const check = await execa(process.execPath, [cli, 'check', 'specs/'], { cwd: own, reject: false });
  t.equal(check.exitCode, 0, `the file written loads and binds: ${check.stdout}${check.stderr}`);
});

t.test("a configuration a run refuses is an error on every document, not only on the configuration's own file", async (t) => {
  const own = scratchDirectory('spec-run-lsp-');
  mkdirSync(join(own, 'specs'));
  writeFileSync(join(own, 'specs/a.spec.md'), '### Requirement: A\nThe thing SHALL work.\n\n#### Scenario: one\n- **WHEN** it works\n');
  writeFileSync(join(own, 'spec-run.config.json'), '{ "paths": ["specs/"], "stepz": ["steps/*.mjs"] }');
  const lsp = await startLspClient([process.execPath, cli, 'lsp', '--stdio'], own);
  t.teardown(() => lsp.close());
  const uri = lsp.open(join(own, 'specs/a.spec.md'));
  const diagnostics = await lsp.diagnostics(uri, (ds) => ds.some((d) => /^the project's configuration/.test(d.message as string)));
  t.match(diagnostics.find((d) => /^the project's configuration/.test(d.message as string)), { range: { start: { line: 0 } }, severity: 1, message: /^the project's configuration cannot be used, so every run fails \(exit 2\) until it is fixed: .*unknown key 'stepz' \(did you mean 'steps'\?\)/ });
});

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

/** A project of one document with an undefined THEN step and STEPS as steps.mjs; steps.mjs as the preferred quick fix leaves it. */
async function quickFixed(t: TapTest, steps: string): Promise<{ own: string; text: string }> {
  const own = scratchDirectory('spec-run-lsp-');
  mkdirSync(join(own, 'specs'));
  writeFileSync(join(own, 'specs/a.spec.md'), '### Requirement: A\nThe thing SHALL work.\n\n#### Scenario: one\n- **GIVEN** a thing\n- **THEN** it works\n');
  writeFileSync(join(own, 'steps.mjs'), steps);
  const lsp = await startLspClient([process.execPath, cli, 'lsp', '--stdio'], own);
  t.teardown(() => lsp.close());
  const uri = lsp.open(join(own, 'specs/a.spec.md'));
  const undefinedStep = (await lsp.diagnostics(uri)).filter((d) => /^undefined step/.test(d.message as string));
  const [action] = await lsp.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: undefinedStep[0].range, context: { diagnostics: undefinedStep } });
  lsp.applyEdit(action.edit!);
  return { own, text: readFileSync(join(own, 'steps.mjs'), 'utf8') };
}

t.test('the quick fix adds to an import written over several lines, at a real position', async (t) => {
  const { own, text } = await quickFixed(t, "import {\n  Given,\n  When,\n} from 'spec-run/steps';\nGiven('a thing', function () {});\n");
  t.match(text, "import {\n  Given,\n  When, Then\n} from 'spec-run/steps';");
  const check = await execa(process.execPath, [cli, 'check', 'specs/'], { cwd: own, reject: false });
  t.equal(check.exitCode, 0, `${check.stdout}${check.stderr}`);
});

t.test('the quick fix adds the keyword before a comment that ends the import, not inside it', async (t) => {
  const { text } = await quickFixed(t, "import {\n  When,\n  Given // from cucumber\n} from 'spec-run/steps';\nGiven('a thing', function () {});\n");
  t.match(text, "  Given, Then // from cucumber\n} from 'spec-run/steps';");
});

/**
 * The diagnostics of a document whose scenario's YAML block does not parse (BLOCK, under a scenario
 * named "A block"), beside what check prints: one error, at the line holding AT, in the same column.
 */
async function yamlBlockError(t: TapTest, block: string, at: string, column: number, message: RegExp): Promise<void> {
  const document = `# Stop\n\n### Requirement: Stop\nThe executor SHALL run the configured command.\n\n#### Scenario: A block\n\`\`\`yaml\n${block}\`\`\`\n\n- **THEN** the exit code is 0\n`;
  const { own, first } = await ownProject(t, { 'specs/stop.spec.md': document }, 'specs/stop.spec.md');
  const diagnostics = await first;
  const check = await execa(process.execPath, [cli, 'check', 'specs/'], { cwd: own, reject: false });
  const line = lineOf(document, at);
  t.match(check.stdout, `specs/stop.spec.md:${line}:${column}: error: the YAML block of scenario 'A block' is not valid YAML`);
  t.same(
    diagnostics.map((d) => [d.range.start.line + 1, d.range.start.character + 1, d.severity]),
    [[line, column, 1]],
    'one error, where check places it',
  );
  t.match(diagnostics[0]?.message, message);
}

t.test("a scenario's YAML block that does not parse is an error at its line and column, as check says it", (t) =>
  yamlBlockError(t, 'stop:\n  commands:\n    - run: "sleep 100"\n      timeout: [5s\n', 'timeout: [5s', 19, /^the YAML block of scenario 'A block' is not valid YAML: Flow sequence in block collection/),
);

// The editor started a diagnostic in column 1 past the line's indentation: a tab that is the
// error, in column 1 for check, was in column 2 in the editor.
t.test('a tab that indents a YAML block is an error in column 1 in the editor, as check says it', (t) =>
  yamlBlockError(t, 'stop:\n  commands:\n\t- run: "echo hi"\n', '\t- run', 1, /^the YAML block of scenario 'A block' is not valid YAML: Tabs are not allowed as indentation/),
);

t.test('hover on a step the executor interpreter reads shows the binding --list shows, and definition offers no seed expression the run does not use', async (t) => {
  // The last step alone is in the seed vocabulary's words; beside the first, the interpreter reads the scenario as a whole.
  const document = '# Timeouts\n\n### Requirement: Timeout\nThe executor SHALL stop a command at its timeout.\n\n#### Scenario: A slow command\n- **WHEN** the command `sleep 30` runs with a 1 second timeout\n- **THEN** the exit code is 124\n- **AND** the working directory SHALL be /tmp\n';
  const files = { 'spec-run.config.json': JSON.stringify({ paths: ['specs/'], executorSteps: ['specs/ex/**'] }), 'specs/ex/timeout.spec.md': document };
  const { own, lsp, uri, first } = await ownProject(t, files, 'specs/ex/timeout.spec.md');
  await first;
  const listed = await execa(process.execPath, [cli, '--list', 'specs/'], { cwd: own, reject: false });
  /** The binding --list shows for the step at LINE (1-based). */
  const listedBinding = (line: number) => {
    const lines = listed.stdout.split('\n');
    return lines[lines.findIndex((l) => l.trim().startsWith(`specs/ex/timeout.spec.md:${line} `)) + 1]?.trim();
  };
  for (const needle of ['`sleep 30`', 'the exit code is 124', 'the working directory']) {
    const line = lineOf(document, needle);
    const binding = listedBinding(line);
    t.match(binding, /^⇒ /, `--list: the interpreter binds line ${line}`);
    const hover = await lsp.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: line - 1, character: 14 } });
    t.equal(text(hover), `Read by the executor interpreter, as \`--list\` shows it: ${binding}`, `hover on line ${line} says what --list says`);
    const definitions = await lsp.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: line - 1, character: 14 } });
    t.same(definitions, [], 'no definition written to go to: no seed expression');
  }
  t.equal(listedBinding(lineOf(document, '`sleep 30`')), '⇒ setup: run `sleep 30`; a command; timeout = 1 s');
});

t.test("a lens run of one unit leaves another unit's failures where they are: an outline's passing row run after its failing row", async (t) => {
  const document = '### Requirement: Levels\nThe system SHALL map levels.\n\n#### Scenario Outline: Each level\n- **WHEN** the level is <level>\n- **THEN** the code SHALL be <code>\n\n##### Examples\n\n| level | code |\n|-------|------|\n| low   | 9    |\n| mid   | 2    |\n';
  const steps = "import assert from 'node:assert/strict';\nimport { When, Then } from 'spec-run/steps';\nconst codes = { low: 1, mid: 2 };\nWhen('the level is {word}', function (level) { this.level = level; });\nThen('the code SHALL be {int}', function (code) { assert.equal(codes[this.level], code); });\n";
  const { lsp, uri, first } = await ownProject(t, { 'specs/levels.spec.md': document, 'levels.steps.mjs': steps }, 'specs/levels.spec.md');
  await first;
  const lenses = await lsp.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
  const rowLens = (needle: string) => lenses.find((l) => l.command?.command === 'spec-run.runUnit' && l.range.start.line === lineOf(document, needle) - 1)!;
  const thenLine = lineOf(document, 'the code SHALL be') - 1;
  const runFailures = (ds: Diagnostic[]) => ds.filter((d) => d.source === 'spec-run run').map((d) => d.range.start.line);
  const failed = lsp.diagnostics(uri, (ds) => runFailures(ds).length > 0);
  const low = await lsp.request<{ exitCode: number }>('workspace/executeCommand', { command: 'spec-run.runUnit', arguments: rowLens('| low').command!.arguments });
  t.equal(low.exitCode, 1, 'the low row fails');
  t.same(runFailures(await failed), [thenLine], 'its failing step is marked');
  const after = lsp.diagnostics(uri);
  const mid = await lsp.request<{ exitCode: number }>('workspace/executeCommand', { command: 'spec-run.runUnit', arguments: rowLens('| mid').command!.arguments });
  t.equal(mid.exitCode, 0, 'the mid row passes');
  t.same(runFailures(await after), [thenLine], "the low row's failure stays: it was not run again");
  const hover = await lsp.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: lineOf(document, '| low') - 1, character: 2 } });
  t.match(text(hover), /^\*\*.*\*\* \(scenario\)\n\n\*\*Failed\*\*/, 'as hover and the record say');
});

t.test('hover on a unit with no result in the recorded runs says it was not run: one added since, one a lens run left out; never that no failure was recorded', async (t) => {
  const scenario = (name: string) => `#### Scenario: ${name}\n- **THEN** it holds\n\n`;
  const before = `### Requirement: Units\nThe units SHALL hold.\n\n${scenario('Ran')}${scenario('Left out')}`;
  const steps = "import { Then } from 'spec-run/steps';\nThen('it holds', function () { if (!this.scenario) throw new Error(); this.held = true; });\n";
  const { own, lsp, uri, first } = await ownProject(t, { 'specs/units.spec.md': before, 'units.steps.mjs': steps }, 'specs/units.spec.md');
  await first;
  const result = (document: string, name: string) =>
    lsp.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: lineOf(document, `Scenario: ${name}`) - 1, character: 5 } }).then((hover) => text(hover).split('\n\n')[1]);
  const ran = await lsp.request<{ exitCode: number }>('workspace/executeCommand', { command: 'spec-run.runUnit', arguments: [uri, lineOf(before, 'Scenario: Ran')] });
  t.equal(ran.exitCode, 0);
  t.match(await result(before, 'Ran'), /^Passed \(last run, /, 'the unit run passed');
  t.match(await result(before, 'Left out'), /^Not run in the recorded runs \(last run, .*\): no result for it\.$/, 'the unit the lens run left out has no result');
  // A scenario written before the one that ran: it stands at the place the passing one had.
  const after = `### Requirement: Units\nThe units SHALL hold.\n\n${scenario('Added')}${scenario('Ran')}${scenario('Left out')}`;
  writeFileSync(join(own, 'specs/units.spec.md'), after);
  lsp.change(uri, after);
  t.match(await result(after, 'Added'), /^Not run in the recorded runs/, 'a scenario added since has no result, though it stands where a passing one stood');
  t.match(await result(after, 'Ran'), /^Passed \(last run, /, 'the one that moved keeps its result, found by its name');
});

t.test('a steps file whose top level never returns is a problem of that file, as one that throws is, and the server lives on', async (t) => {
  const { own, lsp, uri, first } = await ownProject(t, { 'specs/counter.spec.md': SPEC, 'steps/counter.steps.mjs': `${STEPS}\nwhile (true) {}\n` }, 'specs/counter.spec.md', { env: SHORT_PROBE });
  // Checking the document waits on the steps file's trial (the probe's limit): its own problem is published after.
  const looping = join(own, 'steps/counter.steps.mjs');
  const onSteps = lsp.diagnostics(uriOf(looping), (ds) => ds.length > 0);
  const diagnostics = await first;
  t.match(diagnostics.find((d) => d.range.start.line === lineOf(SPEC, 'a counter at 2') - 1)?.message, /has no definition loaded: .*steps\/counter\.steps\.mjs:1: the top level of steps file steps\/counter\.steps\.mjs did not return within 4 s/, 'the document says why its steps are not bound');
  t.match((await onSteps)[0], { severity: 1, message: /^the top level of steps file steps\/counter\.steps\.mjs did not return within 4 s/ }, 'and the steps file has the problem');
  const hover = await lsp.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: lineOf(SPEC, 'a counter at 2') - 1, character: 14 } });
  t.match(text(hover), /^\*\*Undefined step\*\*/, 'the server still answers');
  const fixed = lsp.diagnostics(uri, (ds) => ds.every((d) => !/did not return/.test(d.message as string)));
  writeFileSync(looping, STEPS);
  lsp.filesChanged([looping]);
  t.same((await fixed).map((d) => d.range.start.line + 1), [lineOf(SPEC, '3 is added')], 'the loop taken out: the file loads, only the step it lacks is undefined');
});

t.test("a lens run ended by a step in an endless loop marks that step's line with what happened", async (t) => {
  const document = '### Requirement: R\nIt SHALL.\n\n#### Scenario: spins\n- **WHEN** all is well\n- **WHEN** it spins\n';
  const files = {
    'specs/r.spec.md': document,
    'spec-run.config.json': JSON.stringify({ paths: ['specs/'], timeout: '2s' }),
    'steps.mjs': "import { When } from 'spec-run/steps';\nWhen('all is well', function () {});\nWhen('it spins', function () { while (true) {} });\n",
  };
  const { lsp, uri, first } = await ownProject(t, files, 'specs/r.spec.md');
  await first;
  const marked = lsp.diagnostics(uri, (ds) => ds.some((d) => d.source === 'spec-run run'));
  const result = await lsp.request<{ exitCode: number }>('workspace/executeCommand', { command: 'spec-run.runUnit', arguments: [uri, lineOf(document, 'Scenario: spins')] });
  t.equal(result.exitCode, -1, 'the run was ended by a signal');
  const failing = (await marked).filter((d) => d.source === 'spec-run run');
  t.same(failing.map((d) => [d.range.start.line + 1, d.severity]), [[lineOf(document, 'it spins'), 1]], "an error on the looping step's line");
  t.match(failing[0].message, /^stopped past its time limit, and the run with it: step 'WHEN it spins' \(specs\/r\.spec\.md:6, defined at steps\.mjs:3\) has held the main thread for [\d.]+ s/);
  const hover = await lsp.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: lineOf(document, 'Scenario: spins') - 1, character: 5 } });
  t.match(text(hover), /\*\*Failed\*\* \(run from the editor\): stopped past its time limit/, 'hover says it too, though the run wrote no record');
});

t.test("a document past spec-run's size limit: its error at once, as check says it, not minutes of parsing and nothing", async (t) => {
  const huge = `${SPEC}\n${'A paragraph of prose that goes on. '.repeat(30).trim()}\n\n`.repeat(9000);
  t.ok(Buffer.byteLength(huge) > 8 * 1024 * 1024);
  const { own, first } = await ownProject(t, { 'specs/huge.spec.md': huge, 'steps/counter.steps.mjs': STEPS }, 'specs/huge.spec.md');
  const diagnostics = await first;
  t.same(diagnostics.map((d) => [d.range.start.line, d.severity]), [[0, DiagnosticSeverity.Error]]);
  t.match(diagnostics[0]?.message, /^a document of \d+\.\d MiB is past spec-run's limit of 8 MiB: split it into several documents$/);
  const check = spawnSync(process.execPath, [cli, 'check', 'specs/huge.spec.md'], { cwd: own, encoding: 'utf8' });
  t.match(check.stdout, `specs/huge.spec.md:1:1: error: ${diagnostics[0]?.message}`);
});

t.test('a saved document whose bytes are no UTF-8: the error a run gives, whatever text the editor decoded from them', async (t) => {
  const bytes = Buffer.concat([Buffer.from('# Counter\nIts name is caf'), Buffer.from([0xe9]), Buffer.from(SPEC.slice(SPEC.indexOf('\n')))]);
  const { own, lsp } = await ownProject(t, { 'steps/counter.steps.mjs': STEPS, 'specs/other.spec.md': SPEC }, 'specs/other.spec.md');
  writeFileSync(join(own, 'specs/latin1.spec.md'), bytes);
  // What an editor that fell back to Latin-1 sends: text that reads well.
  const uri = lsp.open(join(own, 'specs/latin1.spec.md'), bytes.toString('latin1'));
  const diagnostics = (await lsp.diagnostics(uri)).filter((d) => /UTF-8/.test(String(d.message)));
  t.same(diagnostics.map((d) => [d.range.start.line, d.range.start.character, d.message]), [[1, 15, 'as saved: invalid UTF-8 byte 0xe9; the text was read with replacement characters']]);
  const check = spawnSync(process.execPath, [cli, 'check', 'specs/latin1.spec.md'], { cwd: own, encoding: 'utf8' });
  t.match(check.stdout, 'specs/latin1.spec.md:2:16: error: invalid UTF-8 byte 0xe9; the text was read with replacement characters');
  writeFileSync(join(own, 'specs/latin1.spec.md'), bytes.toString('latin1'));
  lsp.change(uri, bytes.toString('latin1'));
  t.ok(await lsp.diagnostics(uri, (d) => !d.some((x) => /UTF-8/.test(String(x.message))), 20_000), 'saved as UTF-8, the error is gone');
});

t.test('diagnostics carry the version of the text they were found in: a change while the project gets ready labels nothing stale with its number', async (t) => {
  const own = scratchDirectory('spec-run-lsp-');
  writeFiles(own, { 'steps/counter.steps.mjs': STEPS });
  const lsp = await startLspClient([process.execPath, cli, 'lsp', '--stdio'], own);
  t.teardown(() => lsp.close());
  const uri = lsp.open(join(own, 'specs/new.spec.md'), '');
  lsp.change(uri, SPEC);
  await lsp.diagnostics(uri, (diagnostics) => diagnostics.some((d) => /undefined step '3 is added'/.test(String(d.message))));
  const published = lsp.published(uri);
  t.equal(published.at(-1)?.version, 2, 'the last publication is of the changed text');
  for (const { version, diagnostics } of published) {
    const messages = diagnostics.map((d) => d.message).join('; ');
    t.ok(version === 1 ? /empty/.test(messages) : !/empty/.test(messages), `version ${version}: ${messages || 'no problem'}`);
  }
});

/** Hover's result line on the heading holding NEEDLE of DOCUMENT. */
const unitHover = (lsp: LspClient, uri: string, document: string, needle: string) =>
  lsp.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: lineOf(document, needle) - 1, character: 5 } }).then((hover) => text(hover).split('\n\n').slice(1).join('\n\n'));

const CART = '### Requirement: Cart\nThe cart SHALL total its items.\n\n#### Scenario: Two items\n- **WHEN** I add 3 and 4\n- **THEN** the total SHALL be 7\n';
const CART_STEPS = "import assert from 'node:assert/strict';\nimport { When, Then } from 'spec-run/steps';\nWhen('I add {int} and {int}', function (a, b) { this.total = a + b; });\nThen('the total SHALL be {int}', function (n) { assert.equal(this.total, n); });\n";

t.test('hover never shows an old green: a passing result is unknown once the scenario or its steps file changed, and passes again when run', async (t) => {
  const { own, lsp, uri, first } = await ownProject(t, { 'specs/cart.spec.md': CART, 'steps/cart.steps.mjs': CART_STEPS }, 'specs/cart.spec.md');
  await first;
  t.equal(spawnSync(process.execPath, [cli], { cwd: own }).status, 0, 'the CLI run passes');
  t.match(await unitHover(lsp, uri, CART, 'Two items'), /^Passed \(last run, /);
  const edited = CART.replace('SHALL be 7', 'SHALL be 99');
  writeFileSync(join(own, 'specs/cart.spec.md'), edited);
  lsp.change(uri, edited);
  t.match(await unitHover(lsp, uri, edited, 'Two items'), /^\*\*Result unknown\*\*: the unit, or the code it runs with \(its steps files, the modules they import, or its Lisp\), changed since\. The last run \(.*\) passed on what it was then/, 'the edited scenario has no result');
  t.equal(spawnSync(process.execPath, [cli], { cwd: own }).status, 1, 'and it fails indeed');
  t.match(await unitHover(lsp, uri, edited, 'Two items'), /^\*\*Failed\*\* \(last run, .*\): THEN the total SHALL be 99/);
  // Back to the text that passes, run: then a teammate changes the steps file on disk so that it fails.
  writeFileSync(join(own, 'specs/cart.spec.md'), CART);
  lsp.change(uri, CART);
  t.equal(spawnSync(process.execPath, [cli], { cwd: own }).status, 0);
  t.match(await unitHover(lsp, uri, CART, 'Two items'), /^Passed \(last run, /);
  writeFileSync(join(own, 'steps/cart.steps.mjs'), CART_STEPS.replace('a + b', 'a * b'));
  lsp.filesChanged([join(own, 'steps/cart.steps.mjs')]);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  t.match(await unitHover(lsp, uri, CART, 'Two items'), /^\*\*Result unknown\*\*/, 'the steps it binds changed: no green');
  t.equal(spawnSync(process.execPath, [cli], { cwd: own }).status, 1, 'the run fails');
});

const MONEY = '### Requirement: Cart\nThe cart SHALL total its items.\n\n#### Scenario: One item\n- **WHEN** I add 2 at €1.50\n- **THEN** the total SHALL be €3.00\n';
const MONEY_TYPE = "import { defineParameterType } from 'spec-run/steps';\ndefineParameterType({ name: 'money', regexp: /€(\\d+\\.\\d{2})/, transformer: (s) => Number(s) });\n";
const MONEY_STEPS = "import assert from 'node:assert/strict';\nimport { When, Then } from 'spec-run/steps';\nimport { times } from '../lib/arithmetic.mjs';\nWhen('I add {int} at {money}', function (n, price) { this.total = times(n, price); });\nThen('the total SHALL be {money}', function (total) { assert.equal(this.total, total); });\n";
const ARITHMETIC = 'export const times = (a, b) => a * b;\n';

t.test('hover never shows an old green after support code changed: a file of parameter types the steps use, or a module they import; the same text written again keeps it', async (t) => {
  const { own, lsp, uri, first } = await ownProject(t, { 'specs/cart.spec.md': MONEY, 'steps/params.mjs': MONEY_TYPE, 'steps/cart.steps.mjs': MONEY_STEPS, 'lib/arithmetic.mjs': ARITHMETIC }, 'specs/cart.spec.md');
  await first;
  const rewrite = async (file: string, text: string) => {
    writeFileSync(join(own, file), text);
    lsp.filesChanged([join(own, file)]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  };
  t.equal(spawnSync(process.execPath, [cli], { cwd: own }).status, 0, 'the CLI run passes');
  t.match(await unitHover(lsp, uri, MONEY, 'One item'), /^Passed \(last run, /);
  await rewrite('steps/params.mjs', MONEY_TYPE);
  t.match(await unitHover(lsp, uri, MONEY, 'One item'), /^Passed \(last run, /, 'the same text written again: the result stands');
  await rewrite('steps/params.mjs', MONEY_TYPE.replace('Number(s)', 'Number(s) + 1'));
  t.match(await unitHover(lsp, uri, MONEY, 'One item'), /^\*\*Result unknown\*\*/, 'the parameter type changed: no green');
  t.equal(spawnSync(process.execPath, [cli], { cwd: own }).status, 1, 'and the run fails indeed');
  await rewrite('steps/params.mjs', MONEY_TYPE);
  t.equal(spawnSync(process.execPath, [cli], { cwd: own }).status, 0);
  t.match(await unitHover(lsp, uri, MONEY, 'One item'), /^Passed \(last run, /);
  await rewrite('lib/arithmetic.mjs', ARITHMETIC.replace('a * b', 'a + b'));
  t.match(await unitHover(lsp, uri, MONEY, 'One item'), /^\*\*Result unknown\*\*/, 'a module the steps import changed: no green');
  t.equal(spawnSync(process.execPath, [cli], { cwd: own }).status, 1, 'and the run fails indeed');
});

t.test('hover says how a scenario the last run ran with a TODO step or no THEN ended, not that it did not run', async (t) => {
  const document = '### Requirement: Totals\nThe cart SHALL total.\n\n#### Scenario: Total and discount\n- **WHEN** I add 3 and 4\n- **THEN** the total SHALL be 7\n- **AND** the discount SHALL be 0\n\n#### Scenario: Setup only\n- **WHEN** I add 1 and 1\n';
  const { own, lsp, uri, first } = await ownProject(t, { 'specs/cart.spec.md': document, 'steps/cart.steps.mjs': CART_STEPS }, 'specs/cart.spec.md');
  await first;
  t.equal(spawnSync(process.execPath, [cli, '--no-strict'], { cwd: own }).status, 0, 'the run passes under --no-strict');
  t.match(await unitHover(lsp, uri, document, 'Total and discount'), /^Passed in part: 2 passed, 0 failed, 0 skipped, 1 todo \(line 7: undefined step\) \(last run, /);
  t.match(await unitHover(lsp, uri, document, 'Setup only'), /^Checked nothing: 1 passed, 0 failed, 1 skipped, 0 todo \(line \d+: the scenario checks nothing: it has no THEN step/);
});

t.test('a lens shown before an edit runs the unit it was shown for where it moved, refuses when that unit changed, and the client is asked to refresh its lenses', async (t) => {
  const { own, lsp, uri, first } = await ownProject(t, { 'specs/cart.spec.md': CART.replace('SHALL be 7', 'SHALL be 8'), 'steps/cart.steps.mjs': CART_STEPS }, 'specs/cart.spec.md');
  await first;
  const lenses = await lsp.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
  const wrongTotal = lenses.find((l) => l.command?.command === 'spec-run.runUnit')!.command!.arguments!;
  // A passing scenario written above it, saved: the old lens's line is now the new scenario's.
  const added = CART.replace('Two items', 'One item').replace('3 and 4', '3 and 0').replace('SHALL be 7', 'SHALL be 3').split('\n').slice(3).join('\n');
  const moved = CART.replace('SHALL be 7', 'SHALL be 8').replace('#### Scenario: Two items', `${added}\n#### Scenario: Two items`);
  writeFileSync(join(own, 'specs/cart.spec.md'), moved);
  lsp.change(uri, moved);
  const run = await lsp.request<{ exitCode: number; ran: number[] }>('workspace/executeCommand', { command: 'spec-run.runUnit', arguments: wrongTotal });
  t.equal(run.exitCode, 1, 'the unit clicked, which fails, ran');
  t.same(run.ran, [lineOf(moved, 'Scenario: Two items')], 'at the line it moved to, not the one now at the lens line');
  const changed = moved.replace('SHALL be 8', 'SHALL be 9');
  writeFileSync(join(own, 'specs/cart.spec.md'), changed);
  lsp.change(uri, changed);
  const refused = await lsp.request('workspace/executeCommand', { command: 'spec-run.runUnit', arguments: wrongTotal }).then(() => null, (error: Error) => error.message);
  t.match(refused, /the unit this lens was shown for \("Two items", line \d+\) changed or is gone from specs\/cart\.spec\.md since the lens was computed; nothing ran/);
  t.ok(lsp.refreshRequests() > 0, 'the server asked the client to refresh its lenses');
});

t.test('a lens run whose steps file fails to load: the error on the steps file at its line, and on the spec that its run failed there', async (t) => {
  const broken = `${CART_STEPS}\nThen('the total', function (n) {\n`;
  const { own, lsp, uri, first } = await ownProject(t, { 'specs/cart.spec.md': CART, 'steps/cart.steps.mjs': broken }, 'specs/cart.spec.md');
  await first;
  const stepsUri = uriOf(join(own, 'steps/cart.steps.mjs'));
  const onSteps = lsp.diagnostics(stepsUri, (ds) => ds.length > 0);
  const ran = lsp.diagnostics(uri, (ds) => ds.some((d) => d.source === 'spec-run run'));
  await lsp.request('workspace/executeCommand', { command: 'spec-run.runDocument', arguments: [uri] });
  const onSpec = (await ran).filter((d) => d.source === 'spec-run run' && /failed in steps/.test(String(d.message)));
  t.match(onSpec.map((d) => [d.range.start.line, d.message]), [[0, /^the run of this document failed in steps\/cart\.steps\.mjs:\d+: cannot load steps file/]], 'the spec says where, at its first line');
  const stepsLine = broken.split('\n').length - 1;
  t.ok((await onSteps).every((d) => d.range.start.line < broken.split('\n').length), 'the steps file has it, within the file');
  t.ok(lsp.published(uri).every(({ diagnostics }) => diagnostics.every((d) => d.range.start.line < CART.split('\n').length)), `nothing on the spec past its end (the steps file's line ${stepsLine})`);
});

t.test("a scenario heading at a level OpenSpec does not read ('##### Scenario:' under '### Requirement:') is a diagnostic at its line saying level 4, as check reports it", async (t) => {
  const delta = 'openspec/changes/add-light/specs/light/spec.md';
  const { lsp, uri } = await ownProject(
    t,
    { 'openspec/specs/light/spec.md': `# light Specification\n\n## Purpose\nLight.\n\n## Requirements\n\n${LIGHT}`, 'openspec/changes/add-light/proposal.md': '# Add light\n', [delta]: `## ADDED Requirements\n\n### Requirement: Dim\nThe light SHALL dim.\n\n##### Scenario: dim\n- **THEN** the light is on\n`, 'steps/light.steps.mjs': LIGHT_STEPS },
    delta,
  );
  const diagnostics = await lsp.diagnostics(uri, (found) => found.some((d) => /level-5 heading/.test(String(d.message))));
  const misleveled = diagnostics.find((d) => /level-5 heading/.test(String(d.message)));
  t.match(misleveled, { range: { start: { line: 5 } }, severity: 1, message: /^'##### Scenario: dim' is a level-5 heading under requirement 'Dim' \(level 3\): a scenario is the heading one level below its requirement, level 4/ });
});
