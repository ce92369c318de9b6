// What runs leave behind in .spec-run/:
// - last-run.json, written by every run: its failing units by identity (document path
//   from the project root, place in the document), for --only-failures, the units that
//   passed (so that a unit with no result is never taken for one that passed), and the
//   durations of its documents;
// - timings.json, the last known duration of every document, for balancing --shard.
//   Only runs that see every document write it (unsharded runs, and merge), so all
//   jobs of a CI matrix split by the same file even when they share a directory.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { emptyTally, tallyPoint, type RunEndEvent, type RunEvent, type UnitTally } from '../model/events.js';
import type { TestPlan } from '../model/plan.js';
import { documentKey, recordedUnitAmong, unitContentKey, unitPlace, identityOf, type UnitIdentity } from './unit-identity.js';
import { fileProblem } from './file-problem.js';
import { isInterruptionSkip } from './interrupt.js';
import { makeDirectory } from '../make-directory.js';

export const DEFAULT_RECORD_PATH = '.spec-run/last-run.json';
export const DEFAULT_TIMINGS_PATH = '.spec-run/timings.json';

/**
 * The places of failures of the run itself, kept at a document rather than at one of its units:
 * a run that checked nothing, a document a stopped run never reached, a requirement
 * --require-verified found not verified (at its line). Written and recognised from here alone.
 */
const RUN_FAILURE = {
  checkedNothing: '#checked-nothing',
  notRun: '#not-run',
  requirement: (line: number) => `#requirement-${line}`,
  requirementPattern: /^#requirement-\d+$/,
} as const;

/** A unit of a recorded run, by its identity. */
export interface RecordedUnit {
  /** The document's path from the project root. */
  file: string;
  /** The unit's place in the document: "#3"; a place that is not a number ("#load-12", "#problem-1") stands for the whole document. */
  unit: string;
  name: string;
  /** A scenario's content key (unitContentKey): what tells it apart from another of its name once either moved. */
  key?: string;
  /** What the unit ran as (unit-fingerprint.ts): the result stands for that text and code only; absent in records of versions of spec-run before it. */
  ran?: string;
}

/** A unit that ended without failing yet did not pass: a step left TODO (undefined under --no-strict), a skipped point. */
export interface RecordedLeftUndone extends RecordedUnit, UnitTally {}

export interface RecordedFailure extends RecordedUnit {
  /** The unit's first failing check, for whoever shows the failure where it stands (the language server's hover). */
  check?: FailedCheck;
}

export interface FailedCheck {
  /** What was checked: the assertion's form, the step's text. */
  name: string;
  line?: number;
  /** Why it failed, in one text. */
  message: string;
}

/** The failing check of a point: what it checked, where, and why it failed (the diagnostics' message or reason). */
export function failedCheck(point: Extract<RunEvent, { type: 'point' }>): FailedCheck {
  const diagnostics = point.diagnostics ?? {};
  const why = [diagnostics.message, diagnostics.reason, diagnostics.error].find((value) => typeof value === 'string' && value.trim() !== '') as string | undefined;
  return { name: point.name, ...(point.at ? { line: point.at.line } : {}), message: why ? `${point.name}: ${why}` : point.name };
}

export interface RunRecord {
  version: 1;
  seed: number;
  finishedAt: string;
  failures: RecordedFailure[];
  /** The units whose last run in the recorded runs ended with no failure; absent in records of versions of spec-run before it. */
  passed?: RecordedUnit[];
  /** The units whose last run ended neither failing nor passing, with how they ended. */
  leftUndone?: RecordedLeftUndone[];
  /** Milliseconds each document of the run took, by path from the project root. */
  durations: Record<string, number>;
  /**
   * A run that started after this record's and never finished (markRunUnfinished): its
   * results are unknown, so this record's stand for no run now.
   */
  unfinished?: { startedAt: string };
}

/** Last known duration of each document, in milliseconds, by path from the project root. */
export type Timings = Record<string, number>;

export class RecordError extends Error {
  override name = 'RecordError';
}

