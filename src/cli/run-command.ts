// `spec-run [paths]`: parse -> translate -> run -> report, and the closing summary line.
import { UNREAD_AFTER_INTERRUPT_MS } from '../process/unread-stdout.js';
import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Counts, Reporter, RunEvent, ShardOf } from '../model/events.js';
import { isSettled, requirementsLine, unverifiedLine, type RequirementResult } from '../model/requirements.js';
import { isPropertyDocument, type DocumentFamily, type DocumentPlan, type TestPlan } from '../model/plan.js';
import { parseFile } from '../parse/index.js';
import { readDocumentFile } from '../parse/document-file.js';
import { describePlan } from '../translate/listing.js';
import { translate } from '../translate/index.js';
import { distinctCapabilities, excludeRequirements, requirementsInScope } from '../translate/requirements.js';
import { runPlan, type RunPlanOptions, type Runners } from '../run/index.js';
import { emptySelectionProblem, linesAsNames, selectUnits, withUnitsBefore, type Selection } from '../run/select.js';
import { interruptedBy } from '../run/interrupt.js';
import { runLateErrors } from '../run/late-errors.js';
import { stdoutReportComplete } from '../run/scenario/exit-guard.js';
import { tapReporter } from '../../reporters/tap.js';
import { specReporter } from '../../reporters/spec.js';
import { junitReporter, junitUnitsReporter } from '../../reporters/junit.js';
import { jsonReporter } from '../../reporters/json.js';
import { githubAnnotations } from '../../reporters/github.js';
import { progressReporter } from '../../reporters/progress.js';
import { htmlReporter } from '../../reporters/html.js';
import { tee } from '../run/tee.js';
import {
  DEFAULT_RECORD_PATH,
  DEFAULT_TIMINGS_PATH,
  readRunRecord,
  readTimings,
  RecordError,
  keepRecords,
  markRunUnfinished,
  unfinishedRun,
  RunRecorder,
  selectFailures,
  type Timings,
} from '../run/run-record.js';
import { shardPlan, type Shard } from '../run/shard.js';
import { earlierResults, LatestResults, unfinishedDocuments } from '../run/latest-results.js';
import { discoverDocuments, findDocuments, noDiscovery, usableDiscovery } from './discover.js';
import { globIn } from './glob-in.js';
import { applyChange, withWarnings } from '../translate/openspec-change.js';
import { changeFilesFor } from './change-watch.js';
import { deltaSpecPath, isArchivedChange, openspecPlace, openspecProseFile } from '../translate/openspec-layout.js';
import { markExecutorSteps, NO_EXECUTOR_STEPS, type ExecutorStepsSetting } from '../run/scenario/executor-steps.js';
import { ConfigError, loadConfig, projectPaths, runtimeName, sayConfigurationAbove, type ProjectConfig } from './config.js';
import { stepDirectories, stepFilesOf, type StepFiles } from './step-files.js';
import { lendTreeDefinitions, specificationTrees, type SpecificationTrees } from './specification-tree.js';
import { shareTreeProse } from './tree-prose.js';
import { reporterChoicesProblem, type ReporterChoice } from './reporter-choice.js';
import { Interrupts } from '../executor/interrupts.js';
import { releaseStartSignals } from './start-signals.js';
import { destinationProblem, openReportFile, type ReportFile } from './report-files.js';
import { fileProblem } from '../run/file-problem.js';
import { setImmediate } from '../process/native-timers.js';
import { keepVerdict } from '../process/verdict.js';
import { MARKDOWN_EXTENSION_PATTERN } from '../parse/markdown-name.js';
import { tapReportOnStdout } from '../process/watchdog.js';

export interface RunCommandOptions {
  /** Reporters and where each writes; at most one without a file (stdout). */
  reporter?: ReporterChoice[];
  /** Exit 1 when a requirement is neither verified nor excluded. */
  requireVerified?: boolean;
  list?: boolean;
  grep?: string;
  tag?: string[];
  level?: string;
  bail?: boolean;
  timeout?: number;
  seed?: number;
  runs?: number;
  jobs?: number;
  strict?: boolean;
  config?: string;
  watch?: boolean;
  retries?: number;
  onlyFailures?: boolean;
  lastRun?: string;
  timings?: string;
  shard?: Shard;
  steps?: string[];
  dryRun?: boolean;
  executorSteps?: boolean;
  /** False (--no-borrow): no Lisp document takes definitions from its specification tree. */
  borrow?: boolean;
  /** An OpenSpec change: run the capabilities it touches with its deltas applied. */
  change?: string;
}

/** Servers of a configured runtime command that --watch keeps started between runs: enough for a document's usual sessions. */
const SPARE_SERVERS = 2;

/** This spec-run's own entry point, used to start `spec-run serve` for each session. */
export const cliEntry = join(dirname(fileURLToPath(import.meta.url)), 'main.js');

/**
 * Parses and translates the documents under `paths`; a document that cannot be read is a
 * plan with that problem. Each is marked where the built-in executor steps apply and,
 * given `trees`, gets the definitions it borrows from its specification tree.
 */
export async function buildPlan(paths: string[], executorSteps: ExecutorStepsSetting = NO_EXECUTOR_STEPS, trees?: SpecificationTrees): Promise<TestPlan> {
  const files = discoverDocuments(paths.length ? paths : ['specs/']);
  // Unit ids are "<path>#<n>": a unit's identity never depends on the other documents of the run.
  const documents = await Promise.all(files.map(async (file) => translate(await parseFile(file))));
  if (!trees) return { documents: markExecutorSteps(documents, executorSteps) };
  return { documents: await shareTreeProse(markExecutorSteps(await lendTreeDefinitions(documents, trees), executorSteps), trees) };
}

/** Where the built-in executor steps are enabled: --executor-steps, or the configuration's `executorSteps`. */
export async function executorStepsSetting(cliFlag: boolean | undefined, config: ProjectConfig): Promise<ExecutorStepsSetting> {
  if (cliFlag) return { everywhere: true, documents: new Set(), source: '--executor-steps' };
  const setting = config.executorSteps;
  const source = config.source ? relative(process.cwd(), config.source) || config.source : '';
  if (setting === true) return { everywhere: true, documents: new Set(), source };
  if (!Array.isArray(setting)) return NO_EXECUTOR_STEPS;
  return { everywhere: false, documents: new Set((await globIn(setting, config.directory)).map((f) => resolve(f))), source };
}

export function summaryLine(counts: Counts, interruptedBy?: string): string {
  const flaky = counts.flaky ? ` (${counts.flaky} flaky)` : '';
  const line = `${counts.passed} passed${flaky}, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.todo} todo`;
  return interruptedBy ? `${line} (interrupted by ${interruptedBy})` : line;
}

let lastSummary: string | undefined;

/** Prints LINE, a run's summary, on stderr: the line a run's output ends with. */
function printSummary(line: string): void {
  lastSummary = line;
  console.error(line);
}

/** The summary line printed last: whatever spec-run says after it says it again, so that it stays the last line. */
export const printedSummary = (): string | undefined => lastSummary;

/**
 * An error user code throws once the report is out still fails the run. The run waited for
 * what step code still did before its report ended and stopped the timers it left (see
 * late-errors.ts), so only code still running after that (a server, a socket) comes here: it
 * is written with its scenario, the summary line again with it counted (so it stays the
 * last line), and the exit status is 1.
 */
