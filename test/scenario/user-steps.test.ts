// A user's own step definitions, end to end: spec-run run as a child process on a
// WHEN/THEN document and a steps file in a fresh directory, as a new user would.
import t from 'tap';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'tap-parser';
import type { RunEvent } from '../../src/model/events.js';
import { project as userProject, runIn, type Point } from './user-project.js';

const ADDER_DOC = `# Adder

### Requirement: Addition
The adder SHALL add.

#### Scenario: Two numbers
- **WHEN** I add 2 and 3
- **THEN** the sum SHALL be 5
`;

const ADDER_STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.sum = a + b; });
Then('the sum SHALL be {int}', function (n) { assert.equal(this.sum, n); });
`;

const project = (files: Record<string, string>) => userProject(files, 'spec-run-user-steps-');
const run = runIn;

const points = (events: RunEvent[]) => events.filter((e): e is Point => e.type === 'point');

t.test('steps.mjs and a WHEN/THEN document: two passing points, valid TAP', async (t) => {
  const dir = project({ 'doc.md': ADDER_DOC, 'steps.mjs': ADDER_STEPS });
  const result = await run(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'tap']);
  t.equal(result.exitCode, 0, result.stderr);
  const parsed = await new Promise<{ ok: boolean; count: number }>((resolve) => {
    const parser = new Parser(resolve);
    parser.end(result.stdout);
  });
  t.equal(parsed.ok, true);
  t.match(result.stderr, /2 passed, 0 failed, 0 skipped, 0 todo/);
});

t.test('plain Given/When/Then/And/But bullets are steps too', async (t) => {
  const doc = ADDER_DOC.replace('- **WHEN** I add 2 and 3\n- **THEN** the sum SHALL be 5\n', '- Given I add 2 and 3\n- Then the sum SHALL be 5\n- But the sum SHALL be 5\n');
  const dir = project({ 'doc.md': doc, 'steps.mjs': ADDER_STEPS });
  const result = await run(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.same(points(result.events).map((p) => [p.name, p.ok]), [['Given I add 2 and 3', true], ['Then the sum SHALL be 5', true], ['But the sum SHALL be 5', true]]);
});

t.test('a wrong expected value: not ok at the document line, with expected and actual', async (t) => {
  const dir = project({ 'doc.md': ADDER_DOC.replace('be 5', 'be 6'), 'steps.mjs': ADDER_STEPS });
  const result = await run(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(result.exitCode, 1);
  const [when, then] = points(result.events);
  t.equal(when.ok, true);
  t.match(then, { ok: false, at: { file: 'doc.md', line: 8 }, diagnostics: { expected: 6, actual: 5, definition: 'steps.mjs:4 the sum SHALL be {int}' } });
  t.match((then.diagnostics?.stack as string[])[0], /steps\.mjs:4/, 'the stack shows the user\'s own frame');
});

t.test('two definitions matching one step: it fails naming both, and the step after it is skipped', async (t) => {
  const steps = `${ADDER_STEPS}import { When as W } from 'spec-run/steps';\nW(/^I add (\\d+) and (\\d+)$/, function () {});\n`;
  const dir = project({ 'doc.md': ADDER_DOC, 'steps.mjs': steps });
  const result = await run(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  const [when, then] = points(result.events);
  t.match(when, { ok: false, diagnostics: { reason: /ambiguous/ } });
  t.same(when.diagnostics?.definitions, ['steps.mjs:3 I add {int} and {int}', 'steps.mjs:6 /^I add (\\d+) and (\\d+)$/']);
  t.match(then, { ok: true, skip: 'an earlier step failed (line 7)' });
});

t.test("a user's definition of a sentence a built-in step also matches: not active, no collision; active, the user's wins", async (t) => {
  const doc = `${ADDER_DOC}- **AND** the process SHALL be terminated\n`;
  const steps = `${ADDER_STEPS}import { Then as T } from 'spec-run/steps';\nT('the process SHALL be terminated', function () { this.mine = true; });\n`;
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps });
  const result = await run(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(result.exitCode, 0, result.stderr);
  t.same(points(result.events).map((p) => [p.ok, p.diagnostics?.definition]), [
    [true, 'steps.mjs:3 I add {int} and {int}'],
    [true, 'steps.mjs:4 the sum SHALL be {int}'],
    [true, 'steps.mjs:6 the process SHALL be terminated'],
  ]);
  const enabled = await run(dir, ['--steps', 'steps.mjs', 'doc.md', '--executor-steps', '--reporter', 'json']);
  t.equal(enabled.exitCode, 0, enabled.stderr);
  t.equal(points(enabled.events)[2].diagnostics?.definition, 'steps.mjs:6 the process SHALL be terminated', 'with the built-in steps active, the user\'s own definition binds: no ambiguity');
});

t.test('one expression defined in two steps files: reported at load with both places, and the step is ambiguous and runs neither', async (t) => {
  const second = `import { Then } from 'spec-run/steps';\nThen('the sum SHALL be {int}', function () { throw new Error('must not run'); });\n`;
  const dir = project({ 'doc.md': ADDER_DOC, 'steps.mjs': ADDER_STEPS, 'more.steps.mjs': second });
  const result = await run(dir, ['--steps', 'steps.mjs', '--steps', 'more.steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(result.exitCode, 1);
  const all = points(result.events);
  t.match(all[0], { ok: false, name: 'the same expression "the sum SHALL be {int}" is defined twice: at steps.mjs:4 and at more.steps.mjs:2; the steps it matches are ambiguous', at: { file: 'more.steps.mjs', line: 2 } });
  const then = all.find((p) => p.name.startsWith('THEN'));
  t.match(then, { ok: false, at: { line: 8 }, diagnostics: { reason: /ambiguous/ } });
  t.same(then?.diagnostics?.definitions, ['steps.mjs:4 the sum SHALL be {int}', 'more.steps.mjs:2 the sum SHALL be {int}'], 'naming both, relative to the working directory');
  t.notMatch(JSON.stringify(all), /must not run/, 'neither definition ran');
});

t.test('TypeScript steps: loaded without a build step, undefined steps get a TypeScript snippet, --strict fails them', async (t) => {
  const steps = `import assert from 'node:assert/strict';
