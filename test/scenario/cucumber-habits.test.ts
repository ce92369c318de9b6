// Habits of cucumber-js users that spec-run met wrongly: a parameter type whose
// transformer throws (it ended the whole document), snippets that used the built-in
// vocabulary's types for ordinary words ("the user" became "the {field}"), scenario
// outlines (dropped without a word), callbacks, errors thrown outside a step's promise
// (they ended spec-run). spec-run runs as a child process in a fresh directory.
import t from 'tap';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import type { RunEvent } from '../../src/model/events.js';
import { cli, project, runIn } from './user-project.js';

const DOC = `# Dimmer

### Requirement: Levels
The dimmer SHALL accept the levels it knows.

#### Scenario: A level it does not know yet
- **WHEN** the user sets the level to high
- **THEN** the lamp SHALL be lit

#### Scenario: A level it knows
- **WHEN** the user sets the level to low
- **THEN** the lamp SHALL be lit
`;

const STEPS = `import assert from 'node:assert/strict';
import { When, Then, defineParameterType } from 'spec-run/steps';
defineParameterType({
  name: 'level',
  regexp: /low|high/,
  async transformer(text) {
    if (text === 'high') throw new Error('level high is not known yet');
    return { low: 1 }[text];
  },
});
When('the user sets the level to {level}', function (level) { this.level = level; });
Then('the lamp SHALL be lit', function () { assert.equal(this.level, 1); });
`;

