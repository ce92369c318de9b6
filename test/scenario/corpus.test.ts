// The WHEN/THEN specifications of the executor written by others, and the example
// project a new user copies from: both run with nothing failing, through the CLI.
import t from 'tap';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import type { RunEvent } from '../../src/model/events.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const corpus = path.resolve(root, '../shared/corpus/openspec');
const cli = path.join(root, 'dist/src/cli/main.js');
const run = (args: string[]) => execa(process.execPath, [cli, corpus, ...args], { cwd: root, reject: false });

type Point = Extract<RunEvent, { type: 'point' }>;

/** The corpus run for real with the built-in steps, strict: both tests below read this one run (each run takes seconds of real commands). */
const enabled = run(['--executor-steps', '--reporter', 'json']).then((result) => ({
  result,
  points: result.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RunEvent)
    .filter((e): e is Point => e.type === 'point'),
}));
/** An undefined step's point in a strict run: a failure that says no definition matches. */
const undefinedStep = (p: Point) => !p.ok && /^no step definition matches this step/.test(String(p.diagnostics?.reason ?? ''));

t.test('the corpus: nothing fails; only the subagent steps (a hook kind of the host program, not the executor) stay undefined', async (t) => {
  const { points } = await enabled;
  for (const name of ['add-command-timeout.spec.md', 'execution.spec.md']) {
    const own = points.filter((p) => path.basename(p.file) === name);
    t.same(own.filter((p) => !p.ok && p.todo === undefined && !undefinedStep(p)).map((p) => [p.at?.line, p.name, p.diagnostics?.message]), [], `${name}: no failing point`);
    t.ok(own.filter((p) => p.ok && p.skip === undefined).length > 15, `${name}: its steps pass`);
  }
  t.same(points.filter(undefinedStep).map((p) => p.name), [
    'WHEN a subagent stop command is configured in .conclaude.yaml located at /home/user/project/.conclaude.yaml',
    'THEN the subagent stop command SHALL execute with cwd set to /home/user/project/',
    'WHEN a subagent stop command executes',
  ]);
});

t.test('through the CLI: the built-in steps bind the corpus only when asked for, and its undefined steps fail the run unless --no-strict', async (t) => {
  const bare = await run(['--reporter', 'tap']);
  t.equal(bare.exitCode, 1, 'not enabled: every step is undefined, and that fails');
  t.match(bare.stderr, /^0 passed, \d+ failed, \d+ skipped, 0 todo$/m, 'no built-in step bound a sentence of someone else\'s');
  const { result: strict } = await enabled;
  t.equal(strict.exitCode, 1, 'enabled: the three subagent steps fail the run by default');
  t.match(strict.stderr, /^83 passed, 3 failed, \d+ skipped, 0 todo$/m);
  const lenient = await run(['--executor-steps', '--no-strict', '--reporter', 'tap']);
  t.equal(lenient.exitCode, 0, 'with --no-strict they are TODO');
  t.match(lenient.stderr, /^83 passed, 0 failed, \d+ skipped, 3 todo$/m);
});

t.test('the example project runs from its own directory with its configuration', async (t) => {
  const example = path.join(root, 'examples', 'word-count');
  const result = await execa(process.execPath, [cli], { cwd: example, reject: false });
  t.equal(result.exitCode, 0, result.stdout);
  t.match(result.stderr, /23 passed, 0 failed, 0 skipped, 0 todo/);
});
