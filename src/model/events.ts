// Run events: what the run stage emits and every reporter consumes.
// Reporters are pure functions of this stream.
import type { UnitKind } from './plan.js';
import type { Requirement, RequirementResult } from './requirements.js';

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
  /** Of the passed points, those that check nothing (a point's `unchecked`): a run or requirement whose passes are all such verified nothing. */
  unchecked?: number;
  /** Units that failed and then passed on a retry (their points count as passed). */
  flaky?: number;
}

/** A failing point of an attempt that a retry made up for, kept to show the flakiness. */
export interface EarlierFailure {
  attempt: number;
  name: string;
  at?: SourceRef;
  diagnostics?: Record<string, unknown>;
}

export interface Attachment { name: string; value: unknown }

export type RunEvent =
  | {
      type: 'run-start';
      /** Documents this run runs. */
      documents: number;
      seed: number;
      /** Set when this run is one share of a sharded run (--shard i/n): `spec-run merge` checks the set of shards is whole. */
      shard?: ShardOf;
      /** Set for --dry-run: nothing was run, every point is skipped (`spec-run merge` refuses such a stream). */
      dryRun?: true;
      /**
       * What narrowed the units run, as the command line says it (`--grep keep`,
       * `--only-failures`, `specs/a.md:12`, `--change c`, `--tag t`, `--level l`); absent when
       * nothing did. `spec-run merge` refuses shards that differ in it, and says it of a merge.
       */
      selection?: string[];
    }
  | {
      type: 'document-start';
      file: string;
      name: string;
      /** What the document requires, with the units planned to verify each. */
      requirements?: Requirement[];
      /** The seed the document ran with, where it is not the run's: a merge of shards run with different seeds. */
      seed?: number;
    }
  | {
      type: 'unit-start';
      file: string;
      unitId: string;
      name: string;
      kind: UnitKind | 'problem';
      at: SourceRef;
      /** Ids of the requirements this unit verifies. */
      requirements?: string[];
      /** What the unit ran as: its text and the code it ran with (run/unit-fingerprint.ts); its result stands only for that. */
      fingerprint?: string;
    }
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
      /**
       * Set on a pass that only says a unit holding no check ran to its end (`<block> runs
       * without error`, a block that sets up): it counts as passed, but verifies nothing.
       */
      unchecked?: true;
      /** Shown as the YAML block of a failing point: form, values, reason, request, response... */
      diagnostics?: Record<string, unknown>;
      /** Values attached to the point (a step definition's attach(), a failing unit's MCP transcript). */
      attachments?: Attachment[];
    }
  | {
      type: 'unit-end';
      file: string;
      unitId: string;
      durationMs: number;
      seed?: number;
      /** Attempts made, when the unit was retried (--retries); the reported points are the last attempt's. */
      attempts?: number;
      /** The unit failed and then passed on a retry: reported passed, and marked flaky. */
      flaky?: boolean;
      /** The failing points of the attempts before the passing one. */
      earlierFailures?: EarlierFailure[];
    }
  | { type: 'comment'; text: string; file?: string; unitId?: string }
  | { type: 'document-end'; file: string; durationMs: number }
  | {
      type: 'run-end';
      durationMs: number;
      counts: Counts;
      /** Each requirement of the documents run, with its status; absent when they declare none. */
      requirements?: RequirementResult[];
      /** Why the run stopped before it ran every document (--bail, an interruption): TAP's `Bail out!`. */
      stopped?: string;
      /** Set when no check passed and some were skipped, left TODO, or passed checking nothing: the run checked nothing, and fails (reports say so as a failing point). */
      checkedNothing?: string;
      /** With --require-verified, each requirement that is not verified, as the run says it, at its place: the run fails on them. */
      unverified?: { text: string; at: SourceRef }[];
    };

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
export interface ShardOf {
  index: number;
  count: number;
  /** Every document of the whole run, as this run names them. */
  documents: string[];
}

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
