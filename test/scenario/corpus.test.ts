// The WHEN/THEN specifications of the executor written by others, and the example
// project a new user copies from: both run with nothing failing.
import t from 'tap';
import { OFFLINE_IMAGES } from '../support/images.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import type { RunEvent } from '../../src/model/events.js';
import { parseFile } from '../../src/parse/index.js';
import { runScenarioDocument } from '../../src/run/scenario/index.js';
import type { RunOptions } from '../../src/run/types.js';
import { translate } from '../../src/translate/index.js';
import { markExecutorSteps } from '../../src/run/scenario/executor-steps.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const corpus = path.resolve(root, '../shared/corpus/openspec');
const options: RunOptions = { seed: 1, unitTimeoutMs: 300_000, bail: false, strict: false, runtimeCommand: [], imageAliases: OFFLINE_IMAGES, projectRoot: root, vocabularyFiles: [] };

type Point = Extract<RunEvent, { type: 'point' }>;

t.test('the corpus: nothing fails; only the subagent steps (a hook kind of the host program, not the executor) stay undefined', async (t) => {
  const undefinedSteps: string[] = [];
  for (const name of ['add-command-timeout.spec.md', 'execution.spec.md']) {
    const events: RunEvent[] = [];
    // As --executor-steps enables them: these documents carry no stop-hook YAML block.
    const [plan] = markExecutorSteps([translate(await parseFile(path.join(corpus, name)))], { everywhere: true, documents: new Set(), source: '--executor-steps' });
    await runScenarioDocument(plan, options, (e) => events.push(e));
    const points = events.filter((e): e is Point => e.type === 'point');
    t.same(points.filter((p) => !p.ok && p.todo === undefined).map((p) => [p.at?.line, p.name, p.diagnostics?.message]), [], `${name}: no failing point`);
    undefinedSteps.push(...points.filter((p) => p.todo !== undefined).map((p) => p.name));
    t.ok(points.filter((p) => p.ok && p.skip === undefined).length > 15, `${name}: its steps pass`);
  }
  t.same(undefinedSteps, [
    'WHEN a subagent stop command is configured in .conclaude.yaml located at /home/user/project/.conclaude.yaml',
    'THEN the subagent stop command SHALL execute with cwd set to /home/user/project/',
    'WHEN a subagent stop command executes',
  ]);
});

t.test('through the CLI: the built-in steps bind the corpus only when asked for, and its undefined steps fail the run unless --no-strict', async (t) => {
  const cli = path.join(root, 'dist/src/cli/main.js');
  const run = (args: string[]) => execa(process.execPath, [cli, corpus, '--reporter', 'tap', ...args], { cwd: root, reject: false });
  const bare = await run([]);
  t.equal(bare.exitCode, 1, 'not enabled: every step is undefined, and that fails');
  t.match(bare.stderr, /^0 passed, \d+ failed, \d+ skipped, 0 todo$/m, 'no built-in step bound a sentence of someone else\'s');
  const strict = await run(['--executor-steps']);
  t.equal(strict.exitCode, 1, 'enabled: the three subagent steps fail the run by default');
  t.match(strict.stderr, /^83 passed, 3 failed, \d+ skipped, 0 todo$/m);
  const lenient = await run(['--executor-steps', '--no-strict']);
  t.equal(lenient.exitCode, 0, 'with --no-strict they are TODO');
  t.match(lenient.stderr, /^83 passed, 0 failed, \d+ skipped, 3 todo$/m);
});

t.test('the example project runs from its own directory with its configuration', async (t) => {
  const example = path.join(root, 'examples', 'word-count');
  const result = await execa(process.execPath, [path.join(root, 'dist/src/cli/main.js')], { cwd: example, reject: false });
  t.equal(result.exitCode, 0, result.stdout);
  t.match(result.stderr, /23 passed, 0 failed, 0 skipped, 0 todo/);
});
