// A JSON or YAML block of an OpenSpec scenario that no step reads: the expected payload written
// below `- **THEN** the response is:` rather than indented under it, or a step whose definition
// ignores it. The run fails it (TODO with --no-strict) at the block's line, as an undefined
// step; `check` says so at the same line; a block a step reads (its doc string, this.blocks)
// or spec-run's own vocabulary reads passes as before.
import t from 'tap';
import { project, runIn } from './user-project.js';
import { TWO_BLOCKS_SPEC } from '../support/false-green-documents.js';

const below = (lang: string, text: string) => `### Requirement: Users
The API SHALL list its users.

#### Scenario: the list
- **WHEN** I get the users
- **THEN** the response is:

\`\`\`${lang}
${text}
\`\`\`
`;
const JSON_BELOW = below('json', '{"users": ["bob"]}');
const IGNORING = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I get the users', function () { this.response = { users: ['ann'] }; });
Then('the response is:', function () { assert.ok(this.response); });
`;

t.test('a JSON or YAML block below the steps that no step reads fails the run at its line, TODO with --no-strict', async (t) => {
  for (const [lang, spec] of [['json', JSON_BELOW], ['yaml', below('yaml', 'users: [bob]')]]) {
    const dir = project({ 'specs/users.spec.md': spec, 'steps.mjs': IGNORING });
    const run = await runIn(dir, ['specs/', '--reporter', 'json']);
    t.equal(run.exitCode, 1, `${lang}: the run fails`);
    t.match(run.points.filter((p) => !p.ok), [{ name: `the ${lang} block at line 9`, at: { line: 9 }, diagnostics: { reason: /^the \w+ block at line 9 below 'THEN the response is:' \(line 6\) is read by no step of scenario 'the list': .*never compared.*\(strict: it fails the run; --no-strict makes it TODO\)$/ } }]);
    t.same(run.points.filter((p) => p.ok).map((p) => p.name), ['WHEN I get the users', 'THEN the response is:']);
    const lenient = await runIn(dir, ['specs/', '--no-strict', '--reporter', 'json']);
    t.match(lenient.points.find((p) => p.name === `the ${lang} block at line 9`), { ok: false, todo: 'block no step read' }, `${lang}: TODO with --no-strict`);
    const end = lenient.events.find((e) => e.type === 'run-end');
    t.not(end?.type === 'run-end' && end.requirements?.[0].status, 'verified', 'its requirement is not verified');

    const check = await runIn(dir, ['check', 'specs/']);
    t.equal(check.exitCode, 1, `${lang}: check fails`);
    t.match(check.stdout, new RegExp(`specs/users\\.spec\\.md:9:1: error: the ${lang} block at line 9 below 'THEN the response is:' \\(line 6\\) is read by no step .*; a run fails on it \\(strict, the default; --no-strict makes it TODO\\)`));
  }
});

t.test('a block a step reads passes: as this.blocks, as its doc string indented under it; a definition that ignores its doc string fails as before', async (t) => {
  const reading = "import assert from 'node:assert/strict';\nimport { When, Then } from 'spec-run/steps';\nWhen('I get the users', function () { this.response = { users: ['bob'] }; });\nThen('the response is:', function () { assert.deepEqual(this.response, this.blocks[0].data); });\n";
  const read = project({ 'specs/users.spec.md': JSON_BELOW, 'steps.mjs': reading });
  const run = await runIn(read, ['specs/', '--reporter', 'json']);
  t.equal(run.exitCode, 0, run.stderr);
  t.same(run.points.map((p) => p.name), ['WHEN I get the users', 'THEN the response is:']);
  t.equal((await runIn(read, ['check', 'specs/'])).exitCode, 0, 'check leaves a block to a steps file that reads this.blocks');

  const indented = JSON_BELOW.replace('\n\n```json\n{"users": ["bob"]}\n```\n', '\n  ```json\n  {"users": ["bob"]}\n  ```\n');
  const docString = "import assert from 'node:assert/strict';\nimport { When, Then } from 'spec-run/steps';\nWhen('I get the users', function () { this.response = { users: ['bob'] }; });\nThen('the response is:', function (text) { assert.deepEqual(this.response, JSON.parse(text)); });\n";
  const taken = await runIn(project({ 'specs/users.spec.md': indented, 'steps.mjs': docString }), ['specs/', '--reporter', 'json']);
  t.equal(taken.exitCode, 0, taken.stderr);
  t.same(taken.points.map((p) => [p.ok, p.name]), [[true, 'WHEN I get the users'], [true, 'THEN the response is:']]);

  const ignored = project({ 'specs/users.spec.md': indented, 'steps.mjs': IGNORING });
  const refused = await runIn(ignored, ['specs/', '--reporter', 'json']);
  t.match(refused.points.filter((p) => !p.ok), [{ name: 'THEN the response is:', diagnostics: { reason: /the step has a doc string from line 7, which its definition does not take/ } }], 'said once, at the step, not again as a block no step read');
  const check = await runIn(ignored, ['check', 'specs/']);
  t.equal(check.stdout.split('\n').filter((line) => /: error: /.test(line)).length, 1, check.stdout);
});

t.test('a step that fails first: the block is not blamed for what a later step would have read', async (t) => {
  const failing = "import { When, Then } from 'spec-run/steps';\nWhen('I get the users', function () { throw new Error('no server'); });\nThen('the response is:', function () { if (!this.scenario) throw new Error(); this.held = true; });\n";
  const run = await runIn(project({ 'specs/users.spec.md': JSON_BELOW, 'steps.mjs': failing }), ['specs/', '--reporter', 'json']);
  t.same(run.points.filter((p) => !p.ok).map((p) => p.name), ['WHEN I get the users']);
});

t.test('each block on its own: a step that reads one block read that one, not the scenario\'s others; iterating reads each', async (t) => {
  const two = TWO_BLOCKS_SPEC;
  const steps = (then: string) => `import assert from 'node:assert/strict';\nimport { When, Then } from 'spec-run/steps';\nWhen('the todos are exported', function () { this.export = [{ id: 1, title: 'a' }, { id: 2, title: 'b' }]; });\nThen('the export SHALL match the expected JSON', function () { ${then} });\n`;
  const unreadLines = async (then: string) => {
    const run = await runIn(project({ 'specs/export.spec.md': two, 'steps.mjs': steps(then) }), ['specs/', '--reporter', 'json']);
    return run.points.filter((p) => /block at line/.test(p.name)).map((p) => [p.name, p.ok]);
  };
  t.same(await unreadLines('assert.deepEqual(this.export[0], this.blocks[0].data);'), [['the json block at line 13', false]], 'by index: the second block is read by no step');
  t.same(await unreadLines("assert.deepEqual(this.export[0], this.blocks.find((b) => b.lang === 'json').data);"), [['the json block at line 13', false]], 'found: a find reads the one it finds');
  // A search reads what it finds, not the blocks it passed over (even by their content) on the way.
  for (const search of [
    'assert.equal(this.blocks.find((b) => b.line === 13).data.id, 2);',
    'assert.equal(this.blocks.findLast((b) => b.data.id === 2).line, 13);',
    'assert.equal(this.blocks.findIndex((b) => b.data.id === 2), 1);',
    'assert.ok(this.blocks.some((b) => b.data.id === 2));',
    'assert.deepEqual(this.blocks.filter((b) => b.data.id > 1).map((b) => b.line), [13]);',
  ]) {
    t.same(await unreadLines(search), [['the json block at line 9', false]], `${search}: the block it passed over is read by no step`);
  }
  t.same(await unreadLines('assert.equal(this.blocks.filter((b) => b.data.id > 0).length, 2);'), [], 'a filter keeping both reads both');
  t.same(await unreadLines('assert.equal(this.blocks.length, 2);'), [['the json block at line 9', false], ['the json block at line 13', false]], 'counting the blocks reads none');
  t.same(await unreadLines('console.log(this.blocks); assert.ok(this.export.length);'), [['the json block at line 9', false], ['the json block at line 13', false]], 'logging them reads none');
  for (const reads of ['assert.deepEqual(this.export, this.blocks.map((b) => b.data));', 'for (const [i, b] of this.blocks.entries()) assert.deepEqual(this.export[i], b.data);', 'assert.deepEqual(this.export, [...this.blocks].map(({ data }) => data));', 'assert.equal(JSON.stringify(this.export), JSON.stringify(this.blocks.map((b) => b.data)));']) {
    const run = await runIn(project({ 'specs/export.spec.md': two, 'steps.mjs': steps(reads) }), ['specs/', '--reporter', 'json']);
    t.match(run.points.map((p) => [p.name, p.ok]), [['WHEN the todos are exported', true], ['THEN the export SHALL match the expected JSON', false]], `${reads}: both read, the wrong title compared and failing`);
    t.equal(run.points.length, 2, reads);
  }
});
