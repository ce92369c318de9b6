// Bundles the command line, the runtime server and the built-in executor steps, each into
// one minified CommonJS file (esbuild), and makes V8's code cache of each (bundle-cache.mjs,
// a process per bundle, as each is made under its bundle's V8 flags), for src/cli/bundles.ts
// to load them. The steps' bundle carries the places their definitions have when loaded as
// compiled (steps-places.mjs): in the bundle, a stack frame names the bundle.
// Each bundle sits beside its entry module, and every module in it keeps its own
// import.meta.url (rewritten to its file's place relative to the bundle), so the paths
// modules find their files by (Lisp sources, templates, package.json) stay as compiled.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_BUNDLE, SERVE_BUNDLE, STEPS_BUNDLE } from '../dist/src/cli/bundles.js';
import { BUILD_ID_FILE } from '../dist/src/parse/cache.js';

/** import.meta.url of each compiled module, as the URL of its file relative to the bundle's. */
const ownUrls = (bundle) => ({
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]src[\\/].*\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', `__moduleUrl(${JSON.stringify(relative(dirname(bundle), args.path))})`),
      loader: 'js',
    }));
    // A package's own import.meta.url (fdir's createRequire) resolves packages: from the
    // bundle's place, Node finds them as it finds the bundle's other dependencies.
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.mjs$/ }, (args) => ({
      contents: withBundledPicomatch(args.path, readFileSync(args.path, 'utf8')).replaceAll('import.meta.url', '__bundleUrl'),
      loader: 'js',
    }));
  },
});

/**
 * fdir requires picomatch through createRequire when it loads, which esbuild leaves to Node:
 * every start resolved, read and compiled picomatch's six files (some 5 ms of CPU, `--version`
 * too), beside the copy tinyglobby's import put in the bundle. A plain require is bundled: that copy.
 */
function withBundledPicomatch(path, text) {
  if (!/[\\/]node_modules[\\/]fdir[\\/]/.test(path)) return text;
  const required = '__require.resolve("picomatch");\n\tpm = __require("picomatch");';
  if (!text.includes(required)) throw new Error(`${path} no longer requires picomatch as bundles.mjs expects: see withBundledPicomatch`);
  return text.replace(required, 'pm = require("picomatch");');
}

async function bundle(entry, outfile, footer = '') {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    logLevel: 'warning',
    // jiti loads its own files (its TypeScript transform) by path, and imports users' steps
    // files: it stays a package of its own.
    external: ['jiti'],
    // Every import() left is of a module in the bundle or of Node's: require() them (V8
    // loses a script's dynamic-import callback when the script comes from its code cache).
    supported: { 'dynamic-import': false },
    plugins: [ownUrls(outfile)],
    banner: {
      js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href; const __moduleUrl = (path) => new URL(path, __bundleUrl).href;",
    },
    footer: { js: footer },
  });
}

await bundle('dist/src/runtime/server.js', SERVE_BUNDLE);
await bundle('dist/src/cli/program.js', CLI_BUNDLE);
await bundle('dist/src/run/scenario/steps/index.js', STEPS_BUNDLE, `module.exports.places = ${JSON.stringify(builtinStepPlaces())};`);
// The build's id, which keys what a run keeps for the next (src/parse/cache.ts): written
// before the code cache's runs, so they key their documents to this build.
writeFileSync(BUILD_ID_FILE, `${createHash('sha256').update(readFileSync(CLI_BUNDLE)).update(readFileSync(SERVE_BUNDLE)).digest('hex').slice(0, 32)}\n`);
const makeCache = fileURLToPath(new URL('./bundle-cache.mjs', import.meta.url));
for (const [which, bundle] of [['serve', SERVE_BUNDLE], ['cli', CLI_BUNDLE], ['steps', STEPS_BUNDLE]]) {
  const before = Date.now();
  execFileSync(process.execPath, [makeCache, which], { stdio: 'inherit' });
  // An exercise that ends its process (a command that exits when done) writes no cache, silently: every start then compiles anew.
  if (!existsSync(`${bundle}.v8cache`) || statSync(`${bundle}.v8cache`).mtimeMs < before - 1000) throw new Error(`bundle-cache.mjs ${which} wrote no code cache for ${bundle}`);
}

/** Each registration of the built-in steps with its place, with and without source maps (steps-places.mjs). */
function builtinStepPlaces() {
  const record = (...args) => JSON.parse(execFileSync(process.execPath, [fileURLToPath(new URL('./steps-places.mjs', import.meta.url)), ...args], { encoding: 'utf8' }));
  const [compiled, mapped] = [record(), record('--maps')];
  if (compiled.length !== mapped.length || compiled.some((place, i) => place.signature !== mapped[i].signature)) throw new Error('the built-in steps registered other definitions with source maps than without');
  return compiled.map(({ signature, url, ...js }, i) => {
    const { file, line } = mapped[i];
    return { signature, js, ts: file === js.file ? null : { file, line }, url };
  });
}
