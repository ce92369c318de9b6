// OpenSpec's change model on a small tree written here: a capability's spec and a
// change with ADDED, MODIFIED, REMOVED and RENAMED requirements, beside its proposal,
// design and tasks, run through the real command line with the team's own steps.
import t from 'tap';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { project, runIn } from './user-project.js';

const CANONICAL = `# greeter Specification

## Purpose
Greets people.

## Requirements

### Requirement: Salutation
The greeter SHALL greet by name.

#### Scenario: Named
- **WHEN** the greeter greets "Ada"
- **THEN** the greeting SHALL be "hello, Ada"

### Requirement: Shouting
The greeter SHALL shout when asked.

#### Scenario: Loud
- **WHEN** the greeter shouts "Ada"
- **THEN** the greeting SHALL be "HELLO, ADA"

### Requirement: Whispering
The greeter SHALL whisper when asked.

#### Scenario: Quiet
- **WHEN** the greeter whispers "Ada"
- **THEN** the greeting SHALL be "hello, ada"
`;

const DELTA = `## ADDED Requirements

### Requirement: Farewell
The greeter SHALL say goodbye by name.

#### Scenario: Leaving
- **WHEN** the greeter bids "Ada" farewell
- **THEN** the greeting SHALL be "bye, Ada"

## MODIFIED Requirements

### Requirement: Greeting
The greeter SHALL greet by name, politely.

#### Scenario: Named
- **WHEN** the greeter greets "Ada"
- **THEN** the greeting SHALL be "hello, Ada"

## REMOVED Requirements

### Requirement: Shouting
**Reason**: nobody wants to be shouted at.
**Migration**: greet instead.

#### Scenario: Loud
- **WHEN** the greeter shouts "Ada" as it used to
- **THEN** the greeting SHALL be "HELLO, ADA"

### Requirement: Whispering

**Reason**: inaudible.

## RENAMED Requirements
- FROM: \`### Requirement: Salutation\`
- TO: \`### Requirement: Greeting\`
`;

const STEPS = `import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { When, Then } from 'spec-run/steps';
When('the greeter greets {string}', function (name) { this.said = \`hello, \${name}\`; });
When('the greeter bids {string} farewell', function (name) { this.said = \`bye, \${name}\`; });
When('the greeter shouts {string}', function (name) { this.said = \`HELLO, \${name.toUpperCase()}\`; });
When('the greeter whispers {string}', function (name) { this.said = \`hello, \${name.toLowerCase()}\`; });
When('the greeter shouts {string} as it used to', function () { writeFileSync('shouted', ''); throw new Error('a removed requirement ran'); });
Then('the greeting SHALL be {string}', function (expected) { assert.equal(this.said, expected); });
`;

const tree = () =>
  project({
    'openspec/specs/greeter/spec.md': CANONICAL,
    'openspec/changes/add-farewell/proposal.md': '# Add farewell\n\n## Why\nPeople leave.\n\n```yaml\nexample: illustration\n```\n',
    'openspec/changes/add-farewell/design.md': '# Design\n\nNothing to run here.\n',
    'openspec/changes/add-farewell/tasks.md': '## 1. Build\n- [ ] 1.1 Write it\n',
    'openspec/changes/add-farewell/specs/greeter/spec.md': DELTA,
    'steps/greeter.steps.mjs': STEPS,
  });

