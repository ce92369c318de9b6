// `spec-run serve` is started once per session by MCP clients, so its start is
// paid often: the runtime server is bundled into one minified CommonJS file
// (esbuild), and V8's code cache of it is made here, for src/cli/serve-bundle.ts to
// load both. The bundle sits beside the compiled runtime, so its paths to the
// worker's Lisp sources and to package.json are those of server.js.
import { build } from 'esbuild';
import { SERVE_BUNDLE, writeServeBundleCache } from '../dist/src/cli/serve-bundle.js';

await build({
  entryPoints: ['dist/src/runtime/server.js'],
  outfile: SERVE_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  logLevel: 'warning',
  // import.meta.url is the bundle's own URL; import() of a Node module becomes require().
  define: { 'import.meta.url': '__bundleUrl' },
  supported: { 'dynamic-import': false },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
writeServeBundleCache();