let failedAfterReport = false;

/** Whether an error user code threw after the run's report failed the run (its exit status is 1 then). */
export const runFailedAfterReport = (): boolean => failedAfterReport;

function failAfterReport(counts: Counts, interrupt: AbortSignal): void {
  runLateErrors.close((error) => {
    failedAfterReport = true;
    keepVerdict(1);
    counts.failed += 1;
    const message = typeof error.diagnostics.message === 'string' ? error.diagnostics.message : JSON.stringify(error.diagnostics);
    console.error(`spec-run: ${error.origin}: an error thrown after the run's report: ${message}`);
    printSummary(summaryLine(counts, interrupt.aborted ? interruptedBy(interrupt) : undefined));
    process.exitCode = 1;
  });
}

/**
 * The documents among KNOWN that borrow a definition from one of CHANGED (a Lisp tree's
 * helpers): their verdict changes with it, so --watch runs them again too.
 */
async function borrowersOf(changed: string[], known: string[], executorSteps: ExecutorStepsSetting, trees: SpecificationTrees, lenders: Map<string, Set<string>>): Promise<string[]> {
  const edited = new Set(changed.map((file) => resolve(file)));
  const others = [...new Set(known.filter((file) => !edited.has(resolve(file))))];
  const plans = (await buildPlan(others, executorSteps, trees)).documents;
  // What borrows from an edited document now, or did before the edit (whose definition it
  // borrowed may now differ from another's, and be lent no more), or names it in a problem.
  const borrowers = plans.filter((d) => [...lendersOf(d), ...(lenders.get(resolve(d.file)) ?? [])].some((file) => edited.has(file)));
  rememberLenders(lenders, plans);
  if (borrowers.length) console.error(`spec-run: and what borrows its definitions: ${borrowers.map((d) => d.file).join(', ')}`);
  return borrowers.map((d) => d.file);
}

/**
 * Notes, for each document of PLANS, the documents it borrows definitions from, and those
 * its problems name (definitions it could not borrow, differing there): an edit of either
 * may change its verdict.
 */
/** Whether DOCUMENT is one of the run's: OpenSpec's prose files (a change's proposal, the project's conventions) hold no checks, unless something in them is a problem. */
function holdsChecks(document: DocumentPlan): boolean {
  return document.units.length > 0 || document.problems.length > 0 || openspecProseFile(document.file) === null;
}

function rememberLenders(lenders: Map<string, Set<string>>, plans: DocumentPlan[]): void {
  for (const plan of plans) lenders.set(resolve(plan.file), lendersOf(plan));
}

/** The documents PLAN borrows definitions from, and those its problems name (absolute paths). */
function lendersOf(plan: DocumentPlan): Set<string> {
  const named = plan.problems.flatMap((problem) => [...problem.message.matchAll(new RegExp(`([^\\s,:()]+${MARKDOWN_EXTENSION_PATTERN}):\\d+`, 'gi'))].map((match) => resolve(match[1])));
  return new Set([...plan.definitions.flatMap((code) => (code.borrowed ? [resolve(code.file)] : [])), ...named]);
}

/** FILE's number of lines, as an editor counts them (a last line without its newline counts). */
function lineCount(file: string): number {
  try {
    const text = new TextDecoder().decode(readDocumentFile(file));
    return text.split(/\r\n|\r|\n/).length - (/(\r\n|\r|\n)$/.test(text) ? 1 : 0);
  } catch {
    return Number.MAX_SAFE_INTEGER; // unreadable: the run reports it at the document
  }
}

/**
 * What narrows the units a run runs, as the command line says it: said in its run-start,
 * so that `spec-run merge` knows a shard that ran only some of its share.
 */
function narrowedBy(options: RunCommandOptions, lines: Map<string, number[]>): string[] {
  return [
    ...(options.onlyFailures ? ['--only-failures'] : []),
    ...(options.change !== undefined ? [`--change ${options.change}`] : []),
    ...(options.grep !== undefined ? [`--grep ${options.grep}`] : []),
    ...(options.tag ?? []).map((tag) => `--tag ${tag}`),
    ...(options.level !== undefined ? [`--level ${options.level}`] : []),
    ...[...lines].map(([file, at]) => `${relative(process.cwd(), file)}:${at.join(':')}`).sort(),
  ];
}

/** The capabilities CHANGE touches among PLAN's documents, each with its delta applied; a string saying why there are none. */
async function withChangeApplied(plan: TestPlan, change: string): Promise<TestPlan | string> {
  // A run given the change's directory alone finds the capabilities' current specs where check finds them.
  const { baseSpecsOutside, changesMeeting } = await import('../check/openspec-changes.js');
  const applied = applyChange([...plan.documents, ...(await baseSpecsOutside(plan.documents, change))], change);
  if (typeof applied === 'string') return applied;
  // Another active change meeting this one at a requirement: the run says so at the delta, as check does.
  const meeting = changesMeeting(plan.documents.filter((document) => !isArchivedChange(document.file)));
  return { documents: applied.map((document) => withWarnings(document, meeting.filter((message) => message.file === document.appliedDelta))) };
}

/** FILES, and beside each capability's spec among them CHANGE's delta of it where there is one: what a run record's failures under --change were made of. */
function withChangeDeltas(files: string[], change: string | undefined): string[] {
  if (change === undefined) return files;
  const deltas = files.flatMap((file) => {
    const delta = deltaSpecPath(file, change);
    return delta !== null && existsSync(delta) ? [delta] : [];
  });
  return [...files, ...deltas];
}

/** The files other than its own that a document's units are written in (a spec with a change's delta applied), by document. */
function unitFilesElsewhere(plan: TestPlan): Map<string, string[]> {
  return new Map(plan.documents.map((document) => [document.file, [...new Set(document.units.map((unit) => unit.file))].filter((file) => file !== document.file)]));
}

export async function runCommand(paths: string[], cliOptions: RunCommandOptions): Promise<number> {
  // Listening from the start: a signal while the documents are read is reported by the run.
  // Listening before the start's hold lets go: a signal that came while the modules loaded, not
  // yet read from the system, would be dropped with the last listener (and a Ctrl-C lost).
  const interrupts = new Interrupts();
  interrupts.adopt(releaseStartSignals());
  try {
    let status: number | 'restart';
    // --watch starts again, the configuration read anew, when it changes.
    do status = await runDocuments(paths, cliOptions, interrupts);
    while (status === 'restart');
    // Refused before anything ran: a report an earlier run left where this one would have
    // written must not be uploaded as this run's (a green JUnit for a run that never started).
    if (status === 2 && !interrupts.signal.aborted) removeEarlierReports(cliOptions);
    return status;
  } finally {
    interrupts.dispose();
  }
}

