// The whole run gathered from its events, for reports that are written at the end
// (the HTML page): documents with their units, units with their points, the
// requirements and their statuses, the failures in order.
import { runFailures, type Counts, type RunEvent, type SourceRef } from '../src/model/events.js';
import type { Requirement, RequirementResult } from '../src/model/requirements.js';

export type PointEvent = Extract<RunEvent, { type: 'point' }>;
export type UnitStatus = 'failed' | 'todo' | 'skipped' | 'passed';

export interface UnitReport {
  id: string;
  name: string;
  kind: string;
  at: SourceRef;
  requirements: string[];
  durationMs: number | null;
  seed?: number;
  /** Attempts made, when it was retried (--retries). */
  attempts?: number;
  /** It failed, then passed on a retry: reported passed, and marked flaky. */
  flaky?: boolean;
  points: PointEvent[];
  comments: string[];
}

export interface DocumentReport {
  file: string;
  name: string;
  durationMs: number | null;
  requirements: Requirement[];
  units: UnitReport[];
  comments: string[];
  /** The runtime its Lisp document ran against. */
  runtime?: string;
}

export interface RunReport {
  seed: number | null;
  durationMs: number | null;
  counts: Counts;
  documents: DocumentReport[];
  requirements: RequirementResult[];
  comments: string[];
  /** What fails the run itself, beyond its failed checks (runFailures). */
  failures: string[];
  /** Of those, that the run checked nothing. */
  checkedNothing?: string;
}

/** The unit a run reports for a document with nothing to check (src/run/index.ts): its skip is no check left undone. */
export const holdsNoCheck = (unit: { id: string }) => unit.id.endsWith('#none');

export const isFailure = (point: PointEvent) => !point.ok && point.todo === undefined && point.skip === undefined;

/**
 * A unit's status in every report: failed when a check failed; todo when one was left
 * undefined or pending; skipped when one did not run (a unit an interruption cut short
 * among them: it passes only when all it states was checked); passed otherwise.
 */
export function unitStatus(unit: { points: PointEvent[] }): UnitStatus {
  if (unit.points.some(isFailure)) return 'failed';
  if (unit.points.some((p) => p.todo !== undefined)) return 'todo';
  if (unit.points.some((p) => p.skip !== undefined)) return 'skipped';
  return 'passed';
}

/** It passed on a retry after failing, or the same check both passed and failed within it (over its runs or iterations). */
export function isFlaky(unit: UnitReport): boolean {
  if (unit.flaky) return true;
  const outcomes = new Map<string, Set<boolean>>();
  for (const point of unit.points) {
    if (point.skip !== undefined || point.todo !== undefined) continue;
    const key = `${point.name}@${point.at?.file}:${point.at?.line}`;
    outcomes.set(key, (outcomes.get(key) ?? new Set()).add(point.ok));
  }
  return [...outcomes.values()].some((set) => set.size === 2);
}

export async function collectReport(events: AsyncIterable<RunEvent>): Promise<RunReport> {
  const report: RunReport = { seed: null, durationMs: null, counts: { passed: 0, failed: 0, skipped: 0, todo: 0 }, documents: [], requirements: [], comments: [], failures: [] };
  const documents = new Map<string, DocumentReport>();
  const units = new Map<string, UnitReport>();
  for await (const event of events) {
    switch (event.type) {
      case 'run-start':
        report.seed = event.seed;
        break;
      case 'document-start': {
        const document: DocumentReport = { file: event.file, name: event.name, durationMs: null, requirements: event.requirements ?? [], units: [], comments: [], ...(event.runtime !== undefined ? { runtime: event.runtime } : {}) };
        documents.set(event.file, document);
        report.documents.push(document);
        break;
      }
      case 'unit-start': {
        const unit: UnitReport = { id: event.unitId, name: event.name, kind: event.kind, at: event.at, requirements: event.requirements ?? [], durationMs: null, points: [], comments: [] };
        units.set(event.unitId, unit);
        documents.get(event.file)?.units.push(unit);
        break;
      }
      case 'point':
        units.get(event.unitId)?.points.push(event);
        break;
      case 'comment': {
        const target = (event.unitId ? units.get(event.unitId) : undefined) ?? (event.file ? documents.get(event.file) : undefined) ?? report;
        target.comments.push(event.text);
        break;
      }
      case 'unit-end': {
        const unit = units.get(event.unitId);
        if (unit) Object.assign(unit, { durationMs: event.durationMs, ...(event.seed !== undefined ? { seed: event.seed } : {}), ...(event.attempts !== undefined ? { attempts: event.attempts } : {}), ...(event.flaky ? { flaky: true } : {}) });
        break;
      }
      case 'document-end': {
        const document = documents.get(event.file);
        if (document) document.durationMs = event.durationMs;
        break;
      }
      case 'run-end':
        Object.assign(report, { durationMs: event.durationMs, counts: event.counts, requirements: event.requirements ?? [], failures: runFailures(event).map(({ reason }) => reason), checkedNothing: event.checkedNothing });
        break;
    }
  }
  return report;
}