t.test("a transformer's error fails its step at the step's line; the document's other scenarios run", async (t) => {
  const result = await runIn(project({ 'doc.md': DOC, 'steps.mjs': STEPS }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(result.exitCode, 1);
  t.same(result.points.map((p) => [p.name, p.ok, p.skip ?? null]), [
    ['WHEN the user sets the level to high', false, null],
    ['THEN the lamp SHALL be lit', true, 'an earlier step failed (line 7)'],
    ['WHEN the user sets the level to low', true, null],
    ['THEN the lamp SHALL be lit', true, null],
  ], 'the async transformer was awaited: the level is 1, not a promise');
  t.match(result.points[0], { at: { file: 'doc.md', line: 7 }, diagnostics: { message: 'level high is not known yet', definition: 'steps.mjs:11 the user sets the level to {level}' } });
  const stack = result.points[0].diagnostics?.stack as string[];
  t.match(stack[0], /steps\.mjs:7/, "the stack starts at the user's transformer");
  t.notOk(stack.some((frame) => frame.includes('node_modules')), "spec-run's dependencies are left out of the stack");
});

t.test("snippets use cucumber's types and the user's own, not the built-in vocabulary's", async (t) => {
  const doc = `${DOC}- **AND** the user SHALL see the path ./lamp in 5 seconds\n`;
  const result = await runIn(project({ 'doc.md': doc, 'steps.mjs': STEPS }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  const undefinedStep = result.points.find((p) => p.diagnostics?.snippet !== undefined);
  const snippet = String(undefinedStep?.diagnostics?.snippet);
  t.match(snippet, /^Then\('the user SHALL see the path .* in \{int\} seconds', function \(int\) \{/);
  t.notMatch(snippet, /\{(field|path|duration|stream)\}/);
});

t.test("snippets are written in the language of the file they are redirected to, whatever the project's steps are written in", async (t) => {
  const doc = `${DOC}- **AND** the user SHALL see 5 lamps\n`;
  // The project writes TypeScript steps: snippets printed to a terminal or a pipe are TypeScript.
  const dir = project({ 'specs/doc.md': doc, 'specs/lamp.steps.ts': STEPS });
  mkdirSync(join(dir, 'steps'));
  const shell = (command: string) => spawnSync('sh', ['-c', command], { cwd: dir, encoding: 'utf8' });
  const snippets = `${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} snippets specs`;
  const js = shell(`${snippets} > steps/todo.steps.mjs`);
  t.equal(js.status, 0, js.stderr);
  t.match(js.stderr, /in JavaScript \(the name of the file written\)/);
  t.notMatch(readFileSync(join(dir, 'steps/todo.steps.mjs'), 'utf8'), /type World|: number/, 'no TypeScript in a .mjs file');
  const run = await runIn(dir, ['specs/doc.md', '--reporter', 'json']);
  t.notOk(run.points.some((p) => /cannot load steps file/.test(p.name)), 'the file written loads');
  t.ok(run.points.some((p) => p.todo === 'pending step' || p.diagnostics?.pending === true), 'and its snippet binds the step, pending until written');
  rmSync(join(dir, 'steps/todo.steps.mjs'));
  shell(`${snippets} > steps/todo.steps.ts`);
  t.match(readFileSync(join(dir, 'steps/todo.steps.ts'), 'utf8'), /this: World/, 'TypeScript in a .ts file');
  rmSync(join(dir, 'steps/todo.steps.ts'));
  const piped = shell(`${snippets} | cat`);
  t.match(piped.stdout, /this: World/, "through a pipe, the project's language");
  t.match(piped.stderr, /in TypeScript \(the project writes TypeScript steps; --language js for JavaScript\)/);
  const asked = shell(`${snippets} --language js | cat`);
  t.notMatch(asked.stdout, /this: World/, '--language js asks for JavaScript');
});

t.test('a scenario outline runs once per Examples row, placeholders filled in steps and their tables; one without Examples is a problem at its heading', async (t) => {
  const doc = `# Dimmer

### Requirement: Levels
The dimmer SHALL accept the levels it knows.

#### Scenario Outline: Each level
- **WHEN** the user sets the level to <level>
- **THEN** the lamp SHALL be lit
- **AND** the lamps SHALL be:

  | name   | level   |
  |--------|---------|
  | hall   | <level> |

##### Examples
| level |
|-------|
| low   |
| high  |

#### Scenario Outline: Nothing to fill in
- **WHEN** the user sets the level to <level>
`;
  const steps = `${STEPS}Then('the lamps SHALL be:', function (table) { this.attach('lamps', table.hashes()); });\n`;
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps });
  const run = await runIn(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(run.exitCode, 1);
  const starts = run.events.flatMap((e) => (e.type === 'unit-start' ? [[e.name, e.at.line]] : []));
  t.same(starts.slice(1), [
    ['Levels / Each level (level: low)', 18],
    ['Levels / Each level (level: high)', 19],
  ]);
  t.match(starts[0], [/^error: scenario outline 'Nothing to fill in' has no Examples table/, 21]);
  t.same(run.points.slice(1).map((p) => [p.name, p.ok, p.at?.line]), [
    ['WHEN the user sets the level to low', true, 7],
    ['THEN the lamp SHALL be lit', true, 8],
    ['AND the lamps SHALL be:', true, 9],
    ['WHEN the user sets the level to high', false, 7],
    ['THEN the lamp SHALL be lit', true, 8],
    ['AND the lamps SHALL be:', true, 9],
  ]);
  t.same(run.points[3].attachments, [{ name: 'lamps', value: [{ name: 'hall', level: 'low' }] }]);
  const check = await runIn(dir, ['check', 'doc.md', '--steps', 'steps.mjs']);
  t.match(check.stdout, /^doc\.md:21:1: error: scenario outline 'Nothing to fill in' has no Examples table/m);
  t.notMatch(check.stdout, /has no '#### Scenario:'/, 'an outline is a scenario of its requirement');
});

const ASYNC_DOC = `# Habits

### Requirement: Habits
The tool SHALL work.

#### Scenario: Callback style
- **WHEN** the tool waits with a callback
- **THEN** the tool SHALL have waited

#### Scenario: A throw in a timer while the step waits
- **WHEN** a timer throws while the step waits
- **THEN** the tool SHALL have waited

#### Scenario: A rejection nobody awaits
- **WHEN** a promise is rejected nobody awaits
- **THEN** the tool SHALL have waited

#### Scenario: Both a callback and a promise
- **WHEN** the async step also takes a callback

#### Scenario: More parameters than the step gives
- **WHEN** the tool takes 3 apples

#### Scenario: Inline code, attachments and logs
- **WHEN** I run \`wc -l\` on "a b"
- **THEN** the tool SHALL have waited
`;

const ASYNC_STEPS = `import { When, Then } from 'spec-run/steps';
When('the tool waits with a callback', function (done) { setTimeout(() => { this.waited = true; done(); }, 10); });
Then('the tool SHALL have waited', function () { if (!this.waited) throw new Error('not waited'); });
When('a timer throws while the step waits', async function () {
  setTimeout(() => { throw new Error('thrown in a timer'); }, 5);
  await new Promise((resolve) => setTimeout(resolve, 500));
});
When('a promise is rejected nobody awaits', function () { Promise.reject(new Error('nobody awaits me')); this.waited = true; });
When('the async step also takes a callback', async function (done) { done(); });
When('the tool takes {int} apples', function (count, table, extra) {});
When('I run \`wc -l\` on {string}', function (text) {
  this.waited = true;
  this.log('ran wc');
  this.attach(JSON.stringify({ text }), 'application/json');
  this.attach(Buffer.from('plain words'), { mediaType: 'text/plain', fileName: 'words.txt' });
  this.attach('a note');
});
`;

t.test("cucumber-js's callback interface, errors thrown outside the step's promise, arity mismatches, inline code, attach and log", async (t) => {
  const result = await runIn(project({ 'doc.md': ASYNC_DOC, 'steps.mjs': ASYNC_STEPS }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(result.exitCode, 1);
  t.notMatch(result.stderr, /thrown in a timer|nobody awaits me/, 'spec-run did not crash on them, nor write them to stderr');
  const byName = (name: string) => result.points.filter((p) => p.name === name);
  t.same(byName('WHEN the tool waits with a callback').map((p) => p.ok), [true], 'the step waited for its callback');
  t.same(byName('THEN the tool SHALL have waited').map((p) => [p.ok, p.skip ?? null]), [
    [true, null],
    [true, 'an earlier step failed (line 11)'],
    [true, 'an earlier step failed (line 15)'],
    [true, null],
  ]);
  t.match(byName('WHEN a timer throws while the step waits')[0], { ok: false, at: { line: 11 }, diagnostics: { message: 'thrown in a timer' } });
  t.match(byName('WHEN a promise is rejected nobody awaits')[0], { ok: false, at: { line: 15 }, diagnostics: { message: 'nobody awaits me' } });
  t.match(byName('WHEN the async step also takes a callback')[0], { ok: false, diagnostics: { message: /two asynchronous interfaces/ } });
  t.match(byName('WHEN the tool takes 3 apples')[0], { ok: false, diagnostics: { message: 'the definition takes 3 parameters; this step gives 1, 2 with a callback' } });
  t.match(byName('WHEN I run wc -l on "a b"')[0], {
    ok: true,
    attachments: [
      { name: 'log', value: 'ran wc' },
      { name: 'application/json', value: '{"text":"a b"}' },
      { name: 'words.txt', value: 'plain words' },
      { name: 'attachment', value: 'a note' },
    ],
  });
});

t.test('a callback called a second time fails its step or hook, or its scenario when called later: an error after success never vanishes', async (t) => {
  const doc = `### Requirement: Twice\nThe thing SHALL work.\n\n#### Scenario: twice at once\n- **WHEN** a step calls done twice\n- **THEN** the value SHALL be 1\n\n#### Scenario: an error later\n- **WHEN** a step calls done then later done with an error\n- **THEN** the value SHALL be 1\n\n#### Scenario: hook twice\n- **WHEN** nothing happens\n- **THEN** the value SHALL be 1\n\n#### Scenario: once\n- **WHEN** a step calls done once\n- **THEN** the value SHALL be 1\n`;
  const steps = `import assert from 'node:assert/strict';
import { When, Then, Before } from 'spec-run/steps';
When('a step calls done twice', function (done) { done(); done(); });
When('a step calls done once', function (done) { setTimeout(done, 10); });
When('a step calls done then later done with an error', function (done) { done(); setTimeout(() => done(new Error('second done with error')), 50); });
When('nothing happens', function () {});
Then('the value SHALL be {int}', function (n, done) { setTimeout(() => { assert.equal(n, 1); done(); }, 200); });
Before(function ({ pickle }, done) { done(); if (pickle.name === 'hook twice') done(new Error('hook second done error')); });
`;
  const result = await runIn(project({ 'doc.md': doc, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(result.exitCode, 1);
  const units = result.events.filter((e): e is Extract<RunEvent, { type: 'unit-start' }> => e.type === 'unit-start');
  const of = (scenario: string) => result.points.filter((p) => p.unitId === units.find((e) => e.name.endsWith(`/ ${scenario}`))?.unitId);
  t.match(of('twice at once')[0], { ok: false, name: 'WHEN a step calls done twice', diagnostics: { message: 'the callback was called 2 times; it must be called once' } });
  t.match(of('an error later').find((p) => !p.ok), { diagnostics: { message: 'the callback was called 2 times; it must be called once, and this call reported an error: second done with error' } });
  t.match(of('hook twice')[0], { ok: false, name: /^Before hook/, diagnostics: { message: /called 2 times; .*hook second done error/ } });
  t.ok(of('once').every((p) => p.ok && p.skip === undefined), 'a callback called once passes');
});

t.test('an import spec-run/steps does not offer is named, with what to do instead, in .mjs, .ts and a require() of .cjs alike', async (t) => {
  const steps = `import { When, setWorldConstructor } from 'spec-run/steps';\nclass CustomWorld {}\nsetWorldConstructor(CustomWorld);\nWhen('the user sets the level to {word}', function () {});\n`;
  const required = steps.replace("import { When, setWorldConstructor } from 'spec-run/steps';", "const { When, setWorldConstructor } = require('spec-run/steps');");
  for (const [name, text] of [['steps.mjs', steps], ['steps.ts', steps], ['steps.cjs', required]]) {
    const result = await runIn(project({ 'doc.md': DOC, [name]: text }), ['--steps', name, 'doc.md', '--reporter', 'json']);
    // An import names it at the import, as Node's own link error and tsc do; a require() is destructured at run time, where it is called.
    t.match(result.points[0], {
      ok: false,
      at: { line: name === 'steps.cjs' ? 3 : 1 },
      name: /^cannot load steps file: spec-run\/steps does not export 'setWorldConstructor': `this` is spec-run's world, fresh per scenario: set your own fields on it in a Before hook \(it exports .*BeforeAll.*\)$/,
    }, name);
  }
});

t.test('a steps file under a directory whose name holds a backslash, which Node cannot import, fails saying so and what to do', async (t) => {
  const dir = project({ 'specs/doc.md': DOC, 'specs/dimmer.steps.mjs': STEPS }, 'spec-run-back\\slash-');
  const result = await runIn(dir, ['specs/doc.md', '--reporter', 'json']);
  t.not(result.exitCode, 0);
  t.match(result.points[0], { ok: false, name: /^cannot load steps file: Node cannot import a module whose path holds a backslash \(.*back\\slash.*dimmer\.steps\.mjs\); rename the directory or file without it$/ });
});

t.test('steps files found by convention: beside the document and in the project directory, loaded without --steps', async (t) => {
  const beside = project({ 'specs/doc.md': DOC, 'specs/dimmer.steps.mjs': STEPS });
  const found = await runIn(beside, ['specs/doc.md', '--reporter', 'json']);
  t.match(found.points[2], { ok: true, diagnostics: { definition: /^specs\/dimmer\.steps\.mjs:\d+ / } }, 'a *.steps.mjs beside the document');
  const rooted = project({ 'specs/doc.md': DOC, 'steps/lamp/dimmer.mjs': STEPS });
  const fromRoot = await runIn(rooted, ['specs/doc.md', '--reporter', 'json']);
  t.match(fromRoot.points[2], { ok: true, diagnostics: { definition: /^steps\/lamp\/dimmer\.mjs:\d+ / } }, 'anything under steps/ in the project directory');
  const none = await runIn(project({ 'specs/doc.md': DOC }), ['specs/doc.md', '--reporter', 'json']);
  t.match(none.points[0], { ok: false, diagnostics: { hint: /^no steps file was loaded: spec-run looks for steps\.mjs, \*\.steps\.mjs/ } }, 'none anywhere: the undefined step says where spec-run looked');
  const other = project({ 'specs/doc.md': DOC, 'specs/dimmer.steps.mjs': STEPS, 'mine.mjs': "import { When } from 'spec-run/steps';\nWhen('nothing here', () => {});\n" });
  const given = await runIn(other, ['specs/doc.md', '--steps', 'mine.mjs', '--reporter', 'json']);
  t.match(given.points[2], { ok: false, diagnostics: { reason: /no step definition matches/ } }, '--steps replaces the convention');
});

t.test('a step written as a sentence, with its full stop, matches a definition without it; an ellipsis stays', async (t) => {
  const doc = `# Counter

### Requirement: Counting
The counter SHALL count.

#### Scenario: Sentences
- **WHEN** the user adds 2 items.
- **THEN** the total SHALL be 2.
- **AND** the total SHALL be shown...
`;
  const steps = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('the user adds {int} items', function (n) { this.total = n; });
Then('the total SHALL be {int}', function (n) { assert.equal(this.total, n); });
`;
  const result = await runIn(project({ 'doc.md': doc, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.same(result.points.map((p) => [p.ok, p.diagnostics?.snippet === undefined]), [[true, true], [true, true], [false, false]]);
  t.match(result.points[2].diagnostics?.snippet, /^Then\('the total SHALL be shown\.\.\.', function/);
});

t.test("a user's parameter type named as one of the built-in vocabulary's ({path}, {duration}) is the user's, and the built-in steps keep theirs", async (t) => {
  const doc = `# Files

### Requirement: Paths
The tool SHALL read paths.

#### Scenario: A path
- **WHEN** the tool reads the file notes.txt within 5 minutes
- **THEN** it SHALL have read notes.txt for 300 seconds
`;
  const steps = `import assert from 'node:assert/strict';
import { When, Then, defineParameterType } from 'spec-run/steps';
defineParameterType({ name: 'path', regexp: /[\\w.\\/-]+\\.\\w+/ });
defineParameterType({ name: 'duration', regexp: /\\d+ minutes?/, transformer: (text) => parseInt(text, 10) * 60 });
When('the tool reads the file {path} within {duration}', function (file, seconds) { this.read = [file, seconds]; });
Then('it SHALL have read {path} for {int} seconds', function (file, seconds) { assert.deepEqual(this.read, [file, seconds]); });
`;
  const result = await runIn(project({ 'doc.md': doc, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(result.exitCode, 0, result.stdout);
  t.same(result.points.map((p) => p.ok), [true, true]);
  const builtin = await runIn(project({ 'doc.md': doc, 'steps.mjs': steps }), ['steps', 'doc.md', '--steps', 'steps.mjs']);
  t.match(builtin.stderr, /0 problems/, 'the built-in definitions using {duration} and {path} still compile');
});

t.test('a steps file whose top level awaits what can never settle is a problem at once, one still waiting on a timer at the unit time limit; the run reports and ends', async (t) => {
  const never = `import { When } from 'spec-run/steps';\nawait new Promise(() => {});\nWhen('never registered', function () {});\n`;
  const started = Date.now();
  const result = await runIn(project({ 'doc.md': DOC, 'steps.mjs': never }), ['--steps', 'steps.mjs', 'doc.md', '--timeout', '60s', '--reporter', 'json']);
  t.ok(Date.now() - started < 30_000, 'refused at once, not at the unit time limit');
  t.equal(result.exitCode, 1, 'not 13, the exit of a top-level await Node gave up on');
  t.match(result.points[0], { ok: false, name: /^cannot load steps file: its top level awaits what can never settle: nothing is left pending that could settle it/ });
  t.match(result.stderr, /0 passed, 5 failed, 0 skipped, 0 todo/, 'the problem and, strict by default, the 4 steps it left undefined');

  const waiting = `import { When } from 'spec-run/steps';\nawait new Promise((resolve) => setTimeout(resolve, 120_000));\nWhen('never registered', function () {});\n`;
  const late = await runIn(project({ 'doc.md': DOC, 'steps.mjs': waiting }), ['--steps', 'steps.mjs', 'doc.md', '--timeout', '2s', '--reporter', 'json']);
  t.equal(late.exitCode, 1);
  t.match(late.points[0], { ok: false, name: /^cannot load steps file: its top level did not finish within 2000 ms/ }, 'a timer it awaits may settle it: waited for up to the limit');
});

t.test("hooks as cucumber-js runs them: a pending Before fails the run, a hook taking a callback is waited for, After and AfterAll in reverse order; a definition that drops a captured value fails; DataTable's instanceof holds", async (t) => {
  const doc = `# Habits\n\n### Requirement: Habits\nIt SHALL behave.\n\n#### Scenario: First\n- **GIVEN** the database is ready\n- **THEN** 100 cents after 999 days\n- **AND** a table:\n\n  | a |\n  | - |\n  | 1 |\n`;
  const steps = `import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { Given, Then, Before, After, BeforeAll, AfterAll, DataTable } from 'spec-run/steps';
const log = (line) => appendFileSync('hooks.log', line + '\\n');
BeforeAll(function () { log('BeforeAll-1'); });
BeforeAll(function () { log('BeforeAll-2'); });
AfterAll(function () { log('AfterAll-1'); });
AfterAll(function (callback) { setTimeout(() => { log('AfterAll-2'); callback(); }, 10); });
Before(function (scenario, callback) { setTimeout(() => { this.ready = true; callback(); }, 20); });
After(function () { log('After-1'); });
After(function () { log('After-2'); });
Given('the database is ready', function () { assert.equal(this.ready, true); });
Then('{int} cents after {int} days', function (cents) { assert.equal(cents, 100); });
Then('a table:', function (table) { assert.ok(table instanceof DataTable, 'an instance of the DataTable the steps file imports'); });
`;
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps });
  const result = await runIn(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.match(result.points, [
    { name: 'GIVEN the database is ready', ok: true },
    { name: 'THEN 100 cents after 999 days', ok: false, diagnostics: { reason: /the definition takes 1 parameter; this step gives 2, which it would drop/ } },
    { name: 'AND a table:', ok: true, skip: /an earlier step failed/ },
  ]);
  t.same(readFileSync(join(dir, 'hooks.log'), 'utf8').trim().split('\n'), ['BeforeAll-1', 'BeforeAll-2', 'After-2', 'After-1', 'AfterAll-2', 'AfterAll-1'], 'teardown in the reverse of the setup order');
  const tableOnly = await runIn(project({ 'doc.md': doc.replace('- **THEN** 100 cents after 999 days\n- **AND** a table:', '- **THEN** a table:'), 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(tableOnly.exitCode, 0, `instanceof DataTable holds (${JSON.stringify(tableOnly.points.filter((p) => !p.ok))})`);
  const pending = `import { Given, Before } from 'spec-run/steps';\nBefore(function () { return 'pending'; });\nGiven('the database is ready', function () {});\nGiven('{int} cents after {int} days', function (a, b) {});\nGiven('a table:', function (table) {});\n`;
  const strict = await runIn(project({ 'doc.md': doc, 'steps.mjs': pending }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(strict.exitCode, 1, 'a pending Before hook fails the run, strict');
  t.match(strict.points[0], { ok: false, diagnostics: { reason: /the Before hook \(.*steps\.mjs:2\) is pending \(strict/ } });
  t.ok(strict.points.slice(1).every((p) => p.skip !== undefined), 'and its scenario\'s steps do not run');
});

t.test("what hooks attach is shown: a Before hook's with the first step that runs, After hooks' with the scenario's last point, a failing After hook's with its own", async (t) => {
  const doc = '### Requirement: A\nThe hooks SHALL report.\n\n#### Scenario: One\n- **WHEN** a step runs\n- **THEN** it fails\n';
  const steps = `import { When, Then, Before, After } from 'spec-run/steps';
Before(function () { this.log('from Before'); });
After(function () { this.attach('after-1', 'first defined'); throw new Error('teardown failed'); });
After(function ({ result }) { this.attach('screenshot', result.status); });
When('a step runs', function () { this.log('from the step'); });
Then('it fails', function () { throw new Error('x'); });
`;
  const run = await runIn(project({ 'a.spec.md': doc, 'steps.mjs': steps }), ['a.spec.md', '--reporter', 'json']);
  t.same(
    run.points.map((p) => [p.name, p.ok, (p.attachments ?? []).map((a) => `${a.name}: ${String(a.value)}`)]),
    [
      ['WHEN a step runs', true, ['log: from Before', 'log: from the step']],
      ['THEN it fails', false, ['screenshot: FAILED']],
      ['After hook (steps.mjs:3)', false, ['after-1: first defined']],
    ],
  );
});

t.test('a timeout of -1 (cucumber-js: none) leaves the unit time limit alone; a bad one fails the run where it is written, and its step is still defined', async (t) => {
  const doc = '### Requirement: A\nThe migration SHALL finish.\n\n#### Scenario: Long\n- **WHEN** the long migration runs\n- **THEN** it is done\n';
  const steps = "import { When, Then, setDefaultTimeout } from 'spec-run/steps';\nsetDefaultTimeout(-1);\nWhen('the long migration runs', { timeout: -1 }, function () { return new Promise((r) => setTimeout(r, 100)); });\nThen('it is done', { timeout: 0 }, function () { if (!this.scenario) throw new Error(); this.held = true; });\n";
  const run = await runIn(project({ 'a.spec.md': doc, 'steps.mjs': steps }), ['a.spec.md', '--reporter', 'json']);
  t.equal(run.exitCode, 1, 'the bad timeout fails the run');
  t.match(run.points.map((p) => [p.name, p.ok]), [[/Then\(it is done\): timeout must be a positive number of milliseconds \(or -1 for none but the unit time limit\), not 0/, false], ['WHEN the long migration runs', true], ['THEN it is done', true]]);
  t.notMatch(JSON.stringify(run.points), /no step definition matches/);
});

t.test("a name a CommonJS steps file takes from require('spec-run/steps') that it does not export is an error at its line, though the file loads", async (t) => {
  const steps = "const { When, Status } = require('spec-run/steps');\nWhen('the user sets the level to {word}', function () { return Status.PENDING; });\n";
  const dir = project({ 'doc.md': DOC, 'steps.cjs': steps });
  const check = await runIn(dir, ['check', 'doc.md', '--steps', 'steps.cjs']);
  t.equal(check.exitCode, 1);
  t.match(check.stdout, /steps\.cjs:1:1: error: spec-run\/steps does not export 'Status': a step returns 'pending' or 'skipped'/);
});

t.test("file:LINE in a scenario outline, as cucumber-js's: its heading or a step runs every row, an Examples heading or header every row of that table, a row itself", async (t) => {
  const outline = '### Requirement: Levels\nThe system SHALL map levels.\n\n#### Scenario Outline: Each level\n- **WHEN** the level is <level>\n- **THEN** the code SHALL be <code>\n\n##### Examples\n\n| level | code |\n|-------|------|\n| low   | 1    |\n| mid   | 2    |\n| high  | 9    |\n';
  const steps = "import assert from 'node:assert/strict';\nimport { When, Then } from 'spec-run/steps';\nWhen('the level is {word}', function (l) { this.code = { low: 1, mid: 2, high: 3 }[l]; });\nThen('the code SHALL be {int}', function (c) { assert.equal(this.code, c); });\n";
  const dir = project({ 'specs/o.spec.md': outline, 'specs/steps.mjs': steps });
  const rows = (events: { type: string; name?: string }[]) => events.flatMap((e) => (e.type === 'unit-start' ? (/level: (\w+)/.exec(e.name ?? '')?.[1] ?? []) : []));
  for (const line of [4, 5, 6, 8, 10, 11]) {
    const run = await runIn(dir, [`specs/o.spec.md:${line}`, '--reporter', 'json']);
    t.same(rows(run.events), ['low', 'mid', 'high'], `line ${line}: every row`);
    t.equal(run.exitCode, 1, `line ${line}: the failing row fails the run`);
  }
  const one = await runIn(dir, ['specs/o.spec.md:13', '--reporter', 'json']);
  t.same(rows(one.events), ['mid'], 'a row: that row');
  t.equal(one.exitCode, 0);
  const marked = project({ 'specs/o.spec.md': outline.replace('Scenario Outline: Each level', 'Scenario Outline: Each `level`'), 'specs/steps.mjs': steps });
  t.same(rows((await runIn(marked, ['specs/o.spec.md:4', '--reporter', 'json'])).events), ['low', 'mid', 'high'], 'an outline heading with inline code in it');
  const two = await runIn(dir, ['specs/o.spec.md:12:13', '--reporter', 'json']);
  t.same(rows(two.events), ['low', 'mid'], "cucumber-js's file:LINE:LINE: the rows of both lines");
  for (const whole of [['specs/o.spec.md', 'specs/o.spec.md:13'], ['specs/', 'specs/o.spec.md:13']]) {
    const both = await runIn(dir, [...whole, '--reporter', 'json']);
    t.same(rows(both.events), ['low', 'mid', 'high'], `${whole.join(' ')}: given whole too, the document runs whole`);
  }
});

t.test('generator steps and hooks are refused (their bodies would never run); an After or AfterAll hook that skips is a skipped point, the requirement untested; a steps-file problem fails the requirements', async (t) => {
  const spec = '### Requirement: R\nThe thing SHALL work.\n\n#### Scenario: s\n- **THEN** it works\n';
  const generators = await runIn(project({ 'specs/r.spec.md': spec, 'steps.mjs': "import assert from 'node:assert/strict';\nimport { When, Before } from 'spec-run/steps';\nWhen('it works', function* () { assert.fail('never'); });\nBefore(async function* () {});\n" }), ['specs/', '--reporter', 'json']);
  t.not(generators.exitCode, 0);
  t.match(generators.points.filter((p) => !p.ok).map((p) => p.name), [/^When\(it works\): a generator function \(function\*\) returns a generator and never runs its body/, /^Before: a generator function/, /THEN it works/]);
  const skipping = await runIn(project({ 'specs/r.spec.md': spec, 'steps.mjs': "import { When, After, AfterAll } from 'spec-run/steps';\nWhen('it works', function () { if (!this.scenario) throw new Error(); this.held = true; });\nAfter(function () { this.skip('no database'); });\nAfterAll(function () { return 'skipped'; });\nAfterAll(function () { return 'skipped'; });\n" }), ['specs/', '--require-verified', '--reporter', 'json']);
  t.equal(skipping.exitCode, 1, 'the requirement is not verified');
  t.same(skipping.points.filter((p) => p.skip).map((p) => p.name), ['After hook (steps.mjs:3)', 'AfterAll hook (steps.mjs:5)', 'AfterAll hook (steps.mjs:4)']);
  const unitIds = skipping.events.flatMap((e) => (e.type === 'unit-start' ? [e.unitId] : []));
  t.equal(new Set(unitIds).size, unitIds.length, 'each skipping AfterAll hook a unit of its own');
  const end = skipping.events.find((e) => e.type === 'run-end');
  t.equal(end?.type === 'run-end' && end.requirements?.[0].status, 'untested');
  const broken = await runIn(project({ 'specs/r.spec.md': spec, 'steps.mjs': "import { When, Before } from 'spec-run/steps';\nBefore('clean database', function () {});\nWhen('it works', function () {});\n" }), ['specs/', '--reporter', 'json']);
  const brokenEnd = broken.events.find((e) => e.type === 'run-end');
  t.equal(brokenEnd?.type === 'run-end' && brokenEnd.requirements?.[0].status, 'failing', 'its scenarios ran without the hook the author wrote');
});

t.test('a table right after a step ending in a colon, outside its bullet, is its data table', async (t) => {
  const spec = '### Requirement: Data\nThe thing SHALL work.\n\n#### Scenario: loose table\n- **GIVEN** the items:\n\n| name | qty |\n|------|-----|\n| a    | 1   |\n\n- **THEN** the items SHALL number 1\n';
  const steps = "import assert from 'node:assert/strict';\nimport { Given, Then } from 'spec-run/steps';\nGiven('the items:', function (table) { this.items = table.hashes(); });\nThen('the items SHALL number {int}', function (n) { assert.equal(this.items.length, n); });\n";
  const run = await runIn(project({ 'specs/d.spec.md': spec, 'steps.mjs': steps }), ['specs/', '--reporter', 'json']);
  t.equal(run.exitCode, 0);
  t.same(run.points.map((p) => [p.ok, p.name]), [[true, 'GIVEN the items:'], [true, 'THEN the items SHALL number 1']]);
});

t.test('a Lisp block in an OpenSpec scenario that no step or hook reads is a skipped point: it never ran, and its requirement is not verified', async (t) => {
  const spec = '### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **THEN** all is well\n\n```lisp\n(assert (= 1 2))\n```\n';
  const unread = await runIn(project({ 'specs/l.spec.md': spec, 'steps.mjs': "import { When } from 'spec-run/steps';\nWhen('all is well', function () { if (!this.scenario) throw new Error(); this.held = true; });\n" }), ['specs/', '--require-verified', '--reporter', 'json']);
  t.equal(unread.exitCode, 1);
  t.match(unread.points.find((p) => p.skip), { name: 'the lisp block at line 8', at: { line: 8 }, skip: /^not run: spec-run evaluates no Lisp in an OpenSpec scenario, and no step or hook read this block/ });
  const read = await runIn(project({ 'specs/l.spec.md': spec, 'steps.mjs': "import assert from 'node:assert/strict';\nimport { When } from 'spec-run/steps';\nWhen('all is well', function () { assert.equal(this.blocks[0].lang, 'lisp'); });\n" }), ['specs/', '--require-verified', '--reporter', 'json']);
  t.equal(read.exitCode, 0, 'a step that reads the block takes it on');
  t.same(read.points.filter((p) => p.skip), []);
});
