// One workspace as the language server sees it: the project's configuration, its step
// definitions (found as a run finds them), the documents on disk, and the analysis of a
// document's text as `spec-run check` would make it, from the editor's buffer rather
// than from the file.
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { checkDocument, checkStepFiles, type CheckContext, type CheckMessage } from '../check/index.js';
import { checkOpenspecChanges } from '../check/openspec-changes.js';
import { projectVocabulary, UnknownOperatorsSession, type NameUse, type ProjectVocabulary, type UnknownName } from '../check/known-functions.js';
import type { SpecDocument } from '../model/document.js';
import type { DocumentPlan } from '../model/plan.js';
import { encodingOf, parseFile, parseMarkdown } from '../parse/index.js';
import { readDocumentFile } from '../parse/document-file.js';
import { translate } from '../translate/index.js';
import { indexDefinitions } from '../translate/definition-index.js';
import { driverImage } from '../run/lisp/driver.js';
import { runtimeTools } from '../cli/runtime-tools.js';
import { libraryFor, loadAnew, loadStepLibrary, type LoadProblem, type StepLibrary } from '../run/scenario/library.js';
import { markExecutorSteps, NO_EXECUTOR_STEPS, type ExecutorStepsSetting } from '../run/scenario/executor-steps.js';
import { ConfigError, configuredPaths, loadConfig, type ProjectConfig } from '../cli/config.js';
import { discoverDocuments } from '../cli/discover.js';
import { configuredStepDirectories, stepFilesOf, type StepFiles } from '../cli/step-files.js';
import { stepCheckContext } from '../cli/check-command.js';
import { executorStepsSetting } from '../cli/run-command.js';
import { unreadableMessage } from '../parse/unreadable.js';
import { lendTreeDefinitions, specificationTrees, type SpecificationTrees } from '../cli/specification-tree.js';
import { Vocabulary } from './vocabulary.js';
import { probeLimitMs } from './probe-limit.js';
import { notReturning, probeTopLevel } from './steps-probe.js';

/** A document's text read as a run reads it: what completion, hover and navigation need. */
export interface Reading {
  /** Absolute path of the document. */
  path: string;
  doc: SpecDocument;
  plan: DocumentPlan;
  /** All step definitions loaded, the built-in ones included when they apply (snippets are generated against it). */
  fullLibrary: StepLibrary;
  /** The step definitions as this document sees them (the built-in ones only where they apply). */
  library: StepLibrary;
}

/** How long ago a steps file must have been written for it to load: an editor's save takes far less. */
const WRITTEN_PAUSE_MS = 150;
/** How many times the steps files are loaded while they keep changing under the load. */
const MOST_LOADS = 3;

const modificationTimes = (files: string[]) => files.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 'missing').join();

/** Resolves once none of FILES was written in the last WRITTEN_PAUSE_MS (at most a second from now). */
async function writingPaused(files: string[]): Promise<void> {
  const until = Date.now() + 1000;
  for (;;) {
    const newest = Math.max(0, ...files.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0));
    const wait = newest + WRITTEN_PAUSE_MS - Date.now();
    if (wait <= 0 || Date.now() >= until) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, until - Date.now())));
  }
}

export class Project {
  config: ProjectConfig;
  /** What is wrong with the configuration file, if anything: then the defaults apply. */
  configProblem: CheckMessage | null = null;
  vocabulary: Vocabulary;
  private executorSteps: ExecutorStepsSetting = NO_EXECUTOR_STEPS;
  private stepFiles: StepFiles | null = null;
  private trees: SpecificationTrees | null = null;
  /** The documents analysed: step files beside them load too, as beside a document run. */
  private readonly analyzed = new Set<string>();
  /** Each called name SBCL was asked about, with the argument counts of its calls, and each character (`#\\name`): why it is unknown or refused (a name with suggestions), or null when known. */
  private readonly names = new Map<string, UnknownName | null>();
  /** What the configuration's vocabulary files define. */
  private ownVocabulary: ProjectVocabulary = projectVocabulary([]);
  private readonly sbcl = new UnknownOperatorsSession(driverImage);
  /** Each steps file's trial off the server's thread, by path and modification time: the problem of one whose top level did not return (kept, the same object, so the library built with it is reused). */
  private probes = new Map<string, Promise<LoadProblem | null>>();
  /** Plans of the documents on disk, by path, with the modification time they were read at. */
  private readonly onDisk = new Map<string, { mtimeMs: number; plan: DocumentPlan }>();
  /** What each document's bytes on disk say of its encoding, by modification time (bytesOnDisk). */
  private readonly encodings = new Map<string, { mtimeMs: number; messages: CheckMessage[] }>();

