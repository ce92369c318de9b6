// What a cucumber-js user expects of hooks and time limits: BeforeAll and AfterAll once
// around a document's scenarios, Before and After around each with the scenario's world,
// hook options ({ name, timeout }), step options ({ timeout }), setDefaultTimeout; and a
// clear problem, at the line of the call, for what spec-run does not honour (hook tags,
// unknown options). spec-run runs as a child process in a fresh directory.
import t from 'tap';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { project, runIn } from './user-project.js';

const DOC = `# Counter

### Requirement: Counting
The counter SHALL count.

#### Scenario: First
- **WHEN** the counter counts
- **THEN** the world SHALL be fresh

#### Scenario: Second
- **WHEN** the counter counts
- **THEN** the world SHALL be fresh
`;

const run = (dir: string, ...args: string[]) => runIn(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json', ...args]);

t.test('BeforeAll and AfterAll run once around the scenarios, Before and After around each, in that order', async (t) => {
  const steps = `import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { BeforeAll, AfterAll, Before, After, When, Then } from 'spec-run/steps';
const log = (line) => appendFileSync('hooks.log', line + '\\n');
BeforeAll(function () { log('BeforeAll'); });
AfterAll(async function () { log('AfterAll'); });
Before(function () { log('Before ' + this.scenario); this.counted = 0; });
After({ name: 'log the count' }, function () { log('After ' + this.scenario + ' ' + this.counted); });
When('the counter counts', function () { this.counted += 1; });
Then('the world SHALL be fresh', function () { assert.equal(this.counted, 1); });
`;
  const dir = project({ 'doc.md': DOC, 'steps.mjs': steps });
  const result = await run(dir, '--jobs', '1');
  t.equal(result.exitCode, 0, result.stdout);
  t.equal(result.points.length, 4);
  const lines = readFileSync(path.join(dir, 'hooks.log'), 'utf8').trim().split('\n');
  t.equal(lines[0], 'BeforeAll');
  t.equal(lines.at(-1), 'AfterAll');
  t.same(lines.filter((l) => l.startsWith('After ')).sort(), ['After First 1', 'After Second 1'], 'each After sees its own world');
  t.equal(lines.length, 6);
});

t.test('a failing BeforeAll fails at its line and skips every scenario, naming it; AfterAll still runs', async (t) => {
  const steps = `import { appendFileSync } from 'node:fs';
import { BeforeAll, AfterAll, When, Then } from 'spec-run/steps';
BeforeAll({ name: 'start the server' }, function () {
  throw new Error('port 8080 is taken');
});
AfterAll(function () { appendFileSync('after-all', 'ran'); });
When('the counter counts', function () { appendFileSync('step', 'ran'); });
Then('the world SHALL be fresh', function () { if (!this.scenario) throw new Error(); this.held = true; });
`;
  const dir = project({ 'doc.md': DOC, 'steps.mjs': steps });
  const result = await run(dir);
  t.equal(result.exitCode, 1);
  const [hook, ...rest] = result.points;
  t.match(hook, { ok: false, name: /^BeforeAll hook "start the server" \(.*steps\.mjs:3\)$/, at: { file: 'steps.mjs', line: 3 }, diagnostics: { message: 'port 8080 is taken' } });
  t.equal(rest.length, 4);
  for (const point of rest) t.match(point, { ok: true, skip: /^the BeforeAll hook "start the server" \(.*steps\.mjs:3\) failed$/ });
  t.equal(readFileSync(path.join(dir, 'after-all'), 'utf8'), 'ran');
  t.throws(() => readFileSync(path.join(dir, 'step')), 'no step ran');
});

t.test('a failing AfterAll is a failing point of its own; the scenarios keep their results', async (t) => {
  const steps = `import { AfterAll, When, Then } from 'spec-run/steps';
When('the counter counts', function () {});
Then('the world SHALL be fresh', function () { if (!this.scenario) throw new Error(); this.held = true; });
AfterAll(function () { throw new Error('could not stop the server'); });
`;
  const result = await run(project({ 'doc.md': DOC, 'steps.mjs': steps }));
  t.equal(result.exitCode, 1);
  t.same(result.points.map((p) => p.ok), [true, true, true, true, false]);
  // Its place from where spec-run runs, as every other point's.
  t.match(result.points[4], { name: /^AfterAll hook \(.*steps\.mjs:4\)$/, at: { file: 'steps.mjs', line: 4 }, diagnostics: { message: 'could not stop the server' } });
});

t.test('a step or hook that calls its callback and then throws fails, in every interface, as in cucumber-js', async (t) => {
  // Each definition calls done() first and throws after it, synchronously: the call must not hide the throw.
  const interfaces = {
    step: ["When('the counter counts', function (done) { done(); throw new Error('thrown by the step'); });", "Then('the world SHALL be fresh', function () { if (!this.scenario) throw new Error(); this.held = true; });"],
    Before: ["Before(function (_, done) { done(); throw new Error('thrown by Before'); });"],
    After: ["After(function (_, done) { done(); throw new Error('thrown by After'); });"],
    BeforeAll: ["BeforeAll(function (done) { done(); throw new Error('thrown by BeforeAll'); });"],
    AfterAll: ["AfterAll(function (done) { done(); throw new Error('thrown by AfterAll'); });"],
  };
  for (const [name, lines] of Object.entries(interfaces)) {
    const definitions = name === 'step' ? lines : [...lines, "When('the counter counts', function () {});", "Then('the world SHALL be fresh', function () { if (!this.scenario) throw new Error(); this.held = true; });"];
    const steps = `import { BeforeAll, AfterAll, Before, After, When, Then } from 'spec-run/steps';\n${definitions.join('\n')}\n`;
    const result = await run(project({ 'doc.md': DOC, 'steps.mjs': steps }));
    t.equal(result.exitCode, 1, `${name}: the run fails`);
    const failed = result.points.filter((p) => !p.ok);
    t.ok(failed.length > 0, `${name}: a point failed`);
    t.match(failed[0], { diagnostics: { message: `thrown by ${name === 'step' ? 'the step' : name}` } }, `${name}: with the thrown message`);
  }
});

t.test('a step or hook timeout option, and setDefaultTimeout, end what runs too long with the limit named', async (t) => {
  const steps = `import { setTimeout as sleep } from 'node:timers/promises';
import { Before, When, Then, setDefaultTimeout } from 'spec-run/steps';
setDefaultTimeout(300);
Before({ timeout: 5000 }, async function () { await sleep(500); });
When('the counter counts', { timeout: 200 }, async function () { await sleep(this.scenario === 'First' ? 5000 : 10); });
Then('the world SHALL be fresh', async function () { await sleep(5000); });
`;
  const started = Date.now();
  const result = await run(project({ 'doc.md': DOC, 'steps.mjs': steps }));
  t.ok(Date.now() - started < 20_000, 'the run ends long before the steps would');
  const [first, , second, fresh] = result.points;
  t.match(first, { ok: false, at: { line: 7 }, diagnostics: { reason: /did not finish within its time limit of 200 ms \(its timeout option\)/ } });
  t.equal(second.ok, true, 'the Before hook had its own 5 s; the step its 200 ms');
  t.match(fresh, { ok: false, at: { line: 12 }, diagnostics: { reason: /did not finish within its time limit of 300 ms \(setDefaultTimeout\)/ } });
});

t.test('what spec-run cannot honour is a problem at the line of the call; the other definitions still load', async (t) => {
  const steps = `import { Before, When, Then } from 'spec-run/steps';
Before('@slow', function () {});
When('the counter counts', { retries: 2 }, function () {});
When('the counter counts', { timeout: 0 }, function () {});
Then('the world SHALL be fresh', function () { if (!this.scenario) throw new Error(); this.held = true; });
`;
  const result = await run(project({ 'doc.md': DOC, 'steps.mjs': steps }));
  t.equal(result.exitCode, 1);
  const problems = result.points.filter((p) => !p.name.startsWith('WHEN') && !p.name.startsWith('THEN'));
  t.match(problems, [
    { ok: false, at: { line: 2 }, name: /^Before: hooks with tags \("@slow"\) are not supported/ },
    { ok: false, at: { line: 3 }, name: "When(the counter counts): unknown option 'retries' (known: timeout)" },
    { ok: false, at: { line: 4 }, name: 'When(the counter counts): timeout must be a positive number of milliseconds (or -1 for none but the unit time limit), not 0' },
  ]);
  t.match(result.points.find((p) => p.name.startsWith('WHEN')), { ok: true, diagnostics: { definition: /steps\.mjs:4/ } }, 'the definition with the bad timeout is still defined: its problem fails the run, its step is not called undefined');
  t.match(result.points.find((p) => p.name.startsWith('THEN')), { ok: true }, 'the file loaded: its Then is bound');
});

t.test('a pending step skips the steps after it as pending, not undefined', async (t) => {
  const steps = `import { When, Then } from 'spec-run/steps';
When('the counter counts', function () { return 'pending'; });
Then('the world SHALL be fresh', function () { if (!this.scenario) throw new Error(); this.held = true; });
`;
  const lenient = await run(project({ 'doc.md': DOC, 'steps.mjs': steps }), '--no-strict');
  t.match(lenient.points.slice(0, 2), [{ todo: 'pending step' }, { ok: true, skip: 'an earlier step is pending (line 7)' }], 'with --no-strict, pending is TODO');
  const strict = await run(project({ 'doc.md': DOC, 'steps.mjs': steps }));
  t.equal(strict.exitCode, 1, 'strict by default: a pending step fails the run');
  t.match(strict.points.slice(0, 2), [{ ok: false, todo: undefined, diagnostics: { pending: true } }, { ok: true, skip: 'an earlier step is pending (line 7)' }]);
});

t.test('Before and After get the scenario as cucumber-js gives it: { pickle }, and After its { result }', async (t) => {
  const doc = `${DOC}
#### Scenario: Third
- **WHEN** the counter counts
- **THEN** the counter SHALL be pending
`;
  const steps = `import { appendFileSync } from 'node:fs';
import { Before, After, When, Then } from 'spec-run/steps';
Before(function ({ pickle }) { appendFileSync('hooks.log', \`before \${pickle.name} \${pickle.uri}:\${pickle.line} \${pickle.requirement}\\n\`); });
After(function ({ pickle, result }) { appendFileSync('hooks.log', \`after \${pickle.name} \${result.status} \${result.message ?? ''}\\n\`); });
When('the counter counts', function () {});
Then('the world SHALL be fresh', function () { if (this.scenario === 'Second') throw new Error('not fresh'); });
Then('the counter SHALL be pending', function () { return 'pending'; });
`;
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps });
  await run(dir);
  const lines = readFileSync(path.join(dir, 'hooks.log'), 'utf8').trim().split('\n').map((line) => line.trimEnd()).sort();
  t.same(lines, [
    'after First PASSED',
    'after Second FAILED not fresh',
    'after Third PENDING',
    'before First doc.md:6 Counting',
    'before Second doc.md:10 Counting',
    'before Third doc.md:14 Counting',
  ]);
});

