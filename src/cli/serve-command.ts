// `spec-run serve`: the runtime on stdio until the client closes stdin. MCP clients start
// it once per session, so it loads only what serving needs: the bundle the build makes
// of the runtime server (see bundles.ts) and the interrupt handling.
import { setFlagsFromString } from 'node:v8';
import { Interrupts } from '../executor/interrupts.js';
import { loadServer } from './bundles.js';

export async function serveCommand(): Promise<void> {
  // Without V8's optimizing compiler. A call's work in Node is small and short (read a
  // line, hand it on, format the answer); optimizing it runs on a thread of its own, and
  // on a machine of two cores that thread competed with the client and the worker, and
  // code it optimized was sometimes thrown away again: measured on that machine,
  // `npm run bench -- runtime` gave a p99 round trip about half as long without it, the
  // median unchanged.
  setFlagsFromString('--no-opt');
  const { serveStdio } = loadServer();
  // SIGINT, SIGTERM, SIGHUP: the worker and the programs it started are stopped before exiting.
  const interrupts = new Interrupts();
  await serveStdio({ signal: interrupts.signal });
  interrupts.dispose();
  // Interrupted, the client may still hold stdin open: nothing more will be read from it.
  if (interrupts.exitStatus !== undefined) process.exit(interrupts.exitStatus);
}
