// What the ninth round of user-seat sessions found in reading documents, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, run through its
// bin and its language server as an editor starts it.
import t from 'tap';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { startLspClient } from '../support/lsp-client.js';

const lineOf = (text: string, needle: string, from = 0) => text.split('\n').findIndex((line, i) => i >= from && line.includes(needle)) + 1;
const columnOf = (text: string, needle: string) => text.split('\n')[lineOf(text, needle) - 1].indexOf(needle) + 1;

/** A sentence in a list right below the steps, of another marker (a new list, as markdown reads it), and a numbered `Then:` list. */
const NUMBERED = `# Numbered

### Requirement: Exit codes
The executor SHALL report exit codes.

#### Scenario: numbered after bullets
- **GIVEN** the command "exit 0" is configured
- **THEN** the exit code SHALL be 0
1. the exit code SHALL be 3

#### Scenario: another marker after bullets
- **GIVEN** the command "exit 0" is configured
- **THEN** the exit code SHALL be 0
+ the exit code SHALL be 3

#### Scenario: parenthesised numbers after bullets
- **GIVEN** the command "exit 0" is configured
- **THEN** the exit code SHALL be 0
1) the exit code SHALL be 3

#### Scenario: a Then list
- **GIVEN** the command "exit 3" is configured

Then:
1. the exit code SHALL be 3
`;
const DROPPED = [lineOf(NUMBERED, '1. the exit code SHALL be 3'), lineOf(NUMBERED, '+ the exit code'), lineOf(NUMBERED, '1) the exit code')];

/** The executor's configuration under a step's list item: its validation error is at the value's column. */
const COLUMN = `# Col

### Requirement: Timeouts
The executor SHALL validate timeouts.

#### Scenario: invalid timeout

- **GIVEN** the configuration:
  \`\`\`yaml
  stop:
    commands:
      - run: echo hi
        timeout: banana
  \`\`\`
- **WHEN** the stop hook runs
- **THEN** the exit code SHALL be 0
`;

/** Input blocks a run fails: no "id", a bare arguments object, JSON that does not parse. */
const CONTRACT = `---
type: contract
name: evaluate
---
# Evaluate

## Evaluate

**Input**:
\`\`\`json
{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(+ 1 2)"}}}
\`\`\`

**Input**:
\`\`\`json
{"code": "(+ 1 2)"}
\`\`\`

**Input**:
\`\`\`json
{"jsonrpc": "2.0", "id": 3, "method": "tools/call",
 "params": {"name": "evaluate-lisp", "arguments": {"code": "(+ 1 2)"}},}
\`\`\`
`;

t.test('a sentence in a list right below the steps, a configuration under a list item, Input blocks a run fails: check, a run and the editor agree, at the place in the document', async (t) => {
  const project = userProject({ 'specs/numbered.spec.md': NUMBERED, 'r/col.spec.md': COLUMN, 'contracts/evaluate.md': CONTRACT });

  const numberedCheck = await project.specRun(['check', '--executor-steps', 'specs/numbered.spec.md']);
  t.equal(numberedCheck.code, 1, numberedCheck.stdout);
  const dropped = numberedCheck.stdout.split('\n').filter((line) => / error: 'the exit code SHALL be 3' stands among the scenario's steps without a step keyword/.test(line));
  t.same(dropped.map((line) => Number(/^specs\/numbered\.spec\.md:(\d+):1:/.exec(line)?.[1])), DROPPED, 'an error at each item that would not run, none in the Then: list');
  const numberedRun = await project.specRun(['specs/numbered.spec.md', '--executor-steps']);
  t.equal(numberedRun.code, 1, 'the run is no green');
  for (const line of DROPPED) t.match(numberedRun.stdout, `at: specs/numbered.spec.md:${line}\n`);
  t.notMatch(numberedRun.stdout, /not ok \d+ - THEN the exit code SHALL be 3/, 'the Then: list runs as steps, and passes');

  const columnRun = await project.specRun(['r/col.spec.md', '--executor-steps']);
  t.equal(columnRun.code, 1);
  t.match(columnRun.stdout, `stop.commands[0].timeout: invalid duration "banana"`);
  t.match(columnRun.stdout, `(r/col.spec.md:${lineOf(COLUMN, 'banana')}:${columnOf(COLUMN, 'banana')})`, 'at the column of the value in the document');

  const contractCheck = await project.specRun(['check', 'contracts/evaluate.md']);
  t.equal(contractCheck.code, 1);
  const noId = lineOf(CONTRACT, '"method": "tools/call", "params"');
  const bare = lineOf(CONTRACT, '{"code"', noId);
  const broken = { line: lineOf(CONTRACT, ',}'), column: columnOf(CONTRACT, ',}') + 1 };
  t.equal(
    contractCheck.stdout,
    [
      `contracts/evaluate.md:${noId}:1: error: the JSON is not a valid tools/call request: no "id": a tools/call is a request and needs one`,
      `contracts/evaluate.md:${bare}:1: error: the JSON is not a valid tools/call request: "jsonrpc" must be "2.0", not undefined`,
      `contracts/evaluate.md:${bare}:1: error: the JSON is not a valid tools/call request: no "id": a tools/call is a request and needs one`,
      `contracts/evaluate.md:${bare}:1: error: the JSON is not a valid tools/call request: "method" must be "tools/call", not undefined`,
      `contracts/evaluate.md:${bare}:1: error: the JSON is not a valid tools/call request: "params" must be an object`,
      `contracts/evaluate.md:${broken.line}:${broken.column}: error: the JSON does not parse: Expected double-quoted property name`,
      '',
    ].join('\n'),
    'what the run says, at the place of the document',
  );
  const contractRun = await project.specRun(['contracts/evaluate.md']);
  t.equal(contractRun.code, 1);
  t.match(contractRun.stdout, `no "id": a tools/call is a request and needs one`);
  t.match(contractRun.stdout, `"params" must be an object`);
  t.match(contractRun.stdout, `not JSON: Expected double-quoted property name (contracts/evaluate.md:${broken.line}:${broken.column})`);
  t.notMatch(contractRun.stdout, /at position/);

  // node-tap's NODE_OPTIONS is taken out, as a user's shell never has it (see installed.ts).
  const client = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], project.dir, userEnvironment());
  t.teardown(() => client.close());
  const numbered = await client.diagnostics(client.open(join(project.dir, 'specs/numbered.spec.md')));
  t.same(
    numbered.filter((d) => /without a step keyword/.test(d.message as string)).map((d) => [d.range.start.line + 1, d.severity]),
    DROPPED.map((line) => [line, 1]),
    'the editor says what check says, at the same lines',
  );
  const contract = await client.diagnostics(client.open(join(project.dir, 'contracts/evaluate.md')));
  t.same(
    contract.filter((d) => d.severity === 1).map((d) => [d.range.start.line + 1, d.range.start.character + 1]),
    [[noId, 1], [bare, 1], [bare, 1], [bare, 1], [bare, 1], [broken.line, broken.column]],
    'and of the Input blocks',
  );
});
