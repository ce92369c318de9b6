// What runs leave behind in .spec-run/:
// - last-run.json, written by every run: its failing units by identity (document path
//   from the project root, place in the document), for --only-failures, and the
//   durations of its documents;
// - timings.json, the last known duration of every document, for balancing --shard.
//   Only runs that see every document write it (unsharded runs, and merge), so all
//   jobs of a CI matrix split by the same file even when they share a directory.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RunEvent } from '../model/events.js';
import type { TestPlan } from '../model/plan.js';
import { documentKey, unitPlace } from './unit-identity.js';

export const DEFAULT_RECORD_PATH = '.spec-run/last-run.json';
export const DEFAULT_TIMINGS_PATH = '.spec-run/timings.json';

export interface RecordedFailure {
  /** The document's path from the project root. */
  file: string;
  /** The unit's place in the document: "#3"; a place that is not a number ("#load-12", "#problem-1") stands for the whole document. */
  unit: string;
  name: string;
}

export interface RunRecord {
  version: 1;
  seed: number;
  finishedAt: string;
  failures: RecordedFailure[];
  /** Milliseconds each document of the run took, by path from the project root. */
  durations: Record<string, number>;
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
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(value, null, 2) + '\n');
  renameSync(partial, path);
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

/** Builds the record of a run from its events. */
export class RunRecorder {
  private seed = 0;
  private readonly names = new Map<string, string>();
  private readonly failed = new Map<string, RecordedFailure>();
  private readonly durations: Timings = {};

  constructor(private readonly projectRoot: string) {}

  observe(event: RunEvent): void {
    if (event.type === 'run-start') this.seed = event.seed;
    else if (event.type === 'unit-start') this.names.set(event.unitId, event.name);
    else if (event.type === 'document-end') this.durations[documentKey(event.file, this.projectRoot)] = Math.round(event.durationMs);
    else if (event.type === 'point' && !event.ok && event.todo === undefined && !this.failed.has(event.unitId)) {
      this.failed.set(event.unitId, { file: documentKey(event.file, this.projectRoot), unit: unitPlace(event.unitId), name: this.names.get(event.unitId) ?? event.name });
    }
  }

  record(): RunRecord {
    return { version: 1, seed: this.seed, finishedAt: new Date().toISOString(), failures: [...this.failed.values()], durations: this.durations };
  }
}

/** The failures of `record` within `plan`: units failed by place; a failure outside any unit keeps its whole document. */
export function selectFailures(plan: TestPlan, record: RunRecord, projectRoot: string): TestPlan {
  const documents = [];
  for (const document of plan.documents) {
    const failures = record.failures.filter((f) => f.file === documentKey(document.file, projectRoot));
    if (failures.length === 0) continue;
    const places = new Set(failures.map((f) => f.unit));
    const whole = failures.some((f) => !/^#\d+$/.test(f.unit));
    documents.push(whole ? document : { ...document, units: document.units.filter((unit) => places.has(unitPlace(unit.id))) });
  }
  return { documents };
}