/** Reads a JSON file of ours; null when there is none. A file that is not what `valid` wants is an error naming it. */
function readJson<T>(path: string, what: string, valid: (value: T) => boolean): T | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const value = JSON.parse(text) as T;
    if (typeof value !== 'object' || value === null || !valid(value)) throw new Error(`not ${what}`);
    return value;
  } catch (error) {
    throw new RecordError(`${path}: ${(error as Error).message}`);
  }
}

/** Writes the file whole or not at all (a rename), so an interrupted run never leaves half a file. */
function writeJson(path: string, value: unknown): void {
  const partial = `${path}.${process.pid}.tmp`;
  try {
    makeDirectory(dirname(path));
    writeFileSync(partial, JSON.stringify(value, null, 2) + '\n');
    renameSync(partial, path);
  } catch (error) {
    try {
      rmSync(partial, { force: true });
    } catch {
      // an unwritable directory holds no partial file either
    }
    throw new RecordError(`cannot write ${path}: ${fileProblem(error)}`);
  }
}

export function readRunRecord(path: string): RunRecord | null {
  return readJson<RunRecord>(path, 'a spec-run record of a run', (r) => r.version === 1 && Array.isArray(r.failures) && typeof r.durations === 'object');
}

export const writeRunRecord = (path: string, record: RunRecord): void => writeJson(path, record);

export function readTimings(path: string): Timings | null {
  return readJson<{ version: number; durations: Timings }>(path, 'a spec-run timings file', (t) => t.version === 1 && typeof t.durations === 'object')?.durations ?? null;
}

/** Adds the durations of a complete run to the timings file. */
export function updateTimings(path: string, durations: Timings): void {
  let previous: Timings | null = null;
  try {
    previous = readTimings(path);
  } catch {
    // a broken file is replaced
  }
  writeJson(path, { version: 1, durations: { ...previous, ...durations } });
}

/**
 * Builds the record of a run from its events, merged into the previous record: a unit
 * this run did not finish (left out by --grep, --shard or --only-failures, or cut short
 * by an interruption) keeps its last known result, so that no failure is lost.
 */
export class RunRecorder {
  private seed = 0;
  private readonly names = new Map<string, string>();
  /** The content key of each unit of the plan run, by its id. */
  private readonly keys: Map<string, string>;
  private readonly failed = new Map<string, RecordedFailure>();
  private readonly durations: Timings = {};
  /** Units ("<document key><place>") that ran to their end in this run, with their names, content keys and fingerprints. */
  private readonly finished = new Map<string, { name: string | undefined; key?: string; ran?: string; tally: UnitTally }>();
  /** What each unit started ran as (its unit-start's fingerprint), by its id. */
  private readonly fingerprints = new Map<string, string>();
  /** Each unit's points so far, by its id. */
  private readonly tallies = new Map<string, UnitTally>();
  /** Units a point of which was skipped because the run was interrupted. */
  private readonly cut = new Set<string>();
  /** Units a point of which was skipped or left TODO: they ended without failing, yet did not pass. */
  private readonly unsettled = new Set<string>();
  /** Documents that ended with no unit of theirs cut short. */
  private readonly ended = new Set<string>();
  /** Documents that started in this run. */
  private readonly started = new Set<string>();
  /** Units cut short by an interruption, by key ("<document key><place>"), with their names. */
  private readonly cutKeys = new Map<string, string>();
  /** What failed the run itself and no unit's point holds (runFailures): each a failure of the documents it is about. */
  private readonly runFailures: RecordedFailure[] = [];
  /** Why the run stopped before it ran every document (--bail, an interruption). */
  private stopped: string | undefined;

  /** Each document's key, by its file as events name it: every unit's end asks again. */
  private readonly documentKeys = new Map<string, string>();

  /** The documents the run means to run, so that one a stopped run never reached is no unit without a result. */
  private readonly planned: readonly string[];

  /** PLAN, the plan run, gives its documents and its scenarios' content keys; a merge of event streams has none, and tells units apart by place and name. */
  constructor(
    private readonly projectRoot: string,
    plan?: TestPlan,
  ) {
    this.planned = (plan?.documents ?? []).map((document) => document.file);
    this.keys = new Map((plan?.documents ?? []).flatMap((document) => document.units.flatMap((unit) => {
      const key = unitContentKey(unit);
      return key ? [[unit.id, key] as const] : [];
    })));
  }

