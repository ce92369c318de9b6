// The language server of verification documents: the Language Server Protocol over a
// connection (stdio when started by `spec-run lsp --stdio`), one project per process,
// reading the project's configuration as a run does. What it knows comes from the
// pipeline's stages: parse and translate read the buffer, check finds the problems, the
// step library binds the steps, the vocabulary describes the Lisp names, and the run
// record and spec-run's own runs tell the results.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import {
  CodeActionKind,
  CodeLensRefreshRequest,
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  MessageType,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Unit } from '../model/plan.js';
import { describeTally } from '../model/events.js';
import { unitFingerprint } from '../run/scenario/fingerprint.js';
import type { CheckMessage } from '../check/index.js';
import { completions } from './completion.js';
import { codeLenses, documentSymbols, lensesShown, unitOfLens, RUN_DOCUMENT_COMMAND, RUN_UNIT_COMMAND, type LensUnit } from './outline.js';
import { definition, hover, unitAt, type RanHere } from './navigation.js';
import { readDocumentFile } from '../parse/document-file.js';
import { pathToUri, toDiagnostic, uriToPath } from './positions.js';
import { Project, type Reading } from './project.js';
import { undefinedStepFixes } from './quick-fix.js';
import { watchDirectories } from './watch.js';
import { runDocument, stopRuns, type RunOutcome } from './run-units.js';
import { MARKDOWN_EXTENSIONS } from '../parse/markdown-name.js';

export interface ServerOptions {
  /** How long typing must pause before a document is checked again. */
  debounceMs?: number;
}

/** What a run of a unit or document reports to the command's caller. */
export interface RunCommandResult extends RunOutcome {
  /** The run's summary line ("1 passed, 1 failed, ..."). */
  summary: string;
}

const CONFIG_FILE = /(^|\/)(spec-run\.config\.(json|ya?ml)|package\.json)$/;
/** Files whose change matters: steps files, documents, the configuration. */
const WATCHED_EXTENSIONS = ['js', 'mjs', 'cjs', 'ts', 'mts', 'cts', ...MARKDOWN_EXTENSIONS, 'json', 'yaml', 'yml'];
const WATCHED_FILE = new RegExp(`\\.(${WATCHED_EXTENSIONS.join('|')})$`);

