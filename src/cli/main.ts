#!/usr/bin/env node
// The `spec-run` executable. `spec-run serve` is started by MCP clients once per session,
// so it is dispatched here, before the command line parser and the other commands' modules
// load; everything else (`serve --help` included) goes through the parser (program.ts).
import { holdStartSignals } from './start-signals.js';
import { loadProgram } from './bundles.js';

if (process.argv.length === 3 && process.argv[2] === 'serve') {
  const { serveCommand } = await import('./serve-command.js');
  await serveCommand();
} else {
  // A signal while the modules load and the documents are read must still end in a summary.
  holdStartSignals();
  const { main } = await loadProgram();
  await main(process.argv);
}
