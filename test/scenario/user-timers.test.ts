// The timers step code leaves behind, of every kind Node has: one due within the wait is
// waited for and what it throws fails its requirement in the report; one due later (or
// still firing after the wait) is a skipped point of its requirement, untested; one
// cleared is nothing.
import t from 'tap';
import type { RunEvent } from '../../src/model/events.js';
import { project, runIn } from './user-project.js';

/** Each kind, scheduling CHECK to run once about MS from now. */
const KINDS: Record<string, string> = {
  'setInterval': 'const h = setInterval(() => { clearInterval(h); check(); }, ms);',
  "node:timers' setInterval": 'const h = timers.setInterval(() => { timers.clearInterval(h); check(); }, ms);',
  "an unref'd setTimeout": 'setTimeout(check, ms).unref();',
  'a setImmediate chain': 'const end = Date.now() + ms; const turn = () => (Date.now() >= end ? check() : setImmediate(turn)); turn();',
  "node:timers/promises' setTimeout": 'sleep(ms).then(check);',
  "node:timers/promises' setInterval": '(async () => { let n = 0; for await (const _ of every(ms / 2)) if (++n === 2) return check(); })();',
  'scheduler.wait': 'scheduler.wait(ms).then(check);',
  'util.promisify(setTimeout)': 'promisify(setTimeout)(ms).then(check);',
  'a setTimeout refreshed as it fires': 'let again = false; const h = setTimeout(() => { if (again) return check(); again = true; h.refresh(); }, ms / 2);',
};

const STEPS = `import assert from 'node:assert/strict';
import timers from 'node:timers';
import { setTimeout as sleep, setInterval as every, scheduler } from 'node:timers/promises';
import { promisify } from 'node:util';
import { When, Then, AfterAll } from 'spec-run/steps';
const kinds = {
${Object.entries(KINDS).map(([kind, code]) => `  ${JSON.stringify(kind)}: (ms, check) => { ${code} },`).join('\n')}
};
When('a check is scheduled with {string} in {int} ms', function (kind, ms) { kinds[kind](ms, () => assert.fail(kind + ' check failed')); });
When('a timer is cleared by its number, then refreshed', function () {
  this.timer = setTimeout(() => assert.fail('cleared'), 20000);
  clearTimeout(+this.timer);
  this.timer.refresh();
});
Then('the timer was made', function () { assert.ok(this.timer); });
When('a timer promise nobody awaits is aborted', function () {
  const aborting = new AbortController();
  sleep(20000, undefined, { signal: aborting.signal });
  aborting.abort();
});
When('the AfterAll hook leaves a check', function () { globalThis.afterAllCheck = true; });
AfterAll(function () {
  if (globalThis.afterAllCheck) setTimeout(() => assert.fail('AfterAll check failed'), 20000);
  globalThis.afterAllCheck = false;
});
`;

/** A document with a requirement per kind of KINDS, whose scenario schedules its check in MS. */
const kindsDocument = (ms: number, kinds: string[], more = '') =>
  kinds.map((kind) => `### Requirement: ${kind}\nIt SHALL be checked.\n\n#### Scenario: ${kind}\n- **WHEN** a check is scheduled with "${kind}" in ${ms} ms\n\n`).join('') + more;

// An unref'd setTimeout was waited for already: beside the others, it would hold the document until they fired too.
const SOON = Object.keys(KINDS).filter((kind) => kind !== "an unref'd setTimeout");

