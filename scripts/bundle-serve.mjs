// `spec-run serve` is started once per session by MCP clients, so its start is
// paid often: the runtime server is bundled into one file (esbuild), which Node
// loads in about two thirds of the time the separate modules take. The bundle
// sits beside the compiled runtime, so its paths to the worker's Lisp sources
// and to package.json are those of server.js.
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/src/runtime/server.js'],
  outfile: 'dist/src/runtime/server.bundle.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  logLevel: 'warning',
  // Bundled CommonJS dependencies call require().
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
});
