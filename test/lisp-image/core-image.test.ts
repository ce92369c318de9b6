// Core images: built with SBCL itself (no process library), failures said with SBCL's own
// output, and saved with the heap size their processes run with.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { defaultLisp, ensureCoreImage, imageKey, sbclVersion } from '../../src/lisp-image/core-image.js';
import { DEFAULT_DYNAMIC_SPACE_MB, workerImage } from '../../src/runtime/worker.js';
import { scratchDirectory } from '../support/scratch.js';

t.test('an SBCL that cannot be run is said so, with how to install it', async (t) => {
  await t.rejects(sbclVersion({ sbcl: 'no-such-sbcl-for-spec-run' }), /cannot run SBCL \(no-such-sbcl-for-spec-run\): .*ENOENT.*apt-get install sbcl cl-fiveam cl-bordeaux-threads/);
  t.match(await sbclVersion(defaultLisp()), /^SBCL \d/);
});

t.test('a source that does not load fails the build with what SBCL said', async (t) => {
  const directory = scratchDirectory('spec-run-core-image-');
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  const source = join(directory, 'broken.lisp');
  writeFileSync(source, '(error "broken on purpose: ~A" 42)\n');
  const previous = process.env.SPEC_RUN_CACHE;
  process.env.SPEC_RUN_CACHE = directory;
  t.teardown(() => {
    if (previous === undefined) delete process.env.SPEC_RUN_CACHE;
    else process.env.SPEC_RUN_CACHE = previous;
  });
  await t.rejects(ensureCoreImage({ name: 'broken', sources: [source] }), /building the broken core image failed:[\s\S]*broken on purpose: 42/);
});

t.test('a new image of a name keeps the two most recently used others of that name, removes the rest, and leaves other names alone', async (t) => {
  const directory = scratchDirectory('spec-run-core-prune-');
  const previous = process.env.SPEC_RUN_CACHE;
  process.env.SPEC_RUN_CACHE = directory;
  t.teardown(() => {
    if (previous === undefined) delete process.env.SPEC_RUN_CACHE;
    else process.env.SPEC_RUN_CACHE = previous;
    rmSync(directory, { recursive: true, force: true });
  });
  const { existsSync, utimesSync } = await import('node:fs');
  const other = await ensureCoreImage({ name: 'other', sources: [], finalForm: '(defvar *o* 1)' });
  const images: string[] = [];
  for (let version = 1; version <= 3; version++) {
    images.push(await ensureCoreImage({ name: 'pruned', sources: [], finalForm: `(defvar *v* ${version})` }));
    // Used in this order, a minute apart: the first is the least recently used.
    const used = new Date(Date.now() - (4 - version) * 60_000);
    utimesSync(images.at(-1)!, used, used);
  }
  t.equal(new Set(images).size, 3, 'other sources, another image');
  t.ok(images.every((image) => existsSync(image)), 'three images of a name live side by side (two spec-runs of different versions do not rebuild each other\'s)');
  const fourth = await ensureCoreImage({ name: 'pruned', sources: [], finalForm: '(defvar *v* 4)' });
  t.notOk(existsSync(images[0]), 'the least recently used one is gone');
  t.ok(existsSync(images[1]) && existsSync(images[2]) && existsSync(fourth), 'the new one and the two most recently used stay');
  t.ok(existsSync(other), 'an image of another name is left alone');
});

t.test('the heap size an image is saved with is part of its key', async (t) => {
  const spec = { name: 'keyed', sources: [] };
  const lisp = defaultLisp();
  t.equal(await imageKey(spec, lisp), await imageKey({ ...spec }, lisp));
  t.not(await imageKey({ ...spec, dynamicSpaceMb: 1024 }, lisp), await imageKey({ ...spec, dynamicSpaceMb: 2048 }, lisp));
  t.not(await imageKey(spec, lisp), await imageKey({ ...spec, dynamicSpaceMb: 2048 }, lisp));
});