/** What a report of each kind begins with: only a file that is such a report is removed. */
const REPORT_STARTS: Record<string, RegExp> = {
  tap: /^TAP version \d+/,
  junit: /^<\?xml[^>]*>\s*<testsuites>/,
  'junit-units': /^<\?xml[^>]*>\s*<testsuites>/,
  json: /^\{"type":"run-start"/,
  html: /^<!DOCTYPE html>[\s\S]{0,400}<title>spec-run: /,
};

/** Removes the report files (of the command line's or the configuration's reporters) that hold an earlier run's report. */
export function removeEarlierReports(cliOptions: Pick<RunCommandOptions, 'reporter' | 'config'>): void {
  let configured: ReporterChoice[] = [];
  try {
    configured = loadConfig(cliOptions.config).reporter ?? [];
  } catch {
    // a configuration that does not load: its reporters are unknown
  }
  removeReportFiles(cliOptions.reporter ?? configured);
}

/** Removes the files of CHOICES that hold a report (a file of any other content stays). */
function removeReportFiles(choices: ReporterChoice[]): void {
  for (const choice of choices) {
    if (choice.destination === null) continue;
    try {
      // A regular file only (not /dev/full, whose reading never ends), and only its start.
      if (!statSync(choice.destination).isFile()) continue;
      const start = Buffer.alloc(600);
      const descriptor = openSync(choice.destination, 'r');
      const read = (() => {
        try {
          return readSync(descriptor, start, 0, start.length, 0);
        } finally {
          closeSync(descriptor);
        }
      })();
      if (REPORT_STARTS[choice.name]?.test(start.subarray(0, read).toString('utf8'))) rmSync(choice.destination);
    } catch {
      // none there, or not readable: nothing to remove
    }
  }
}

/** What keeps the configuration from loading now; null when it loads. */
function configurationProblem(explicit: string | undefined): string | null {
  try {
    loadConfig(explicit);
    return null;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message;
  }
}

/** The run's exit status; 'restart' when --watch saw the configuration change, to be run again with it. */
async function runDocuments(paths: string[], cliOptions: RunCommandOptions, interrupts: Interrupts): Promise<number | 'restart'> {
  let config: ProjectConfig;
  let executorSteps: ExecutorStepsSetting;
  try {
    config = loadConfig(cliOptions.config);
    sayConfigurationAbove(config, cliOptions.config);
    executorSteps = await executorStepsSetting(cliOptions.executorSteps, config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`spec-run: ${error.message}`);
    return 2;
  }
  // Options given on the command line win over the configuration file.
  const { executorSteps: _configured, ...configured } = config;
  const options: RunCommandOptions = { ...configured, ...Object.fromEntries(Object.entries(cliOptions).filter(([, v]) => v !== undefined)) };
  // Relative to the working directory, as paths typed there: documents' names and ids do not become machine paths.
  // --only-failures with no path takes its documents from the record, not from the configuration's paths.
  const pathsGiven = paths.length > 0;
  if (paths.length === 0) paths = projectPaths(config);
  let grep: RegExp | undefined;
  if (options.grep !== undefined) {
    try {
      grep = new RegExp(options.grep, 'i');
    } catch (error) {
      console.error(`spec-run: --grep: ${(error as Error).message}`);
      return 2;
    }
  }
  // `doc.md:LINE` (cucumber-js's file:line, and its doc.md:LINE:LINE for several): the units at those lines of that document.
  const lines = new Map<string, number[]>();
  let pastTheEnd: string | undefined;
  const given = paths;
  paths = paths.map((path) => {
    const at = new RegExp(`^(.+${MARKDOWN_EXTENSION_PATTERN})((?::\\d+)+)$`, 'i').exec(path);
    if (!at || existsSync(path) || !existsSync(at[1])) return path;
    const file = resolve(at[1]);
    // A line past the end (a stale line from an old report) would select the last unit, another than meant.
    const length = lineCount(file);
    const given = at[2].slice(1).split(':').map(Number);
    const past = given.find((line) => line > length);
    if (past !== undefined) pastTheEnd ??= `${path}: line ${past} is past the end of ${at[1]} (${length} lines)`;
    lines.set(file, [...(lines.get(file) ?? []), ...given]);
    return at[1];
  });
  if (pastTheEnd) {
    console.error(`spec-run: ${pastTheEnd}; nothing to run`);
    return 2;
  }
  // A document given whole too (itself, or a directory holding it) runs whole: `a.md a.md:8` is all of a.md, not line 8 alone.
  const whole = given.filter((path, i) => paths[i] === path).map((path) => resolve(path));
  for (const file of [...lines.keys()]) if (whole.some((path) => file === path || !relative(path, file).startsWith('..'))) lines.delete(file);
  const roots = [...new Set(paths)];
  // --only-failures with no path takes its documents from the record, not from specs/.
  const discovery = options.onlyFailures && !pathsGiven ? noDiscovery() : findDocuments(roots);
  if (!usableDiscovery(discovery)) return 2;
  const selection: Selection = { grep, tags: options.tag, level: options.level, ...(lines.size ? { lines } : {}) };
  const trees = specificationTrees(config, roots, options.borrow === false ? '--no-borrow' : undefined);
  // The project's documents, whatever this run selected: they fix each capability's name (distinctCapabilities).
  const projectDocuments = !pathsGiven && !options.onlyFailures ? discovery.files : discoverDocuments(projectPaths(config));
  const exclusions = config.requirements?.exclude ?? {};
  const recordPath = resolve(config.directory, options.lastRun ?? DEFAULT_RECORD_PATH);
  let plan: TestPlan;
  let unmatched: string[];
  let ambiguous: string[];
  let widened: { key: string; places: string[] }[];
  if (options.onlyFailures) {
    const previous = readRunRecord(recordPath);
    if (!previous) {
      console.error(`spec-run: --only-failures: no record of an earlier run at ${recordPath} (run without --only-failures first)`);
      return 2;
    }
    const unfinished = unfinishedRun(previous, recordPath);
    if (unfinished !== null) {
      console.error(`spec-run: --only-failures: ${unfinished}; run without --only-failures`);
      return 2;
    }
    const recorded = [...new Set(previous.failures.map((f) => relative(process.cwd(), resolve(config.directory, f.file))))];
    // A rerun of nothing checked nothing: never a pass, though a document edited since it passed would now fail.
    if (recorded.length === 0) {
      console.error(`spec-run: --only-failures: the last run recorded no failures; nothing to run, and a run that checks nothing never passes (a document edited since that run is not rerun by --only-failures: run without it to check the edit)`);
      return 2;
    }
    let candidates: TestPlan = await buildPlan(pathsGiven ? paths : withChangeDeltas(recorded, options.change), executorSteps, trees);
    // Under --change the failures were the capabilities' with the change applied: rerun as that, not as the delta alone.
    if (options.change !== undefined) {
      const applied = await withChangeApplied(candidates, options.change);
      if (typeof applied === 'string') {
        console.error(`spec-run: --change: ${applied}`);
        return 2;
      }
      candidates = applied;
    }
    const narrowed = narrowPlan(candidates, selection, exclusions, projectDocuments);
    if (selectsNothing(candidates, narrowed.plan, selection)) return 2;
    plan = requirementsInScope(withUnitsBefore(selectFailures(narrowed.plan, previous, config.directory, candidates), candidates));
    if (plan.documents.length === 0) {
      const among = selection.grep || selection.lines || selection.tags?.length || selection.level ? 'none of them among the units selected' : 'none among the documents given';
      console.error(`spec-run: --only-failures: the last run's failures are in ${recorded.slice(0, 3).join(', ')}${recorded.length > 3 ? ` and ${recorded.length - 3} more` : ''}, ${among}; nothing to run`);
      return 2;
    }
    ({ unmatched, ambiguous, widened } = narrowed);
  } else {
    let whole = await buildPlan(discovery.files, executorSteps, trees);
    if (options.change !== undefined) {
      const applied = await withChangeApplied(whole, options.change);
      if (typeof applied === 'string') {
        console.error(`spec-run: --change: ${applied}`);
        return 2;
      }
      whole = applied;
    } else if (whole.documents.some((document) => openspecPlace(document.file)?.change !== undefined)) {
      const { withDeltaProblems } = await import('../check/openspec-changes.js');
      whole = { documents: await withDeltaProblems(whole.documents) };
    }
    if (!hasChecks(whole, roots, options.change)) return 2;
    ({ plan, unmatched, ambiguous, widened } = narrowPlan(whole, selection, exclusions, projectDocuments));
    if (selectsNothing(whole, plan, selection)) return 2;
  }
  // An exclusion that could settle a requirement it was not written for settles neither: the run is refused.
  for (const problem of new Set(ambiguous)) console.error(`spec-run: requirements.exclude: ${problem}`);
  if (ambiguous.length > 0) return 2;
  for (const key of unmatched) console.error(`spec-run: requirements.exclude: '${key}' names no requirement of the documents given`);
  for (const { key, places } of widened) {
    const shown = places.map((place) => relative(process.cwd(), place));
    console.error(`spec-run: warning: requirements.exclude: '${key}' is a requirement's name alone, and excludes requirements of ${places.length} documents (${shown.join(', ')}); to exclude one, key it by its id ('<document path>#<name>') or its capability ('<capability>#<name>')`);
  }
  if ((options.runs ?? 1) > 1 && !plan.documents.some((d) => isPropertyDocument(d) && d.units.some((u) => u.kind === 'fiveam-test'))) {
    console.error(`spec-run: warning: --runs ${options.runs}: no FiveAM test of a property document (frontmatter level: property or type: property) is among the units run; each runs once`);
  }
  const timingsPath = resolve(config.directory, options.timings ?? DEFAULT_TIMINGS_PATH);
  let shardOf: ShardOf | undefined;
  if (options.shard) {
    let timings: Timings | null = null;
    try {
      timings = readTimings(timingsPath);
    } catch (error) {
      if (!(error instanceof RecordError)) throw error;
      console.error(`spec-run: --shard: balancing by count: ${error.message}`);
    }
    // Prose takes no share: no shard would report it, and merge would find the set never whole.
    const ofChecks: TestPlan = { documents: plan.documents.filter(holdsChecks) };
    shardOf = { ...options.shard, documents: ofChecks.documents.map((d) => d.file) };
    plan = shardPlan(ofChecks, options.shard, config.directory, timings ?? {});
    // A matrix of fixed size may outnumber the documents: an empty share passes, and merge checks the whole.
    if (plan.documents.length === 0) console.error(`spec-run: --shard ${options.shard.index}/${options.shard.count}: this share holds none of the ${shardOf.documents.length} documents of the run; nothing to run here`);
  }

  // What the run says of a document without failing it (a change's operation already synced, two changes meeting at one requirement) reaches the terminal as well as the reports.
  for (const warning of plan.documents.flatMap((document) => document.warnings ?? [])) console.error(`spec-run: warning: ${warning.file}:${warning.line}: ${warning.message}`);

  // Runners are loaded only when something runs (--list and check stay fast), each only for
  // documents of its family, or for --watch, whose edits may bring some: a run of OpenSpec
  // documents does not load (and evaluate) the Lisp runner and its runtime server, nor a run
  // of Lisp documents the scenario runner with its steps API (cucumber expressions build
  // their regular expressions' parser as they load: about 17 ms). The first Lisp document's
  // driver starts now, while the rest of the run is set up.
  const needs = (family: DocumentFamily) => options.watch === true || plan.documents.some((d) => d.family === family);
  const runnersLoaded = options.list
    ? null
    : Promise.all([needs('lisp') ? lispRunner(options.dryRun ? undefined : config.directory) : null, needs('openspec') ? import('../run/scenario/index.js') : null]);
  if (!options.list && !options.dryRun && plan.documents.some((d) => d.family === 'lisp')) void sayMissingSbcl();
  /** Refused before anything ran: the driver started ahead is ended. */
  const refused = async () => {
    await (await runnersLoaded)?.[0]?.closeDrivers();
    return 2;
  };
  let stepFiles: StepFiles;
  try {
    // Each document's, by where it stands: the same whatever else the run selects.
    stepFiles = await stepFilesOf(cliOptions.steps, config, plan.documents.map((d) => d.file), unitFilesElsewhere(plan));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`spec-run: ${error.message}`);
    return refused();
  }
  if (options.list) {
    // Each OpenSpec document's steps with what binds them, where it has steps to bind (its
    // own steps files, the executor vocabulary): the files are loaded as a run loads them,
    // and what keeps them from loading is a problem of the document, as it fails the run.
    const bound = plan.documents.filter((document) => document.family === 'openspec' && (document.executorSteps !== undefined || stepFiles.of(document.file).length > 0));
    const bindings = new Map<string, string>();
    let stepsProblems = 0;
    if (bound.length > 0) {
      const [{ loadStepLibrary, runsConfiguration }, { describeStepBindings, describeLibraryProblems }, { notReturning }, { sayStepsFileErrors, stepsFileErrorsSettled }, { configurationProblems }] = await Promise.all([import('../run/scenario/library.js'), import('../run/scenario/listing.js'), import('../lsp/steps-probe.js'), import('./document-libraries.js'), import('../check/index.js')]);
      sayStepsFileErrors();
      // A top level in an endless loop is tried off this thread first, as check does (document-libraries.ts).
      const refused = await notReturning(stepFiles.all);
      for (const document of bound) {
        const library = await loadStepLibrary(stepFiles.of(document.file), { builtins: document.executorSteps !== undefined, refused });
        // What keeps a scenario's configuration from running as stated is known before the run, as check knows it: a problem of the document.
        const configuration = document.units.flatMap((unit) => (unit.kind === 'scenario' && runsConfiguration(library, unit) ? configurationProblems(unit) : []));
        const configurationText = configuration.length === 0 ? '' : `  configuration problems (${configuration.length}), each failing its scenario:\n${configuration.map((p) => `    ${p.file}:${p.line}:${p.column}  ${p.severity}: ${p.message}\n`).join('')}`;
        stepsProblems += library.problems.length + configuration.length;
        bindings.set(document.file, describeLibraryProblems(library) + configurationText + describeStepBindings(document, library));
      }
      // What a steps file's timer throws is said before the summary, a problem counted with the others.
      stepsProblems += await stepsFileErrorsSettled();
    }
    process.stdout.write(plan.documents.map((document) => describePlan(document) + (bindings.get(document.file) ?? '')).join('\n'));
    const units = plan.documents.reduce((n, d) => n + d.units.length, 0);
    const problems = plan.documents.reduce((n, d) => n + d.problems.length, stepsProblems);
    console.error(`${plan.documents.length} documents, ${units} units, ${problems} problems`);
    return interrupts.exitStatus ?? (problems ? 1 : 0);
  }

  // --list shows OpenSpec's prose files; a run does not count them as skipped checks.
  plan = { documents: plan.documents.filter(holdsChecks) };
  const [lisp, scenarios] = (await runnersLoaded)!;
  const runners: Runners = { ...(lisp ? { lisp: lisp.runLispDocument } : {}), ...(scenarios ? { openspec: scenarios.runScenarioDocument } : {}) };
  const vocabularyFiles = (config.vocabulary ?? []).map((file) => resolve(config.directory, file));
  const runtimeCommand = Array.isArray(config.runtime) ? config.runtime : [process.execPath, cliEntry, 'serve'];
  // The built-in runtime serves every session in this process; another server runs a process per session.
  const runtime = lisp && (Array.isArray(config.runtime) ? new lisp.CommandRuntime(runtimeCommand, config.directory) : new lisp.BuiltinRuntime());
  const runOptions = (): RunPlanOptions => ({
    seed: options.seed ?? randomInt(1, 2 ** 31 - 1),
    unitTimeoutMs: options.timeout ?? 5 * 60 * 1000,
    unitTimeoutSource: cliOptions.timeout !== undefined ? '--timeout' : options.timeout !== undefined ? "the configuration's timeout" : 'the default; --timeout changes it',
    bail: options.bail ?? false,
    runs: options.runs,
    strict: options.strict ?? true,
    dryRun: options.dryRun ?? false,
    runtimeCommand,
    ...(runtime ? { runtime } : {}),
    runtimeName: runtimeName(config),
    imageAliases: { ...config.images },
    projectRoot: config.directory,
    vocabularyFiles,
    jobs: options.jobs ?? 1,
    retries: options.retries ?? 0,
    ...(shardOf ? { shard: shardOf } : {}),
    selection: narrowedBy(options, lines),
    warnedOnce: new Set(),
  });
  const reporters = withStdoutReporter(options.reporter ?? []);
  // Checked before anything runs: a bad report path fails at once, and no report, record
  // or timings file may be one of the documents run.
  const documents = plan.documents.map((d) => d.file);
  const problem =
    reportersProblem(reporters, documents) ??
    destinationProblem(recordPath, '--last-run', documents, false) ??
    destinationProblem(timingsPath, '--timings', documents, false);
  if (problem) {
    console.error(`spec-run: ${problem.startsWith('--') ? '' : '--reporter: '}${problem}`);
    return refused();
  }
  const closeRunners = async () => {
    await Promise.all([runtime?.close(), lisp?.closeDrivers()]);
  };
  /** Under --watch, every watched document's latest result: what the report files and the summary stand for. */
  const latest = options.watch ? new LatestResults() : null;
  /** Runs a plan, reports it, and leaves the record of the run. */
  const execute = async (toRun: TestPlan, files: StepFiles, cancelled?: AbortSignal): Promise<RunOutcome> => {
    const recorder = new RunRecorder(config.directory, toRun);
    if (!options.dryRun) markRunUnfinished(recordPath);
    // A rerun --watch cancels stops as spec-run's interruption stops a run: its units are skipped as cut short, neither passing nor failing.
    const interrupt = cancelled ? AbortSignal.any([interrupts.signal, cancelled]) : interrupts.signal;
    // A dry run only loads steps, as check does: a top level that never returns is refused as check refuses it.
    const refusedStepFiles = options.dryRun ? await (await import('../lsp/steps-probe.js')).notReturning(files.all) : undefined;
    const events = runPlan(toRun, { ...runOptions(), stepFilesOf: files.of, interrupt, ...(refusedStepFiles ? { refusedStepFiles } : {}), ...(options.watch ? {} : { closeOwnWork: closeRunners }) }, runners);
    // Kept before the summary line, which stays last. A shard sees only its share: the
    // timings every shard splits by are left as they are; so are they by an interrupted run.
    // A dry run ran nothing: the record of the last real run (its failures, its timings) stays.
    const reportOptions: ReportOptions = {
      requireVerified: options.requireVerified,
      observe: (event) => recorder.observe(event),
      interrupt,
      beforeSummary: () => (options.dryRun ? undefined : keepRecords(recorder, recordPath, options.shard || interrupt.aborted ? null : timingsPath)),
    };
    if (!latest) return reportEvents(events, reporters, reportOptions);
    // --watch: the terminal follows this run as it goes; the report files and the summary are
    // of every watched document, those this run did not run with their result of an earlier run.
    const ran: RunEvent[] = [];
    const live = await writeReports(events, reporters.filter((choice) => choice.destination === null), { ...reportOptions, observe: (event) => (recorder.observe(event), ran.push(event)) });
    latest.record(ran, toRun.documents.map((document) => document.file));
    lastRun = ran;
    refusal = null;
    const outcome = await writeLatestReports(latest, ran, reportOptions);
    outcome.lostReports.unshift(...live.lostReports);
    printOutcome(outcome, reportOptions);
    return outcome;
  };
  /** The events of the last run --watch made: the run-start and run-end the report files are written under. */
  let lastRun: RunEvent[] = [];
  /** Why the last save under --watch ran nothing, where a fresh run would refuse what it holds; null once a run ran since. */
  let refusal: string | null = null;
  /** The report files of every watched document's latest result, written again, as LAST (the last run's events) ended. */
  const writeLatestReports = async (results: LatestResults, last: RunEvent[], reportOptions: Pick<ReportOptions, 'requireVerified'>): Promise<RunOutcome> => {
    const whole = results.combined(last);
    const outcome = await writeReports(replayed(whole.events), reporters.filter((choice) => choice.destination !== null), { requireVerified: reportOptions.requireVerified, views: false });
    if (whole.earlier.length > 0) console.error(`spec-run: ${earlierResults(whole.earlier)}`);
    return outcome;
  };
  try {
    if (!options.watch) {
      const { counts, requirements, lostReports, checkedNothing: nothingChecked } = await execute(plan, stepFiles);
      if (interrupts.exitStatus !== undefined) return interrupts.exitStatus;
      if (lostReports.length > 0) return 2;
      failAfterReport(counts, interrupts.signal);
      return counts.failed > 0 || nothingChecked || (options.requireVerified && !requirements.every(isSettled)) ? 1 : 0;
    }
    const { watchDocuments } = await import('./watch.js');
    /** Ends the watching when the first run's reports could not be written (exit status 2), as without --watch. */
    const reportsLost = new AbortController();
    // Whom each document borrowed from at its last run: after an edit, a borrower may borrow no more.
    const lenders = new Map<string, Set<string>>();
    rememberLenders(lenders, plan.documents);
    // The units file:LINE chose, by name from now on: an edit above one moves its line, not it.
    // Named from the units the lines themselves select, not those that run before them in a Lisp document.
    const watchSelection = linesAsNames(selection.lines ? selectUnits(plan, selection) : plan, selection);
    // The files the first run read: under --change, the change's deltas besides the capabilities' specs.
    const watched = [...new Set(plan.documents.flatMap((d) => [d.file, ...(unitFilesElsewhere(plan).get(d.file) ?? [])]))];
    /** Under --change, the document each delta of the change is applied in, by the delta's path: a deleted delta takes that result out of the reports. */
    const appliedIn = new Map<string, string>();
    const rememberApplied = (documents: DocumentPlan[]) => documents.forEach((d) => d.appliedDelta !== undefined && appliedIn.set(resolve(d.appliedDelta), d.file));
    rememberApplied(plan.documents);
    /**
     * What a save of FILES runs again, read anew: those documents and what borrows from them, or
     * under --change the capabilities they affect with the change applied; else why nothing runs:
     * REFUSED where a fresh run would refuse it (the change no longer applies), IDLE where the
     * save touches nothing the run runs.
     */
    const rerunPlan = async (files: string[]): Promise<{ read: string[]; built: TestPlan } | { refused: string } | { idle: string }> => {
      const known = [...watched, ...discoverDocuments(roots)];
      if (options.change === undefined) {
        const read = [...files, ...(await borrowersOf(files, known, executorSteps, trees, lenders))];
        return { read, built: await buildPlan(read, executorSteps, trees) };
      }
      const read = changeFilesFor(files, known, options.change);
      // A change archived (its directory moved to archive/) or whose deltas were deleted no longer applies: a fresh run refuses it.
      if (!known.some((file) => openspecPlace(file)?.change === options.change && existsSync(file))) return { refused: `change '${options.change}' has no delta left among the documents (archived, or its deltas deleted): a fresh --change run refuses it` };
      if (read.length === 0) return { idle: `change '${options.change}' touches nothing of what changed` };
      const applied = await withChangeApplied(await buildPlan(read, executorSteps, trees), options.change);
      return typeof applied === 'string' ? { refused: `--change: ${applied}` } : { read, built: applied };
    };
    /**
     * A save whose run a fresh run would refuse (exit 2): nothing runs, and as a refused run
     * leaves no report, the report files go, with the results of what the save affects (FILES,
     * or under --change the capabilities they are applied in), which no longer hold: a report
     * left green would show the earlier run's verdict as the latest. The next run that runs
     * writes them again.
     */
    const refuseRerun = (why: string, files: string[]): void => {
      console.error(`spec-run: ${why}; nothing runs`);
      refusal = why;
      latest?.forget([...files, ...files.flatMap((file) => appliedIn.get(resolve(file)) ?? [])]);
      const written = reporters.flatMap((choice) => (choice.destination === null ? [] : [relative(process.cwd(), choice.destination) || choice.destination]));
      if (written.length === 0) return;
      removeReportFiles(reporters);
      console.error(`spec-run: --watch: the report files (${written.join(', ')}) are removed until a run runs again: a fresh run refuses what this save holds`);
    };
    /**
     * A watch a signal ends closes with the summary line of every watched document's latest
     * result, interrupted by the signal, as a run a signal stops does: the one a run under way
     * printed, or else this one, after the refusal the last save met, if it met one.
     */
    const closeWatch = (): void => {
      const signal = interruptedBy(interrupts.signal);
      if (printedSummary()?.endsWith(`(interrupted by ${signal})`)) return;
      if (refusal !== null) console.error(`spec-run: the last save ran nothing: ${refusal}`);
      const end = latest && lastRun.length > 0 ? latest.combined(lastRun).events.at(-1) : undefined;
      printSummary(summaryLine(end?.type === 'run-end' ? end.counts : { passed: 0, failed: 0, skipped: 0, todo: 0 }, signal));
    };
    /**
     * After a run of TORUN: the spares of the next, started while nothing runs, unless the run
     * was stopped (the next one starts at once, or none does); and what a save's cancel kept it from finishing.
     */
    const afterRun = (toRun: TestPlan, cancelled: AbortSignal): string[] | undefined => {
      if (!cancelled.aborted && !interrupts.signal.aborted) runtime?.fill(SPARE_SERVERS);
      return cancelled.aborted ? unfinishedDocuments(toRun.documents.map((document) => document.file), lastRun) : undefined;
    };
    const ended = await watchDocuments({
      documents: watched,
      first: async (cancelled) => {
        if ((await execute(plan, stepFiles, cancelled)).lostReports.length > 0) reportsLost.abort();
        return afterRun(plan, cancelled);
      },
      roots,
      helpers: [...vocabularyFiles, ...stepFiles.all],
      ...(config.source ? { configuration: { file: config.source, problem: () => configurationProblem(cliOptions.config) } } : {}),
      stepPlaces: {
        directories: [...new Set(watched.flatMap((file) => stepDirectories(config.directory, file)))],
        list: async () => {
          const documents = [...new Set([...watched, ...discoverDocuments(roots)])];
          return (await stepFilesOf(cliOptions.steps, config, documents)).all;
        },
      },
      // A deleted document leaves the watched set, and its result the report files and the summary, at once.
      removed: async (files) => {
        watched.splice(0, watched.length, ...watched.filter((file) => !files.includes(file)));
        if (!latest || lastRun.length === 0) return;
        latest.forget([...files, ...files.flatMap((file) => appliedIn.get(resolve(file)) ?? [])]);
        const outcome = await writeLatestReports(latest, lastRun, { requireVerified: options.requireVerified });
        printOutcome(outcome, { requireVerified: options.requireVerified });
      },
      rerun: async (files, cancelled) => {
        const planned = await rerunPlan(files);
        if ('idle' in planned) {
          console.error(`spec-run: ${planned.idle}; nothing runs`);
          return;
        }
        if ('refused' in planned) return refuseRerun(planned.refused, files);
        const { read, built } = planned;
        const changed = narrowPlan(built, watchSelection, exclusions, projectDocuments).plan;
        for (const [file, names] of watchSelection.named ?? []) {
          if (read.some((f) => resolve(f) === file) && !changed.documents.some((d) => resolve(d.file) === file || d.units.some((u) => resolve(u.file) === file))) {
            console.error(`spec-run: ${relative(process.cwd(), file)}: the unit${names.size === 1 ? '' : 's'} chosen by file:LINE (${[...names].map((n) => `'${n}'`).join(', ')}) ${names.size === 1 ? 'is' : 'are'} no longer there; nothing of it runs`);
          }
        }
        rememberLenders(lenders, changed.documents);
        rememberApplied(changed.documents);
        if (changed.documents.length === 0) {
          // As a first run would refuse it: nothing of what changed is selected, so nothing runs (and nothing passes).
          return refuseRerun(emptySelectionProblem(built, changed, watchSelection) ?? 'nothing of what changed is selected', files);
        }
        // The modules the steps files import may have changed without them: each rerun loads them anew.
        if (changed.documents.some((d) => d.family === 'openspec')) (await import('../run/scenario/library.js')).loadAnew();
        // Looked for again: a document new since the first run, or a steps file new beside one.
        await execute(changed, await stepFilesOf(cliOptions.steps, config, changed.documents.map((d) => d.file), unitFilesElsewhere(changed)), cancelled);
        return afterRun(changed, cancelled);
      },
      signal: AbortSignal.any([interrupts.signal, reportsLost.signal]),
    });
    if (ended === 'restart' && interrupts.exitStatus === undefined) return 'restart';
    if (interrupts.signal.aborted) closeWatch();
    return interrupts.exitStatus ?? (reportsLost.signal.aborted ? 2 : 0);
  } finally {
    await closeRunners();
  }
}