/** Serves CONNECTION until the client ends the session; the caller only starts it listening. */
export function startLanguageServer(connection: Connection, { debounceMs = 100 }: ServerOptions = {}): void {
  const documents = new TextDocuments(TextDocument);
  let project!: Project;
  let ready: Promise<void> = Promise.resolve();
  const readings = new Map<string, { version: number; reading: Promise<Reading> }>();
  /** The last reading of each document that is done, whatever its version: completion answers from it at once. */
  const settled = new Map<string, Reading>();
  /**
   * The failing checks of the runs started from the editor, by the first line of their unit,
   * kept while the document is unchanged: a unit's stay until that unit runs again. A unit's
   * stand only while it is what it ran as (RAN, its fingerprint): a steps file changed since makes them unknown.
   */
  const runResults = new Map<string, { version: number; byUnit: Map<number, Diagnostic[]>; told: Map<number, string>; ran: Map<number, string> }>();

  /** The editor's run results of the document at URI that still describe READING (of version VERSION), by unit line. */
  function currentRun(uri: string, version: number, reading: Reading): { byUnit: Map<number, Diagnostic[]>; told: Map<number, string> } | null {
    const run = runResults.get(uri);
    if (run?.version !== version) return null;
    const stands = (line: number) => {
      const ran = run.ran.get(line);
      const unit = reading.plan.units.find((u) => u.line === line);
      return ran === undefined || unit === undefined || ran === unitFingerprint(reading.plan, unit, reading.library);
    };
    const kept = <T>(byLine: Map<number, T>) => new Map([...byLine].filter(([line]) => stands(line)));
    return { byUnit: kept(run.byUnit), told: kept(run.told) };
  }
  /** Problems of other files (steps files, the configuration) each open document's check found, by that file's URI. */
  const external = new Map<string, Map<string, Diagnostic[]>>();
  /** Failures of other files each open document's last run from the editor met (a steps file that did not load), by that file's URI: kept until its next run, or until files change on disk. */
  const runElsewhere = new Map<string, Map<string, Diagnostic[]>>();
  const published = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();
  /** The units each open document's lenses were last computed for (lensesShown). */
  const lensesOf = new Map<string, string>();
  let lensRefresh = false;
  /** Asks the client to compute the code lenses again, where it can be asked (workspace/codeLens/refresh). */
  const refreshLenses = () => {
    if (lensRefresh) void connection.sendRequest(CodeLensRefreshRequest.type).catch((error) => report('asking the client to refresh its code lenses', error));
  };

  const report = (what: string, error: unknown) => connection.console.error(`spec-run lsp: ${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);

  function readingOf(document: TextDocument): Promise<Reading> {
    const known = readings.get(document.uri);
    if (known?.version === document.version) return known.reading;
    const text = document.getText(); // now: the document object changes in place while the project gets ready
    const reading = ready.then(() => project.read(uriToPath(document.uri), text));
    readings.set(document.uri, { version: document.version, reading });
    void reading.then((done) => settled.set(document.uri, done), () => {});
    return reading;
  }

  /** The lines of the file at PATH: its buffer where it is open, else as on disk. */
  const linesOfFile = (path: string) => (documents.get(pathToUri(path))?.getText() ?? (existsSync(path) ? readFileSync(path, 'utf8') : '')).split('\n');

  /** Publishes the problems of other files found by every open document's check: each file's union, and nothing for files no longer at fault. */
  function publishExternal(): void {
    const merged = new Map<string, Diagnostic[]>();
    for (const byFile of [...external.values(), ...runElsewhere.values()]) {
      for (const [uri, diagnostics] of byFile) {
        const known = merged.get(uri) ?? [];
        for (const d of diagnostics) if (!known.some((k) => k.message === d.message && k.range.start.line === d.range.start.line)) known.push(d);
        merged.set(uri, known);
      }
    }
    for (const uri of published) if (!merged.has(uri) && !documents.get(uri)) connection.sendDiagnostics({ uri, diagnostics: [] });
    published.clear();
    for (const [uri, diagnostics] of merged) {
      if (documents.get(uri)) continue; // an open document's diagnostics are its own check's
      connection.sendDiagnostics({ uri, diagnostics });
      published.add(uri);
    }
  }

  /** Why the document at URI is not this server's to check (it lies outside the project it serves), or null. */
  function outsideProject(uri: string): string | null {
    const from = relative(project.root, uriToPath(uri));
    if (!from.startsWith('..') && !isAbsolute(from)) return null;
    return `${uriToPath(uri)} lies outside ${project.root}, the project this language server serves (one per process, the first workspace folder): its configuration and steps are another project's, so it is not checked here; start a server for its folder`;
  }

  async function check(document: TextDocument): Promise<void> {
    // Checked against another project's configuration and steps, it would be told what a run of its own does not say.
    const outside = outsideProject(document.uri);
    if (outside) {
      connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Warning, source: 'spec-run', message: outside }] });
      return;
    }
    // The document object is updated in place by later changes: its version and text as checked are taken now.
    const version = document.version;
    const lines = document.getText().split('\n');
    const reading = await readingOf(document);
    const messages = await project.check(reading);
    // A newer version is being checked already: this one's answer is stale.
    if (documents.get(document.uri)?.version !== version) return;
    const own: CheckMessage[] = [];
    const others = new Map<string, Diagnostic[]>();
    for (const message of messages) {
      const path = resolve(project.root, message.file);
      if (path === reading.path) {
        own.push(message);
        continue;
      }
      const uri = pathToUri(path);
      others.set(uri, [...(others.get(uri) ?? []), toDiagnostic(message, linesOfFile(path))]);
    }
    const run = currentRun(document.uri, version, reading);
    const checked = own.map((m) => toDiagnostic(m, lines));
    // A run's failure at a line the check holds an error at is that error met again (a change refused, a step undefined): said once, by the check.
    const erring = new Set(checked.filter((d) => d.severity === DiagnosticSeverity.Error).map((d) => d.range.start.line));
    const ranOnly = run ? [...run.byUnit.values()].flat().filter((d) => !erring.has(d.range.start.line)) : [];
    const diagnostics = [...checked, ...ranOnly];
    connection.sendDiagnostics({ uri: document.uri, version, diagnostics });
    // Lenses shown before the edit would run whatever unit now stands at their lines: the client is asked for new ones.
    const shown = lensesShown(reading);
    if (lensesOf.has(document.uri) && lensesOf.get(document.uri) !== shown) refreshLenses();
    lensesOf.set(document.uri, shown);
    external.set(document.uri, others);
    publishExternal();
  }

  function schedule(document: TextDocument, delay = debounceMs): void {
    clearTimeout(timers.get(document.uri));
    timers.set(
      document.uri,
      setTimeout(() => {
        timers.delete(document.uri);
        const current = documents.get(document.uri);
        if (current) check(current).catch((error) => report(`checking ${document.uri}`, error));
      }, delay),
    );
  }

  const recheckAll = () => {
    readings.clear();
    settled.clear();
    for (const document of documents.all()) schedule(document, 0);
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    const root = folder ? uriToPath(folder) : (params.rootPath ?? process.cwd());
    // Paths are shown, and the configuration's paths resolved, from the working directory, as in a run started at the root.
    process.chdir(root);
    project = new Project(root);
    ready = project.configure().then(() => project.refreshDisk().then(() => undefined));
    const watch = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    lensRefresh = params.capabilities.workspace?.codeLens?.refreshSupport === true;
    const others = (params.workspaceFolders ?? []).slice(1).map((other) => uriToPath(other.uri));
    connection.onInitialized(() => {
      if (others.length) void connection.window.showWarningMessage(`spec-run lsp serves one project per process: ${root}; the documents of ${others.join(', ')} are not checked by it (start a server for each folder)`);
      // Steps files, documents and the configuration changed on disk re-check the open documents. The server
      // watches them itself too: a client's event may come late, or never (its watcher missed the file).
      if (watch) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: `**/*.{${WATCHED_EXTENSIONS.join(',')}}` }] });
      void ready.then(watchOnItsOwn);
    });
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: [' ', '(', '-', ':'] },
        definitionProvider: true,
        hoverProvider: true,
        documentSymbolProvider: true,
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        executeCommandProvider: { commands: [RUN_UNIT_COMMAND, RUN_DOCUMENT_COMMAND] },
      },
      serverInfo: { name: 'spec-run' },
    };
  });

  /** Files changed on disk (PATHS): the configuration read again if it is among them, steps files and documents looked for again, the open documents re-checked. */
  async function filesChanged(paths: string[]): Promise<void> {
    try {
      await ready;
      if (paths.some((path) => CONFIG_FILE.test(path))) await project.configure();
      runElsewhere.clear();
      project.filesChanged();
      await project.refreshDisk();
      recheckAll();
    } catch (error) {
      report('reading the changed files', error);
    }
  }

  /** Files changed on disk, as the client's watcher or the server's own tells: changes of a moment are taken together. */
  const changedOnDisk = new Set<string>();
  let settling: NodeJS.Timeout | undefined;
  function changedOnDiskNow(paths: string[]): void {
    for (const path of paths) changedOnDisk.add(path);
    clearTimeout(settling);
    settling = setTimeout(() => {
      const paths = [...changedOnDisk];
      changedOnDisk.clear();
      void filesChanged(paths).then(watchOnItsOwn);
    }, debounceMs);
  }
  connection.onDidChangeWatchedFiles(({ changes }) => changedOnDiskNow(changes.map((change) => uriToPath(change.uri))));

  /** The server's own watch of the directories a run reads files from. */
  let stopWatching = () => {};
  async function watchOnItsOwn(): Promise<void> {
    let directories: string[];
    try {
      directories = await project.watchedDirectories();
    } catch (error) {
      return report('finding the directories to watch', error);
    }
    stopWatching();
    stopWatching = watchDirectories(directories, (path) => {
      // A new directory is watched too (watchOnItsOwn runs again after the change); what the editor saves of an open document is checked from its buffer already.
      if (!isDirectory(path) && (!WATCHED_FILE.test(path) || documents.get(pathToUri(path)))) return;
      changedOnDiskNow([path]);
    });
  }

  connection.onShutdown(async () => {
    stopWatching();
    project?.close();
    await stopRuns();
  });
  documents.onDidChangeContent(({ document }) => schedule(document));
  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    readings.delete(document.uri);
    settled.delete(document.uri);
    runResults.delete(document.uri);
    lensesOf.delete(document.uri);
    external.delete(document.uri);
    runElsewhere.delete(document.uri);
    connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    publishExternal();
  });

  /**
   * ANSWER about the document at URI from its reading; FALLBACK for a document not open, or outside the
   * project: it is not checked here, and the project's steps and runs are not its own.
   */
  const withReading = <T>(uri: string, fallback: T, answer: (reading: Reading, document: TextDocument) => T | Promise<T>) => async (): Promise<T> => {
    const document = documents.get(uri);
    if (!document || outsideProject(uri)) return fallback;
    try {
      return await answer(await readingOf(document), document);
    } catch (error) {
      report(`answering about ${uri}`, error);
      return fallback;
    }
  };
  const linesOf = (document: TextDocument) => document.getText().split('\n');

  // Completion must keep up with typing: it does not wait for the document to be read again
  // (a 500-line document takes tens of milliseconds to parse) but answers from the last reading.
  connection.onCompletion(async ({ textDocument, position }) => {
    const document = documents.get(textDocument.uri);
    if (!document || outsideProject(textDocument.uri)) return [];
    try {
      const reading = settled.get(textDocument.uri) ?? (await readingOf(document));
      return completions(reading, linesOf(document), position, project.vocabulary);
    } catch (error) {
      report(`completing in ${textDocument.uri}`, error);
      return [];
    }
  });
  connection.onDefinition(({ textDocument, position }) => withReading(textDocument.uri, [], (reading, document) => definition(project, reading, linesOf(document), position))());
  /** What the editor's runs said of UNIT of the document at URI (its failures, how it ended), while it is unchanged. */
  const ranHere = (uri: string, document: TextDocument, reading: Reading) => (unit: Unit): RanHere => {
    const run = currentRun(uri, document.version, reading);
    if (!run) return { failures: [], told: null };
    return { failures: (run.byUnit.get(unit.line) ?? []).map(({ message }) => (typeof message === 'string' ? message : message.value)), told: run.told.get(unit.line) ?? null };
  };
  connection.onHover(({ textDocument, position }) => withReading(textDocument.uri, null, (reading, document) => hover(project, reading, linesOf(document), position, ranHere(textDocument.uri, document, reading)))());
  connection.onDocumentSymbol(({ textDocument }) => withReading(textDocument.uri, [], (reading, document) => documentSymbols(reading, linesOf(document)))());
  connection.onCodeLens(({ textDocument }) => withReading(textDocument.uri, [], (reading) => codeLenses(reading, textDocument.uri))());
  connection.onCodeAction(({ textDocument, context }) =>
    withReading(textDocument.uri, [], (reading) => undefinedStepFixes(reading, context.diagnostics, project.config.directory, (path) => documents.get(pathToUri(path))?.getText()))(),
  );

  connection.onExecuteCommand(async ({ command, arguments: args = [] }): Promise<RunCommandResult | null> => {
    const [uri, line, named] = args as [string, number | undefined, LensUnit | undefined];
    const document = documents.get(uri);
    if (!document || (command !== RUN_UNIT_COMMAND && command !== RUN_DOCUMENT_COMMAND)) return null;
    // A run reads the file on disk: its results on the lines of an unsaved buffer would describe other text.
    const path = uriToPath(uri);
    const outside = outsideProject(uri);
    if (outside) throw new Error(outside);
    if (!existsSync(path) || document.getText() !== savedDocument(path)) throw new Error(`${path} has unsaved changes: a run reads the document from disk; save it, then run`);
    const reading = await readingOf(document);
    // A steps file the server found never returns would hold the run at its load until the unit time limit.
    const hanging = await project.notReturningFor(path);
    if (hanging.length > 0) throw new Error(`${reading.plan.file} cannot run: ${hanging.map((problem) => problem.message).join('; ')}; fix that steps file, then run`);
    // A lens shown before an edit names its unit: the unit at its line now may be another.
    const unit = command !== RUN_UNIT_COMMAND ? null : named ? unitOfLens(reading, line ?? 0, named) : unitAt(reading, line ?? 0);
    if (command === RUN_UNIT_COMMAND && !unit) {
      if (named) {
        refreshLenses();
        throw new Error(`the unit this lens was shown for ("${named.name}", line ${line}) changed or is gone from ${reading.plan.file} since the lens was computed; nothing ran: run it from its lens as shown now`);
      }
      throw new Error(`no unit starts at line ${line} of ${reading.plan.file}`);
    }
    const outcome = await runDocument(project.root, reading.plan.file, unit);
    const lines = linesOf(document);
    const previous = runResults.get(uri);
    const kept = previous?.version === document.version ? previous : { byUnit: new Map<number, Diagnostic[]>(), told: new Map<number, string>(), ran: new Map<number, string>() };
    const { byUnit, told, ran } = kept;
    // The units this run started have its results; the others keep those of the runs before.
    for (const line of outcome.ran) {
      byUnit.delete(line);
      told.delete(line);
      ran.delete(line);
    }
    const mark = (line: number, unitLine: number, message: string) =>
      byUnit.set(unitLine, [...(byUnit.get(unitLine) ?? []), toDiagnostic({ file: reading.plan.file, line, column: 1, severity: 'error', message }, lines, 'spec-run run')]);
    // A failure the run did not place in a unit (it was ended before its report) is the unit its line lies in.
    // What failed in another file is published on that file, at its line.
    const elsewhere = new Map<string, Diagnostic[]>();
    for (const failure of outcome.elsewhere) {
      const other = pathToUri(failure.file);
      elsewhere.set(other, [...(elsewhere.get(other) ?? []), toDiagnostic({ file: failure.file, line: failure.line, column: 1, severity: 'error', message: failure.message }, linesOfFile(failure.file), 'spec-run run')]);
    }
    runElsewhere.set(uri, elsewhere);
    for (const failure of outcome.failures) mark(failure.line, failure.unitLine ?? reading.plan.units.filter((u) => u.line <= failure.line).at(-1)?.line ?? 1, failure.message);
    const summary = outcome.stderr.trim().split('\n').at(-1) ?? '';
    const failed = outcome.exitCode !== 0;
    // A run that failed with no failing check to show (nothing passed: pending steps, skips) says why at the unit it ran.
    if (failed && outcome.failures.length === 0) {
      const at = unit?.line ?? outcome.ran[0] ?? 1;
      mark(at, at, `the run failed (exit ${outcome.exitCode}): ${outcome.verdict ?? summary}`);
    }
    for (const unit of outcome.units) {
      told.set(unit.line, describeTally(unit));
      if (unit.fingerprint) ran.set(unit.line, unit.fingerprint);
    }
    runResults.set(uri, { version: document.version, byUnit, told, ran });
    await check(document);
    // A notification: the run's answer needs no button (a request would wait for the user).
    const name = `spec-run ${unit ? `"${unit.name}"` : reading.plan.file}`;
    connection.sendNotification(ShowMessageNotification.type, failed
      ? { type: MessageType.Error, message: `${name} failed (exit ${outcome.exitCode}): ${outcome.verdict ? `${outcome.verdict}; ` : ''}${summary}` }
      : { type: MessageType.Info, message: `${name} passed: ${summary}` });
    return { ...outcome, summary };
  });

  documents.listen(connection);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The document's text on disk; a file that is no document (a named pipe) is refused with its path, never waited on. */
function savedDocument(path: string): string {
  try {
    return new TextDecoder().decode(readDocumentFile(path));
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