import { When, Then, type World } from 'spec-run/steps';
When('I add {int} and {int}', function (this: World, a: number, b: number) { this.sum = a + b; });
Then('the sum SHALL be {int}', function (this: World, n: number) { assert.equal(this.sum, n); });
`;
  const dir = project({ 'doc.md': `${ADDER_DOC}- **AND** the moon SHALL turn 3 times green\n`, 'steps.ts': steps });
  const result = await run(dir, ['--steps', '*.ts', 'doc.md', '--no-strict', '--reporter', 'json']);
  t.equal(result.exitCode, 0, result.stderr);
  const [, sum, moon] = points(result.events);
  t.equal(sum.ok, true);
  t.match(moon, { todo: 'undefined step' });
  t.equal(moon.diagnostics?.snippet, ["Then('the moon SHALL turn {int} times green', function (this: World, int: number) {", '  // Write code here that turns the phrase above into concrete actions', "  return 'pending';", '});'].join('\n'));
  const strict = await run(dir, ['--steps', 'steps.ts', 'doc.md', '--reporter', 'json']);
  t.equal(strict.exitCode, 1, 'strict by default');
});

t.test('the world: parsed blocks, attachments, commands through the executor, hooks; --dry-run runs nothing', async (t) => {
  const doc = `# Tool

### Requirement: Echo
The tool SHALL echo.

#### Scenario: Echo a word
\`\`\`yaml
word: hello
\`\`\`
- **WHEN** the tool runs
- **THEN** it SHALL print the configured word
`;
  const steps = `import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { Before, After, When, Then } from 'spec-run/steps';
Before(function () { this.log = ['before']; });
When('the tool runs', async function () {
  writeFileSync('ran', 'yes');
  this.result = await this.run(\`echo \${this.blocks[0].data.word}\`, { timeout: '10s' });
});
Then('it SHALL print the configured word', function () {
  this.attach('block line', this.blocks[0].line);
  this.attach('names', [this.requirement, this.scenario]);
  assert.equal(this.result.stdout, 'hello');
  assert.equal(this.result.exitCode, 0);
});
After(function () { assert.deepEqual(this.log, ['before']); });
`;
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps });
  const dry = await run(dir, ['--steps', 'steps.mjs', 'doc.md', '--dry-run', '--reporter', 'json']);
  t.same(points(dry.events).map((p) => p.skip), ['dry run: bound, not run', 'dry run: bound, not run']);
  t.notOk(existsSync(path.join(dir, 'ran')), 'no step ran');
  const result = await run(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(result.exitCode, 0, result.stdout);
  const [, then] = points(result.events);
  t.same(then.attachments, [
    { name: 'block line', value: 8 },
    { name: 'names', value: ['Echo', 'Echo a word'] },
  ]);
});