/** The Lisp runner, the runtime servers its sessions come from and its drivers; given `directory`, the first driver there starts now. */
async function lispRunner(directory?: string) {
  const [{ runLispDocument }, { BuiltinRuntime, CommandRuntime }, { closeDrivers, prepareDrivers }] = await Promise.all([
    import('../run/lisp/index.js'),
    import('../run/lisp/servers.js'),
    import('../run/lisp/driver.js'),
  ]);
  if (directory !== undefined) prepareDrivers(directory);
  return { runLispDocument, BuiltinRuntime, CommandRuntime, closeDrivers };
}

/**
 * A machine without SBCL (a CI runner) fails every Lisp unit, each failure in the report
 * files: what is missing and the fix are said once on stderr too, where a CI log shows
 * them, in doctor's words. The answer is SBCL's `--version`, asked once per process, which
 * the run's own start awaits as well.
 */
async function sayMissingSbcl(): Promise<void> {
  const { defaultLisp, sbclVersion } = await import('../lisp-image/core-image.js');
  await sbclVersion(defaultLisp()).catch((error: Error) => console.error(`spec-run: the Lisp documents cannot run here: ${error.message}`));
}

/**
 * False, having said why on stderr, when the documents hold no check at all: markdown
 * with neither a Lisp verification document nor an OpenSpec requirement, which a run
 * must not pass on. A document with a problem (an OpenSpec specification without
 * scenarios, say) is reported by the run instead.
 */
