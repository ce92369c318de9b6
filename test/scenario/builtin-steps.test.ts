// The built-in executor steps from their bundle register what their native load registers,
// in its order and at its places (builtin-steps.ts), and the bundle's code cache is taken
// as spec-run loads it: after the command line's bundle, under its flags.
import t from 'tap';
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { root } from '../cli/spec-run.js';
import { CLI_BUNDLE, loadBundle, STEPS_BUNDLE } from '../../src/cli/bundles.js';
import { BUILTIN_STEPS } from '../../src/run/scenario/library.js';
import { bundledBuiltinSteps, placedAsBuilt, signature, type BuiltPlace } from '../../src/run/scenario/builtin-steps.js';
import { collectRegistrations, type Registration } from '../../src/steps/index.js';
import { scratchDirectory } from '../support/scratch.js';

const run = promisify(execFile);
const shown = (registrations: Registration[]) => registrations.map((r) => `${signature(r)} ${r.file}:${r.line}${r.kind === 'step' && r.seedList ? ' (seed list)' : ''}`);

t.test('the bundle registers what the compiled modules register, in their order, each at the place their load gives it', async (t) => {
  // library.ts turns Node's source maps on before it loads steps: places name the TypeScript sources of a checkout.
  process.setSourceMapsEnabled(true);
  const native = await collectRegistrations(() => import(BUILTIN_STEPS));
  t.ok(native.length > 100, `the built-in steps register their definitions (${native.length})`);
  t.match(native.find((r) => r.kind === 'step')?.file, /[\\/]src[\\/]run[\\/]scenario[\\/][\w/\\]+\.ts$/);
  t.same(shown(await bundledBuiltinSteps()), shown(native));
});

t.test("the definitions of the seed's `Then:` lists are marked as such, and only they: those written in run/scenario/steps/", async (t) => {
  // The bundle is evaluated afresh (the native module registers once); the first test holds its marks to be the native load's.
  const steps = (await bundledBuiltinSteps()).filter((r): r is Extract<Registration, { kind: 'step' }> => r.kind === 'step');
  const inSeedListFiles = (r: Registration) => /[\\/]src[\\/]run[\\/]scenario[\\/]steps[\\/]/.test(r.file);
  const marked = steps.filter((r) => r.seedList === true);
  t.ok(marked.length > 20 && marked.length < steps.length, `some definitions are the seed's (${marked.length} of ${steps.length})`);
  t.same(steps.filter((r) => r.seedList !== true && inSeedListFiles(r)).map((r) => `${r.file}:${r.line}`), [], 'none written there is left unmarked');
  t.same(marked.filter((r) => !inSeedListFiles(r)).map((r) => `${r.file}:${r.line}`), [], 'none written elsewhere is marked');
});

t.test('a bundle that registers other definitions than its record says is refused, not placed wrongly', async (t) => {
  const place: BuiltPlace = { signature: '["step","Given","a"]', js: { file: 'dist/a.js', line: 1 }, ts: null, url: false };
  const step: Registration = { kind: 'step', keyword: 'Given', expression: 'b', fn: () => {}, file: 'x', line: 1 };
  t.throws(() => placedAsBuilt([step], [place]), /does not register what its record of places says: rebuild spec-run/);
  t.throws(() => placedAsBuilt([], [place]), /rebuild spec-run/);
  t.match(placedAsBuilt([{ ...step, expression: 'a' }], [place]), [{ file: /[\\/]dist[\\/]a\.js$/, line: 1 }]);
});

t.test("the steps bundle's code cache is taken after the command line's bundle, and a missing or refused one only costs the compilation", async (t) => {
  const bundles = JSON.stringify(join(root, 'dist/src/cli/bundles.js'));
  const steps = JSON.stringify(join(root, 'dist/src/steps/index.js'));
  const load =
    `const { CLI_BUNDLE, STEPS_BUNDLE, loadBundle } = await import(${bundles}); const { collectRegistrations } = await import(${steps});` +
    'loadBundle(CLI_BUNDLE); let loaded; await collectRegistrations(async () => { loaded = loadBundle(STEPS_BUNDLE); }); console.log(loaded.cacheRejected)';
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', load], { cwd: root });
  t.equal(JSON.parse(stdout), false, 'the cache the build made is taken');

  const directory = scratchDirectory('spec-run-steps-bundle-');
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  const refused = join(directory, 'refused.v8cache');
  writeFileSync(refused, 'not a code cache');
  loadBundle(CLI_BUNDLE);
  for (const cache of [refused, join(directory, 'missing.v8cache')]) {
    let places: BuiltPlace[] = [];
    const registrations = await collectRegistrations(async () => {
      places = loadBundle<{ places: BuiltPlace[] }>(STEPS_BUNDLE, cache).exports.places;
    });
    t.ok(placedAsBuilt(registrations, places).length > 100, `${cache === refused ? 'a refused' : 'a missing'} cache: the built-in steps registered`);
  }
});