/** Resident kilobytes of SBCL started from `core` with a heap of `dynamicSpaceMb`, once it is up. */
function residentAtStart(sbcl: string, core: string, dynamicSpaceMb: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const args = ['--core', core, '--dynamic-space-size', String(dynamicSpaceMb), '--noinform', '--end-runtime-options', '--no-sysinit', '--no-userinit', '--non-interactive'];
    const child = spawn(sbcl, [...args, '--eval', '(progn (princ :ready) (terpri) (finish-output) (sleep 30))'], { stdio: ['ignore', 'pipe', 'ignore'] });
    child.once('error', reject);
    child.stdout.once('data', () => {
      const line = readFileSync(`/proc/${child.pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
      child.kill('SIGKILL');
      resolve(Number(line?.split(/\s+/)[1]));
    });
  });
}

// Measured: started with a larger heap than its image was saved with, SBCL has every page
// of the saved heap resident at once (a worker: 42 MB instead of 20).
t.test('the worker image is saved with the heap size workers run with: they start with no more resident than a smaller heap', async (t) => {
  const lisp = defaultLisp();
  const core = await workerImage(lisp);
  const asWorkers = await residentAtStart(lisp.sbcl, core, DEFAULT_DYNAMIC_SPACE_MB);
  const smaller = await residentAtStart(lisp.sbcl, core, DEFAULT_DYNAMIC_SPACE_MB / 4);
  t.ok(asWorkers - smaller < 8 * 1024, `resident at start: ${asWorkers} kB with ${DEFAULT_DYNAMIC_SPACE_MB} MB, ${smaller} kB with ${DEFAULT_DYNAMIC_SPACE_MB / 4} MB`);
});

/** Runs the test with SPEC_RUN_CACHE (and the variables given) set for it alone. */
function withEnvironment(t: Parameters<Parameters<typeof import('tap').test>[0]>[0], variables: Record<string, string>): void {
  const previous = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  t.teardown(() => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}

t.test('an image cut short (a crash, a cache restored in part) is built again, not started for ever with SIGBUS', async (t) => {
  const { statSync, truncateSync } = await import('node:fs');
  const directory = scratchDirectory('spec-run-core-cut-');
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  withEnvironment(t, { SPEC_RUN_CACHE: directory });
  const spec = { name: 'cut', sources: [], finalForm: '(defvar *cut* 1)' };
  const image = await ensureCoreImage(spec);
  const size = statSync(image).size;
  truncateSync(image, 1_000_000);
  t.equal(await ensureCoreImage(spec), image);
  t.equal(statSync(image).size, size, 'saved again whole');
});

t.test('a FiveAM that ASDF finds somewhere new (~/common-lisp) is looked up again; a systems record cut short is asked again', async (t) => {
  const { cpSync, mkdirSync, truncateSync, readdirSync } = await import('node:fs');
  const { systemDefinitions } = await import('../../src/lisp-image/core-image.js');
  const directory = scratchDirectory('spec-run-asdf-places-');
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  withEnvironment(t, { SPEC_RUN_CACHE: join(directory, 'cache'), HOME: join(directory, 'home') });
  const [debian] = await systemDefinitions(['fiveam'], defaultLisp());
  t.match(debian, /^\/usr\/share\/common-lisp\//);
  for (const record of readdirSync(join(directory, 'cache')).filter((f) => f.startsWith('systems-'))) truncateSync(join(directory, 'cache', record), 20);
  t.same(await systemDefinitions(['fiveam'], defaultLisp()), [debian], 'a record cut short: asked again');
  mkdirSync(join(directory, 'home', 'common-lisp'), { recursive: true });
  cpSync('/usr/share/common-lisp/source/fiveam', join(directory, 'home', 'common-lisp', 'fiveam'), { recursive: true });
  t.same(await systemDefinitions(['fiveam'], defaultLisp()), [join(directory, 'home', 'common-lisp', 'fiveam', 'fiveam.asd')], "the user's copy, as ASDF finds it now");
});
