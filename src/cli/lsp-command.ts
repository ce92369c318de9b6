// `spec-run lsp --stdio`: the language server of verification documents (src/lsp) on
// stdin and stdout, started by an editor, one process per workspace.
import { createConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { startLanguageServer } from '../lsp/server.js';
import { stopRuns } from '../lsp/run-units.js';

export function lspCommand(): void {
  const connection = createConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
  // Stdout carries the protocol: what a steps file logs while it loads goes to stderr, which editors keep as the server's log.
  console.log = console.info = console.debug = console.error;
  // One failed answer must not end the editor's session: it is logged, the server goes on.
  process.on('unhandledRejection', (reason) => connection.console.error(`spec-run lsp: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`));
  startLanguageServer(connection);
  connection.listen();
  // The editor is gone (crashed, force-closed, no shutdown sent): so is the server. The library
  // does this only for input it is given as a stream, not as a message reader; the server's
  // own file watchers would otherwise keep the process alive for good.
  const end = () => process.exit(0);
  process.stdin.once('end', end).once('close', end);
  // However the server ends, the runs it started ("run this unit") end with it: tied to it where the machine allows
  // (run-units.ts), else told here (a shutdown request waits for them to end).
  process.once('exit', () => void stopRuns());
}
