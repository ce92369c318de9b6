// Round 22 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository, its language server started as an editor starts it): after a lens run of a
// MODIFIED delta that leaves out a scenario, the document carried the check's error twice,
// once from the check and once from the run. It carries it once now; a failing check the
// run finds at a line the check says nothing of is still shown.
import t from 'tap';
import { join } from 'node:path';
import type { CodeLens } from 'vscode-languageserver-protocol';
import { userEnvironment, userProject } from '../support/installed.js';
import { startLspClient } from '../support/lsp-client.js';

const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('a client requests {string}', function (path) { this.status = path === '/health' ? 200 : 404; });
Then('the status SHALL be {int}', function (code) { assert.equal(this.status, code); });
`;
const scenario = (name: string, code: number) => `#### Scenario: ${name}\n- **WHEN** a client requests "/health"\n- **THEN** the status SHALL be ${code}\n`;
const SPEC = `# Health\n\n## Requirements\n\n### Requirement: Health endpoint\nThe service SHALL answer.\n\n${scenario('Healthy service', 200)}\n${scenario('Body says ok', 200)}`;
const DELTA = `## MODIFIED Requirements\n\n### Requirement: Health endpoint\nThe service SHALL answer.\n\n${scenario('Healthy service', 200)}\n${scenario('Fails', 500)}`;
const DELTA_PATH = 'openspec/changes/c1/specs/health/spec.md';
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

t.test("a lens run of a refused change: the check's error once, and the run's own failing check beside it", async (t) => {
  const project = userProject({ 'steps/http.steps.mjs': STEPS, 'openspec/specs/health/spec.md': SPEC, [DELTA_PATH]: DELTA });
  const client = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], project.dir, userEnvironment());
  t.teardown(() => client.close());
  const uri = client.open(join(project.dir, DELTA_PATH));
  const requirementLine = lineOf(DELTA, '### Requirement:') - 1;
  const before = (await client.diagnostics(uri)).filter((d) => d.range.start.line === requirementLine);
  t.match(before.map((d) => d.message), [/^MODIFIED requirement 'Health endpoint' leaves out scenario [^\n]*'Body says ok'/], "the check's error");
  const lens = (await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } })).find((l) => l.command?.command === 'spec-run.runDocument')!;
  const result = await client.request<{ exitCode: number; failures: { line: number }[] }>('workspace/executeCommand', { command: lens.command!.command, arguments: lens.command!.arguments });
  t.equal(result.exitCode, 1);
  t.ok(result.failures.some((f) => f.line === requirementLine + 1), 'the run failed on the refusal too');
  const after = client.published(uri).at(-1)!.diagnostics;
  t.same(after.filter((d) => d.range.start.line === requirementLine).map((d) => d.message), before.map((d) => d.message), 'once after the run');
  t.ok(after.some((d) => d.source === 'spec-run run' && d.range.start.line === lineOf(DELTA, 'SHALL be 500') - 1), "the run's failing THEN, where the check says nothing, is shown");
});