  /** ROOT: the workspace's directory; paths are shown relative to it, as a run started there shows them. */
  constructor(readonly root: string) {
    this.config = { source: null, directory: root };
    this.vocabulary = Vocabulary.load();
  }

  /** Reads the configuration (again), as a run does; called at start and when it changes. */
  async configure(): Promise<void> {
    this.configProblem = null;
    try {
      this.config = loadConfig(undefined, this.root);
      this.executorSteps = await executorStepsSetting(undefined, this.config);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      this.config = { source: null, directory: this.root };
      this.executorSteps = NO_EXECUTOR_STEPS;
      const file = /^([^:]+):/.exec(error.message)?.[1] ?? 'spec-run.config.json';
      this.configProblem = { file: resolve(this.root, file), line: 1, column: 1, severity: 'error', message: error.message };
    }
    this.vocabulary = Vocabulary.load(this.vocabularyFiles());
    this.readOwnVocabulary();
    this.stepFiles = null;
    this.trees = null;
  }

  /** Files were created, changed or deleted: step files are looked for again, documents read again when their time changed. */
  filesChanged(): void {
    this.stepFiles = null;
    this.trees = null;
    // A steps file, or a module it imports, may be among them: the next load reads them anew, and tries them first again.
    loadAnew();
    this.probes = new Map();
    this.readOwnVocabulary();
  }

  private vocabularyFiles(): string[] {
    return (this.config.vocabulary ?? []).map((file) => resolve(this.config.directory, file));
  }

  /** The names the project's vocabulary files define, read again: the answers about names given before may change. */
  private readOwnVocabulary(): void {
    this.ownVocabulary = projectVocabulary(this.vocabularyFiles());
    this.names.clear();
  }

  /** Ends what the project keeps running (the SBCL that answers which names exist). */
  close(): void {
    this.sbcl.close();
  }

  /**
   * The directories whose files a run of the project reads: its own and steps/, those of the
   * steps files and documents, and those the configuration's `steps` globs search (a file
   * added there is one more steps file).
   */
  async watchedDirectories(): Promise<string[]> {
    const stepFiles = await this.currentStepFiles();
    const files = [...stepFiles.all, ...this.analyzed, ...this.onDisk.keys()];
    // Where steps files and documents may appear (the steps directory, the configured globs' bases, the documents' roots), to any depth: a file in a new subdirectory counts too.
    const searched = [resolve(this.config.directory, 'steps'), ...configuredStepDirectories(this.config), ...(configuredPaths(this.config) ?? ['specs/']).map((path) => resolve(this.root, path))];
    return [this.config.directory, ...searched.flatMap((directory) => directoriesUnder(directory)), ...files.map((file) => dirname(file))];
  }

  /** The path as reports show it: relative to the root when inside it. */
  shown(path: string): string {
    const inside = relative(this.root, path);
    return inside.startsWith('..') || isAbsolute(inside) ? path : inside;
  }

  /** The documents a run of the project would read: the configuration's paths, else specs/. */
  documentPaths(): string[] {
    const roots = (configuredPaths(this.config) ?? ['specs/']).map((p) => resolve(this.root, p));
    return discoverDocuments(roots);
  }

  /**
   * The project's specification trees as a run finds them, kept between readings (a reading is
   * made on every keystroke) and found anew when files change: the vocabulary files are read,
   * and each tree's directories listed, once until then.
   */
  private currentTrees(): SpecificationTrees {
    if (this.trees === null) {
      const found = specificationTrees(this.config, []);
      const listed = new Map<string, string[]>();
      const documentsOf = (roots: string[]) => {
        const key = roots.join('\n');
        return listed.get(key) ?? listed.set(key, found.documentsOf(roots)).get(key)!;
      };
      this.trees = { ...found, documentsOf };
    }
    return this.trees;
  }

