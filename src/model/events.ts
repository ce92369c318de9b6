// Run events: what the run stage emits and every reporter consumes.
// Reporters are pure functions of this stream.
import type { z } from 'zod';
import type { attachmentSchema, countsSchema, earlierFailureSchema, runEventSchema, shardOfSchema, sourceRefSchema } from './event-schema.js';

// The types of the events are those of their schema (event-schema.ts): one definition.
export type SourceRef = z.infer<typeof sourceRefSchema>;
/** A value a step attached to its point for diagnostics (`world.attach(name, value)`). */
export type Attachment = z.infer<typeof attachmentSchema>;
export type Counts = z.infer<typeof countsSchema>;
/** A failing point of an attempt that a retry made up for, kept to show the flakiness. */
export type EarlierFailure = z.infer<typeof earlierFailureSchema>;
export type RunEvent = z.infer<typeof runEventSchema>;

export type RunEndEvent = Extract<RunEvent, { type: 'run-end' }>;

/**
 * Why a run fails, or is incomplete, beyond its failed checks: a run that checked nothing,
 * one stopped before it ran every document, requirements --require-verified finds not
 * verified. Every report states each as a failure of the run itself, so that a consumer
 * that reads only the report does not read a green one.
 */
export function runFailures(end: RunEndEvent): RunFailure[] {
  return [
    ...(end.checkedNothing !== undefined ? [{ reason: end.checkedNothing }] : []),
    ...(end.stopped !== undefined ? [{ reason: end.stopped }] : []),
    ...(end.unverified ?? []).map(({ text, at }) => ({ reason: `--require-verified: ${text}`, at })),
  ];
}

/** A failure of the run itself (runFailures), with the place it is about when it has one: a requirement's heading. */
export interface RunFailure {
  reason: string;
  at?: SourceRef;
}

/** Share INDEX of COUNT (1-based) of a sharded run whose documents are DOCUMENTS. */
export type ShardOf = z.infer<typeof shardOfSchema>;

/** A reporter turns the event stream into output text, chunk by chunk. */
export type Reporter = (events: AsyncIterable<RunEvent>) => AsyncIterable<string>;

/** Adds a point to the counts: skipped and TODO points are neither passes nor failures; an unchecked pass is a pass that checked nothing. */
export function countPoint(counts: Counts, point: Extract<RunEvent, { type: 'point' }>): void {
  if (point.skip !== undefined) counts.skipped += 1;
  else if (point.todo !== undefined) counts.todo += 1;
  else if (point.ok) {
    counts.passed += 1;
    if (point.unchecked) counts.unchecked = (counts.unchecked ?? 0) + 1;
  } else counts.failed += 1;
}

/** The passes of COUNTS that checked something. */
export function checksPassed(counts: Counts): number {
  return counts.passed - (counts.unchecked ?? 0);
}

/**
 * Why a run with these counts checked nothing, or undefined when it checked something (or
 * failed already): no check passed, and some were skipped, left TODO, or passed checking
 * nothing (a block that only runs).
 */
export function checkedNothing(counts: Counts): string | undefined {
  const unchecked = counts.unchecked ?? 0;
  if (checksPassed(counts) > 0 || counts.failed > 0 || counts.skipped + counts.todo + unchecked === 0) return undefined;
  const parts = [unchecked ? `${unchecked} ran without error holding no check` : '', counts.skipped ? `${counts.skipped} skipped` : '', counts.todo ? `${counts.todo} todo` : ''].filter(Boolean).join(', ');
  return `the run checked nothing: no check passed (${parts})`;
}

/**
 * The counts of a run from its events, and whether it checked something, judged on the
 * selected units alone: a unit a document-start names in `unitsBefore` ran only for the
 * environment of those after it. The run and `spec-run merge` judge alike from the same events.
 */
export class RunCounts {
  readonly counts: Counts = { passed: 0, failed: 0, skipped: 0, todo: 0 };
  private readonly selected: Counts = { passed: 0, failed: 0, skipped: 0, todo: 0 };
  private readonly runBefore = new Set<string>();

  observe(event: RunEvent): void {
    if (event.type === 'document-start') for (const unitId of event.unitsBefore ?? []) this.runBefore.add(unitId);
    countEvent(this.counts, event);
    if (event.type !== 'point' || !this.runBefore.has(event.unitId)) countEvent(this.selected, event);
  }

  /** Why the run checked nothing, or undefined (see checkedNothing). */
  checkedNothing(): string | undefined {
    const nothing = checkedNothing(this.counts);
    if (nothing !== undefined) return nothing;
    const selected = checkedNothing(this.selected);
    const before = this.runBefore.size;
    return selected && `${selected} in the selected units (the ${before} unit${before === 1 ? '' : 's'} run only before them not counted)`;
  }
}

/** How one unit ended: its counts, and why what it left undone was left (a pending step, a skip), each with its line. */
export interface UnitTally {
  counts: Counts;
  leftUndone: string[];
}

export const emptyTally = (): UnitTally => ({ counts: { passed: 0, failed: 0, skipped: 0, todo: 0 }, leftUndone: [] });

/** Adds POINT, a point of the unit, to its TALLY. */
export function tallyPoint(tally: UnitTally, point: Extract<RunEvent, { type: 'point' }>): void {
  countPoint(tally.counts, point);
  const undone = point.todo ?? point.skip;
  if (undone !== undefined) tally.leftUndone.push(`${point.at ? `line ${point.at.line}: ` : ''}${undone}`);
}

/** How a unit ended, in words: "passed in part: 3 passed, 0 failed, 0 skipped, 1 todo (line 12: undefined step …)". */
export function describeTally({ counts, leftUndone }: UnitTally): string {
  // Only a check that passed makes a pass: a GIVEN or WHEN that ran (an unchecked pass) states nothing.
  const checked = checksPassed(counts) > 0;
  const ended = counts.failed > 0 ? 'failed' : checked && leftUndone.length === 0 ? 'passed' : checked ? 'passed in part' : 'checked nothing';
  return `${ended}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.todo} todo${leftUndone.length ? ` (${leftUndone.join('; ')})` : ''}`;
}

/** Adds an event to the counts: its point, or its flaky unit. */
export function countEvent(counts: Counts, event: RunEvent): void {
  if (event.type === 'point') countPoint(counts, event);
  else if (event.type === 'unit-end' && event.flaky) counts.flaky = (counts.flaky ?? 0) + 1;
}
