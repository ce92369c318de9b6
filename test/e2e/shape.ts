// What a passing run of a document must show beyond its points passing, read from
// the run's events next to the document's plan: every planned unit reported once and
// in document order, each point placed in its own document, nothing skipped outside
// scenarios marked future, enough points for a Lisp document, and one point per step
// of each OpenSpec scenario.
import { basename } from 'node:path';
import type { RunEvent } from '../../src/model/events.js';
import type { DocumentPlan } from '../../src/model/plan.js';

type Point = Extract<RunEvent, { type: 'point' }>;

/** What particular documents must show beyond passing: their size, as their authors wrote them. */
const AT_LEAST_POINTS: Record<string, number> = { 'timeout-protection.test.md': 250 };
/** A Lisp document checks more than a handful of things; fewer points means checks went missing. */
const LISP_DOCUMENT_MIN_POINTS = 6;
/** OpenSpec scenarios whose heading marks them as not yet required: the only ones that may skip. */
const FUTURE_SCENARIO = /\(future\)/i;

export interface DocumentShape {
  document: string;
  plannedUnits: string[];
  reportedUnits: string[];
  /** Names of the points placed in another document. */
  misplaced: string[];
  /** Units, by name, that skipped a point without being marked future. */
  skippedOutsideFuture: string[];
  points: number;
  /** For a Lisp document: the fewest points it may report. */
  minPoints?: number;
  /** For an OpenSpec document: points reported and steps written, per unit. */
  perUnit?: { points: number[]; steps: number[] };
}

/** A unit's place in its document: unit ids carry the document's path as the run was given it. */
const place = (unitId: string) => unitId.slice(unitId.lastIndexOf('#') + 1);

/** `samePath` compares a file named in an event with the plan's (the run may name files relative to its directory). */
export function documentShape(plan: DocumentPlan, events: RunEvent[], samePath: (eventFile: string, planFile: string) => boolean): DocumentShape {
  const document = basename(plan.file);
  const reportedUnits = events.filter((e) => e.type === 'unit-start' && samePath(e.file, plan.file)).map((e) => place((e as { unitId: string }).unitId));
  const own = events.filter((e): e is Point => e.type === 'point' && samePath(e.file, plan.file));
  const unitName = (id: string) => plan.units.find((u) => place(u.id) === place(id))?.name ?? id;
  const shape: DocumentShape = {
    document,
    plannedUnits: plan.units.map((u) => place(u.id)),
    reportedUnits,
    misplaced: own.filter((p) => p.at !== undefined && !samePath(p.at.file, plan.file)).map((p) => p.name),
    skippedOutsideFuture: [...new Set(own.filter((p) => p.skip !== undefined).map((p) => unitName(p.unitId)))].filter((name) => !FUTURE_SCENARIO.test(name)),
    points: own.length,
  };
  if (plan.family === 'lisp') shape.minPoints = AT_LEAST_POINTS[document] ?? LISP_DOCUMENT_MIN_POINTS;
  if (plan.family === 'openspec') {
    shape.perUnit = {
      points: plan.units.map((u) => own.filter((p) => place(p.unitId) === place(u.id)).length),
      steps: plan.units.map((u) => (u.kind === 'scenario' ? Math.max(1, u.steps.length) : 0)),
    };
  }
  return shape;
}
