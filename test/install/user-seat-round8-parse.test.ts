// What the eighth round of user-seat sessions found in reading documents, from a user's
// seat: spec-run packed, installed into a fresh project outside the repository, run through
// its bin and its language server as an editor starts it.
import t from 'tap';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { startLspClient } from '../support/lsp-client.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

const LOG = `### Requirement: Logging
The service SHALL log each request.

#### Scenario: A request is logged
- **WHEN** a request arrives
- **THEN** it is answered
- **Also** it is written to the log
- **Must**: the log line carries the request id
- **ALSO**: it logs
- **Note:** the log is rotated daily
- **NB**: a label
- **the format** is JSON lines
1. **ALSO** it logs
`;
const LOG_STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('a request arrives', function () {});
Then('it is answered', function () { if (!this.scenario) throw new Error(); this.held = true; });
Then(/log/, () => assert.fail('never reached'));
`;
// Bold words in small letters are no note label either: among the steps, only a label with its colon is a note.
const STRAY_LEADS = ['**Also** it is written', '**Must**: the log line', '**ALSO**: it logs', '**the format** is JSON lines', '1. **ALSO** it logs'];

const links = Array.from({ length: 1000 }, (_, i) => `- [RFC ${i}](https://www.rfc-editor.org/rfc/rfc${i})`).join('\n');
const rows = Array.from({ length: 1200 }, (_, i) => `| ${i} | [RFC ${i}](https://www.rfc-editor.org/rfc/rfc${i}) |`).join('\n');
const REFS = `### Requirement: Answer
The service SHALL answer.

#### Scenario: answered
- **WHEN** a request arrives
- **THEN** it is answered

## References

${links}

## Table

| n | link |
| - | ---- |
${rows}
`;
const NESTED = `### Requirement: Answer
The service SHALL answer.

#### Scenario: answered
- **WHEN** a request arrives
- **THEN** it is answered

## Notes

Some prose.
${'['.repeat(50000)}x${']'.repeat(50000)}
`;

/** A generated page's one paragraph of 40 000 emphasised words: minutes of markdown parsing, read as is. */
const MARKS = `### Requirement: Glossary
The glossary SHALL be read.

${'*term* '.repeat(40_000)}

#### Scenario: read
- **WHEN** a request arrives
- **THEN** it is answered
`;

t.test("a scenario's bullet led by a bold word that is no keyword, and brackets by the thousand: check, a run and the editor agree", async (t) => {
  const project = userProject({ 'specs/log.spec.md': LOG, 'specs/refs.spec.md': REFS, 'specs/nested.spec.md': NESTED, 'specs/marks.spec.md': MARKS, 'steps.mjs': LOG_STEPS });

  const check = await project.specRun(['check', 'specs/log.spec.md']);
  t.equal(check.code, 1, check.stdout);
  const errors = check.stdout.split('\n').filter((line) => / error: .* stands among the scenario's steps led by \*\*/.test(line));
  t.same(errors.map((line) => Number(/^specs\/log\.spec\.md:(\d+):/.exec(line)?.[1])), STRAY_LEADS.map((lead) => lineOf(LOG, lead)), 'an error at each bullet that would not run, none at the notes');
  const run = await project.specRun(['specs/log.spec.md', '--require-verified']);
  t.not(run.code, 0, 'the run is no green');
  t.match(run.stdout + run.stderr, /stands among the scenario's steps led by \*\*Also\*\*/);

  const refsCheck = await project.specRun(['check', 'specs/refs.spec.md']);
  t.equal(refsCheck.code, 0, refsCheck.stdout);
  const refsRun = await project.specRun(['specs/refs.spec.md', '--require-verified']);
  t.equal(refsRun.code, 0, refsRun.stdout.slice(-600) + refsRun.stderr.slice(-600));
  t.equal(summary(refsRun.stderr), '2 passed, 0 failed, 0 skipped, 0 todo', 'a list of 1000 links and a table of 1200 are read');

  const nestedCheck = await project.specRun(['check', 'specs/nested.spec.md']);
  t.equal(nestedCheck.code, 1);
  t.match(nestedCheck.stdout, `specs/nested.spec.md:${lineOf(NESTED, '[[[')}:1: error: a paragraph with 1000 '[' open at once (nested, or never closed)`);

  const marksRun = await project.specRun(['specs/marks.spec.md']);
  t.equal(marksRun.code, 1, 'a paragraph of 40 000 inline marks is refused at once, not parsed for minutes');
  t.match(marksRun.stdout + marksRun.stderr, `specs/marks.spec.md:${lineOf(MARKS, '*term*')}`);
  t.match(marksRun.stdout + marksRun.stderr, /a paragraph with 3000 inline marks/);

  // node-tap's NODE_OPTIONS is taken out, as a user's shell never has it (see installed.ts).
  const client = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], project.dir, userEnvironment());
  t.teardown(() => client.close());
  const log = await client.diagnostics(client.open(join(project.dir, 'specs/log.spec.md')));
  t.same(
    log.filter((d) => /led by \*\*/.test(d.message as string)).map((d) => [d.range.start.line + 1, d.severity]),
    STRAY_LEADS.map((lead) => [lineOf(LOG, lead), 1]),
    "the editor says what check says, at the same lines",
  );
  const refs = await client.diagnostics(client.open(join(project.dir, 'specs/refs.spec.md')));
  t.same(refs.filter((d) => d.severity === 1), [], 'no error for the links');
  const nested = await client.diagnostics(client.open(join(project.dir, 'specs/nested.spec.md')));
  t.match(nested, [{ severity: 1, range: { start: { line: lineOf(NESTED, '[[[') - 1 } }, message: /^a paragraph with 1000 '\[' open at once/ }]);
});