export function hasChecks(plan: Pick<TestPlan, 'documents'>, roots: string[], change?: string): boolean {
  if (plan.documents.some((d) => d.units.length > 0 || d.problems.length > 0)) return true;
  const n = plan.documents.length;
  if (change !== undefined) {
    console.error(`spec-run: --change ${change}: once applied, the capabilit${n === 1 ? 'y it touches has' : `ies it touches (${n}) have`} no scenario (${plan.documents.map((d) => d.file).join(', ')}); nothing to run`);
    return false;
  }
  // OpenSpec's prose may hold requirement headings all the same: that it is never run is said, not left to guess.
  const prose = plan.documents.filter((d) => openspecProseFile(d.file) !== null).length;
  const ofThem = prose === 0 ? '' : ` (${prose === n ? (n === 1 ? 'it is' : 'all are') : `${prose} are`} OpenSpec's prose, a change's proposal.md, design.md or tasks.md, project.md, AGENTS.md or a README.md, never run whatever it holds)`;
  // A delta that only renames or removes is an OpenSpec specification all the same: `spec-run check` checks it.
  const deltas = plan.documents.filter((d) => d.openspecDelta !== undefined).length;
  const ofDeltas = deltas === 0 ? '' : ` (${deltas === n ? (n === 1 ? 'it is' : 'all are') : `${deltas} are`} a change's delta with no scenario, RENAMED or REMOVED only, which \`spec-run check\` checks against its capability's spec)`;
  console.error(
    `spec-run: no check found in ${roots.join(', ')}: ${n} markdown file${n === 1 ? '' : 's'}${ofThem}${ofDeltas}, none a Lisp verification document (frontmatter type: verification, property, contract or scenario) or an OpenSpec specification (### Requirement: with #### Scenario:); nothing to run`,
  );
  return false;
}

