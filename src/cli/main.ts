#!/usr/bin/env node
// The `spec-run` executable. `spec-run serve` is started by MCP clients once per session,
// so it is dispatched here, before the command line parser and the other commands' modules
// load; everything else (`serve --help` included) goes through the parser (program.ts).
if (process.argv.length === 3 && process.argv[2] === 'serve') {
  const { serveCommand } = await import('./serve-command.js');
  await serveCommand();
} else {
  const { main } = await import('./program.js');
  await main(process.argv);
}
