// spec-run's language server in VS Code: `spec-run lsp --stdio` from the workspace's own
// node_modules (the version the project runs its documents with), for its markdown files.
// Everything else is the server's: it registers its file watchers and its run commands.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

async function activate(context) {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return;
  const bin = join(folder.uri.fsPath, 'node_modules', '.bin', process.platform === 'win32' ? 'spec-run.cmd' : 'spec-run');
  if (!existsSync(bin)) {
    void vscode.window.showWarningMessage(`spec-run is not installed in ${folder.name}: npm i -D spec-run`);
    return;
  }
  client = new LanguageClient(
    'spec-run',
    'spec-run',
    { command: bin, args: ['lsp', '--stdio'], transport: TransportKind.stdio, options: { cwd: folder.uri.fsPath, shell: process.platform === 'win32' } },
    { documentSelector: [{ scheme: 'file', language: 'markdown' }] },
  );
  context.subscriptions.push(client);
  await client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