/** True, having said why on stderr, when the filters given select no unit of WHOLE: a run never passes on nothing. */
function selectsNothing(whole: TestPlan, selected: TestPlan, selection: Selection): boolean {
  const problem = emptySelectionProblem(whole, selected, selection);
  if (problem) console.error(`spec-run: ${problem}`);
  return problem !== null;
}

/** The selected units; capabilities of the project's OpenSpec trees told apart, requirements excluded as configured, and only those in the selection's scope. */
function narrowPlan(plan: TestPlan, selection: Selection, exclusions: Record<string, string>, projectDocuments: string[]): { plan: TestPlan } & Omit<ReturnType<typeof excludeRequirements>, 'plan'> {
  const excluded = excludeRequirements(distinctCapabilities(plan, projectDocuments), exclusions);
  return { ...excluded, plan: requirementsInScope(withUnitsBefore(selectUnits(excluded.plan, selection), excluded.plan)) };
}

/** The reporters asked for, plus the default one on stdout when none writes there: spec on a terminal, else TAP. */
export function withStdoutReporter(choices: ReporterChoice[]): ReporterChoice[] {
  const resolved = choices.map((c) => (c.destination === null ? c : { ...c, destination: resolve(c.destination) }));
  if (resolved.some((c) => c.destination === null)) return resolved;
  return [{ name: process.stdout.isTTY ? 'spec' : 'tap', destination: null }, ...resolved];
}