t.test("a Before hook that skips (this.skip or returning 'skipped') skips its scenario's steps, not fails them", async (t) => {
  const steps = `import { Before, When, Then } from 'spec-run/steps';
Before(function () { if (this.scenario === 'First') this.skip('no lamp on this machine'); });
Before(function () { if (this.scenario === 'Second') return 'skipped'; });
When('the counter counts', function () { throw new Error('must not run'); });
Then('the world SHALL be fresh', function () { if (!this.scenario) throw new Error(); this.held = true; });
`;
  const result = await run(project({ 'doc.md': DOC, 'steps.mjs': steps }));
  t.equal(result.exitCode, 1, 'every check skipped: the run checked nothing, and fails');
  t.match(result.points, [
    { ok: true, skip: /^skipped by the Before hook \(.*steps\.mjs:2\): no lamp on this machine$/ },
    { ok: true, skip: /^skipped by the Before hook/ },
    { ok: true, skip: /^the Before hook \(.*steps\.mjs:3\) returned "skipped"$/ },
    { ok: true, skip: /returned "skipped"/ },
  ]);
});

t.test("a step that skips (this.skip or returning 'skipped') skips the steps after it, as in cucumber-js", async (t) => {
  const steps = `import { When, Then } from 'spec-run/steps';
When('the counter counts', function () { if (this.scenario === 'First') this.skip('no counter here'); else return 'skipped'; });
Then('the world SHALL be fresh', function () { throw new Error('must not run'); });
`;
  const result = await run(project({ 'doc.md': DOC, 'steps.mjs': steps }));
  t.match(result.points, [
    { ok: true, skip: 'no counter here' },
    { ok: true, skip: /^an earlier step was skipped \(line 7\): no counter here$/ },
    { ok: true, skip: 'the step returned "skipped"' },
    { ok: true, skip: /^an earlier step was skipped \(line 11\)/ },
  ]);
  t.equal(result.exitCode, 1, 'nothing passed');
});
