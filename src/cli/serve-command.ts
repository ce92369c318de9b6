// `spec-run serve`: the runtime on stdio until the client closes stdin. MCP clients start
// it once per session, so it loads only what serving needs: the bundle the build makes
// of the runtime server (see bundles.ts, which also says the V8 flags it runs under) and
// the interrupt handling.
import { Interrupts } from '../executor/interrupts.js';
import { loadServer } from './bundles.js';

export async function serveCommand(): Promise<void> {
  const { serveStdio } = loadServer();
  // SIGINT, SIGTERM, SIGHUP: the worker and the programs it started are stopped before exiting.
  const interrupts = new Interrupts();
  await serveStdio({ signal: interrupts.signal });
  interrupts.dispose();
  // Interrupted, the client may still hold stdin open: nothing more will be read from it.
  if (interrupts.exitStatus !== undefined) process.exit(interrupts.exitStatus);
}