/**
 * Colour as the conventions have it: NO_COLOR (non-empty) turns it off, FORCE_COLOR turns
 * it on (off when 0 or false), else on a terminal that is not TERM=dumb.
 */
function colourWanted(terminal: boolean): boolean {
  if (process.env.NO_COLOR) return false;
  const force = process.env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  return terminal && process.env.TERM !== 'dumb';
}

function makeReporter(choice: ReporterChoice): Reporter {
  switch (choice.name) {
    case 'tap':
      return tapReporter;
    case 'spec': {
      const terminal = choice.destination === null && process.stdout.isTTY === true;
      return specReporter({ color: colourWanted(terminal), summary: !(terminal && process.stderr.isTTY === true) });
    }
    case 'junit':
      return junitReporter;
    case 'junit-units':
      return junitUnitsReporter;
    case 'json':
      return jsonReporter;
    case 'html':
      return htmlReporter({ commandLine: commandLine(process.argv.slice(2)), reportDirectory: choice.destination ? dirname(choice.destination) : process.cwd() });
  }
}

function commandLine(args: string[]): string {
  return ['spec-run', ...args.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`))].join(' ');
}

export interface RunOutcome {
  counts: Counts;
  requirements: RequirementResult[];
  /** Reports that could not be written (a full disk, a closed stdout), in words: the run then exits 2. */
  lostReports: string[];
  /** Nothing passed, and something was skipped or left TODO (never said of a dry run): the run fails. */
  checkedNothing: boolean;
}

export interface ReportOptions {
  requireVerified?: boolean;
  observe?: (event: RunEvent) => void;
  /** spec-run's interruption: the summary line says so when it came. */
  interrupt?: AbortSignal;
  /** Work left for after the reports and before the summary line (keeping the run's records). */
  beforeSummary?: () => void;
}

/** Why REPORTERS cannot write where they are told (two on stdout, two to one file, a path that cannot be a file or is one of DOCUMENTS), or null. */
export function reportersProblem(reporters: ReporterChoice[], documents: string[]): string | null {
  return reporterChoicesProblem(reporters) ?? reporters.flatMap((c) => (c.destination === null ? [] : [destinationProblem(c.destination, `--reporter ${c.name}`, documents)])).find((p) => p !== null) ?? null;
}

/** Writes every chosen report of a run's events (and the extra views), the requirements and summary lines. */
export async function reportEvents(events: AsyncIterable<RunEvent>, choices: ReporterChoice[], options: ReportOptions = {}): Promise<RunOutcome> {
  const outcome = await writeReports(events, choices, options);
  printOutcome(outcome, options);
  return outcome;
}

/** Writes every chosen report of a run's events, and with VIEWS the extra views on stderr (GitHub annotations, the live status line). */
async function writeReports(events: AsyncIterable<RunEvent>, choices: ReporterChoice[], { requireVerified = false, observe, interrupt, views = true }: ReportOptions & { views?: boolean }): Promise<RunOutcome> {
  stdoutReportComplete(false);
  const outcome: RunOutcome = { counts: { passed: 0, failed: 0, skipped: 0, todo: 0 }, requirements: [], lostReports: [], checkedNothing: false };
  async function* observed(): AsyncGenerator<RunEvent> {
    for await (const given of events) {
      let event = given;
      if (event.type === 'run-end') {
        Object.assign(outcome, { counts: event.counts, requirements: event.requirements ?? [], checkedNothing: event.checkedNothing !== undefined });
        // What --require-verified fails the run on, the reports state too.
        const unverified = requireVerified ? outcome.requirements.filter((r) => !isSettled(r)).map((r) => ({ text: unverifiedLine(r), at: { file: r.file, line: r.line } })) : [];
        if (unverified.length) event = { ...event, unverified };
      }
      observe?.(event);
      yield event;
    }
  }
  const files = new Map<NodeJS.WritableStream, ReportFile>();
  const outputs: [NodeJS.WritableStream, Reporter][] = choices.map((choice) => {
    if (choice.destination === null) return [process.stdout, makeReporter(choice)];
    const file = openReportFile(choice.destination);
    files.set(file.stream, file);
    return [file.stream, makeReporter(choice)];
  });
  // Beside the reports: GitHub annotations in Actions, a live status line when
  // stderr is a terminal and stdout carries a machine format.
  if (views && process.env.GITHUB_ACTIONS) outputs.push([process.stderr, githubAnnotations]);
  const onStdout = choices.find((choice) => choice.destination === null);
  // Not when stdout is that terminal too: the line would be drawn in the middle of the report.
  if (views && onStdout?.name !== 'spec' && process.stderr.isTTY && !process.stdout.isTTY && process.env.TERM !== 'dumb') outputs.push([process.stderr, progressReporter({ columns: process.stderr.columns || Number(process.env.COLUMNS) || 80 })]);
  const { branches, done } = tee(observed(), outputs.length);
  const tapReportDone = onStdout?.name === 'tap' ? tapReportOnStdout() : () => {};
  const written = await Promise.all([...outputs.map(([stream, reporter], i) => write(stream, reporter(branches[i]), interrupt)), done]);
  tapReportDone();
  // What writes to stdout from now on (an 'exit' listener of a steps file) is not the report: it goes to stderr.
  stdoutReportComplete(true);
  for (const [i, [stream]] of outputs.entries()) {
    const failure = written[i];
    // A reader that went away (`| head`) is no lost report; a full disk behind stdout is.
    if (stream === process.stdout && failure && (failure as NodeJS.ErrnoException).code !== 'EPIPE') outcome.lostReports.push(`cannot write the report to stdout: ${fileProblem(failure)}`);
  }
  for (const file of files.values()) {
    const lost = await file.commit();
    if (lost) outcome.lostReports.push(lost);
  }
  return outcome;
}

/** What ends a run's output on stderr: what fails it beyond its checks, the requirements line, and the summary line last. */
function printOutcome(outcome: RunOutcome, { requireVerified = false, interrupt, beforeSummary }: ReportOptions): void {
  if (requireVerified) {
    for (const r of outcome.requirements.filter((r) => !isSettled(r))) console.error(`spec-run: ${r.file}:${r.line}: --require-verified: ${unverifiedLine(r)}`);
  }
  beforeSummary?.();
  for (const lost of outcome.lostReports) console.error(`spec-run: --reporter: ${lost}`);
  if (outcome.checkedNothing) console.error('spec-run: no check passed, and some were skipped, left undefined or pending, or ran holding no check: the run checked nothing and fails');
  if (outcome.requirements.length) console.error(requirementsLine(outcome.requirements));
  printSummary(summaryLine(outcome.counts, interrupt?.aborted ? interruptedBy(interrupt) : undefined));
}

/** EVENTS as a run's stream, for the reporters. */
export async function* replayed(events: RunEvent[]): AsyncGenerator<RunEvent> {
  yield* events;
}

/**
 * Calls GIVE_UP once INTERRUPT has been aborted for UNREAD_AFTER_INTERRUPT_MS (the timer never
 * keeps the process); the returned function disarms it, listener and timer, when the wait ended
 * otherwise: a slow reader makes many waits, and their listeners must not pile up on the signal.
 */
function giveUpAfterInterrupt(interrupt: AbortSignal, giveUp: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => (timer = setTimeout(giveUp, UNREAD_AFTER_INTERRUPT_MS).unref());
  if (interrupt.aborted) arm();
  else interrupt.addEventListener('abort', arm, { once: true });
  return () => {
    interrupt.removeEventListener('abort', arm);
    clearTimeout(timer);
  };
}

/** Written at once when this much is waiting, without waiting for the turn of the event loop to end. */
const WRITE_BATCH_CHARS = 64 * 1024;

/**
 * Writes CHUNKS to STREAM; the stream's error, if it failed. Every chunk is consumed even
 * then: the other reporters of the run read the same events. The chunks of one turn of the
 * event loop go out in one write: a reporter gives a line or two per event, and a write per
 * chunk (15 per document of two tests in TAP) woke whatever reads the stream as often,
 * on a machine whose cores the run's drivers already keep busy.
 */
async function write(stream: NodeJS.WritableStream, chunks: AsyncIterable<string>, interrupt?: AbortSignal): Promise<unknown> {
  let failure: unknown = null;
  const onError = (error: unknown) => (failure ??= error);
  stream.on('error', onError);
  let waiting: string[] = [];
  let waitingChars = 0;
  let flushing: NodeJS.Immediate | null = null;
  let drained: Promise<void> | null = null;
  const flush = () => {
    if (flushing) clearImmediate(flushing);
    flushing = null;
    if (waiting.length === 0) return;
    const text = waiting.join('');
    waiting = [];
    waitingChars = 0;
    if (failure !== null || stream.write(text)) return;
    // Each wait removes both of its listeners: a slow reader makes many waits, and listeners left behind pile up.
    drained = new Promise<void>((resolve) => {
      let disarm = () => {};
      const done = () => {
        stream.off('drain', done);
        stream.off('error', done);
        disarm();
        drained = null;
        resolve();
      };
      stream.once('drain', done);
      stream.once('error', done);
      // Interrupted, the run must end: a reader that holds the pipe open and reads nothing (a
      // killed parent's sibling) kept a SIGTERM'd run waiting for it for good.
      if (interrupt) {
        disarm = giveUpAfterInterrupt(interrupt, () => {
          failure ??= Object.assign(new Error(`nothing read it for ${UNREAD_AFTER_INTERRUPT_MS / 1000} s after the interruption; the rest is not written`), { code: 'EUNREAD' });
          done();
        });
      }
    });
  };
  try {
    for await (const chunk of chunks) {
      if (failure !== null) continue;
      waiting.push(chunk);
      waitingChars += chunk.length;
      if (waitingChars >= WRITE_BATCH_CHARS) flush();
      else flushing ??= setImmediate(flush);
      if (drained) await drained;
    }
    flush();
    if (drained) await drained;
    return failure;
  } finally {
    // stdout outlives the run: --watch writes a report to it at every change.
    stream.off('error', onError);
  }
}