t.test('spec-run steps lists each definition with its uses, and the unused ones', async (t) => {
  const dir = project({ 'doc.md': ADDER_DOC, 'steps.mjs': `${ADDER_STEPS}Then('nobody says this', function () { if (!this.scenario) throw new Error(); this.held = true; });\n` });
  const result = await run(dir, ['steps', 'doc.md', '--steps', 'steps.mjs']);
  t.equal(result.exitCode, 0, result.stderr);
  t.match(result.stdout, /When\(I add \{int\} and \{int\}\) {2}steps\.mjs:3\n {4}used at doc\.md:7/);
  t.match(result.stdout, /Then\(nobody says this\) {2}steps\.mjs:5\n {4}UNUSED/);
  t.match(result.stderr, /definitions \(\d+ unused\), 0 undefined steps, 0 ambiguous, 0 problems/);
});

t.test("the world's MCP client talks to the built-in runtime", async (t) => {
  const doc = `# Runtime

### Requirement: Arithmetic
The runtime SHALL evaluate Lisp.

#### Scenario: A sum
- **WHEN** the runtime evaluates "(+ 1 2)"
- **THEN** the answer SHALL contain "=> 3"
`;
  const steps = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('the runtime evaluates {string}', async function (code) {
  const client = await this.mcp();
  const { tools } = await client.listTools();
  assert.ok(tools.some((tool) => tool.name === 'evaluate-lisp'));
  this.answer = await client.callTool({ name: 'evaluate-lisp', arguments: { code } });
});
Then('the answer SHALL contain {string}', function (text) {
  this.attach('answer', this.answer);
  assert.ok(this.answer.content[0].text.includes(text));
});
`;
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps });
  const result = await run(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(result.exitCode, 0, result.stdout);
  t.same(points(result.events).map((p) => p.ok && p.skip === undefined), [true, true]);
});

t.test("this.run applies the executor's rules before anything runs, in the words spec-run exec uses: a signed user, a NUL, a limit the host cannot apply", async (t) => {
  const dir = project({
    'specs/run.spec.md': '### Requirement: Refused\nThe steps SHALL be refused.\n\n#### Scenario: signed user\n- **WHEN** it runs as user "+5"\n- **THEN** nothing ran\n\n#### Scenario: NUL\n- **WHEN** it runs with a NUL in its environment\n- **THEN** nothing ran\n\n#### Scenario: host user\n- **WHEN** it runs on the host as user "5"\n- **THEN** nothing ran\n',
    'steps/run.steps.mjs': `import { When, Then } from 'spec-run/steps';
When('it runs as user {string}', async function (user) { await this.run('touch ran', { image: 'spec-run/busybox:local', user }); });
When('it runs with a NUL in its environment', async function () { await this.run('touch ran', { env: { A: 'x\\0y' } }); });
When('it runs on the host as user {string}', async function (user) { await this.run('touch ran', { user }); });
Then('nothing ran', function () { if (!this.scenario) throw new Error(); this.held = true; });
`,
  });
  const result = await run(dir, ['specs/', '--reporter', 'json']);
  t.equal(result.exitCode, 1);
  const failures = points(result.events).filter((p) => !p.ok).map((p) => p.diagnostics?.message);
  t.same(failures, [
    'world.run: user: must be a user name or uid[:gid] (ids from 0 to 2147483647), not "+5"',
    'world.run: env.A: must not contain a NUL character (\\0): no command line, path or variable can hold one',
    'world.run: user: applies in a container only: this command has no image:, so it would run on the host without it (add image:, or remove user:)',
  ]);
  t.notOk(existsSync(path.join(dir, 'ran')), 'no command ran');
});

t.test("this.run() says how many lines of each stream it did not keep, as a field and a note: past maxOutputLines and past the 1 MiB cap", async (t) => {
  const doc = '### Requirement: Output\nThe build SHALL print.\n\n#### Scenario: prints\n- **WHEN** the build prints 200000 lines\n- **THEN** the output is reported\n';
  const steps = `import { When, Then } from 'spec-run/steps';
When('the build prints {int} lines', async function (n) {
  const print = \`node -e "for (let i = 1; i <= \${n}; i++) console.log('compiled module ' + i)"\`;
  for (const [name, options] of [['capped', {}], ['limited', { maxOutputLines: 3 }], ['whole', {}]]) {
    const result = await this.run(name === 'whole' ? 'echo one; echo two >&2' : print, options);
    this.attach(name, { omitted: result.omitted, notes: result.notes, kept: result.stdout.split('\\n').length });
  }
});
Then('the output is reported', function () { if (!this.scenario) throw new Error(); this.held = true; });
`;
  const result = await run(project({ 'doc.md': doc, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(result.exitCode, 0, result.stderr);
  const attached = Object.fromEntries((points(result.events)[0].attachments ?? []).map((a) => [a.name, a.value as { omitted: { stdout: number; stderr: number }; notes: string[]; kept: number }]));
  const capped = attached.capped;
  t.ok(capped.kept < 200000 && capped.kept > 1000, `the 1 MiB cap kept ${capped.kept} lines`);
  t.same(capped.omitted, { stdout: 200000 - capped.kept, stderr: 0 }, 'every line not kept is counted');
  t.match(capped.notes, [/^output cut at \d+ lines: stored output is capped; \d+ more of 200000 lines were counted, not kept$/]);
  t.same(attached.limited, { omitted: { stdout: 199997, stderr: 0 }, notes: ['Showing 3 of 200000 output lines'], kept: 3 }, 'the line limit, likewise');
  t.same(attached.whole, { omitted: { stdout: 0, stderr: 0 }, notes: [], kept: 1 }, 'nothing omitted: zeros and no note');
});

t.test('a scenario with no THEN checks nothing: its verdict is a skipped point, so its requirement is not verified, and check warns', async (t) => {
  const doc = '### Requirement: Slugs are lowercase\nThe library SHALL produce lowercase slugs.\n\n#### Scenario: Upper case title\n- **GIVEN** the title "HELLO"\n- **WHEN** it is slugified\n';
  const steps = "import { Given, When } from 'spec-run/steps';\nGiven('the title {string}', function (t) { this.title = t; });\nWhen('it is slugified', function () { this.slug = this.title.toUpperCase(); });\n";
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps, 'then.md': `${doc}- **THEN** the slug SHALL be lowercase\n`, 'then.steps.mjs': "import assert from 'node:assert/strict';\nimport { Then } from 'spec-run/steps';\nThen('the slug SHALL be lowercase', function () { assert.equal(this.slug, this.slug.toLowerCase()); });\n" });
  const gated = await run(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json', '--require-verified']);
  t.equal(gated.exitCode, 1, 'nothing states what must hold: --require-verified fails');
  const last = gated.points.at(-1)!;
  t.match(last, { ok: true, name: 'Upper case title (a scenario that checks nothing)', at: { line: 4 }, skip: /it has no THEN step/ });
  const end = gated.events.find((e) => e.type === 'run-end');
  t.match(end, { requirements: [{ status: 'untested' }], counts: { passed: 2, skipped: 1 } }, 'its requirement is not verified');
  const check = await run(dir, ['check', '--steps', 'steps.mjs', 'doc.md']);
  t.equal(check.exitCode, 0, 'a warning');
  t.match(check.stdout, /doc\.md:4:1: warning: scenario 'Upper case title': checks nothing: it has no THEN step.*a run skips its verdict/);
  const withThen = await run(dir, ['--steps', 'steps.mjs', '--steps', 'then.steps.mjs', 'then.md', '--reporter', 'json']);
  t.equal(withThen.exitCode, 1, 'with a THEN, the wrong When is caught');
  t.match(withThen.points.at(-1), { ok: false, name: 'THEN the slug SHALL be lowercase' });
  const checkThen = await run(dir, ['check', '--steps', 'steps.mjs', '--steps', 'then.steps.mjs', 'then.md']);
  t.notMatch(checkThen.stdout, /checks nothing/);
});

t.test('a run whose every THEN was skipped, pending or undefined checked nothing: its Givens and Whens passing check nothing, so it fails', async (t) => {
  const doc = (then: string) => `### Requirement: Sums\nThe sum SHALL hold.\n\n#### Scenario: one\n- **GIVEN** a cart\n- **WHEN** the user checks out\n- **THEN** ${then}\n`;
  const steps = "import assert from 'node:assert/strict';\nimport { Given, When, Then } from 'spec-run/steps';\nGiven('a cart', function () { this.cart = []; });\nWhen('the user checks out', function () {});\nThen('it SHALL be checked later', function () { return 'skipped'; });\nThen('it SHALL be skipped', function () { this.skip('not now'); });\nThen('it SHALL be written some day', function () { return 'pending'; });\nThen('it SHALL be there', function () { assert.ok(this.cart); });\n";
  const dir = project({ 'skipped/a.md': doc('it SHALL be checked later'), 'skipped/b.md': doc('it SHALL be skipped'), 'todo/a.md': doc('it SHALL be written some day'), 'todo/b.md': doc('it SHALL be nobody knows'), 'held.md': doc('it SHALL be there'), 'steps.mjs': steps });
  const skipped = await run(dir, ['--steps', 'steps.mjs', 'skipped/', '--reporter', 'json']);
  t.equal(skipped.exitCode, 1, 'every THEN skipped: the run fails');
  t.match(skipped.points.filter((p) => p.ok && p.skip === undefined), [{ name: 'GIVEN a cart', unchecked: true }, { name: 'WHEN the user checks out', unchecked: true }, { unchecked: true }, { unchecked: true }]);
  t.match(skipped.events.find((e) => e.type === 'run-end'), { checkedNothing: 'the run checked nothing: no check passed (4 ran without error holding no check, 2 skipped)' });
  const todo = await run(dir, ['--steps', 'steps.mjs', 'todo/', '--no-strict', '--reporter', 'json']);
  t.equal(todo.exitCode, 1, 'with --no-strict, every THEN pending or undefined: the run fails');
  t.match(todo.events.find((e) => e.type === 'run-end'), { checkedNothing: /no check passed \(4 ran without error holding no check, 2 todo\)/ });
  const held = await run(dir, ['--steps', 'steps.mjs', 'held.md', '--reporter', 'json']);
  t.equal(held.exitCode, 0, 'a THEN that held: the run passes');
  t.match(held.points.find((p) => p.name === 'THEN it SHALL be there'), { ok: true, unchecked: undefined });
  t.match(held.events.find((e) => e.type === 'run-end'), { counts: { passed: 3, unchecked: 2 }, requirements: [{ status: 'verified' }] });
});

t.test('a run whose every scenario has no THEN checked nothing and fails, as a Lisp run of blocks that check nothing does; beside a scenario that checks, its verdict is only skipped', async (t) => {
  const noThen = '### Requirement: Carts\nThe cart SHALL empty on checkout.\n\n#### Scenario: checkout\n- **GIVEN** a cart\n- **WHEN** the user checks out\n';
  const withThen = '### Requirement: Sums\nThe sum SHALL hold.\n\n#### Scenario: two and two\n- **GIVEN** a cart\n- **THEN** it SHALL be there\n';
  const steps = "import assert from 'node:assert/strict';\nimport { Given, When, Then } from 'spec-run/steps';\nGiven('a cart', function () { this.cart = []; });\nWhen('the user checks out', function () {});\nThen('it SHALL be there', function () { assert.ok(this.cart); });\n";
  const dir = project({ 'none/cart.md': noThen, 'some/cart.md': noThen, 'some/sum.md': withThen, 'steps.mjs': steps });
  const alone = await run(dir, ['--steps', 'steps.mjs', 'none/', '--reporter', 'json']);
  t.equal(alone.exitCode, 1, 'nothing was checked: the run fails');
  t.match(alone.points.filter((p) => p.ok && p.skip === undefined), [{ name: 'GIVEN a cart', unchecked: true }, { name: 'WHEN the user checks out', unchecked: true }], 'its steps passed, checking nothing');
  t.match(alone.events.find((e) => e.type === 'run-end'), { counts: { passed: 2, unchecked: 2, skipped: 1 }, checkedNothing: 'the run checked nothing: no check passed (2 ran without error holding no check, 1 skipped)' });
  const tap = await run(dir, ['--steps', 'steps.mjs', 'none/', '--reporter', 'tap']);
  t.match(tap.stdout, /not ok \d+ - the run checked nothing: no check passed/, 'said in TAP as a failing point');
  const beside = await run(dir, ['--steps', 'steps.mjs', 'some/', '--reporter', 'json']);
  t.equal(beside.exitCode, 0, 'beside a scenario that checks, the run passes');
  t.match(beside.points.find((p) => p.name === 'checkout (a scenario that checks nothing)'), { ok: true, skip: /it has no THEN step/ });
  t.notOk(beside.events.find((e) => e.type === 'run-end' && e.checkedNothing !== undefined));
});
