// Bundles the command line and the runtime server, each into one minified CommonJS file
// (esbuild), and makes V8's code cache of each, for src/cli/bundles.ts to load both.
// Each bundle sits beside its entry module, and every module in it keeps its own
// import.meta.url (rewritten to its file's place relative to the bundle), so the paths
// modules find their files by (Lisp sources, templates, package.json) stay as compiled.
import { build, stop as stopEsbuild } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { CLI_BUNDLE, SERVE_BUNDLE, writeBundleCache } from '../dist/src/cli/bundles.js';
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
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', '__bundleUrl'),
      loader: 'js',
    }));
  },
});

async function bundle(entry, outfile) {
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
  });
}

await bundle('dist/src/runtime/server.js', SERVE_BUNDLE);
await writeBundleCache(SERVE_BUNDLE);

await bundle('dist/src/cli/program.js', CLI_BUNDLE);
// esbuild's service process is a child of this one: the code cache's runs below would
// find it left running and stop it, saying so.
await stopEsbuild();
// The build's id, which keys what a run keeps for the next (src/parse/cache.ts): written
// before the code cache's runs below, so they key their documents to this build.
writeFileSync(BUILD_ID_FILE, `${createHash('sha256').update(readFileSync(CLI_BUNDLE)).update(readFileSync(SERVE_BUNDLE)).digest('hex').slice(0, 32)}\n`);
// The cache holds what a start compiled: a --list of a small Lisp document runs the
// command line, the parser and the translation, as every run does; a run of a small
// OpenSpec document with its steps runs the steps' loading, the scenario runner and the
// TAP reporter (a Lisp document's run needs SBCL, which a build may not have). Each reads
// an empty configuration of the scratch directory, not the project's, which is
// where the run leaves its record.
const scratch = mkdtempSync(join(tmpdir(), 'spec-run-bundle-'));
try {
  const config = join(scratch, 'spec-run.config.json');
  writeFileSync(config, '{}');
  const document = join(scratch, 'sum.test.md');
  writeFileSync(document, '---\ntype: verification\n---\n# Sum\n\n```lisp\n(is (= 3 (+ 1 2)))\n```\n');
  const specification = join(scratch, 'counter.spec.md');
  writeFileSync(
    specification,
    '# Counter Specification\n\n## Purpose\nA counter.\n\n## Requirements\n\n### Requirement: Counting\nThe counter SHALL add.\n\n#### Scenario: Adding\n- **GIVEN** a counter at 1\n- **WHEN** 2 is added\n- **THEN** the counter shows 3\n',
  );
  const steps = join(scratch, 'steps.mjs');
  const stepsModule = JSON.stringify(new URL('../dist/src/steps/index.js', import.meta.url).href);
  writeFileSync(
    steps,
    `import { Given, When, Then } from ${stepsModule};\n` +
      "Given('a counter at {int}', function (n) { this.count = n; });\n" +
      "When('{int} is added', function (n) { this.count += n; });\n" +
      "Then('the counter shows {int}', function (n) { if (this.count !== n) throw new Error(`the counter shows ${this.count}`); });\n",
  );
  await writeBundleCache(CLI_BUNDLE, async (program) => {
    const [stdout, stderr] = [process.stdout.write, process.stderr.write];
    let written = '';
    process.stdout.write = process.stderr.write = (chunk) => ((written += chunk), true);
    // A start that fails (as a missing configuration once did) compiles little: the build says so.
    const run = async (...args) => {
      written = '';
      await program.main([process.execPath, 'spec-run', ...args, '--config', config]);
      if ((process.exitCode ?? 0) !== 0) throw new Error(`the code cache's spec-run ${args.join(' ')} failed:\n${written}`);
    };
    try {
      await run('--list', document);
      await run(specification, '--steps', steps, '--reporter', 'tap');
    } finally {
      [process.stdout.write, process.stderr.write] = [stdout, stderr];
      process.exitCode = undefined;
    }
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