t.test('a change: ADDED and MODIFIED run, REMOVED never runs and is removed (not untested), RENAMED maps names; documents named by capability and change', async (t) => {
  const dir = tree();
  const result = await runIn(dir, ['openspec', '--reporter', 'json', '--reporter', 'junit:junit.xml', '--require-verified']);
  t.equal(result.exitCode, 0, result.stderr);
  t.notMatch(result.stdout, /a removed requirement ran/, 'the REMOVED requirement\'s old scenario did not run');
  const end = result.events.find((e) => e.type === 'run-end');
  const statuses = Object.fromEntries((end?.type === 'run-end' ? (end.requirements ?? []) : []).map((r) => [`${r.capability}${r.change ? `@${r.change}` : ''}#${r.name}`, [r.status, r.delta ?? null]]));
  t.same(statuses, {
    'greeter#Salutation': ['verified', null],
    'greeter#Shouting': ['verified', null],
    'greeter#Whispering': ['verified', null],
    'greeter@add-farewell#Farewell': ['verified', 'added'],
    'greeter@add-farewell#Greeting': ['verified', 'modified'],
    'greeter@add-farewell#Shouting': ['removed', 'removed'],
    'greeter@add-farewell#Whispering': ['removed', 'removed'],
  });
  const greeting = end?.type === 'run-end' ? end.requirements?.find((r) => r.change && r.name === 'Greeting') : undefined;
  t.equal(greeting?.renamedFrom, 'Salutation', 'RENAMED maps the old name to the new');
  t.equal(greeting?.capabilityId, 'greeter#Salutation', 'linked to the requirement it renames');
  const canonical = end?.type === 'run-end' ? end.requirements?.find((r) => !r.change && r.name === 'Salutation') : undefined;
  t.equal(canonical?.capabilityId, 'greeter#Salutation', 'the capability\'s requirement');
  const farewell = end?.type === 'run-end' ? end.requirements?.find((r) => r.name === 'Farewell') : undefined;
  t.equal(farewell?.capabilityId, 'greeter#Farewell', 'linked by capability whether it comes from specs/ or a change');
  const shouting = end?.type === 'run-end' ? end.requirements?.find((r) => r.name === 'Shouting') : undefined;
  t.equal(shouting?.detail, 'Reason: nobody wants to be shouted at. Migration: greet instead.', 'with its Reason and Migration');
  t.match(result.stderr, /requirements: 5 verified, 0 failing, 0 untested, 2 removed/);
  const names = result.events.flatMap((e) => (e.type === 'document-start' ? [e.name] : []));
  t.same(names, ['greeter (change add-farewell)', 'greeter'], "the change's prose is not run, nor counted as skipped checks");
  t.match(result.stderr, /^\d+ passed, 0 failed, 0 skipped, 0 todo$/m);
  t.match(readFileSync(path.join(dir, 'junit.xml'), 'utf8'), /<testsuite name="greeter \(change add-farewell\)"/, 'JUnit names the suite by capability and change');
  const list = await runIn(dir, ['--list', 'openspec']);
  t.match(list.stdout, /Shouting {2}\(0 units; REMOVED by this change, never runs: Reason: nobody wants/);
  t.match(list.stdout, /family: an OpenSpec change's proposal\.md: prose, nothing to run/);
  const check = await runIn(dir, ['check', 'openspec']);
  t.equal(check.exitCode, 0, `check accepts the change as OpenSpec does: ${check.stdout}`);
});

t.test('snippets that paste: one steps file for all undefined steps of OpenSpec\'s own 36 specifications loads and binds every step, none ambiguous', async (t) => {
  const specs = path.resolve(process.cwd(), '../shared/corpus/openspec-project/openspec/specs');
  const dir = project({});
  const printed = await runIn(dir, ['snippets', specs]);
  t.equal(printed.exitCode, 0, printed.stderr);
  const count = (printed.stdout.match(/^(Given|When|Then)\(/gm) ?? []).length;
  t.ok(count > 0, `${count} snippets`);
  t.match(printed.stderr, new RegExp(`undefined steps in 36 documents: ${count} snippets, one per distinct expression`));
  const expressions = printed.stdout.match(/^(?:Given|When|Then)\((.*), function/gm) ?? [];
  t.equal(new Set(expressions).size, expressions.length, 'each expression once');
  const written = project({ 'todo.steps.mjs': printed.stdout });
  const steps = await runIn(written, ['steps', specs, '--steps', 'todo.steps.mjs']);
  t.equal(steps.exitCode, 0, 'the file loads with no problem and no step is ambiguous');
  t.match(steps.stderr, new RegExp(`^${count} definitions \\(0 unused\\), 0 undefined steps, 0 ambiguous, 0 problems$`, 'm'), 'every step bound, every snippet used');
});

t.test('a snippet for text a cucumber expression cannot say is a regular expression that matches it; wrapped text is one line', async (t) => {
  const doc = `# Paths

### Requirement: Windows paths
The tool SHALL read C:\\\\temp\\\\x.txt and (optional) {braces}.

#### Scenario: Backslashes
- **WHEN** the tool reads C:\\\\temp\\\\x.txt with (optional) {braces}
- **THEN** it SHALL print 3 lines
`;
  const dir = project({ 'doc.md': doc });
  const printed = await runIn(dir, ['snippets', 'doc.md']);
  const file = project({ 'doc.md': doc, 'todo.steps.mjs': printed.stdout });
  const bound = await runIn(file, ['steps', 'doc.md', '--steps', 'todo.steps.mjs']);
  t.match(bound.stderr, /^2 definitions \(0 unused\), 0 undefined steps, 0 ambiguous, 0 problems$/m, `every snippet loads and binds:\n${printed.stdout}`);
});

t.test('configured paths: ids relative to the project, and check takes --config with its paths and steps as a run does', async (t) => {
  const dir = tree();
  const config = { paths: ['openspec'], steps: ['steps/*.mjs'] };
  const written = project({}); // another directory: the configuration given by its path from there
  const configFile = path.join(dir, 'spec-run.config.json');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(configFile, JSON.stringify(config));
  const run = await runIn(dir, ['--reporter', 'json']);
  t.equal(run.exitCode, 0, run.stderr);
  const ids = run.events.flatMap((e) => (e.type === 'run-end' ? (e.requirements ?? []).map((r) => r.id) : []));
  t.ok(ids.length > 0 && ids.every((id) => id.startsWith('openspec/')), `ids relative to the project: ${ids.join(', ')}`);
  const check = await runIn(dir, ['check', '--config', configFile]);
  t.equal(check.exitCode, 0, check.stdout);
  t.match(check.stderr, /^5 documents checked: 0 errors/m, 'the configured paths, with the configured steps');
  const elsewhere = await runIn(written, ['check', '--config', configFile]);
  t.match(elsewhere.stderr, /^5 documents checked: 0 errors/m, 'from another directory too');
});

t.test('JUnit per scenario: junit-units has a testcase per scenario, failed with every failing check, beside the per-check junit', async (t) => {
  const dir = tree();
  const failing = STEPS.replace("assert.equal(this.said, expected);", "assert.equal(this.said, expected.replace('bye', 'ciao'));");
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path.join(dir, 'steps/greeter.steps.mjs'), failing);
  const run = await runIn(dir, ['openspec', '--reporter', 'junit-units:units.xml', '--reporter', 'junit:points.xml', '--reporter', 'json']);
  t.equal(run.exitCode, 1);
  const units = readFileSync(path.join(dir, 'units.xml'), 'utf8');
  // The change's prose files stand as one skipped "the document" case each, as in every reporter.
  const cases = [...units.matchAll(/<testcase name="([^"]+)" classname="([^"]+)" file="[^"]+" line="(\d+)"/g)].map((m) => `${m[2]} / ${m[1]}`).filter((c) => !c.endsWith(' / the document'));
  t.same(cases, ['greeter (change add-farewell) / Farewell / Leaving', 'greeter (change add-farewell) / Greeting / Named', 'greeter / Salutation / Named', 'greeter / Shouting / Loud', 'greeter / Whispering / Quiet'], 'one testcase per scenario, the REMOVED one absent');
  t.match(units, /<testsuite name="greeter \(change add-farewell\)" [^>]*tests="2" failures="1" skipped="0"/);
  t.match(units, /<failure message="1 of 2 checks failed: THEN the greeting SHALL be &quot;bye, Ada&quot;">/);
  const points = readFileSync(path.join(dir, 'points.xml'), 'utf8');
  t.equal((points.match(/<testcase /g) ?? []).length, 10, 'junit keeps a testcase per check (none for the prose files)');
});

t.test('JUnit under --change: each suite carries the status of every requirement of its capability, those written in the delta too, as run-end has them', async (t) => {
  const dir = tree();
  writeFileSync(path.join(dir, 'steps/greeter.steps.mjs'), STEPS.replace("assert.equal(this.said, expected);", "assert.equal(this.said, expected.replace('bye', 'ciao'));"));
  const run = await runIn(dir, ['openspec', '--change', 'add-farewell', '--reporter', 'junit:points.xml', '--reporter', 'junit-units:units.xml', '--reporter', 'json']);
  t.equal(run.exitCode, 1);
  const end = run.events.find((e) => e.type === 'run-end');
  const statuses = (end?.type === 'run-end' ? (end.requirements ?? []) : []).map((r) => `${r.id}=${r.status}`).sort();
  t.ok(statuses.includes('openspec/changes/add-farewell/specs/greeter/spec.md#Farewell=failing'), `the ADDED Farewell fails in run-end: ${statuses.join(', ')}`);
  for (const file of ['points.xml', 'units.xml']) {
    const xml = readFileSync(path.join(dir, file), 'utf8');
    const properties = [...xml.matchAll(/<property name="requirement:([^"]+)" value="([^"]+)"\/>/g)].map((m) => `${m[1].replace(/&amp;/g, '&')}=${m[2]}`).sort();
    t.same(properties, statuses, `${file}: the suite's requirement properties are run-end's, the delta's ADDED and MODIFIED ones included`);
  }
});

t.test('--change runs each capability the change touches as it will be after it: ADDED joins, MODIFIED replaces, REMOVED leaves', async (t) => {
  const dir = tree();
  const run = await runIn(dir, ['openspec', '--change', 'add-farewell', '--reporter', 'json', '--require-verified']);
  t.equal(run.exitCode, 0, run.stderr);
  const documents = run.events.flatMap((e) => (e.type === 'document-start' ? [e.name] : []));
  t.same(documents, ['greeter (after change add-farewell)'], 'one document per capability touched');
  t.same(run.points.map((p) => [p.name, p.at?.file]), [
    ['WHEN the greeter greets "Ada"', 'openspec/changes/add-farewell/specs/greeter/spec.md'],
    ['THEN the greeting SHALL be "hello, Ada"', 'openspec/changes/add-farewell/specs/greeter/spec.md'],
    ['WHEN the greeter bids "Ada" farewell', 'openspec/changes/add-farewell/specs/greeter/spec.md'],
    ['THEN the greeting SHALL be "bye, Ada"', 'openspec/changes/add-farewell/specs/greeter/spec.md'],
  ], 'the MODIFIED Greeting ran from the delta in the place of the requirement it replaces (renamed Salutation), the ADDED Farewell after it, as OpenSpec orders them; the REMOVED Shouting and Whispering never ran; each step at its own file:line');
  t.notMatch(run.stdout, /a removed requirement ran/);
  const end = run.events.find((e) => e.type === 'run-end');
  const greeting = end?.type === 'run-end' ? end.requirements?.find((r) => r.name === 'Greeting') : undefined;
  t.match(greeting, { renamedFrom: 'Salutation', capabilityId: 'greeter#Greeting' }, 'applied, the renamed requirement is the capability\'s under its new name');
  const missing = await runIn(dir, ['openspec', '--change', 'no-such-change']);
  t.equal(missing.exitCode, 2);
  t.match(missing.stderr, /--change: no delta spec of a change named 'no-such-change' .*changes found: add-farewell/);
});

/** `spec-run check openspec` in DIR: its exit code and its error lines. */
/** A project of the greeter's current spec and its steps, with a change NAME whose delta spec is DELTA. */
const changeProject = (name: string, delta: string) =>
  project({
    'openspec/specs/greeter/spec.md': CANONICAL,
    [`openspec/changes/${name}/proposal.md`]: `# ${name}\n`,
    [`openspec/changes/${name}/specs/greeter/spec.md`]: delta,
    'steps/greeter.steps.mjs': STEPS,
  });

/** `spec-run check` of the greeter's tree with one active change per entry of DELTAS, and the warnings it gives of requirements two changes touch. */
async function changesChecked(deltas: Record<string, string>) {
  const files = Object.entries(deltas).flatMap(([name, delta]) => [[`openspec/changes/${name}/proposal.md`, `# ${name}\n`], [`openspec/changes/${name}/specs/greeter/spec.md`, delta]]);
  const dir = project({ 'openspec/specs/greeter/spec.md': CANONICAL, ...Object.fromEntries(files), 'steps/greeter.steps.mjs': STEPS });
  const check = await runIn(dir, ['check', 'openspec']);
  return { check, warnings: check.stdout.split('\n').filter((line) => line.includes(': warning: requirement greeter#')) };
}

async function checkErrors(dir: string): Promise<{ exitCode: number | undefined; errors: string[] }> {
  const check = await runIn(dir, ['check', 'openspec']);
  return { exitCode: check.exitCode, errors: check.stdout.split('\n').filter((line) => line.includes(': error: ')) };
}

t.test('check rejects what openspec validate rejects in an active change, and leaves the archive alone', async (t) => {
  const omitting = DELTA.replace(/## MODIFIED Requirements\n\n### Requirement: Greeting\nThe greeter SHALL greet by name, politely.\n\n#### Scenario: Named/, '## MODIFIED Requirements\n\n### Requirement: Greeting\nThe greeter SHALL greet by name, politely.\n\n#### Scenario: Renamed scenario');
  const dir = project({
    'openspec/specs/greeter/spec.md': CANONICAL,
    'openspec/changes/drop-named/proposal.md': '# Drop named\n',
    'openspec/changes/drop-named/specs/greeter/spec.md': omitting,
    'openspec/changes/empty-change/proposal.md': '# Nothing yet\n',
    'openspec/changes/archive/2020-01-01-old/proposal.md': '# Old\n',
    'openspec/changes/archive/2020-01-01-old/specs/greeter/spec.md': omitting,
    'steps/greeter.steps.mjs': STEPS,
  });
  const { exitCode, errors } = await checkErrors(dir);
  t.equal(exitCode, 1);
  t.same(errors, [
    "openspec/changes/empty-change/proposal.md:1:1: error: change 'empty-change' has no delta: a change needs specs/<capability>/spec.md with ## ADDED, MODIFIED, REMOVED or RENAMED Requirements",
    "openspec/changes/drop-named/specs/greeter/spec.md:12:1: error: MODIFIED requirement 'Greeting' leaves out scenario the current spec still has ('Named'): a MODIFIED requirement replaces the whole requirement; copy it in, or remove it on purpose",
  ]);
});

t.test('a delta OpenSpec cannot apply to the current spec: check says where, and --change refuses to run it (exit 2)', async (t) => {
  const ghost = `## MODIFIED Requirements

### Requirement: Does Not Exist
The greeter SHALL do something.

#### Scenario: Ghost
- **WHEN** the greeter greets "Ada"
- **THEN** the greeting SHALL be "hello, Ada"

## ADDED Requirements

### Requirement: Shouting
The greeter SHALL shout twice.

#### Scenario: Twice
- **WHEN** the greeter shouts "Ada"
- **THEN** the greeting SHALL be "HELLO, ADA"

## REMOVED Requirements

### Requirement: whispering
**Reason**: gone.
**Migration**: none.

## RENAMED Requirements
- FROM: \`### Requirement: Never Was\`
- TO: \`### Requirement: Now Is\`
`;
  const dir = changeProject('ghost', ghost);
  const { exitCode, errors } = await checkErrors(dir);
  t.equal(exitCode, 1);
  const delta = 'openspec/changes/ghost/specs/greeter/spec.md';
  const known = "(its requirements: 'Salutation', 'Shouting', 'Whispering')";
  t.same(errors, [
    `${delta}:3:1: error: MODIFIED requirement 'Does Not Exist' names no requirement of openspec/specs/greeter/spec.md ${known}: OpenSpec cannot apply it (a MODIFIED requirement keeps its name; RENAMED changes it)`,
    `${delta}:12:1: error: ADDED requirement 'Shouting' is already in openspec/specs/greeter/spec.md: change it with MODIFIED`,
    `${delta}:21:1: error: REMOVED requirement 'whispering' names no requirement of openspec/specs/greeter/spec.md ${known}: OpenSpec cannot apply it (it differs from 'Whispering' in case or spacing alone: write the spec's name)`,
    `${delta}:26:1: error: RENAMED requirement 'Never Was' names no requirement of openspec/specs/greeter/spec.md ${known}: OpenSpec cannot apply it`,
  ]);
  const run = await runIn(dir, ['openspec', '--change', 'ghost']);
  t.equal(run.exitCode, 2, 'a change OpenSpec cannot archive is not run as if it could');
  t.match(run.stderr, /--change: change 'ghost' cannot be applied as OpenSpec would apply it:\n {2}openspec\/changes\/ghost\/specs\/greeter\/spec\.md:3: MODIFIED requirement 'Does Not Exist' names no requirement/);
  t.equal(run.points.length, 0, 'nothing ran');
  const tree = await runIn(dir, ['openspec', '--reporter', 'json']);
  t.equal(tree.exitCode, 1, 'a run of the whole tree fails the delta, whose scenarios pass');
  const failed = tree.points.filter((p) => !p.ok).map((p) => [p.at?.file, p.at?.line]);
  t.same(failed, [3, 12, 21, 26].map((line) => [delta, line]), 'a failing point at each requirement OpenSpec cannot apply');
  const status = (name: string) => {
    const end = tree.events.find((e) => e.type === 'run-end');
    return end?.type === 'run-end' ? end.requirements?.find((r) => r.file === delta && r.name === name)?.status : undefined;
  };
  t.equal(status('Does Not Exist'), 'failing', 'not verified');
});

t.test('--change takes one change: given twice it is refused, not the last alone run', async (t) => {
  const dir = changeProject('yell', `## RENAMED Requirements\n- FROM: \`### Requirement: Shouting\`\n- TO: \`### Requirement: Yelling\`\n`);
  const run = await runIn(dir, ['openspec', '--change', 'other', '--change', 'yell']);
  t.equal(run.exitCode, 2);
  t.match(run.stderr, /--change is given twice \('other', then 'yell'\): it takes one value; run spec-run once per change/);
});

t.test("--change: a delta's scenarios bind the steps beside the delta, as in a run of the tree", async (t) => {
  const added = `## ADDED Requirements\n\n### Requirement: Waving\nThe greeter SHALL wave.\n\n#### Scenario: Wave\n- **THEN** the greeter waves\n`;
  const dir = changeProject('wave', added);
  writeFileSync(path.join(dir, 'openspec/changes/wave/specs/greeter/wave.steps.mjs'), "import { Then } from 'spec-run/steps';\nThen('the greeter waves', function () { if (!this.scenario) throw new Error(); this.held = true; });\n");
  for (const args of [['openspec'], ['openspec', '--change', 'wave']]) {
    const run = await runIn(dir, [...args, '--reporter', 'json']);
    t.equal(run.exitCode, 0, `${args.join(' ')}: ${run.stderr.slice(-300)}`);
    t.ok(run.points.some((p) => p.ok && p.name.includes('the greeter waves')), `${args.join(' ')}: the delta's step ran`);
  }
});

t.test('a specification whose requirements have no scenario fails the run and check, said once, at its first requirement', async (t) => {
  const bare = `# legal Specification\n\n## Requirements\n\n### Requirement: Terms\nThe system SHALL show terms.\n\n### Requirement: Privacy\nThe system SHALL show the privacy notice.\n`;
  const dir = project({ 'openspec/specs/greeter/spec.md': CANONICAL, 'openspec/specs/legal/spec.md': bare, 'steps/greeter.steps.mjs': STEPS });
  const run = await runIn(dir, ['openspec', '--reporter', 'json']);
  t.equal(run.exitCode, 1, 'not a prose document skipped beside a passing one');
  t.match(run.points.filter((p) => !p.ok), [{ at: { file: 'openspec/specs/legal/spec.md', line: 5 }, name: /none of the 2 requirements of this specification \(the first: 'Terms'\) has a '#### Scenario:'/ }]);
  const { exitCode, errors } = await checkErrors(dir);
  t.equal(exitCode, 1);
  t.same(errors, [
    "openspec/specs/legal/spec.md:5:1: error: no checks found: none of the 2 requirements of this specification (the first: 'Terms') has a '#### Scenario:', so nothing of it runs",
    "openspec/specs/legal/spec.md:8:1: error: requirement 'Privacy' has no '#### Scenario:'",
  ]);
});

t.test('statements written as bullets state the requirement: in the reports, and check does not warn', async (t) => {
  const doc = `# cli Specification

### Requirement: Non-interactive mode
- The CLI SHALL respect --no-interactive.
- The CLI MUST NOT prompt when stdin is not a terminal.

#### Scenario: No prompt
- **WHEN** the greeter greets "Ada"
- **THEN** the greeting SHALL be "hello, Ada"
`;
  const dir = project({ 'doc.md': doc, 'steps/greeter.steps.mjs': STEPS });
  const run = await runIn(dir, ['doc.md', '--reporter', 'json']);
  const start = run.events.find((e) => e.type === 'document-start');
  t.same(start?.type === 'document-start' ? start.requirements?.[0].statements : null, ['The CLI SHALL respect --no-interactive.', 'The CLI MUST NOT prompt when stdin is not a terminal.']);
  const check = await runIn(dir, ['check', 'doc.md']);
  t.equal(check.exitCode, 0);
  t.notMatch(check.stdout, /does not state what is required/);
});

t.test('a delta section OpenSpec does not read (a misspelt or missing header): check says where, and --change refuses the change rather than run the spec unchanged', async (t) => {
  const misspelt = `## MODIFY Requirements\n\n### Requirement: Shouting\nThe greeter SHALL shout twice.\n\n#### Scenario: Loud\n- **WHEN** the greeter shouts "Ada"\n- **THEN** the greeting SHALL be "HELLO, ADA!!"\n`;
  const dir = changeProject('loud', misspelt);
  const { exitCode, errors } = await checkErrors(dir);
  t.equal(exitCode, 1);
  const delta = 'openspec/changes/loud/specs/greeter/spec.md';
  t.same([...errors].sort(), [
    `${delta}:1:1: error: '## MODIFY Requirements' is no delta section OpenSpec reads: a change's requirements stand under '## ADDED Requirements', '## MODIFIED Requirements', '## REMOVED Requirements' or '## RENAMED Requirements'`,
    `${delta}:3:1: error: requirement 'Shouting' of a change's delta spec stands under no '## ADDED', '## MODIFIED', '## REMOVED' or '## RENAMED Requirements' section: OpenSpec applies nothing of it`,
  ]);
  const run = await runIn(dir, ['openspec', '--change', 'loud']);
  t.equal(run.exitCode, 2, 'not run as if the change changed nothing');
  t.match(run.stderr, /--change: change 'loud' cannot be applied as OpenSpec would apply it:\n {2}openspec\/changes\/loud\/specs\/greeter\/spec\.md:3: requirement 'Shouting' of a change's delta spec stands under no/);
});

t.test("--change given the change's directory alone applies it to the capability's current spec, found where check finds it; a RENAMED requirement's scenarios take its new name", async (t) => {
  const renamed = `## RENAMED Requirements\n- FROM: \`### Requirement: Shouting\`\n- TO: \`### Requirement: Yelling\`\n`;
  const dir = changeProject('yell', renamed);
  const run = await runIn(dir, ['openspec/changes/yell', '--change', 'yell', '--reporter', 'json', '--grep', 'Yelling']);
  t.equal(run.exitCode, 0, `the current spec was found, and --grep selects by the new name (stderr: ${run.stderr.slice(-400)})`);
  const starts = run.events.filter((e) => e.type === 'unit-start');
  t.match(starts, [{ name: 'Yelling / Loud', requirements: ['openspec/specs/greeter/spec.md#Yelling'] }]);
});

t.test('a scenario heading at a requirement\'s level, or below the level of its scenarios, is an error at its line: OpenSpec reads neither as a scenario', async (t) => {
  const doc = `# cart Specification\n\n### Requirement: Cap\nThe cart SHALL hold at most 5 items.\n\n### Scenario: Too many\n- **WHEN** the greeter greets "Ada"\n- **THEN** the greeting SHALL be "hello, Ada"\n\n##### Scenario: Deep\n- **WHEN** the greeter greets "Ada"\n- **THEN** the greeting SHALL be "hello, Ada"\n`;
  const dir = project({ 'openspec/specs/cart/spec.md': doc, 'steps/greeter.steps.mjs': STEPS });
  const { errors } = await checkErrors(dir);
  t.match(errors, [/spec\.md:3:1: error: no checks found: requirement 'Cap' has no '#### Scenario:'/, /spec\.md:6:1: error: '### Scenario: Too many' is a level-3 heading at the level of the requirements \(3\): a scenario is the heading one level below its requirement, level 4/, /spec\.md:10:1: error: '##### Scenario: Deep' is a level-5 heading deeper than the requirements' scenarios \(level 4\)/]);
  const run = await runIn(dir, ['openspec', '--reporter', 'json']);
  t.equal(run.exitCode, 1, 'and the run fails on them');
});

t.test('a requirement written twice in one spec is an error at the second: a delta could not say which it names', async (t) => {
  const twice = CANONICAL.replace('### Requirement: Whispering', '### Requirement: Shouting');
  const dir = project({ 'openspec/specs/greeter/spec.md': twice, 'steps/greeter.steps.mjs': STEPS });
  const { errors } = await checkErrors(dir);
  t.same(errors, ["openspec/specs/greeter/spec.md:22:1: error: requirement 'Shouting' is written twice in this spec (first at line 15): a change's MODIFIED, REMOVED or RENAMED could not say which it names"], 'said once');
  const run = await runIn(dir, ['openspec', '--reporter', 'json']);
  t.equal(run.exitCode, 1, 'and the run fails on it');
});

t.test('deltas OpenSpec refuses are refused by --change and fail the tree: a MODIFIED requirement leaving out a scenario, one requirement MODIFIED and REMOVED, MODIFIED by the name RENAMED takes away, an ADDED one without a scenario', async (t) => {
  const delta = 'openspec/changes/clash/specs/greeter/spec.md';
  const cases: [string, string, RegExp][] = [
    [
      '## MODIFIED Requirements\n\n### Requirement: Shouting\nThe greeter SHALL shout louder.\n\n#### Scenario: Louder\n- **WHEN** the greeter shouts "Ada"\n- **THEN** the greeting SHALL be "HELLO, ADA"\n',
      'a MODIFIED requirement leaving out a scenario the spec has',
      /:3: MODIFIED requirement 'Shouting' leaves out scenario the current spec still has \('Loud'\)/,
    ],
    [
      '## MODIFIED Requirements\n\n### Requirement: Shouting\nThe greeter SHALL shout.\n\n#### Scenario: Loud\n- **WHEN** the greeter shouts "Ada"\n- **THEN** the greeting SHALL be "HELLO, ADA"\n\n## REMOVED Requirements\n\n### Requirement: Shouting\n**Reason**: gone.\n',
      'MODIFIED and REMOVED',
      /:12: requirement 'Shouting' is both MODIFIED \(line 3\) and REMOVED by this delta: OpenSpec cannot apply both; keep one/,
    ],
    [
      '## RENAMED Requirements\n- FROM: `### Requirement: Shouting`\n- TO: `### Requirement: Yelling`\n\n## MODIFIED Requirements\n\n### Requirement: Shouting\nThe greeter SHALL shout.\n\n#### Scenario: Loud\n- **WHEN** the greeter shouts "Ada"\n- **THEN** the greeting SHALL be "HELLO, ADA"\n',
      'MODIFIED by the old name',
      /:7: MODIFIED requirement 'Shouting' is renamed to 'Yelling' by this delta, which OpenSpec applies first: name it 'Yelling'/,
    ],
    ['## ADDED Requirements\n\n### Requirement: Waving\nThe greeter SHALL wave.\n', 'an ADDED requirement without a scenario', /:3: ADDED requirement 'Waving' has no '#### Scenario:'/],
  ];
  for (const [text, what, refusal] of cases) {
    const dir = changeProject('clash', text);
    const run = await runIn(dir, ['openspec', '--change', 'clash', '--reporter', 'json']);
    t.equal(run.exitCode, 2, `--change refuses ${what}`);
    t.match(run.stderr, refusal, what);
    t.equal(run.points.length, 0, `nothing ran: ${what}`);
    const tree = await runIn(dir, ['openspec', '--reporter', 'json']);
    t.not(tree.exitCode, 0, `the tree fails: ${what}`);
    t.ok(tree.points.some((p) => !p.ok && p.at?.file === delta), `a failing point in the delta: ${what}`);
  }
});

t.test('an ADDED requirement whose only scenario is a level-5 heading has no scenario, as OpenSpec reads it: the tree run, its listing, check and --change fail at the heading, saying level 4', async (t) => {
  const delta = 'openspec/changes/deep/specs/greeter/spec.md';
  const dir = changeProject('deep', '## ADDED Requirements\n\n### Requirement: Farewell\nThe greeter SHALL say goodbye by name.\n\n##### Scenario: Leaving\n- **WHEN** the greeter bids "Ada" farewell\n- **THEN** the greeting SHALL be "bye, Ada"\n');
  const atHeading = /'##### Scenario: Leaving' is a level-5 heading under requirement 'Farewell' \(level 3\): a scenario is the heading one level below its requirement, level 4 \('#### Scenario: Leaving'\)/;
  const tree = await runIn(dir, ['openspec', '--reporter', 'json']);
  t.equal(tree.exitCode, 1, 'the tree run fails');
  t.ok(tree.points.some((p) => !p.ok && p.at?.file === delta && p.at.line === 6), 'a failing point at the heading');
  t.notOk(tree.points.some((p) => p.ok && /Leaving/.test(p.name)), 'the heading runs as no scenario');
  const end = tree.events.find((e) => e.type === 'run-end');
  const farewell = end?.type === 'run-end' ? end.requirements?.find((r) => r.name === 'Farewell') : undefined;
  t.not(farewell?.status, 'verified', 'the requirement is not verified');
  const list = await runIn(dir, ['--list', 'openspec']);
  t.equal(list.exitCode, 1, '--list fails');
  t.match(list.stdout + list.stderr, atHeading, '--list says why');
  const change = await runIn(dir, ['openspec', '--change', 'deep']);
  t.equal(change.exitCode, 2, '--change refuses it');
  t.match(change.stderr, `${delta}:3: ADDED requirement 'Farewell' has no '#### Scenario:'`);
  const check = await runIn(dir, ['check', 'openspec']);
  t.equal(check.exitCode, 1, 'check refuses it');
  t.match(check.stdout, new RegExp(`${delta.replace(/\./g, '\\.')}:6:1: error: ${atHeading.source}`), 'at the heading\'s line');
});

t.test('an ADDED requirement without a scenario beside a tested one fails the tree, its listing and its dry run at its line, as check and --change refuse it, said once', async (t) => {
  const delta = 'openspec/changes/wave/specs/greeter/spec.md';
  const dir = changeProject(
    'wave',
    '## ADDED Requirements\n\n### Requirement: Waving\nThe greeter SHALL wave.\n\n### Requirement: Farewell\nThe greeter SHALL say goodbye.\n\n#### Scenario: Leaving\n- **WHEN** the greeter bids "Ada" farewell\n- **THEN** the greeting SHALL be "bye, Ada"\n',
  );
  const refusal = `${delta}:3: ADDED requirement 'Waving' has no '#### Scenario:'`;
  const tree = await runIn(dir, ['openspec', '--reporter', 'json']);
  t.equal(tree.exitCode, 1, 'the tree run fails');
  t.ok(tree.points.some((p) => !p.ok && p.at?.file === delta && p.at.line === 3), 'a failing point at the requirement');
  for (const mode of ['--list', '--dry-run']) t.equal((await runIn(dir, ['openspec', mode])).exitCode, 1, `${mode} of the tree fails`);
  const change = await runIn(dir, ['openspec', '--change', 'wave']);
  t.equal(change.exitCode, 2, '--change refuses it');
  t.match(change.stderr, refusal);
  const check = await runIn(dir, ['check', 'openspec']);
  t.equal(check.exitCode, 1, 'check refuses it');
  t.equal(check.stdout.split('\n').filter((line) => line.startsWith(`${delta}:3:1: error:`)).length, 1, 'check says it once');
});

t.test('under --change a REMOVED requirement is shown as removed and a renamed one as renamed, in --list and every report', async (t) => {
  const delta = 'openspec/changes/trim/specs/greeter/spec.md';
  const dir = changeProject('trim', '## RENAMED Requirements\n- FROM: `### Requirement: Whispering`\n- TO: `### Requirement: Murmuring`\n\n## REMOVED Requirements\n\n### Requirement: Shouting\n**Reason**: nobody wants to be shouted at.\n**Migration**: greet instead.\n');
  const json = await runIn(dir, ['openspec', '--change', 'trim', '--reporter', 'json', '--reporter', 'junit:junit.xml', '--reporter', 'html:report.html']);
  t.equal(json.exitCode, 0, json.stderr);
  t.notOk(json.points.some((p) => /Shouting/.test(p.name)), 'the removed requirement ran nothing');
  const end = json.events.find((e) => e.type === 'run-end');
  const requirements = end?.type === 'run-end' ? end.requirements ?? [] : [];
  t.match(requirements.find((r) => r.name === 'Shouting'), { status: 'removed', file: delta, capabilityId: 'greeter#Shouting', detail: /nobody wants to be shouted at/ });
  t.match(requirements.find((r) => r.name === 'Murmuring'), { status: 'verified', renamedFrom: 'Whispering' });
  t.match(json.stderr, /1 removed/);
  const junit = readFileSync(path.join(dir, 'junit.xml'), 'utf8');
  t.match(junit, `<property name="requirement:${delta}#Shouting" value="removed"/>`);
  t.match(junit, /<property name="renamed-from:[^"]*#Murmuring" value="Whispering"\/>/);
  const html = readFileSync(path.join(dir, 'report.html'), 'utf8');
  t.match(html, /Murmuring \(renamed from &#39;Whispering&#39;\)/);
  t.match(html, /removed by the change: Reason: nobody wants to be shouted at/);
  const spec = await runIn(dir, ['openspec', '--change', 'trim', '--reporter', 'spec']);
  t.match(spec.stdout, /- Shouting \S+:\d+ removed \(Reason: nobody wants to be shouted at/);
  t.match(spec.stdout, /✔ Murmuring \(renamed from 'Whispering'\)/);
  const list = await runIn(dir, ['openspec', '--change', 'trim', '--list']);
  t.match(list.stdout, /Shouting +\(0 units; REMOVED by this change, never runs/);
});

t.test('REMOVED written as bullets, as OpenSpec reads it, removes; under --change a RENAMED requirement with no scenario is untested, not settled', async (t) => {
  const dir = changeProject('trim', '## REMOVED Requirements\n\n- `### Requirement: Shouting`\n- ### Requirement: Whispering\n');
  const run = await runIn(dir, ['openspec', '--change', 'trim', '--reporter', 'json']);
  t.equal(run.exitCode, 0);
  t.same([...new Set(run.points.map((p) => p.name.split(' / ')[0]))].filter((name) => /Shout|Whisper/.test(name)), [], 'neither removed requirement ran');
  const tree = await runIn(dir, ['openspec', '--reporter', 'json']);
  const end = tree.events.find((e) => e.type === 'run-end');
  const statuses = end?.type === 'run-end' ? (end.requirements ?? []).filter((r) => r.file.includes('changes/trim')).map((r) => [r.name, r.status]) : [];
  t.same(statuses.sort(), [['Shouting', 'removed'], ['Whispering', 'removed']]);

  const bare = project({
    'openspec/specs/greeter/spec.md': `${CANONICAL}\n### Requirement: Logging\nThe greeter SHALL log.\n`,
    'openspec/changes/relabel/proposal.md': '# relabel\n',
    'openspec/changes/relabel/specs/greeter/spec.md': '## RENAMED Requirements\n- FROM: `### Requirement: Logging`\n- TO: `### Requirement: Audit Trail`\n',
    'steps/greeter.steps.mjs': STEPS,
  });
  const renamed = await runIn(bare, ['openspec', '--change', 'relabel', '--require-verified', '--reporter', 'json']);
  t.equal(renamed.exitCode, 1, 'a requirement with no scenario stays unverified whatever its name');
  t.match(renamed.stderr, /--require-verified: openspec\/specs\/greeter\/spec\.md#Audit Trail is untested/);
});

t.test("a file under a change's specs/ that is not specs/<capability>/spec.md: an error in check and in the tree, and the change has no delta", async (t) => {
  const dir = project({
    'openspec/specs/greeter/spec.md': CANONICAL,
    'openspec/changes/misnamed/proposal.md': '# Misnamed\n',
    'openspec/changes/misnamed/specs/greeter/specs.md': DELTA,
    'steps/greeter.steps.mjs': STEPS,
  });
  const { exitCode, errors } = await checkErrors(dir);
  t.equal(exitCode, 1);
  t.same(errors, [
    "openspec/changes/misnamed/proposal.md:1:1: error: change 'misnamed' has no delta: a change needs specs/<capability>/spec.md with ## ADDED, MODIFIED, REMOVED or RENAMED Requirements",
    "openspec/changes/misnamed/specs/greeter/specs.md:1:1: error: OpenSpec reads a change's delta specs only as specs/<capability>/spec.md, so change 'misnamed' gets nothing from this file: name it changes/misnamed/specs/greeter/spec.md",
  ]);
  const run = await runIn(dir, ['openspec', '--require-verified']);
  t.equal(run.exitCode, 1, 'the tree fails: the change it was meant for is not applied');
  t.match(run.stdout, /not ok \d+ - OpenSpec reads a change's delta specs only as specs\/<capability>\/spec\.md/);
});

t.test("--change with a line of the change's delta runs the unit at that line, as without --change", async (t) => {
  const dir = tree();
  const line = DELTA.split('\n').indexOf('#### Scenario: Leaving') + 1;
  const run = await runIn(dir, ['--change', 'add-farewell', `openspec/changes/add-farewell/specs/greeter/spec.md:${line}`, '--reporter', 'json']);
  t.equal(run.exitCode, 0, run.stderr);
  t.same([...new Set(run.events.flatMap((e) => (e.type === 'unit-start' ? [e.name] : [])))], ['Farewell / Leaving']);
});

t.test("steps beside a capability's spec bind its change's delta in a run of the tree, as under --change", async (t) => {
  const dir = project({
    'openspec/specs/greeter/spec.md': CANONICAL,
    'openspec/specs/greeter/greeter.steps.mjs': STEPS,
    'openspec/changes/add-farewell/proposal.md': '# Add farewell\n',
    'openspec/changes/add-farewell/specs/greeter/spec.md': DELTA,
  });
  for (const args of [['openspec'], ['openspec', '--change', 'add-farewell']]) {
    const run = await runIn(dir, [...args, '--reporter', 'json']);
    t.equal(run.exitCode, 0, `${args.join(' ')}: ${run.stderr.slice(-400)}`);
    t.ok(run.points.some((p) => p.ok && p.name === 'WHEN the greeter bids "Ada" farewell'), `${args.join(' ')}: the delta's step bound by the capability's steps`);
  }
});

t.test("requirements.exclude takes OpenSpec's <capability>#<name>: that capability's requirement is excluded, in its spec and its changes, no other's", async (t) => {
  const dir = project({
    'spec-run.config.json': JSON.stringify({ paths: ['openspec/'], requirements: { exclude: { 'greeter#Shouting': 'too loud for now' } } }),
    'openspec/specs/greeter/spec.md': CANONICAL,
    'openspec/specs/other/spec.md': CANONICAL.replace('# greeter Specification', '# other Specification'),
    'steps/greeter.steps.mjs': STEPS,
  });
  const run = await runIn(dir, ['--reporter', 'json']);
  t.equal(run.exitCode, 0, run.stderr);
  t.notMatch(run.stderr, /names no requirement/);
  const end = run.events.find((e) => e.type === 'run-end');
  const excluded = (end?.type === 'run-end' ? (end.requirements ?? []) : []).filter((r) => r.status === 'excluded').map((r) => r.capabilityId);
  t.same(excluded, ['greeter#Shouting']);
});

t.test("operations OpenSpec's archive takes as already synced (an ADDED requirement the spec has word for word, a RENAMED whose new name alone is there, a REMOVED one already gone) warn in check, the tree run and --change, which run; written otherwise they stay errors", async (t) => {
  const loud = '### Requirement: Shouting\nThe greeter SHALL shout when asked.\n\n#### Scenario: Loud\n- **WHEN** the greeter shouts "Ada"\n- **THEN** the greeting SHALL be "HELLO, ADA"\n';
  const synced = `## ADDED Requirements\n\n${loud}\n## REMOVED Requirements\n\n### Requirement: Mumbling\n**Reason**: gone.\n\n## RENAMED Requirements\n- FROM: \`### Requirement: Hailing\`\n- TO: \`### Requirement: Salutation\`\n`;
  const dir = changeProject('synced', synced);
  const delta = 'openspec/changes/synced/specs/greeter/spec.md';
  const check = await runIn(dir, ['check', 'openspec']);
  t.equal(check.exitCode, 0, check.stdout);
  const warnings = check.stdout.split('\n').filter((line) => line.startsWith(delta));
  t.match(warnings, [
    /:3:1: warning: ADDED requirement 'Shouting' is in openspec\/specs\/greeter\/spec\.md already, word for word: OpenSpec's archive takes it as already synced/,
    /:12:1: warning: REMOVED requirement 'Mumbling' is not in openspec\/specs\/greeter\/spec\.md .*: OpenSpec's archive takes it as already removed and goes on/,
    /:16:1: warning: RENAMED requirement 'Hailing' is not in openspec\/specs\/greeter\/spec\.md, and 'Salutation' is: OpenSpec's archive takes the rename as already synced/,
  ]);
  t.equal(warnings.length, 3, 'a warning each, no error');
  for (const args of [['openspec', '--require-verified'], ['openspec', '--change', 'synced', '--require-verified']]) {
    const run = await runIn(dir, [...args, '--reporter', 'json']);
    t.equal(run.exitCode, 0, `${args.join(' ')}: ${run.stderr}`);
    t.match(run.stderr, new RegExp(`spec-run: warning: ${delta}:12: REMOVED requirement 'Mumbling'`), `${args.join(' ')}: the run says it on stderr`);
    const said = run.events.flatMap((event) => (event.type === 'document-start' ? (event.warnings ?? []) : []));
    t.same(said.map((warning) => warning.at), [3, 12, 16].map((line) => ({ file: delta, line })), `${args.join(' ')}: and in its events, at each line`);
  }
  // Written otherwise than the spec's, an ADDED requirement of a name the spec has is a conflict, as OpenSpec's archive says it.
  const differing = changeProject('differing', `## ADDED Requirements\n\n${loud.replace('when asked', 'whenever asked')}`);
  const refused = await checkErrors(differing);
  t.same(refused.errors, ["openspec/changes/differing/specs/greeter/spec.md:3:1: error: ADDED requirement 'Shouting' is already in openspec/specs/greeter/spec.md: change it with MODIFIED"]);
  t.equal((await runIn(differing, ['openspec', '--change', 'differing'])).exitCode, 2, '--change refuses it');
  // A REMOVED or RENAMED name the spec has but for case or spacing is a slip, never synced.
  const slips = await checkErrors(changeProject('slips', '## REMOVED Requirements\n\n### Requirement: shouting\n**Reason**: gone.\n\n## RENAMED Requirements\n- FROM: `### Requirement: salutation`\n- TO: `### Requirement: Whispering`\n'));
  t.match(slips.errors, [/:3:1: error: REMOVED requirement 'shouting' names no requirement .*\(it differs from 'Shouting' in case or spacing alone/, /:7:1: error: RENAMED requirement 'salutation' names no requirement .*\(it differs from 'Salutation' in case or spacing alone/]);
});

t.test('two active changes touching one requirement: check warns at each, naming the other (exit 0: each applies today)', async (t) => {
  const modified = '## MODIFIED Requirements\n\n### Requirement: Shouting\nThe greeter SHALL shout louder.\n\n#### Scenario: Loud\n- **WHEN** the greeter shouts "Ada"\n- **THEN** the greeting SHALL be "HELLO, ADA"\n';
  const renamed = '## RENAMED Requirements\n- FROM: `### Requirement: Shouting`\n- TO: `### Requirement: Yelling`\n';
  const { check, warnings } = await changesChecked({ louder: modified, yell: renamed });
  t.equal(check.exitCode, 0, check.stdout);
  t.same(warnings, [
    "openspec/changes/louder/specs/greeter/spec.md:3:1: warning: requirement greeter#Shouting is MODIFIED here and RENAMED by change 'yell' (openspec/changes/yell/specs/greeter/spec.md:2): once one change is archived the other applies to a spec it was not written against",
    "openspec/changes/yell/specs/greeter/spec.md:2:1: warning: requirement greeter#Shouting is RENAMED here and MODIFIED by change 'louder' (openspec/changes/louder/specs/greeter/spec.md:3): once one change is archived the other applies to a spec it was not written against",
  ]);
  t.match(check.stderr, /0 errors, 2 warnings/);
});

t.test('a RENAMED OpenSpec refuses to archive (one new name given twice): an error at its line in check, a failing point in a run of the tree, and --change refuses it (exit 2)', async (t) => {
  const twice = '## RENAMED Requirements\n- FROM: `### Requirement: Shouting`\n- TO: `### Requirement: Voice`\n- FROM: `### Requirement: Whispering`\n- TO: `### Requirement: Voice`\n';
  const dir = changeProject('one-voice', twice);
  const delta = 'openspec/changes/one-voice/specs/greeter/spec.md';
  const { exitCode, errors } = await checkErrors(dir);
  t.equal(exitCode, 1);
  t.same(errors, [`${delta}:4:1: error: RENAMED gives the name 'Voice' twice (line 2, and here): OpenSpec refuses a duplicate TO, two requirements cannot have one name`]);
  const tree = await runIn(dir, ['openspec', '--reporter', 'json']);
  t.equal(tree.exitCode, 1);
  t.same(tree.points.filter((p) => !p.ok).map((p) => [p.at?.file, p.at?.line]), [[delta, 4]]);
  const run = await runIn(dir, ['openspec', '--change', 'one-voice']);
  t.equal(run.exitCode, 2);
  t.match(run.stderr, /--change: change 'one-voice' cannot be applied as OpenSpec would apply it:\n {2}openspec\/changes\/one-voice\/specs\/greeter\/spec\.md:4: RENAMED gives the name 'Voice' twice/);
});

t.test("two active changes meeting at a rename's new name (one ADDs it, one renames to it): check warns at each", async (t) => {
  const added = '## ADDED Requirements\n\n### Requirement: Yelling\nThe greeter SHALL yell.\n\n#### Scenario: Yell\n- **WHEN** the greeter shouts "Ada"\n- **THEN** the greeting SHALL be "HELLO, ADA"\n';
  const { check, warnings } = await changesChecked({ 'add-yell': added, yell: '## RENAMED Requirements\n- FROM: `### Requirement: Shouting`\n- TO: `### Requirement: Yelling`\n' });
  t.equal(check.exitCode, 0, check.stdout);
  t.same(warnings, [
    "openspec/changes/add-yell/specs/greeter/spec.md:3:1: warning: requirement greeter#Yelling is ADDED here and RENAMED by change 'yell' (openspec/changes/yell/specs/greeter/spec.md:2): once one change is archived the other applies to a spec it was not written against",
    "openspec/changes/yell/specs/greeter/spec.md:2:1: warning: requirement greeter#Yelling is RENAMED here and ADDED by change 'add-yell' (openspec/changes/add-yell/specs/greeter/spec.md:3): once one change is archived the other applies to a spec it was not written against",
  ]);
});

t.test("check given one change (its folder, or its delta file) checks its deltas against the capability's spec as check of the tree does: each problem at file:line, a valid rename-only change clean, a change without a delta an error", async (t) => {
  const twice = '## RENAMED Requirements\n- FROM: `### Requirement: Shouting`\n- TO: `### Requirement: Voice`\n- FROM: `### Requirement: Whispering`\n- TO: `### Requirement: Voice`\n';
  const removedRenamed = '## RENAMED Requirements\n- FROM: `### Requirement: Shouting`\n- TO: `### Requirement: Yelling`\n\n## REMOVED Requirements\n\n### Requirement: Shouting\n**Reason**: gone\n**Migration**: none\n';
  const dir = project({
    'openspec/specs/greeter/spec.md': CANONICAL,
    'openspec/changes/one-voice/specs/greeter/spec.md': twice,
    'openspec/changes/drop-renamed/specs/greeter/spec.md': removedRenamed,
    'openspec/changes/yell/specs/greeter/spec.md': '## RENAMED Requirements\n- FROM: `### Requirement: Shouting`\n- TO: `### Requirement: Yelling`\n',
    'openspec/changes/nothing-yet/proposal.md': '# Nothing yet\n',
  });
  const errorsOf = async (path: string) => {
    const check = await runIn(dir, ['check', path]);
    return { exitCode: check.exitCode, stderr: check.stderr, errors: check.stdout.split('\n').filter((line) => line.includes(': error: ')) };
  };
  const oneVoice = 'openspec/changes/one-voice/specs/greeter/spec.md';
  for (const path of ['openspec/changes/one-voice', oneVoice]) {
    const { exitCode, errors } = await errorsOf(path);
    t.equal(exitCode, 1, `${path}: the conflict is an error`);
    t.same(errors, [`${oneVoice}:4:1: error: RENAMED gives the name 'Voice' twice (line 2, and here): OpenSpec refuses a duplicate TO, two requirements cannot have one name`]);
  }
  const dropped = await errorsOf('openspec/changes/drop-renamed');
  t.equal(dropped.exitCode, 1);
  t.same(dropped.errors, ["openspec/changes/drop-renamed/specs/greeter/spec.md:7:1: error: REMOVED requirement 'Shouting' is renamed to 'Yelling' by this delta (line 2): OpenSpec cannot apply both; keep one"]);
  const yell = await errorsOf('openspec/changes/yell');
  t.equal(yell.exitCode, 0, 'a rename-only change that applies is checked, and clean');
  t.match(yell.stderr, /^1 documents checked: 0 errors, 0 warnings/m);
  const bare = await errorsOf('openspec/changes/nothing-yet');
  t.equal(bare.exitCode, 1);
  t.match(bare.errors, [/openspec\/changes\/nothing-yet\/proposal\.md:1:1: error: change 'nothing-yet' has no delta/]);
  const run = await runIn(dir, ['openspec/changes/yell']);
  t.equal(run.exitCode, 2, 'a run of a change with no scenario has nothing to run');
  t.match(run.stderr, /it is a change's delta with no scenario, RENAMED or REMOVED only, which `spec-run check` checks against its capability's spec/);
});

/** Two workspace packages, each its own OpenSpec tree with a capability `auth`; package b's `Extra` fails. */
function monorepo(changes: Record<string, string>): string {
  const spec = (who: string, extra: string) =>
    `# auth\n\n## Requirements\n\n### Requirement: Value\nThe package SHALL have a value.\n\n#### Scenario: value\n- **GIVEN** the ${who} value\n- **THEN** the ${who} value SHALL be "${who}"\n${extra}`;
  const steps = (who: string) =>
    `import assert from 'node:assert/strict';\nimport { Given, Then } from 'spec-run/steps';\nGiven('the ${who} value', function () { this.v = '${who}'; });\nThen('the ${who} value SHALL be {string}', function (s) { assert.equal(this.v, s); });\n`;
  return project({
    'packages/a/openspec/specs/auth/spec.md': spec('a', ''),
    'packages/a/steps/v.steps.mjs': steps('a'),
    'packages/b/openspec/specs/auth/spec.md': spec('b', '\n### Requirement: Extra\nThe package SHALL have more.\n\n#### Scenario: extra\n- **GIVEN** the b value\n- **THEN** the b value SHALL be "WRONG"\n'),
    'packages/b/steps/v.steps.mjs': steps('b'),
    ...changes,
  });
}

const MODIFIES_VALUE = (who: string) => `## MODIFIED Requirements\n\n### Requirement: Value\nThe package SHALL have a value.\n\n#### Scenario: value\n- **GIVEN** the ${who} value\n- **THEN** the ${who} value SHALL be "${who}"\n`;

t.test("--change over a monorepo applies each package's delta to the capability of its own OpenSpec tree, never to another package's of the same name", async (t) => {
  const dir = monorepo({ 'packages/b/openspec/changes/tighten/specs/auth/spec.md': MODIFIES_VALUE('b') });
  const run = await runIn(dir, ['--change', 'tighten', 'packages', '--reporter', 'json']);
  t.equal(run.exitCode, 1, 'b\'s failing requirement runs and fails the run');
  const started = run.events.flatMap((e) => (e.type === 'document-start' ? [e.file] : []));
  t.same(started, ['packages/b/openspec/specs/auth/spec.md'], "the change is applied to package b's spec");
  t.ok(run.points.some((p) => !p.ok && p.at?.file === 'packages/b/openspec/specs/auth/spec.md'), 'Extra fails');

  // b's delta names a requirement only package a has: OpenSpec cannot apply it to b's spec, as check says.
  const onlyA = monorepo({
    'packages/a/openspec/changes/tighten/specs/auth/spec.md': MODIFIES_VALUE('a'),
    'packages/b/openspec/changes/tighten/specs/auth/spec.md': `${MODIFIES_VALUE('b')}\n### Requirement: Onlya\nOnly a SHALL have it.\n\n#### Scenario: onlya\n- **GIVEN** the b value\n- **THEN** the b value SHALL be "b"\n`,
  });
  const refused = await runIn(onlyA, ['--change', 'tighten', 'packages']);
  t.equal(refused.exitCode, 2, refused.stdout);
  t.match(refused.stderr, /packages\/b\/openspec\/changes\/tighten\/specs\/auth\/spec\.md:\d+: MODIFIED requirement 'Onlya' names no requirement of packages\/b\/openspec\/specs\/auth\/spec\.md/);

  // Two packages' changes of the same requirement name meet on no spec: check warns of nothing.
  const both = monorepo({
    'packages/a/openspec/changes/one/specs/auth/spec.md': MODIFIES_VALUE('a'),
    'packages/b/openspec/changes/two/specs/auth/spec.md': MODIFIES_VALUE('b'),
  });
  const check = await runIn(both, ['check', 'packages']);
  t.notMatch(check.stdout, /warning: requirement auth#Value/, 'no change meets another package\'s');
});

t.test('--only-failures keeps --change: the failing units rerun in the capability with the change applied, not in the delta alone', async (t) => {
  const scenario = (name: string, when: string, result: number) => `#### Scenario: ${name}\n- **WHEN** I ${when}\n- **THEN** the result SHALL be ${result}\n`;
  const dir = project({
    'openspec/specs/calc/spec.md': `# calc\n\n### Requirement: Add\nThe calculator SHALL add.\n\n${scenario('add', 'add 1 and 1', 2)}`,
    'openspec/changes/add-sub/specs/calc/spec.md': `## ADDED Requirements\n\n### Requirement: Subtract\nThe calculator SHALL subtract.\n\n${scenario('sub', 'subtract 1 from 3', 1)}`,
    'steps.mjs': `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.r = a + b; });
When('I subtract {int} from {int}', function (a, b) { this.r = b - a; });
Then('the result SHALL be {int}', function (n) { assert.equal(this.r, n); });
`,
  });
  const first = await runIn(dir, ['--change', 'add-sub', 'openspec', '--steps', 'steps.mjs', '--reporter', 'json']);
  t.equal(first.exitCode, 1);
  for (const paths of [['openspec'], []]) {
    const rerun = await runIn(dir, ['--change', 'add-sub', '--only-failures', ...paths, '--steps', 'steps.mjs', '--reporter', 'json']);
    t.equal(rerun.exitCode, 1, `${paths.join(' ') || 'no path'}: ${rerun.stderr}`);
    const started = rerun.events.flatMap((e) => (e.type === 'document-start' ? [[e.file, e.name]] : []));
    t.same(started, [['openspec/specs/calc/spec.md', 'calc (after change add-sub)']], 'the capability with the change applied');
    t.same(rerun.events.flatMap((e) => (e.type === 'unit-start' ? [e.name] : [])), ['Subtract / sub'], 'only the failing unit');
  }
});

t.test('two active changes touching one requirement: a run of the tree and --change say it too, as a warning at each delta (CI runs the tree, not check), and pass', async (t) => {
  const ready = (body: string) => `## ADDED Requirements\n\n### Requirement: Yelling\nThe greeter SHALL ${body}.\n\n#### Scenario: Loud\n- **WHEN** the greeter shouts "Ada"\n- **THEN** the greeting SHALL be "HELLO, ADA"\n`;
  const files = Object.fromEntries(Object.entries({ c1: ready('yell'), c2: ready('yell louder') }).flatMap(([name, delta]) => [[`openspec/changes/${name}/proposal.md`, `# ${name}\n`], [`openspec/changes/${name}/specs/greeter/spec.md`, delta]]));
  const dir = project({ 'openspec/specs/greeter/spec.md': CANONICAL, ...files, 'steps/greeter.steps.mjs': STEPS });
  const tree = await runIn(dir, ['openspec', '--require-verified', '--reporter', 'json']);
  t.equal(tree.exitCode, 0, tree.stderr);
  for (const [here, other] of [['c1', 'c2'], ['c2', 'c1']]) {
    t.match(tree.stderr, `spec-run: warning: openspec/changes/${here}/specs/greeter/spec.md:3: requirement greeter#Yelling is ADDED here and ADDED by change '${other}'`, `${here}: on stderr`);
  }
  const said = tree.events.flatMap((event) => (event.type === 'document-start' ? (event.warnings ?? []).map((warning) => `${warning.at.file}:${warning.at.line}`) : []));
  t.same(said.sort(), ['openspec/changes/c1/specs/greeter/spec.md:3', 'openspec/changes/c2/specs/greeter/spec.md:3'], 'in the events, at each delta');
  const one = await runIn(dir, ['openspec', '--change', 'c1', '--reporter', 'json']);
  t.equal(one.exitCode, 0, one.stderr);
  t.match(one.stderr, "spec-run: warning: openspec/changes/c1/specs/greeter/spec.md:3: requirement greeter#Yelling is ADDED here and ADDED by change 'c2'");
  t.notMatch(one.stderr, /changes\/c2\/specs\/greeter\/spec\.md:3: requirement/, "the other change's delta is not run: its side is not said");
  // One change alone meets none.
  const alone = await runIn(changeProject('c1', ready('yell')), ['openspec', '--reporter', 'json']);
  t.notMatch(alone.stderr, /warning/);
});
