// An editor's side of the Language Server Protocol, for tests and benchmarks: it starts
// `spec-run lsp --stdio` as a child process, speaks to it through vscode-jsonrpc's node
// transport, keeps what the server publishes, and applies workspace edits to disk as an
// editor does once the user saves.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, PublishDiagnosticsParams, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';

export interface LspClient {
  connection: MessageConnection;
  /** The server's stderr so far (its log). */
  stderr(): string;
  /** The messages the server showed so far (window/showMessage), oldest first. */
  messages(): { type: number; message: string }[];
  /** Opens the file at PATH (its text on disk, or TEXT) as an editor does; returns its URI. */
  open(path: string, text?: string): string;
  /** Replaces the whole text of an open document (a new version). */
  change(uri: string, text: string): void;
  /** Every publication of diagnostics for URI so far, oldest first, with the document version it names. */
  published(uri: string): { version?: number; diagnostics: Diagnostic[] }[];
  /** Resolves with the first diagnostics for URI published after now that PREDICATE accepts. */
  diagnostics(uri: string, predicate?: (diagnostics: Diagnostic[]) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
  /** Writes EDIT's changes to disk, as an editor applies and saves them; returns the paths written. */
  applyEdit(edit: WorkspaceEdit): string[];
  /** Tells the server that PATHS changed on disk (what an editor's file watcher reports). */
  filesChanged(paths: string[]): void;
  request<R>(method: string, params: unknown): Promise<R>;
  /** How many times the server asked for the code lenses to be computed again (workspace/codeLens/refresh). */
  refreshRequests(): number;
  close(): Promise<void>;
  /** Ends the server's input without shutdown, as a crashed editor does; resolves when the server has exited. */
  endInput(): Promise<void>;
}

export const uriOf = (path: string) => pathToFileURL(path).href;

/**
 * Starts COMMAND (the server) in ROOT and initializes it with ROOT as the workspace.
 * `watchesFiles: false` is a client that cannot watch files for the server (Neovim 0.7).
 */
export async function startLspClient(command: string[], root: string, env: NodeJS.ProcessEnv = process.env, { watchesFiles = true } = {}): Promise<LspClient> {
  const child: ChildProcess = spawn(command[0], command.slice(1), { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const waiting: { uri: string; predicate: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  const publications: PublishDiagnosticsParams[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    publications.push(params);
    for (const waiter of [...waiting]) {
      if (waiter.uri !== params.uri || !waiter.predicate(params.diagnostics)) continue;
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(params.diagnostics);
    }
  });
  const shown: { type: number; message: string }[] = [];
  connection.onNotification('window/showMessage', (params: { type: number; message: string }) => void shown.push(params));
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/configuration', () => []);
  let refreshes = 0;
  connection.onRequest('workspace/codeLens/refresh', () => {
    refreshes += 1;
    return null;
  });
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: uriOf(root),
    workspaceFolders: [{ uri: uriOf(root), name: 'project' }],
    capabilities: {
      workspace: { codeLens: { refreshSupport: true }, didChangeWatchedFiles: { dynamicRegistration: watchesFiles }, workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } },
      textDocument: { publishDiagnostics: {}, completion: { completionItem: { snippetSupport: true } } },
    },
  });
  connection.sendNotification('initialized', {});
  const versions = new Map<string, number>();

  return {
    connection,
    stderr: () => stderr,
    messages: () => [...shown],
    refreshRequests: () => refreshes,
    open(path, text = readFileSync(path, 'utf8')) {
      const uri = uriOf(path);
      versions.set(uri, 1);
      connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } });
      return uri;
    },
    change(uri, text) {
      const version = (versions.get(uri) ?? 1) + 1;
      versions.set(uri, version);
      connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    },
    published: (uri) => publications.filter((p) => p.uri === uri).map(({ version, diagnostics }) => ({ version, diagnostics })),
    diagnostics(uri, predicate = () => true, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} as expected within ${timeoutMs} ms; server log:\n${stderr}`)), timeoutMs);
        waiting.push({ uri, predicate, resolve: (d) => (clearTimeout(timer), resolve(d)) });
      });
    },
    applyEdit(edit) {
      const written: string[] = [];
      for (const change of edit.documentChanges ?? []) {
        if ('kind' in change) {
          if (change.kind !== 'create') throw new Error(`this client applies no ${change.kind}`);
          const path = fileURLToPath(change.uri);
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, '', { flag: 'a' });
          continue;
        }
        const path = fileURLToPath(change.textDocument.uri);
        const document = TextDocument.create(change.textDocument.uri, 'javascript', 0, readFileSync(path, 'utf8'));
        writeFileSync(path, TextDocument.applyEdits(document, change.edits as TextEdit[]));
        written.push(path);
      }
      return written;
    },
    filesChanged(paths) {
      connection.sendNotification('workspace/didChangeWatchedFiles', { changes: paths.map((path) => ({ uri: uriOf(path), type: 2 })) });
    },
    request: (method, params) => connection.sendRequest(method, params),
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await connection.sendRequest('shutdown');
      connection.sendNotification('exit');
      await exited;
      connection.dispose();
    },
    async endInput() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      await exited;
      connection.dispose();
    },
  };
}
