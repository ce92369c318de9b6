import t from 'tap';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunEvent } from '../../src/model/events.js';
import type { DocumentPlan, ScenarioUnit } from '../../src/model/plan.js';
import { parseFile } from '../../src/parse/index.js';
import { runScenario, runScenarioDocument } from '../../src/run/scenario/index.js';
import type { RunOptions } from '../../src/run/types.js';
import { translate } from '../../src/translate/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const seed = path.resolve(root, '../shared/seed-specs/command-timeouts.spec.md');

const options: RunOptions = { seed: 1, unitTimeoutMs: 300_000, bail: false, strict: false, runtimeCommand: [], imageAliases: {}, projectRoot: root, vocabularyFiles: [] };

async function run(plan: DocumentPlan, opts = options): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  await runScenarioDocument(plan, opts, (e) => events.push(e));
  return events;
}

const points = (events: RunEvent[]) => events.filter((e): e is Extract<RunEvent, { type: 'point' }> => e.type === 'point');

t.test('the seed: every step bound, none failing; skips only for the future extension', async (t) => {
  const plan = translate(await parseFile(seed));
  const events = await run(plan);
  const all = points(events);
  const failing = all.filter((p) => !p.ok && p.todo === undefined);
  t.same(failing.map((p) => [p.at?.line, p.name, p.diagnostics?.message]), [], "no failing point");
  t.same(all.filter((p) => p.todo).map((p) => p.name), [], 'no undefined step');
  t.same([...new Set(all.filter((p) => p.skip).map((p) => p.unitId))].map((id) => plan.units.find((u) => u.id === id)?.name), ['Immediate Kill Without Grace (Future)']);
  const steps = plan.units.reduce((n, u) => n + (u.kind === 'scenario' ? u.steps.length : 0), 0);
  t.equal(steps, 110, 'the seed has 110 steps, its step-less message scenario\'s condition among them');
  t.equal(all.length, steps, 'one point per step');
  const order = events.filter((e) => e.type === 'unit-start').map((e) => (e as { unitId: string }).unitId);
  t.same(order, plan.units.map((u) => u.id), 'units reported in document order');
  for (const p of all) t.equal(p.at?.file, seed);
});

const unitWith = (steps: string[], yaml = 'stop:\n  commands:\n    - run: "npm test"\n      timeout: "5m"\n'): ScenarioUnit => ({
  kind: 'scenario',
  id: 'x#1',
  name: 'made up',
  file: 'made-up.md',
  line: 1,
  headingPath: [],
  requirement: 'R',
  condition: 'When something:',
  configs: [{ file: 'made-up.md', line: 3, text: yaml, lang: 'yaml', headingPath: [], blockIndex: 0 }],
  steps: steps.map((text, i) => ({ keyword: 'Then', text, line: 10 + i, number: i + 1 })),
});

t.test('an unmatched step is TODO with a snippet, or a failure with --strict', async (t) => {
  const events: RunEvent[] = [];
  await runScenario(unitWith(['The moon turns 3 times green']), options, (e) => events.push(e));
  const [p] = points(events);
  t.match(p, { ok: false, todo: 'undefined step', at: { line: 10 } });
  t.match(p.diagnostics?.snippet, /^Then\('The moon turns \{int\} times green', function \(int\) \{/);
  const strict: RunEvent[] = [];
  await runScenario(unitWith(['The moon turns 3 times green']), { ...options, strict: true }, (e) => strict.push(e));
  t.match(points(strict)[0], { ok: false, todo: undefined });
});

t.test('a definition fails when the configuration says otherwise', async (t) => {
  const events: RunEvent[] = [];
  await runScenario(unitWith(['Command execution limited to 7 minutes', 'Output limited to 100 lines']), options, (e) => events.push(e));
  const [limit, lines] = points(events);
  t.equal(limit.ok, false);
  t.match(limit.diagnostics?.message, /resolves to 7 minutes \(ms\): 420000 \(got 300000\)/);
  t.match(lines, { ok: true, skip: /an earlier step failed \(line 10\)/ }, 'the step after a failed one is skipped');
});

t.test("the executor's own specs pass with every step bound", async (t) => {
  for (const name of ['executor-exit-codes.spec.md', 'executor-output-limits.spec.md']) {
    const all = points(await run(translate(await parseFile(path.join(root, 'specs', name)))));
    t.ok(all.length > 0, `${name} has points`);
    t.same(all.filter((p) => !p.ok || p.skip).map((p) => [p.name, p.todo ?? p.skip ?? p.diagnostics?.failed]), [], `${name}: all pass`);
  }
});
