// A green OpenSpec run means every stated check ran and passed: errors thrown after a
// scenario ended fail a counted point; scenarios running user code never overlap; a step's
// table its definition does not take fails the step; a scenario without steps fails. Each
// rule both ways: what must now fail, and what must still pass. spec-run runs as a child
// process in a fresh directory, as a user runs it.
import t from 'tap';
import { Parser } from 'tap-parser';
import type { Result } from 'tap-parser';
import { project, runIn } from './user-project.js';

/** The TAP of a run, parsed: its final verdict and every failing point (nested ones too). */
function parsedTap(tap: string): { ok: boolean; failures: Result[] } {
  const failures: Result[] = [];
  let ok = false;
  const parser = new Parser({ passes: false }, (final) => (ok = final.ok));
  parser.on('assert', function visit(this: Parser, result: Result) {
    if (!result.ok) failures.push(result);
  });
  parser.on('child', function watch(child: Parser) {
    child.on('assert', (result: Result) => {
      if (!result.ok) failures.push(result);
    });
    child.on('child', watch);
  });
  parser.end(tap);
  return { ok, failures };
}

const lastLine = (stderr: string) => stderr.trim().split('\n').at(-1);

const LATE_DOC = `# Async

### Requirement: Async checks
The system SHALL check asynchronously.

#### Scenario: Unawaited rejection
- **THEN** a check is started but not awaited

#### Scenario: Timer throw
- **THEN** a timer throws later

#### Scenario: Timer that passes
- **THEN** a timer checks something true later

#### Scenario: Last scenario
- **THEN** the scenario ends
`;