  /** The content key and the fingerprint of the unit UNIT ID, as record fields. */
  private keyOf(unitId: string): { key?: string; ran?: string } {
    const key = this.keys.get(unitId);
    const ran = this.fingerprints.get(unitId);
    return { ...(key ? { key } : {}), ...(ran ? { ran } : {}) };
  }

  private documentKey(file: string): string {
    let key = this.documentKeys.get(file);
    if (key === undefined) this.documentKeys.set(file, (key = documentKey(file, this.projectRoot)));
    return key;
  }

  private key(file: string, unitId: string): string {
    return `${this.documentKey(file)}${unitPlace(unitId)}`;
  }

  observe(event: RunEvent): void {
    if (event.type === 'run-start') this.seed = event.seed;
    else if (event.type === 'document-start') this.started.add(this.documentKey(event.file));
    else if (event.type === 'run-end') this.observeRunEnd(event);
    else if (event.type === 'unit-start') {
      this.names.set(event.unitId, event.name);
      if (event.fingerprint) this.fingerprints.set(event.unitId, event.fingerprint);
      this.tallies.set(event.unitId, emptyTally());
    } else if (event.type === 'unit-end' && !this.cut.has(event.unitId))
      this.finished.set(this.key(event.file, event.unitId), { name: this.names.get(event.unitId), ...this.keyOf(event.unitId), tally: this.tallies.get(event.unitId) ?? emptyTally() });
    else if (event.type === 'document-end') {
      const document = this.documentKey(event.file);
      const cutShort = [...this.cut].some((unitId) => this.key(event.file, unitId).startsWith(`${document}#`));
      if (!cutShort) {
        this.ended.add(document);
        this.durations[document] = Math.round(event.durationMs);
      }
    } else if (event.type === 'point' && event.skip !== undefined && isInterruptionSkip(event.skip)) {
      this.cut.add(event.unitId);
      this.cutKeys.set(this.key(event.file, event.unitId), this.names.get(event.unitId) ?? event.name);
    }
    else if (event.type === 'point' && !event.ok && event.todo === undefined && !this.failed.has(event.unitId)) {
      this.failed.set(event.unitId, { file: this.documentKey(event.file), unit: unitPlace(event.unitId), name: this.names.get(event.unitId) ?? event.name, ...this.keyOf(event.unitId), check: failedCheck(event) });
    }
    if (event.type === 'point') {
      const tally = this.tallies.get(event.unitId);
      if (tally) tallyPoint(tally, event);
    }
    if (event.type === 'point' && (event.skip !== undefined || event.todo !== undefined)) this.unsettled.add(this.key(event.file, event.unitId));
  }

  /**
   * What fails the run beyond its units' points, kept as failures of whole documents, so that
   * --only-failures reruns them rather than finding nothing to run: a run that checked nothing
   * fails in each document it ran, a requirement --require-verified finds not verified in its own.
   */
  private observeRunEnd(end: RunEndEvent): void {
    this.stopped = end.stopped;
    if (end.checkedNothing !== undefined) {
      for (const file of this.started) this.runFailures.push({ file, unit: RUN_FAILURE.checkedNothing, name: end.checkedNothing, check: { name: 'the run', message: end.checkedNothing } });
    }
    for (const { text, at } of end.unverified ?? []) {
      const message = `--require-verified: ${text}`;
      // A Lisp requirement stands at its source: key, no document: then every document the run ran holds it.
      const own = this.documentKey(at.file);
      for (const file of this.started.has(own) ? [own] : this.started) this.runFailures.push({ file, unit: RUN_FAILURE.requirement(at.line), name: message, check: { name: '--require-verified', line: at.line, message } });
    }
  }

