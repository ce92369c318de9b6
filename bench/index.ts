// npm run bench: every benchmark of the project, one table each, printed as they finish.
// Speed and memory targets live here, never in the timed-free unit tests.
// `npm run bench -- runtime sessions` runs the named ones; `--peer "<command>"`
// measures another MCP evaluation server beside spec-run serve in the runtime table.
import { runRuntimeBench } from './runtime.js';
import { runExecutorBench } from './executor.js';
import { runSeedsBench } from './seeds.js';
import { runJobsBench } from './jobs.js';
import { runSessionsBench } from './sessions.js';
import { runQuietBench } from './quiet.js';
import { runLspBench } from './lsp.js';
import { runDocumentsBench } from './documents.js';

const args = process.argv.slice(2);
const peerAt = args.indexOf('--peer');
const peer = peerAt >= 0 ? args[peerAt + 1] : undefined;
if (peerAt >= 0 && !peer) {
  console.error('--peer needs the command line of an MCP server, e.g. --peer "sbcl --script run-server.lisp"');
  process.exit(2);
}
const only = args.filter((_, i) => peerAt < 0 || (i !== peerAt && i !== peerAt + 1));

const benches: [string, () => Promise<string>][] = [
  ['runtime', () => runRuntimeBench({ peer })],
  ['sessions', runSessionsBench],
  ['executor', runExecutorBench],
  ['seeds', runSeedsBench],
  ['jobs', runJobsBench],
  ['quiet', runQuietBench],
  ['lsp', runLspBench],
  ['documents', runDocumentsBench],
];
for (const [name, run] of benches) {
  if (only.length && !only.includes(name)) continue;
  console.log(`${await run()}\n`);
}