  /** The step library of DOCUMENT: the step files a run gives it (the project's, and those of its directory and the ones above it, by convention). */
  async stepLibrary(document: string, builtins: boolean): Promise<StepLibrary> {
    if (!this.analyzed.has(document)) {
      this.analyzed.add(document);
      this.stepFiles = null;
    }
    const files = (await this.currentStepFiles()).of(document);
    // Loading is cached by each file's modification time: a changed file loads again, an unchanged one is not re-evaluated.
    // An editor waits on it: a steps file whose top level does not finish is said sooner than a run says it.
    // A file being saved (truncated, then written) may read as empty, defining nothing: its load waits for
    // the writing to pause, and a file written again while it loaded is loaded again.
    for (let attempt = 1; ; attempt += 1) {
      await writingPaused(files);
      const before = modificationTimes(files);
      const library = await loadStepLibrary(files, { builtins, loadLimitMs: probeLimitMs(), refused: await this.notReturning(files) });
      if (attempt === MOST_LOADS || modificationTimes(files) === before) return library;
    }
  }

  /** The steps files of the document at PATH whose top level never returns, each with its problem: a run of it would hang at its load until the unit time limit. */
  async notReturningFor(path: string): Promise<LoadProblem[]> {
    return [...(await this.notReturning((await this.currentStepFiles()).of(path))).values()];
  }

  /** Of FILES, those whose top level did not give its thread back when tried off the server's thread (steps-probe.ts), with that problem. */
  private notReturning(files: string[]): Promise<Map<string, LoadProblem>> {
    return notReturning(files, (file) => {
      const key = `${file}@${statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 'missing'}`;
      let verdict = this.probes.get(key);
      if (!verdict) this.probes.set(key, (verdict = probeTopLevel(file, probeLimitMs())));
      return verdict;
    });
  }

  /** The steps files of the documents on disk and those analysed, found as a run finds them; looked for again after files changed. */
  private async currentStepFiles(): Promise<StepFiles> {
    if (this.stepFiles === null) {
      try {
        this.stepFiles = await stepFilesOf(undefined, this.config, [...this.documentPaths(), ...this.analyzed]);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        this.configProblem = { file: this.config.source ?? resolve(this.root, 'spec-run.config.json'), line: 1, column: 1, severity: 'error', message: error.message };
        this.stepFiles = { all: [], of: () => [] };
      }
    }
    return this.stepFiles;
  }

  /** The document's plan as a run makes it, with the executor steps marked where they apply. */
  planOf(doc: SpecDocument): DocumentPlan {
    return markExecutorSteps([translate(doc)], this.executorSteps)[0];
  }

  /** Reads the documents on disk that changed since last read (their plans index definitions for sibling lookups). */
  async refreshDisk(): Promise<DocumentPlan[]> {
    const paths = this.documentPaths();
    for (const path of paths) {
      const mtimeMs = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;
      if (this.onDisk.get(path)?.mtimeMs === mtimeMs) continue;
      const doc = await parseFile(this.shown(path));
      this.onDisk.set(path, { mtimeMs, plan: this.planOf(doc) });
    }
    for (const path of this.onDisk.keys()) if (!paths.includes(path)) this.onDisk.delete(path);
    return [...this.onDisk.values()].map((entry) => entry.plan);
  }

  /** The plans of the other documents of the project, as last read from disk (refreshDisk). */
  siblingPlans(path: string): DocumentPlan[] {
    return [...this.onDisk].flatMap(([other, entry]) => (other === path ? [] : [entry.plan]));
  }

  /**
   * SBCL's answer for the names and characters not asked about before, as `check` asks it, remembered for
   * the session by name and argument counts (the suggestions weigh the counts), a character by itself.
   */
  private async unknownNames(uses: NameUse[], characters: string[]): Promise<Map<string, UnknownName>> {
    const key = (use: NameUse) => `${use.name}\t${use.argumentCounts.join(',')}`;
    const missing = uses.filter((use) => !this.names.has(key(use)));
    const newCharacters = characters.filter((character) => !this.names.has(character));
    if (missing.length > 0 || newCharacters.length > 0) {
      const answer = await this.sbcl.ask(missing, this.ownVocabulary, newCharacters);
      for (const use of missing) this.names.set(key(use), answer.get(use.name) ?? null);
      for (const character of newCharacters) this.names.set(character, answer.get(character) ?? null);
    }
    const asked: [string, string][] = [...uses.map((use): [string, string] => [use.name, key(use)]), ...characters.map((character): [string, string] => [character, character])];
    return new Map(asked.flatMap(([token, remembered]) => {
      const known = this.names.get(remembered);
      return known ? [[token, known] as [string, UnknownName]] : [];
    }));
  }