  /**
   * The units a stopped run left with no result at all, neither this run's nor PREVIOUS's, as
   * failures: a unit it cut short, a document it never reached. They did not pass, so
   * --only-failures runs them; a unit with a known result keeps it.
   */
  private unknownResults(previous: RunRecord | null): RecordedFailure[] {
    const stopped = this.stopped;
    if (stopped === undefined) return [];
    const known = [...(previous?.failures ?? []), ...(previous?.passed ?? [])];
    const message = `not run to its end: ${stopped}`;
    const cut = [...this.cutKeys].flatMap(([key, name]) => {
      const at = key.lastIndexOf('#');
      const unit = { file: key.slice(0, at), unit: key.slice(at), name };
      return known.some((k) => k.file === unit.file && k.name === name) ? [] : [{ ...unit, check: { name, message } }];
    });
    const unreached = this.planned
      .map((file) => this.documentKey(file))
      .filter((file) => !this.started.has(file) && !known.some((k) => k.file === file))
      .map((file) => ({ file, unit: RUN_FAILURE.notRun, name: message, check: { name: 'the run', message } }));
    return [...cut, ...unreached];
  }

  /** This run's record, with what PREVIOUS knew of the units (and durations of the documents) it did not finish. */
  record(previous: RunRecord | null = null): RunRecord {
    const failures = [...this.failed.values(), ...this.runFailures, ...this.unknownResults(previous)];
    // Settled by a run of the unit it stands for (recordedUnitAmong), wherever it stands now;
    // another unit now at its place settles nothing. One of a numbered name whose content is
    // gone ran with its whole document (selectFailures finds it in none): the unit of its name settles it.
    const finishedIn = (file: string): UnitIdentity[] =>
      [...this.finished].flatMap(([place, { name, key }]) => (name !== undefined && place.startsWith(`${file}#`) ? [{ place: place.slice(file.length), name, ...(key ? { key } : {}) }] : []));
    const ranAgain = (unit: RecordedUnit) => recordedUnitAmong(finishedIn(unit.file), asIdentity(unit), { byNumberedName: true }) !== undefined;
    // A document deleted since has no result to keep: its failures would send --only-failures to a file that is gone.
    const stillThere = new Map<string, boolean>();
    const exists = (unit: RecordedUnit) => stillThere.get(unit.file) ?? stillThere.set(unit.file, existsSync(resolve(this.projectRoot, unit.file))).get(unit.file)!;
    for (const failure of (previous?.failures ?? []).filter(exists)) {
      // A failure of a whole document (a problem, a load error) is settled by that document ending.
      const settled = ranAgain(failure) || (!/^#\d+$/.test(failure.unit) && this.ended.has(failure.file));
      if (!settled && !failures.some((f) => f.file === failure.file && f.unit === failure.unit)) failures.push(failure);
    }
    const failedHere = new Set(failures.map((f) => `${f.file}${f.unit}`));
    const passed: RecordedUnit[] = [];
    const leftUndone: RecordedLeftUndone[] = [];
    for (const [place, { name, tally, ...identity }] of this.finished) {
      if (failedHere.has(place) || name === undefined) continue;
      const at = place.lastIndexOf('#');
      const unit = { file: place.slice(0, at), unit: place.slice(at), name, ...identity };
      if (this.unsettled.has(place)) leftUndone.push({ ...unit, ...tally });
      else passed.push(unit);
    }
    // A unit this run did not finish keeps how it last ended, whichever list holds it.
    const placed = (unit: RecordedUnit) => [...failures, ...passed, ...leftUndone].some((other) => other.file === unit.file && other.unit === unit.unit);
    for (const unit of (previous?.passed ?? []).filter(exists)) if (!ranAgain(unit) && !placed(unit)) passed.push(unit);
    for (const unit of (previous?.leftUndone ?? []).filter(exists)) if (!ranAgain(unit) && !placed(unit)) leftUndone.push(unit);
    return { version: 1, seed: this.seed, finishedAt: new Date().toISOString(), failures, passed, leftUndone, durations: { ...previous?.durations, ...this.durations } };
  }

