// The runtime server as `spec-run serve` loads it: one CommonJS file the build bundles
// (scripts/bundle-serve.mjs) with V8's code cache made at build time beside it, so a start
// deserializes compiled code instead of parsing and compiling 300 KB of JavaScript (Node
// 20 has no compile cache of its own). A cache V8 rejects (another Node, other flags) or a
// missing one only costs the compilation.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

type ServerModule = typeof import('../runtime/server.js');

export const SERVE_BUNDLE = fileURLToPath(new URL('../runtime/server.bundle.cjs', import.meta.url));
export const SERVE_BUNDLE_CACHE = `${SERVE_BUNDLE}.v8cache`;

interface LoadedBundle {
  server: ServerModule;
  /** True when a cache was given and V8 refused it. */
  cacheRejected: boolean;
  /** The code cache of what has been compiled so far. */
  codeCache: () => Buffer;
}

/** Runs the CommonJS bundle at `bundle`, with the code cache at `cache` when there is one there (null: none). */
export function loadServeBundle(bundle = SERVE_BUNDLE, cache: string | null = SERVE_BUNDLE_CACHE): LoadedBundle {
  const cachedData = cache !== null && existsSync(cache) ? readFileSync(cache) : undefined;
  // The wrapper Node's own CommonJS loader puts around a module.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`, { filename: bundle, cachedData });
  const module = { exports: {} as ServerModule };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return { server: module.exports, cacheRejected: cachedData !== undefined && script.cachedDataRejected === true, codeCache: () => script.createCachedData() };
}

/** Makes the code cache of the bundle once it has run (the build does, after bundling). */
export function writeServeBundleCache(bundle = SERVE_BUNDLE, cache = SERVE_BUNDLE_CACHE): void {
  writeFileSync(cache, loadServeBundle(bundle, null).codeCache());
}