t.test('every kind of timer step code leaves is waited for when due within the wait, and is an untested requirement when due later', async (t) => {
  const dir = project({
    'soon.spec.md': kindsDocument(400, SOON),
    'later.spec.md': kindsDocument(20_000, Object.keys(KINDS), '### Requirement: Cleared\nIt SHALL be checked.\n\n#### Scenario: Cleared\n- **WHEN** a timer is cleared by its number, then refreshed\n- **THEN** the timer was made\n\n### Requirement: Aborted\nIt SHALL be checked.\n\n#### Scenario: Aborted\n- **WHEN** a timer promise nobody awaits is aborted\n'),
    'after-all.spec.md': '### Requirement: Hooked\nIt SHALL be checked.\n\n#### Scenario: Hooked\n- **WHEN** the AfterAll hook leaves a check\n',
    'steps.mjs': STEPS,
  });
  const run = await runIn(dir, ['soon.spec.md', 'later.spec.md', 'after-all.spec.md', '--jobs', '1', '--reporter', 'json']);
  t.equal(run.exitCode, 1);
  const end = run.events.find((e): e is Extract<RunEvent, { type: 'run-end' }> => e.type === 'run-end');
  const status = (id: string) => end?.requirements?.find((r) => r.id === id)?.status;
  for (const kind of SOON) {
    t.equal(status(`soon.spec.md#${kind}`), 'failing', `${kind} due within the wait: waited for, its failure counted in its requirement`);
    const failed = run.points.filter((p) => !p.ok && p.name.startsWith(`scenario "${kind}" (soon.spec.md:`));
    t.match(failed.map((p) => p.diagnostics?.message), [`${kind} check failed`], `${kind}: one failing point in the report, not after it`);
  }
  for (const kind of Object.keys(KINDS)) {
    t.equal(status(`later.spec.md#${kind}`), 'untested', `${kind} due later: what it checks did not run`);
    t.equal(run.points.filter((p) => p.skip !== undefined && p.name.startsWith(`scenario "${kind}" (later.spec.md:`)).length, 1, `${kind}: a skipped point of its own`);
  }
  t.equal(status('later.spec.md#Cleared'), 'verified', 'a timer cleared by its number is no timer left, and its refresh() arms nothing');
  t.equal(status('later.spec.md#Aborted'), 'failing', "an aborted timer promise nobody handles is an unhandled rejection still: tracking it handles nothing");
  t.equal(status('after-all.spec.md#Hooked'), 'untested', "an AfterAll hook's timer is its document's requirements'");
  t.notMatch(run.stderr, /after the run's report/, 'nothing came after the report');
});

t.test("a timer a package under node_modules unrefs is its housekeeping, not a check left: the scenario's requirement is verified; one the project's own code unrefs is still a check left", async (t) => {
  const dir = project({
    'node_modules/housekeeping/package.json': JSON.stringify({ name: 'housekeeping', type: 'module', main: 'index.js' }),
    // As a cache purges, or a pool checks its idle connections: timers that keep nothing alive.
    'node_modules/housekeeping/index.js': 'export function startCache() { setInterval(() => {}, 5000).unref(); setTimeout(() => {}, 30000).unref(); return true; }\n',
    'cache.spec.md': "### Requirement: Cache\nIt SHALL start.\n\n#### Scenario: Start\n- **WHEN** the cache starts\n- **THEN** it is started\n\n### Requirement: Own\nIt SHALL be checked.\n\n#### Scenario: Own\n- **WHEN** the project's own code leaves an unref'd check\n",
    'steps.mjs':
      "import assert from 'node:assert/strict';\nimport { startCache } from 'housekeeping';\nimport { When, Then } from 'spec-run/steps';\nWhen('the cache starts', function () { this.started = startCache(); });\nThen('it is started', function () { assert.ok(this.started); });\nWhen(\"the project's own code leaves an unref'd check\", function () { setTimeout(() => assert.fail('own check'), 30000).unref(); });\n",
  });
  const run = await runIn(dir, ['cache.spec.md', '--reporter', 'json']);
  const end = run.events.find((e): e is Extract<RunEvent, { type: 'run-end' }> => e.type === 'run-end');
  const status = (name: string) => end?.requirements?.find((r) => r.id === `cache.spec.md#${name}`)?.status;
  t.equal(status('Cache'), 'verified', "the package's unref'd timers are no check of the scenario's");
  t.equal(status('Own'), 'untested', "the project's own unref'd timer may hold a check: what it checks did not run");
});
