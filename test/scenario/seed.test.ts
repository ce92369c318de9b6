// Step definitions on scenarios made up for the case: an unmatched step, and a
// definition failing when the configuration says otherwise. (The seed and the
// executor's own specs run once, in test/e2e/seeds.test.ts and test/e2e/specs.test.ts.)
import t from 'tap';
import { OFFLINE_IMAGES } from '../support/images.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunEvent } from '../../src/model/events.js';
import type { ScenarioUnit } from '../../src/model/plan.js';
import { runScenario } from '../../src/run/scenario/index.js';
import { loadStepLibrary } from '../../src/run/scenario/library.js';
import type { RunOptions } from '../../src/run/types.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const options: RunOptions = { seed: 1, unitTimeoutMs: 300_000, bail: false, strict: false, runtimeCommand: [], imageAliases: OFFLINE_IMAGES, projectRoot: root, vocabularyFiles: [] };

/** The built-in executor steps, as a document with stop-hook YAML blocks gets them. */
const executorSteps = await loadStepLibrary([], { builtins: true });

const points = (events: RunEvent[]) => events.filter((e): e is Extract<RunEvent, { type: 'point' }> => e.type === 'point');

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
  await runScenario(unitWith(['The moon turns 3 times green']), options, (e) => events.push(e), executorSteps);
  const [p] = points(events);
  t.match(p, { ok: false, todo: 'undefined step', at: { line: 10 } });
  t.match(p.diagnostics?.snippet, /^Then\('The moon turns \{int\} times green', function \(int\) \{/);
  const strict: RunEvent[] = [];
  await runScenario(unitWith(['The moon turns 3 times green']), { ...options, strict: true }, (e) => strict.push(e), executorSteps);
  t.match(points(strict)[0], { ok: false, todo: undefined });
});

t.test('a definition fails when the configuration says otherwise', async (t) => {
  const events: RunEvent[] = [];
  await runScenario(unitWith(['Command execution limited to 7 minutes', 'Output limited to 100 lines']), options, (e) => events.push(e), executorSteps);
  const [limit, lines] = points(events);
  t.equal(limit.ok, false);
  t.match(limit.diagnostics?.message, /resolves to 7 minutes \(ms\): 420000 \(got 300000\)/);
  t.match(lines, { ok: true, skip: /an earlier step failed \(line 10\)/ }, 'the step after a failed one is skipped');
});
