// Run events: what the run stage emits and every reporter consumes.
// Reporters are pure functions of this stream.
import type { UnitKind } from './plan.js';

export interface SourceRef {
  file: string;
  line: number;
}

/** A value a step attached to its point for diagnostics (`world.attach(name, value)`). */
export interface Attachment {
  name: string;
  value: unknown;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
}

export type RunEvent =
  | { type: 'run-start'; documents: number; seed: number }
  | { type: 'document-start'; file: string; name: string }
  | { type: 'unit-start'; file: string; unitId: string; name: string; kind: UnitKind | 'problem'; at: SourceRef }
  | {
      type: 'point';
      file: string;
      unitId: string;
      ok: boolean;
      /** What was checked, e.g. the assertion's form. */
      name: string;
      at?: SourceRef;
      /** Set when the point was not run: the reason. A skipped point counts as skipped, never as passed. */
      skip?: string;
      /** Set for a point that is expected to be unfinished (an undefined step): the reason. */
      todo?: string;
      /** Shown as the YAML block of a failing point: form, values, reason, request, response... */
      diagnostics?: Record<string, unknown>;
      /** Values the step attached while it ran. */
      attachments?: Attachment[];
    }
  | { type: 'unit-end'; file: string; unitId: string; durationMs: number; seed?: number }
  | { type: 'comment'; text: string; file?: string; unitId?: string }
  | { type: 'document-end'; file: string; durationMs: number }
  | { type: 'run-end'; durationMs: number; counts: Counts };

/** A reporter turns the event stream into output text, chunk by chunk. */
export type Reporter = (events: AsyncIterable<RunEvent>) => AsyncIterable<string>;

/** Adds a point to the counts: skipped and TODO points are neither passes nor failures. */
export function countPoint(counts: Counts, point: Extract<RunEvent, { type: 'point' }>): void {
  if (point.skip !== undefined) counts.skipped += 1;
  else if (point.todo !== undefined) counts.todo += 1;
  else if (point.ok) counts.passed += 1;
  else counts.failed += 1;
}