  /** The durations of the documents this run finished whole: only those may update the timings. */
  finishedDurations(): Timings {
    return { ...this.durations };
  }
}

/** A recorded unit as recordedUnitAmong reads it. */
export const asIdentity = (recorded: RecordedUnit): UnitIdentity => ({ place: recorded.unit, name: recorded.name, ...(recorded.key ? { key: recorded.key } : {}) });

/** Whether UNIT, a recorded failure's place, stands for a failure of the run rather than of its document (checked nothing, a requirement not verified, not reached). */
export const isFailureOfTheRun = (unit: string): boolean =>
  unit === RUN_FAILURE.checkedNothing || unit === RUN_FAILURE.notRun || RUN_FAILURE.requirementPattern.test(unit);

/**
 * The units of PLAN that failed in RECORD's run. They are told apart in WHOLE, the plan
 * before any selection (--grep, file:LINE), which PLAN narrows: a failure told apart
 * nowhere stands for its whole document, and the selection still applies to it.
 */
export function selectFailures(plan: TestPlan, record: RunRecord, projectRoot: string, whole: TestPlan = plan): TestPlan {
  const documents = [];
  for (const document of plan.documents) {
    // A failure is recorded at the file its unit is written in: a delta's, for a capability --change ran with it applied.
    const written = new Set([document.file, ...document.units.map((unit) => unit.file)].map((file) => documentKey(file, projectRoot)));
    const failures = record.failures.filter((f) => written.has(f.file));
    if (failures.length === 0) continue;
    const all = whole.documents.find((candidate) => candidate.file === document.file) ?? document;
    // Each failure's unit as recordedUnitAmong finds it; a failure of the whole document (a place
    // that is no number), or one not told apart, stands for the whole document.
    const chosen = new Set<string>();
    let everyUnit = false;
    for (const failure of failures) {
      // Among the units written in the failure's file: a capability run with a change holds the delta's too.
      const inFile = all.units.filter((unit) => documentKey(unit.file, projectRoot) === failure.file);
      const found = /^#\d+$/.test(failure.unit) ? recordedUnitAmong(inFile.map(identityOf), asIdentity(failure)) : undefined;
      if (found) chosen.add(found.unit.id);
      else everyUnit = true;
    }
    const selected = everyUnit ? document.units : document.units.filter((unit) => chosen.has(unit.id));
    if (selected.length > 0) documents.push(everyUnit ? document : { ...document, units: selected });
  }
  return { documents };
}

/**
 * Marks the record at PATH as of a run that has started, before it runs anything; the
 * finished run's record (keepRecords) has no mark. A run ended before it could write it
 * (its watchdog's SIGKILL, another kill, a crash) leaves the mark, so the earlier run's
 * green results never stand for it: --only-failures refuses, the editor's hover says so.
 * A record that cannot be written is said at the end of the run (keepRecords).
 */
export function markRunUnfinished(path: string): void {
  const startedAt = new Date().toISOString();
  let previous: RunRecord | null = null;
  try {
    previous = readRunRecord(path);
  } catch {
    // a broken record is replaced
  }
  try {
    writeRunRecord(path, { ...(previous ?? { version: 1, seed: 0, finishedAt: startedAt, failures: [], passed: [], durations: {} }), unfinished: { startedAt } });
  } catch {
    // said when the run's own record cannot be written either
  }
}

/** Why a record marked unfinished tells nothing of the last run, in a sentence. */
export const unfinishedRun = (record: RunRecord, path: string): string | null =>
  record.unfinished
    ? `the last run (started ${record.unfinished.startedAt}) did not finish: it was ended before it could write its record ${path} (its watchdog ended it, or it was killed or crashed), so what it ran, passed or failed is unknown`
    : null;

/**
 * Leaves the run's record (merged into the previous one) and, when given a timings path,
 * the durations of the documents it finished. A record that cannot be written (a
 * read-only checkout) is one warning on stderr: the verdict is the run's, never the disk's.
 */
export function keepRecords(recorder: RunRecorder, recordPath: string, timingsPath: string | null): void {
  const warn = (error: unknown) => console.error(`spec-run: warning: ${(error as Error).message}; the run's result stands (--last-run and --timings choose other files)`);
  let previous: RunRecord | null = null;
  try {
    previous = readRunRecord(recordPath);
  } catch {
    // a broken record is replaced
  }
  try {
    writeRunRecord(recordPath, recorder.record(previous));
  } catch (error) {
    warn(error);
  }
  if (timingsPath === null) return;
  try {
    updateTimings(timingsPath, recorder.finishedDurations());
  } catch (error) {
    warn(error);
  }
}