  /**
   * The document at PATH whose text is TEXT, parsed and translated, with the definitions it
   * borrows from its specification tree as a run lends them, and its step library: no SBCL
   * involved, fast.
   */
  async read(path: string, text: string): Promise<Reading> {
    const doc = parseMarkdown(this.shown(path), text);
    const [plan] = await lendTreeDefinitions([this.planOf(doc)], this.currentTrees(), (file) => this.onDisk.get(file)?.plan);
    const builtins = plan.executorSteps !== undefined;
    const fullLibrary = await this.stepLibrary(path, builtins);
    return { path, doc, plan, fullLibrary, library: libraryFor(fullLibrary, builtins) };
  }

  /**
   * What a run will say of the bytes of the document at PATH as saved (shown as SHOWN): an
   * encoding that is no UTF-8. An editor decodes such a file its own way (Latin-1, or with
   * replacement characters) and sends text that reads well, but the run reads the file.
   */
  private bytesOnDisk(path: string, shown: string): CheckMessage[] {
    const mtimeMs = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return [];
    const known = this.encodings.get(path);
    if (known?.mtimeMs === mtimeMs) return known.messages;
    let messages: CheckMessage[] = [];
    try {
      messages = encodingOf(shown, readDocumentFile(path)).problems.map((problem) => ({ file: shown, line: problem.line, column: problem.column ?? 1, severity: 'error', message: `as saved: ${problem.message}` }));
    } catch {
      // Not readable as a document (past the limit, no regular file): the text's own reading says so.
    }
    this.encodings.set(path, { mtimeMs, messages });
    return messages;
  }

  /** Everything `spec-run check` reports about READING's document, and about the files it depends on (steps files, the configuration). */
  async check({ path, doc, plan, fullLibrary }: Reading): Promise<CheckMessage[]> {
    let callsUnchecked: string | null = null;
    // The configured runtime's tools, asked once; one that cannot be asked leaves tool names unchecked.
    const tools = await runtimeTools(Array.isArray(this.config.runtime) ? this.config.runtime : undefined, this.config.directory);
    const context: CheckContext = {
      // As a run: the configuration's strict, else strict.
      strict: this.config.strict ?? true,
      tools: tools.names,
      toolCalls: tools.toolCalls,
      unknownOperators: async (uses, characters) => {
        try {
          return await this.unknownNames(uses, characters);
        } catch (error) {
          // Without SBCL (a project of OpenSpec documents only), the rest is still checked.
          callsUnchecked = unreadableMessage('asking SBCL which called names exist', error);
          return new Map();
        }
      },
      ...stepCheckContext(fullLibrary, plan.executorSteps !== undefined),
      definitions: indexDefinitions([...this.siblingPlans(path), plan]),
    };
    let messages: CheckMessage[];
    try {
      messages = await checkDocument(doc, plan, context);
      messages.push(...(await checkOpenspecChanges([plan])).filter((m) => m.file === plan.file));
    } catch (error) {
      messages = [{ file: plan.file, line: 1, column: 1, severity: 'error', message: unreadableMessage('checking this document', error) }];
    }
    if (callsUnchecked) messages.push({ file: plan.file, line: 1, column: 1, severity: 'warning', message: `calls were not checked: ${callsUnchecked}` });
    messages.push(...this.bytesOnDisk(path, plan.file));
    messages.push(...checkStepFiles(fullLibrary.problems));
    if (this.configProblem) {
      messages.push(this.configProblem);
      // Said on the document too: the configuration's own file is seldom open, and every run of the project fails on it.
      messages.push({ file: plan.file, line: 1, column: 1, severity: 'error', message: `the project's configuration cannot be used, so every run fails (exit 2) until it is fixed: ${this.configProblem.message}` });
    }
    return messages;
  }
}

/** The most directories watched under one searched directory: a tree larger than this is watched to this many. */
const MOST_WATCHED_UNDER = 500;

/** DIRECTORY and the directories below it (not node_modules, not hidden ones), breadth first, at most MOST_WATCHED_UNDER; none when it does not exist. */
function directoriesUnder(directory: string): string[] {
  const found: string[] = [];
  for (const queue = [directory]; queue.length > 0 && found.length < MOST_WATCHED_UNDER; ) {
    const current = queue.shift()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    found.push(current);
    for (const entry of entries) if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) queue.push(join(current, entry.name));
  }
  return found;
}
