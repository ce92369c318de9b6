// spec-run as it starts: the build bundles the command line (cli/program.js) and the
// runtime server (runtime/server.js, for `spec-run serve`) each into one CommonJS file
// (scripts/bundles.mjs), with V8's code cache made at build time beside it. A start then
// reads one file and deserializes compiled code instead of resolving, reading, parsing
// and compiling some 500 modules (Node 20 has no compile cache of its own): that was most
// of a one-document run's start-up. A cache V8 rejects (another Node, other flags) or a
// missing one only costs the compilation; a missing bundle (a build by tsc alone) means
// the modules are loaded one by one, as compiled.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/** The runtime server's bundle, beside runtime/server.js. */
export const SERVE_BUNDLE = fileURLToPath(new URL('../runtime/server.bundle.cjs', import.meta.url));
/** The command line's bundle, beside cli/program.js. */
export const CLI_BUNDLE = fileURLToPath(new URL('./program.bundle.cjs', import.meta.url));
/**
 * The built-in executor steps' bundle, beside run/scenario/steps/index.js: what they load
 * (the executor, execa, zod, yaml: some 380 modules) loaded one by one took most of the
 * start of a run with --executor-steps. It runs in the command line's process.
 */
export const STEPS_BUNDLE = fileURLToPath(new URL('../run/scenario/steps/index.bundle.cjs', import.meta.url));

export const cacheOf = (bundle: string) => `${bundle}.v8cache`;

/**
 * A function is optimized after 16 times the work V8's default asks: a run is short, and
 * most of what it optimized early (micromark's parser, the first documents' steps) had
 * done its work before the optimized code was ready. Compiling it took a thread of its
 * own: of 100 small OpenSpec documents parsed afresh, half the parse's CPU time, and on a
 * loaded machine of two cores, the run's time too. Code that runs long (a user's steps
 * computing for seconds) is still optimized, a few milliseconds later.
 */
const CLI_V8_FLAGS = ['--interrupt-budget=1081344'];

/**
 * The V8 flags each bundle's process runs under, set before the bundle is compiled: V8
 * takes a code cache only under the flags it was made with, so the build makes each
 * bundle's cache in a process of its own under them (scripts/bundle-cache.mjs).
 */
const BUNDLE_V8_FLAGS: Record<string, string[]> = {
  // Without the optimizing compiler. A call's work in Node is small and short (read a line,
  // hand it on, format the answer); optimizing it runs on a thread of its own, and on a
  // machine of two cores that thread competed with the client and the worker, and code it
  // optimized was sometimes thrown away again: measured there, `npm run bench -- runtime`
  // gave a p99 round trip about half as long without it, the median unchanged.
  [SERVE_BUNDLE]: ['--no-opt'],
  [CLI_BUNDLE]: CLI_V8_FLAGS,
  // Loaded by the command line, under its flags: its cache is made under them too.
  [STEPS_BUNDLE]: CLI_V8_FLAGS,
};

export interface LoadedBundle<Exports> {
  exports: Exports;
  /** True when a cache was given and V8 refused it. */
  cacheRejected: boolean;
  /** The code cache of what has been compiled so far. */
  codeCache: () => Buffer;
}

/** The package's root directory: this module is dist/src/cli/bundles.js. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The name stack traces give the bundle's code: its place in the package. V8 names code it
 * takes from a code cache as the script the cache was made from, so the build machine's
 * path of the bundle would show in every user's stack traces; this name is the same there
 * and everywhere.
 */
const scriptName = (bundle: string) => `spec-run/${relative(PACKAGE_ROOT, bundle)}`;

/**
 * Runs the CommonJS bundle at `bundle` under its V8 flags (which hold for the whole
 * process from then on), with the code cache at `cache` when there is one there (null: none).
 */
export function loadBundle<Exports>(bundle: string, cache: string | null = cacheOf(bundle)): LoadedBundle<Exports> {
  for (const flag of BUNDLE_V8_FLAGS[bundle] ?? []) setFlagsFromString(flag);
  const cachedData = cache !== null && existsSync(cache) ? readFileSync(cache) : undefined;
  // The wrapper Node's own CommonJS loader puts around a module. The bundles hold no
  // import() (scripts/bundles.mjs): users' steps files are imported by jiti, outside them.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`, { filename: scriptName(bundle), cachedData });
  const module = { exports: {} as Exports };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return { exports: module.exports, cacheRejected: cachedData !== undefined && script.cachedDataRejected === true, codeCache: () => script.createCachedData() };
}

/** The command line's modules: from its bundle when the build made one. */
export async function loadProgram(): Promise<typeof import('./program.js')> {
  return existsSync(CLI_BUNDLE) ? loadBundle<typeof import('./program.js')>(CLI_BUNDLE).exports : import('./program.js');
}

/** The runtime server's modules, from its bundle. */
export function loadServer(): typeof import('../runtime/server.js') {
  return loadBundle<typeof import('../runtime/server.js')>(SERVE_BUNDLE).exports;
}

/** Makes the code cache of a bundle once `exercise` has run what a start compiles (the build does, after bundling). */
export async function writeBundleCache<Exports>(bundle: string, exercise: (exports: Exports) => unknown = () => undefined): Promise<void> {
  const loaded = loadBundle<Exports>(bundle, null);
  await exercise(loaded.exports);
  writeFileSync(cacheOf(bundle), loaded.codeCache());
}