const LATE_STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('a check is started but not awaited', function () {
  new Promise((r) => setTimeout(r, 50)).then(() => assert.equal(1, 2));
});
When('a timer throws later', function () {
  setTimeout(() => { throw new Error('late timer'); }, Number(process.env.LATE_MS ?? 500));
});
When('a timer checks something true later', function () {
  setTimeout(() => assert.equal(1, 1), 300);
});
Then('the scenario ends', function () { if (!this.scenario) throw new Error(); this.held = true; });
`;

t.test('an error thrown after its scenario ended fails a point of its own, counted in the report, the summary and the exit status', async (t) => {
  const dir = project({ 'async.spec.md': LATE_DOC, 'steps.mjs': LATE_STEPS });
  const run = await runIn(dir, ['async.spec.md', '--reporter', 'tap']);
  t.equal(run.exitCode, 1, 'the run fails');
  const tap = parsedTap(run.stdout);
  t.equal(tap.ok, false, 'the TAP reads as a failure');
  const late = tap.failures.filter((f) => /an error thrown after it ended/.test(f.name));
  t.same(late.map((f) => f.name), ['scenario "Unawaited rejection" (async.spec.md:6): an error thrown after it ended', 'scenario "Timer throw" (async.spec.md:9): an error thrown after it ended']);
  // Each at the step whose code threw it, named by the scenario.
  t.match(late[0].diag, { at: 'async.spec.md:7', actual: 1, expected: 2, thrownBy: /its step 'THEN a check is started but not awaited' \(async\.spec\.md:7\) started, after that step passed/ });
  t.match(late[1].diag, { at: 'async.spec.md:10', message: 'late timer' });
  t.equal(lastLine(run.stderr), '4 passed, 2 failed, 0 skipped, 0 todo', 'counted, and the closing line is last');
  t.match(run.stderr, /requirements: 0 verified, 1 failing/, 'its requirement is failing, not verified');
  t.notMatch(run.stderr, /late timer/, 'not a stray stderr line');
});

t.test('a timer started with node:timers\' own setTimeout is waited for and its error counted, as the global one\'s is', async (t) => {
  const doc = '# Timers\n\n### Requirement: Timers\nIt SHALL fail late.\n\n#### Scenario: Imported timer\n- **THEN** an imported timer throws later\n\n#### Scenario: Due now\n- **THEN** a timer due now throws\n';
  const steps = `import { setTimeout as later } from 'node:timers';\nimport { When } from 'spec-run/steps';\nWhen('an imported timer throws later', function () {\n  later(() => { throw new Error('imported timer'); }, 300);\n});\nWhen('a timer due now throws', function () {\n  later(() => { throw new Error('due now'); }, 0);\n});\n`;
  const run = await runIn(project({ 'timers.spec.md': doc, 'steps.mjs': steps }), ['timers.spec.md', '--reporter', 'tap']);
  t.equal(run.exitCode, 1, 'the run fails');
  const failures = parsedTap(run.stdout).failures;
  t.same(failures.filter((f) => /an error thrown after it ended/.test(f.name)).map((f) => f.name), ['scenario "Imported timer" (timers.spec.md:6): an error thrown after it ended'], 'the later one is a late error of its scenario');
  // Whether it fires while its step settles or just after, it fails a point of its own scenario.
  const dueNow = failures.filter((f) => /due now/.test(JSON.stringify(f.diag)));
  t.equal(dueNow.length, 1, 'the timer due now fails one point', { failures: failures.map((f) => f.name) });
  t.match(dueNow[0]?.name, /^(THEN a timer due now throws|an error thrown outside any step or hook)$/, 'in its own scenario, not as a late error');
  t.match(lastLine(run.stderr), /^[12] passed, [23] failed, 0 skipped, 0 todo$/, 'both counted in the summary');
});

t.test('a timer of user code that passes, or is still pending past the wait, keeps a passing run green until it throws', async (t) => {
  const passing = project({ 'async.spec.md': LATE_DOC.replace(/#### Scenario: Unawaited[\s\S]*?(?=#### Scenario: Timer that)/, ''), 'steps.mjs': LATE_STEPS });
  const run = await runIn(passing, ['async.spec.md', '--reporter', 'tap']);
  t.equal(run.exitCode, 0, 'exit 0', { stderr: run.stderr });
  t.equal(parsedTap(run.stdout).ok, true);
  t.equal(lastLine(run.stderr), '2 passed, 0 failed, 0 skipped, 0 todo');
});

/** A document whose step leaves a worker thread that throws in the main thread, MS after the step. */
function workerProject(ms: number): string {
  const doc = '# Late\n\n### Requirement: Late\nIt SHALL fail late.\n\n#### Scenario: A worker that ends late\n- **THEN** a worker ends after the scenario\n';
  // A worker thread's message: a worker is waited for as the timers are, up to a bound.
  const steps = `import { Worker } from 'node:worker_threads';\nimport { When } from 'spec-run/steps';\nWhen('a worker ends after the scenario', function () {\n  new Worker(\"setTimeout(() => require('node:worker_threads').parentPort.postMessage('done'), ${ms})\", { eval: true }).on('message', () => { throw new Error('late exit'); });\n});\n`;
  return project({ 'late.spec.md': doc, 'steps.mjs': steps });
}

t.test("what step code still does once its timers are settled (a worker's message) is waited for before the report ends: its error is a failing point there, the summary said once", async (t) => {
  const run = await runIn(workerProject(300), ['late.spec.md', '--reporter', 'tap']);
  t.equal(run.exitCode, 1, run.stderr);
  t.match(parsedTap(run.stdout).failures.map((f) => f.name), ['scenario "A worker that ends late" (late.spec.md:6): an error thrown after it ended'], 'in the report');
  t.notMatch(run.stderr, /after the run's report/);
  t.equal(run.stderr.match(/^\d+ passed/gm)?.length, 1, 'one summary line');
  t.equal(lastLine(run.stderr), '1 passed, 1 failed, 0 skipped, 0 todo');
});

t.test("an error thrown after the run's report (code still running once the run stopped waiting) still fails the run: said, counted in the summary repeated last, exit 1", async (t) => {
  // Past the document's wait, the run's and the run's linger after them: the report is out by then.
  const run = await runIn(workerProject(5600), ['late.spec.md', '--reporter', 'tap']);
  t.equal(run.exitCode, 1, run.stderr);
  t.equal(parsedTap(run.stdout).ok, true, 'the report was out before it came');
  const lines = run.stderr.trim().split('\n');
  t.equal(lines.at(-2), 'spec-run: scenario "A worker that ends late" (late.spec.md:6): an error thrown after the run\'s report: late exit');
  // The worker the run stopped waiting for is one skipped point of the report (not its handle and its message port apart).
  t.equal(lines.at(-1), '1 passed, 1 failed, 1 skipped, 0 todo', 'the summary again, with it, stays the last line');
});

t.test('a timer still firing when the run stopped waiting is a skipped point and is stopped: it never fails the run after its report; one that fails while the run waits is one failing point, not also skipped', async (t) => {
  const doc = (tick: number) => `# Interval\n\n### Requirement: Interval\nIt SHALL tick.\n\n#### Scenario: interval late\n- **THEN** an interval of 100 ms fails on tick ${tick}\n`;
  const steps = `import assert from 'node:assert/strict';\nimport { setInterval as every } from 'node:timers/promises';\nimport { When } from 'spec-run/steps';\nWhen('an interval of {int} ms fails on tick {int}', function (ms, n) {\n  (async () => { let i = 0; for await (const _ of every(ms)) if (++i === n) assert.equal(1, 2); })();\n  const h = setInterval(() => { if (--n === 0) assert.fail('callback interval'); }, ms);\n});\n`;
  // The settling waits for an interval's next firing only: tick 1 comes then, tick 200 long
  // after, when spec-run would have exited.
  const dir = project({ 'soon.spec.md': doc(1), 'later.spec.md': doc(200), 'steps.mjs': steps });
  const soon = await runIn(dir, ['soon.spec.md', '--reporter', 'json']);
  t.equal(soon.exitCode, 1, soon.stderr);
  t.equal(soon.points.filter((p) => !p.ok).length, 2, 'both intervals fail in the report');
  t.equal(soon.points.filter((p) => p.skip !== undefined).length, 0, 'the callback interval, still firing after it failed, is counted failed, not skipped too');
  t.notMatch(soon.stderr, /after the run's report/);
  t.equal(soon.stderr.match(/^\d+ passed/gm)?.length, 1, 'one summary line');

  const started = Date.now();
  const later = await runIn(dir, ['later.spec.md', '--reporter', 'json']);
  t.equal(later.exitCode, 0, later.stderr);
  t.ok(Date.now() - started < 4_000, 'spec-run waits for one firing of each interval, not the whole limit, and not for the stopped timers');
  t.match(later.points.filter((p) => p.skip !== undefined).map((p) => p.skip), [/it is stopped unrun/, /it is stopped unrun/]);
  t.notMatch(later.stderr, /after the run's report|something still runs/, 'the stopped timers neither fail the run nor hold it');
  t.equal(lastLine(later.stderr), '1 passed, 0 failed, 2 skipped, 0 todo');
});

t.test('an interval whose callback throws is cleared at its first throw: one failing point, no more work of it; one that does not throw is waited for one firing, then stopped as the report says', async (t) => {
  const doc = (name: string, does: string) => `# ${name}\n\n### Requirement: ${name}\nThe thing SHALL work.\n\n#### Scenario: first\n- **GIVEN** an interval that ${does} every tick\n- **THEN** it works\n`;
  const steps = `import { appendFileSync } from 'node:fs';\nimport { Given, Then } from 'spec-run/steps';\nGiven('an interval that throws every tick', function () {\n  setInterval(() => { appendFileSync('ticks.log', 'throw\\n'); throw new Error('tick boom'); }, 100);\n});\nGiven('an interval that prints every tick', function () {\n  setInterval(() => { appendFileSync('ticks.log', 'print\\n'); console.log('TICK'); }, 100);\n});\nThen('it works', function () { if (!this.scenario) throw new Error(); this.held = true; });\n`;
  const dir = project({ 'throws.spec.md': doc('Throws', 'throws'), 'prints.spec.md': doc('Prints', 'prints'), 'steps.mjs': steps });
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const ticks = (kind: string) => readFileSync(join(dir, 'ticks.log'), 'utf8').split('\n').filter((line) => line === kind).length;

  let started = Date.now();
  const throws = await runIn(dir, ['throws.spec.md', '--reporter', 'json']);
  t.ok(Date.now() - started < 4_000, `not held to the settling limits (${Date.now() - started} ms)`);
  t.equal(throws.exitCode, 1, throws.stderr);
  t.same(throws.points.filter((p) => !p.ok).map((p) => p.name), ['scenario "first" (throws.spec.md:6): an error thrown after it ended'], 'one failing point for its scenario');
  t.equal(ticks('throw'), 1, 'it fired no more once it threw');
  t.equal(lastLine(throws.stderr), '2 passed, 1 failed, 0 skipped, 0 todo');

  started = Date.now();
  const prints = await runIn(dir, ['prints.spec.md', '--reporter', 'tap']);
  t.ok(Date.now() - started < 4_000, `not held to the settling limits (${Date.now() - started} ms)`);
  t.equal(prints.exitCode, 0, prints.stderr);
  t.match(prints.stdout, /# SKIP scenario "first" \(prints\.spec\.md:6\), its step 'GIVEN an interval that prints every tick' \(prints\.spec\.md:7\), left a timer due in \d+ ms \(setInterval\)[^\n]*it is stopped unrun/);
  const printed = ticks('print');
  t.equal(printed, 1, 'its one waited firing, none after the report said it is stopped');
  t.equal(`${prints.stdout}\n${prints.stderr}`.match(/^TICK$/gm)?.length ?? 0, printed, 'what it printed stopped with it');
});

t.test('a timer due later than the wait is named in the report, not waited for', async (t) => {
  const doc = LATE_DOC.replace(/#### Scenario: Unawaited[\s\S]*?(?=#### Scenario: Timer throw)/, '').replace(/#### Scenario: Timer that[\s\S]*/, '');
  const { execa } = await import('execa');
  const { cli } = await import('./user-project.js');
  const run = await execa(process.execPath, [cli, 'async.spec.md', '--reporter', 'tap'], { cwd: project({ 'async.spec.md': doc, 'steps.mjs': LATE_STEPS }), reject: false, env: { LATE_MS: '60000' } });
  t.match(run.stdout, /^ {8}ok 1 - scenario "Timer throw" \(async\.spec\.md:6\), its step 'THEN a timer throws later' \(async\.spec\.md:7\): a timer not waited for # SKIP scenario "Timer throw" \(async\.spec\.md:6\), its step 'THEN a timer throws later' \(async\.spec\.md:7\), left a timer due in \d+ ms \(setTimeout\) when the run stopped waiting/m);
  t.match(run.stderr, /requirements: 0 verified, 0 failing, 1 untested/, 'what the timer would check did not run: its requirement is untested, not verified');
});

const COUNTER_DOC = `# Sequence

### Requirement: Counter
The shared counter SHALL be reset per scenario.

${['First', 'Second', 'Third', 'Fourth', 'Fifth']
  .map((name, i) => `#### Scenario: DOC ${name}\n- **GIVEN** the counter is reset\n- **WHEN** I wait ${(5 - i) * 40} ms and increment\n- **THEN** the counter SHALL be 1\n`)
  .join('\n')}`;

const COUNTER_STEPS = `import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { Given, When, Then, Before, After } from 'spec-run/steps';
let counter = 0;
const log = (line) => appendFileSync(process.env.LOG ?? 'log.txt', line + '\\n');
Before(function ({ pickle }) { log('before ' + pickle.uri + ' ' + pickle.name); });
After(function ({ pickle }) { log('after ' + pickle.uri + ' ' + pickle.name); });
Given('the counter is reset', function () { counter = 0; log('step ' + this.scenario); });
When('I wait {int} ms and increment', async function (ms) { await new Promise((r) => setTimeout(r, ms)); counter++; log('step ' + this.scenario); });
Then('the counter SHALL be {int}', function (n) { log('step ' + this.scenario); assert.equal(counter, n); });
`;

t.test('the scenarios of a document run one after another: user steps and hooks never interleave, whatever --jobs', async (t) => {
  const { readFileSync } = await import('node:fs');
  const path = await import('node:path');
  for (const jobs of ['1', '2']) {
    const dir = project({ 'a/seq.spec.md': COUNTER_DOC.replaceAll('DOC', 'A'), 'b/seq.spec.md': COUNTER_DOC.replaceAll('DOC', 'B'), 'steps.mjs': COUNTER_STEPS });
    const run = await runIn(dir, ['a/seq.spec.md', 'b/seq.spec.md', '--steps', 'steps.mjs', '--jobs', jobs, '--reporter', 'tap']);
    const log = readFileSync(path.join(dir, 'log.txt'), 'utf8').trim().split('\n');
    for (const document of ['A', 'B']) {
      // The document's own lines (two documents may overlap with --jobs 2, as documented).
      const own = log.filter((line) => line.includes(` ${document} `)).map((line) => line.replace(/ \S+\/seq\.spec\.md/, ''));
      const expected = ['First', 'Second', 'Third', 'Fourth', 'Fifth'].flatMap((name) => [`before ${document} ${name}`, ...Array(3).fill(`step ${document} ${name}`), `after ${document} ${name}`]);
      t.same(own, expected, `--jobs ${jobs}, document ${document}: each scenario's hooks and steps before the next one's`);
    }
    if (jobs === '1') {
      t.equal(run.exitCode, 0, 'exit 0', { stderr: run.stderr });
      t.equal(lastLine(run.stderr), '30 passed, 0 failed, 0 skipped, 0 todo', 'every counter was 1');
    }
  }
  const failing = project({ 'seq.spec.md': COUNTER_DOC.replaceAll('DOC', 'A').replaceAll('SHALL be 1', 'SHALL be 2'), 'steps.mjs': COUNTER_STEPS });
  const bail = await runIn(failing, ['seq.spec.md', '--bail', '--reporter', 'json']);
  t.same([...new Set(bail.points.filter((p) => p.skip === undefined).map((p) => p.unitId))].length, 1, '--bail: no scenario starts after the first failing one');
  t.ok(bail.points.some((p) => p.skip?.startsWith('--bail:')), '--bail: the scenarios it kept from running are reported, skipped');
});

const TABLE_DOC = `# Nested

### Requirement: Nested
The system SHALL validate input.

#### Scenario: Nested checks
- **WHEN** the input is validated
  - **THEN** it SHALL reject empty names
- **THEN** the validator is done

#### Scenario: Doc string ignored
- **WHEN** the input is validated
  \`\`\`
  some text
  \`\`\`

#### Scenario: Table taken
- **WHEN** the names are
  | name |
  |------|
  | Ann  |
- **THEN** the validator is done

#### Scenario: Rest parameters
- **WHEN** anything is given
  | name |
  |------|
  | Ann  |
`;

const TABLE_STEPS = `import { When, Then } from 'spec-run/steps';
When('the input is validated', function () {});
When('the names are', function (table) { if (table.hashes()[0].name !== 'Ann') throw new Error('not Ann'); });
When('anything is given', function (...args) { if (args.length !== 1) throw new Error('no table'); });
Then('the validator is done', function () { if (!this.scenario) throw new Error(); this.held = true; });
`;

t.test("a step's table or doc string its definition takes no parameter for fails the step, in the run and in check; one it takes passes", async (t) => {
  const dir = project({ 'nested.spec.md': TABLE_DOC, 'steps.mjs': TABLE_STEPS });
  const run = await runIn(dir, ['nested.spec.md', '--reporter', 'json']);
  t.equal(run.exitCode, 1);
  const byLine = (line: number) => run.points.find((p) => p.at?.line === line);
  t.match(byLine(7), { ok: false, diagnostics: { reason: /^the step has a data table \(the table or sub-bullets written under it\) from line 8, which its definition does not take \(it has 0 parameters, and the expression gives 0\)/ } });
  t.match(byLine(9), { ok: true, skip: 'an earlier step failed (line 7)' });
  t.match(byLine(12), { ok: false, diagnostics: { reason: /^the step has a doc string from line 13/ } });
  t.match(byLine(18), { ok: true }, 'a definition that takes the table gets it');
  t.equal(byLine(18)?.skip, undefined);
  t.match(byLine(25), { ok: true }, 'a rest parameter takes it too');
  t.equal(byLine(25)?.skip, undefined);
  const dry = await runIn(dir, ['nested.spec.md', '--reporter', 'json', '--dry-run']);
  t.match(dry.points.find((p) => p.at?.line === 7), { ok: false }, 'a dry run binds, and says so too');
  const check = await runIn(dir, ['check', 'nested.spec.md']);
  t.equal(check.exitCode, 1);
  t.same(check.stdout.split('\n').filter((l) => /: error: /.test(l)).map((l) => l.split(': error: ')[0]), ['nested.spec.md:7:1', 'nested.spec.md:8:1', 'nested.spec.md:12:1'], 'check reports the same two steps, at their lines, and the keyword step nested under the first, which would never run');
});

const STEPLESS_DOC = `# Green

### Requirement: Passing
The system SHALL pass.

#### Scenario: Fine
- **THEN** a thing happens

#### Scenario: Emphasised steps
- **WHEN a thing happens**
- **THEN it SHALL pass quietly**

#### Scenario: Nothing to do
Just prose here.
`;

t.test('a scenario without steps fails (TODO with --no-strict), as check says; whole-bold keyword bullets are steps', async (t) => {
  const dir = project({ 'green.spec.md': STEPLESS_DOC, 'steps.mjs': `import { When, Then } from 'spec-run/steps';\nWhen('a thing happens', function () {});\nThen('it SHALL pass quietly', function () { if (!this.scenario) throw new Error(); this.held = true; });\n` });
  const run = await runIn(dir, ['green.spec.md', '--reporter', 'json']);
  t.equal(run.exitCode, 1);
  t.same(run.points.map((p) => [p.at?.line, p.ok, p.todo ?? null]), [
    [7, true, null],
    [10, true, null],
    [11, true, null],
    [13, false, null],
  ]);
  t.match(run.points[3].diagnostics, { reason: /^the scenario has no steps.*\(strict: it fails the run; --no-strict makes it TODO\)$/ });
  const lenient = await runIn(dir, ['green.spec.md', '--reporter', 'json', '--no-strict']);
  t.match(lenient.points[3], { ok: false, todo: 'scenario without steps' });
  const check = await runIn(dir, ['check', 'green.spec.md']);
  t.equal(check.exitCode, 1);
  t.match(check.stdout, /^green\.spec\.md:13:1: error: scenario 'Nothing to do' has no steps/m);
  t.notMatch(check.stdout, /green\.spec\.md:9:/, 'the whole-bold scenario has steps');
});

t.test('an executor scenario that states no command and no configuration fails: it was checked against a command spec-run made up', async (t) => {
  const doc = `# Hooks Specification\n\n## Requirements\n\n### Requirement: Lint hook\nThe lint stop hook SHALL exit with 0.\n\n#### Scenario: Only a Then\n- **THEN** the exit code SHALL be 0\n\n#### Scenario: A When that names nothing\n- **WHEN** the stop hook runs\n- **THEN** the exit code SHALL be 0\n`;
  const result = await runIn(project({ 'hooks.spec.md': doc }), ['hooks.spec.md', '--executor-steps', '--reporter', 'json']);
  t.equal(result.exitCode, 1);
  const failed = result.points.filter((p) => !p.ok);
  t.equal(failed.length, 2, 'the Then of each scenario fails');
  for (const point of failed) t.match(JSON.stringify(point.diagnostics), /the scenario states no command and no configuration/);
  t.notOk(result.points.some((p) => p.ok && p.skip === undefined && /exit code/.test(p.name)), 'no exit code passes');
});

t.test("an 'exit' listener of step code (process.exitCode = 0, process.exit(0), process.reallyExit(0)) does not turn a failed run green", async (t) => {
  const doc = '### Requirement: A\nThe thing SHALL work.\n\n#### Scenario: One\n- **WHEN** a step fails\n';
  for (const ending of ['process.exitCode = 0;', 'process.exit(0);', 'process.reallyExit(0);']) {
    const steps = `import { When } from 'spec-run/steps';\nprocess.on('exit', () => { ${ending} });\nWhen('a step fails', function () { throw new Error('real failure'); });\n`;
    const run = await runIn(project({ 'a.spec.md': doc, 'steps.mjs': steps }), ['a.spec.md', '--reporter', 'tap']);
    t.equal(run.exitCode, 1, `${ending} ${run.stderr.slice(-200)}`);
    if (ending === 'process.exitCode = 0;') {
      t.equal(lastLine(run.stderr), '0 passed, 1 failed, 0 skipped, 0 todo');
      continue;
    }
    // The attempt to end the run, made after its report, is a failure of its own, said there, and the summary stays last.
    t.match(run.stderr, /an error thrown after the run's report: .*cannot end spec-run's run/);
    t.equal(lastLine(run.stderr), '0 passed, 2 failed, 0 skipped, 0 todo');
  }
});

t.test('a thrown object that is no Error is shown by its contents', async (t) => {
  const doc = '### Requirement: A\nThe thing SHALL work.\n\n#### Scenario: One\n- **WHEN** a step throws\n';
  const steps = "import { When } from 'spec-run/steps';\nWhen('a step throws', function () { throw { code: 42, why: 'nope' }; });\n";
  const run = await runIn(project({ 'a.spec.md': doc, 'steps.mjs': steps }), ['a.spec.md', '--reporter', 'json']);
  t.match(run.points[0], { ok: false, diagnostics: { message: "a thrown object: { code: 42, why: 'nope' }" } });
});
