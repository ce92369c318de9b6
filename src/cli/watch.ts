// --watch: runs the documents, then again those that change, and all of them when a
// shared helper (an extra vocabulary file, a steps file) changes. A change of the
// configuration ends the watch for the caller to start it again with the new one: what it
// configures (the runtime server, the vocabulary, the timeout) takes effect only so. New
// documents under the watched directories are picked up too. Watching starts before the first run:
// a save of what a run under way runs (the first one too) cancels it, and the new save's
// run starts at once, running too what the cancelled run had not finished.
import { existsSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { discoverDocuments } from './discover.js';

export interface WatchOptions {
  /** Documents of the first run. */
  documents: string[];
  /**
   * Runs DOCUMENTS the first time, once the watchers are set: CANCELLED aborts as a rerun's
   * does, when one of them (or a helper) is saved while it runs. Resolves as a rerun does.
   */
  first?: (cancelled: AbortSignal) => Promise<Unfinished>;
  /** Paths given on the command line: directories are watched for new documents. */
  roots: string[];
  /** Files whose change affects every document. */
  helpers: string[];
  /**
   * The configuration file, and what keeps it from loading now (null: it loads). Saved so
   * that it loads, the watch ends with 'restart'; else the problem is said and nothing runs.
   */
  configuration?: { file: string; problem: () => string | null };
  /**
   * Runs DOCUMENTS again. CANCELLED aborts, its reason saying which save, when a file the run
   * runs (or a helper every document uses) is saved again while it runs: its units stop as an
   * interruption stops them, and the run of the new save starts at once. Resolves with the
   * documents CANCELLED kept it from finishing (not reached, or cut short), if any: the next
   * run runs them too, else their results would be missing, or stay cut short, in the reports.
   */
  rerun: (documents: string[], cancelled: AbortSignal) => Promise<Unfinished>;
  /** Drops DOCUMENTS, deleted since they ran, from what is watched and reported. */
  removed?: (documents: string[]) => Promise<void>;
  /**
   * Where steps files are found by convention: the directories to watch for one created or
   * deleted, and the steps files found now. A steps file new since the first run changes
   * every document, as an edited one does.
   */
  stepPlaces?: { directories: string[]; list: () => Promise<string[]> };
  /** Quiet period after the last change before running, in milliseconds. */
  debounceMs?: number;
  /** Stops watching; without it, watching lasts until the process ends. */
  signal?: AbortSignal;
}

/** What a file looks like now; one save can raise several events, late ones included, but changes this once. */
function signature(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
}

/** The documents a cancelled run did not finish, named as it was given them; nothing when it finished them all. */
export type Unfinished = string[] | void;

/** How a watch ended: stopped (its signal), or to start again with a configuration that changed. */
export type WatchEnd = 'stopped' | 'restart';

export async function watchDocuments(options: WatchOptions): Promise<WatchEnd> {
  const helpers = new Set(options.helpers.map((f) => resolve(f)));
  const configuration = options.configuration ? resolve(options.configuration.file) : null;
  const restarting = new AbortController();
  const seen = new Map([...options.documents, ...helpers, ...(configuration ? [configuration] : [])].map((f) => [resolve(f), signature(resolve(f))]));
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  /** The run under way: the files it runs, and what cancels it. */
  let current: { files: Set<string>; cancel: AbortController } | null = null;
  /** What cancelled runs left unfinished, by absolute path, each named as the run named it: the next run runs them. */
  const unfinished = new Map<string, string>();
  /** Runs RUN as the run under way, of FILES. */
  const runOf = async (files: string[], run: (cancelled: AbortSignal) => Promise<Unfinished>): Promise<void> => {
    const under = { files: new Set(files.map((file) => resolve(file))), cancel: new AbortController() };
    current = under;
    try {
      for (const file of (await run(under.cancel.signal)) ?? []) unfinished.set(resolve(file), file);
    } finally {
      current = null;
    }
  };
  let running = Promise.resolve();
  const watchers: FSWatcher[] = [];

  /** The steps files found now that were not helpers yet: each becomes one, watched from now on. */
  const newStepsFiles = async (): Promise<string[]> => {
    const found = (await options.stepPlaces!.list()).map((f) => resolve(f)).filter((f) => !helpers.has(f));
    for (const file of found) {
      helpers.add(file);
      seen.set(file, signature(file));
      watchFile(file);
    }
    return found;
  };
  /** Every document the watch has named, by its absolute path, as the run named it. */
  const everNamed = new Map<string, string>();
  const flush = () => {
    const changed = [...pending].filter((file) => {
      const now = signature(file);
      if (seen.get(file) === now) return false;
      seen.set(file, now);
      return true;
    });
    pending.clear();
    if (configuration && changed.includes(configuration)) {
      const name = relative(process.cwd(), configuration);
      const problem = options.configuration!.problem();
      if (problem !== null) {
        console.error(`\nspec-run: the configuration (${name}) changed but does not load: ${problem}; nothing runs until it does`);
        return;
      }
      console.error(`\nspec-run: the configuration (${name}) changed; starting again with it (its runtime, vocabulary and other settings)`);
      current?.cancel.abort(`a save of the configuration ${name}`);
      restarting.abort();
      return;
    }
    // A save of what the run under way runs makes its result stale: it stops now, not at its units' time limits.
    const stale = changed.filter((file) => helpers.has(file) || current?.files.has(file));
    const cancels = current !== null && stale.length > 0;
    if (cancels) current!.cancel.abort(`a save of ${stale.map((file) => relative(process.cwd(), file)).join(', ')}`);
    running = running
      .then(async () => {
        // Each document named as the first run named it (as given, or found under a root as given), never as the absolute path a watcher reports.
        const discovered = discoverDocuments(options.roots);
        // A document found since the watch began and deleted now is found no longer: it stays named, so its deletion reaches the reports.
        for (const f of [...options.documents, ...discovered]) everNamed.set(resolve(f), f);
        const named = everNamed;
        const known = discovered.map((f) => resolve(f));
        const others = changed.filter((f) => !helpers.has(f) && !named.has(f));
        const created = others.length && options.stepPlaces ? await newStepsFiles() : [];
        const all = created.length > 0 || changed.some((f) => helpers.has(f));
        const touched = (all ? known : changed.filter((f) => named.has(f))).map((f) => named.get(f)!);
        // A deleted document has nothing to run: its result leaves the reports now, not at some later run of every document.
        const deleted = touched.filter((file) => !existsSync(file));
        if (deleted.length > 0) {
          console.error(`\nspec-run: deleted: ${deleted.join(', ')}; ${deleted.length === 1 ? 'its result leaves' : 'their results leave'} the reports`);
          await options.removed?.(deleted);
        }
        // What a cancelled run had not finished runs with the save that cancelled it (an earlier save, of another file, runs before it).
        const saved = touched.filter((file) => existsSync(file));
        const again = cancels ? [...unfinished].filter(([path]) => existsSync(path) && !saved.some((file) => resolve(file) === path)).map(([, file]) => file) : [];
        if (cancels) unfinished.clear();
        const documents = [...saved, ...again];
        // A document first seen by its directory's watcher gets its own from now on: a recursive
        // watcher (Node 20 on Linux) loses a file a rename replaced, and would miss its next save.
        for (const file of documents) if (!fileWatchers.has(resolve(file))) watchFile(resolve(file));
        if (documents.length === 0) return;
        const what = created.length ? `a steps file appeared (${created.map((f) => relative(process.cwd(), f)).join(', ')}); running every document` : all ? 'a shared helper changed; running every document' : saved.length ? `changed: ${saved.join(', ')}` : '';
        const unfinishedToo = again.length ? `running again what the cancelled run had not finished: ${again.join(', ')}` : '';
        console.error(`\nspec-run: ${[what, unfinishedToo].filter(Boolean).join('; ')}`);
        await runOf(documents, (cancelled) => options.rerun(documents, cancelled));
      })
      .catch((error) => console.error(`spec-run: ${(error as Error).message}`));
  };
  const changed = (file: string) => {
    const path = resolve(file);
    pending.add(path);
    // A directory moved or deleted (a change archived: its directory moved to archive/) raises
    // one event, of the directory: the documents it held changed with it.
    for (const known of seen.keys()) if (known.startsWith(`${path}${sep}`)) pending.add(known);
    clearTimeout(timer);
    timer = setTimeout(flush, options.debounceMs ?? 150);
  };

  for (const root of options.roots) {
    try {
      watchers.push(watch(root, { recursive: true }, (_event, name) => name && changed(resolve(root, name.toString()))));
    } catch {
      // A root that is a file (or missing) is covered by the per-document watchers.
    }
  }
  // Where a steps file may be created: each directory itself, and a steps/ directory in it, when there is one.
  for (const directory of options.stepPlaces?.directories ?? []) {
    for (const [place, recursive] of [[directory, false], [join(directory, 'steps'), true]] as const) {
      try {
        watchers.push(watch(place, { recursive }, (_event, name) => name && changed(resolve(place, name.toString()))).on('error', () => undefined));
      } catch {
        // No such directory: a steps/ made later is an event of the directory above it.
      }
    }
  }
  const fileWatchers = new Map<string, FSWatcher>();
  let stopped = false;
  /**
   * Watches FILE. An editor's safe save, or `sed -i`, puts a new file in its place: the
   * watcher then follows the old one, gone, and saw no later change. On a rename it is
   * watching again, the file now there.
   */
  const watchFile = (file: string): void => {
    fileWatchers.get(file)?.close();
    fileWatchers.delete(file);
    if (stopped) return;
    try {
      const watcher = watch(file, (event) => {
        changed(file);
        if (event === 'rename') setTimeout(() => watchFile(file), 20);
      }).on('error', () => undefined);
      fileWatchers.set(file, watcher);
    } catch {
      // A file that vanished: its directory watcher sees it come back; watched again then.
      setTimeout(() => watchFile(file), 500).unref();
    }
  };
  for (const file of [...options.documents.map((f) => resolve(f)), ...helpers, ...(configuration ? [configuration] : [])]) watchFile(file);
  const ended = options.signal ? AbortSignal.any([options.signal, restarting.signal]) : restarting.signal;
  // A watch that is ending watches for nothing more: it says so only while it goes on.
  const announce = () => {
    if (!ended.aborted) console.error('spec-run: watching for changes (Ctrl-C to stop)');
  };
  const { first } = options;
  if (first) running = runOf(options.documents, first).then(announce, (error) => console.error(`spec-run: ${(error as Error).message}`));
  else announce();
  await new Promise<void>((done) => {
    if (ended.aborted) return done();
    ended.addEventListener('abort', () => done());
  });
  clearTimeout(timer);
  stopped = true;
  for (const watcher of [...watchers, ...fileWatchers.values()]) watcher.close();
  await running;
  return restarting.signal.aborted && !options.signal?.aborted ? 'restart' : 'stopped';
}
