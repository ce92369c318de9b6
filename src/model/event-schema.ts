// The schema of the run's events: the one definition of what the run emits, the JSON
// reporter writes, and `spec-run merge` reads back. The TypeScript types of the events
// (events.ts, requirements.ts) are inferred from it, so the stream a merge accepts is
// exactly the stream a run writes. Strict objects: a field merge does not know (misspelt, or
// written by another version) is refused at its line rather than dropped.
import { z } from 'zod';
import type { UnitKind } from './plan.js';

export const sourceRefSchema = z.strictObject({ file: z.string(), line: z.number() });

/** A value a step attached to its point for diagnostics (`world.attach(name, value)`). */
export const attachmentSchema = z.strictObject({ name: z.string(), value: z.unknown() });

const count = z.number().int().nonnegative();

export const countsSchema = z.strictObject({
  passed: count,
  failed: count,
  skipped: count,
  todo: count,
  /** Of the passed points, those that check nothing (a point's `unchecked`): a run or requirement whose passes are all such verified nothing. */
  unchecked: count.optional(),
  /** Units that failed and then passed on a retry (their points count as passed). */
  flaky: count.optional(),
});

/** A failing point of an attempt that a retry made up for, kept to show the flakiness. */
export const earlierFailureSchema = z.strictObject({
  attempt: z.number(),
  name: z.string(),
  at: sourceRefSchema.optional(),
  diagnostics: z.record(z.string(), z.unknown()).optional(),
});

/** Share INDEX of COUNT (1-based) of a sharded run whose documents are DOCUMENTS. */
export const shardOfSchema = z.strictObject({
  index: z.number().int().positive(),
  count: z.number().int().positive(),
  /** Every document of the whole run, as this run names them. */
  documents: z.array(z.string()),
});

export const REQUIREMENT_STATUSES = ['verified', 'failing', 'partly-undefined', 'untested', 'excluded', 'removed', 'renamed'] as const;

export const requirementSchema = z.strictObject({
  /** Stable across runs: "<document path>#<requirement name>". */
  id: z.string(),
  name: z.string(),
  file: z.string(),
  line: z.number(),
  /** Where it was declared: a requirement heading, or a frontmatter key. */
  origin: z.enum(['requirement-heading', 'frontmatter-source', 'frontmatter-covers']),
  /** Its SHALL/MUST sentences. */
  statements: z.array(z.string()),
  /** Ids of the units planned to verify it. */
  units: z.array(z.string()),
  /** Why it is not expected to be verified (given by the document or the configuration). */
  excluded: z.string().optional(),
  /** The OpenSpec capability it belongs to, and the change proposing it, from the document's place. */
  capability: z.string().optional(),
  /**
   * "<capability>#<name>": the same for a requirement of openspec/specs and the change
   * that modifies, removes or renames it, linking the two.
   */
  capabilityId: z.string().optional(),
  change: z.string().optional(),
  /** What a change's delta does with it: added, modified, removed or renamed. */
  delta: z.enum(['added', 'modified', 'removed', 'renamed']).optional(),
  /** A REMOVED requirement: its Reason (and Migration). It never runs. */
  removed: z.string().optional(),
  /** A RENAMED requirement: its name before the change. */
  renamedFrom: z.string().optional(),
});

export const requirementResultSchema = requirementSchema.extend({
  status: z.enum(REQUIREMENT_STATUSES),
  /** Points of its units that ran. */
  counts: countsSchema,
  /** Why it has this status, in words. */
  detail: z.string(),
});

const UNIT_KINDS = ['lisp-block', 'fiveam-test', 'verify-function', 'json-input', 'scenario', 'problem'] as const;
// The plan's unit kinds and the schema's stay one list: adding a kind to the plan without it fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const unitKindsMatchPlan: Same<(typeof UNIT_KINDS)[number], UnitKind | 'problem'> = true;
void unitKindsMatchPlan;

export const runEventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('run-start'),
    /** Documents this run runs. */
    documents: count,
    seed: z.number(),
    /** Set when this run is one share of a sharded run (--shard i/n): `spec-run merge` checks the set of shards is whole. */
    shard: shardOfSchema.optional(),
    /** Set for --dry-run: nothing was run, every point is skipped (`spec-run merge` refuses such a stream). */
    dryRun: z.literal(true).optional(),
    /**
     * What narrowed the units run, as the command line says it (`--grep keep`,
     * `--only-failures`, `specs/a.md:12`, `--change c`, `--tag t`, `--level l`); absent when
     * nothing did. `spec-run merge` refuses shards that differ in it, and says it of a merge.
     */
    selection: z.array(z.string()).optional(),
  }),
  z.strictObject({
    type: z.literal('document-start'),
    file: z.string(),
    name: z.string(),
    /** What the document requires, with the units planned to verify each. */
    requirements: z.array(requirementSchema).optional(),
    /** The seed the document ran with, where it is not the run's: a merge of shards run with different seeds. */
    seed: z.number().optional(),
    /**
     * Ids of the units that run only before the selected ones (a Lisp document's shared
     * environment): their points count, but do not say whether the run checked something.
     */
    unitsBefore: z.array(z.string()).optional(),
    /**
     * The runtime a Lisp document's sessions ran against: "builtin", or the command line of
     * the configuration's `runtime:` server. Which implementation answered is part of a result.
     */
    runtime: z.string().optional(),
    /** What the run says of the document without failing it, each at its place: a change's operation already synced, two active changes meeting at one requirement. */
    warnings: z.array(z.strictObject({ text: z.string(), at: sourceRefSchema })).optional(),
  }),
  z.strictObject({
    type: z.literal('unit-start'),
    file: z.string(),
    unitId: z.string(),
    name: z.string(),
    kind: z.enum(UNIT_KINDS),
    at: sourceRefSchema,
    /** Ids of the requirements this unit verifies. */
    requirements: z.array(z.string()).optional(),
    /** What the unit ran as: its text and the code it ran with (run/unit-fingerprint.ts); its result stands only for that. */
    fingerprint: z.string().optional(),
  }),
  z.strictObject({
    type: z.literal('point'),
    file: z.string(),
    unitId: z.string(),
    ok: z.boolean(),
    /** What was checked, e.g. the assertion's form. */
    name: z.string(),
    at: sourceRefSchema.optional(),
    /** Set when the point was not run: the reason. A skipped point counts as skipped, never as passed. */
    skip: z.string().optional(),
    /** Set for a point that is expected to be unfinished (an undefined step): the reason. */
    todo: z.string().optional(),
    /**
     * Set on a pass that only says a unit holding no check ran to its end (`<block> runs
     * without error`, a block that sets up): it counts as passed, but verifies nothing.
     */
    unchecked: z.literal(true).optional(),
    /** What a reader must know of the point, passed or failed, shown by every report: the definitions of other documents its check used. */
    notes: z.array(z.string()).optional(),
    /** Shown as the YAML block of a failing point: form, values, reason, request, response... */
    diagnostics: z.record(z.string(), z.unknown()).optional(),
    /** Values attached to the point (a step definition's attach(), a failing unit's MCP transcript). */
    attachments: z.array(attachmentSchema).optional(),
  }),
  z.strictObject({
    type: z.literal('unit-end'),
    file: z.string(),
    unitId: z.string(),
    durationMs: z.number(),
    seed: z.number().optional(),
    /** Attempts made, when the unit was retried (--retries); the reported points are the last attempt's. */
    attempts: z.number().optional(),
    /** The unit failed and then passed on a retry: reported passed, and marked flaky. */
    flaky: z.boolean().optional(),
    /** The failing points of the attempts before the passing one. */
    earlierFailures: z.array(earlierFailureSchema).optional(),
  }),
  z.strictObject({ type: z.literal('comment'), text: z.string(), file: z.string().optional(), unitId: z.string().optional() }),
  z.strictObject({ type: z.literal('document-end'), file: z.string(), durationMs: z.number() }),
  z.strictObject({
    type: z.literal('run-end'),
    durationMs: z.number(),
    counts: countsSchema,
    /** Each requirement of the documents run, with its status; absent when they declare none. */
    requirements: z.array(requirementResultSchema).optional(),
    /** Why the run stopped before it ran every document (--bail, an interruption): TAP's `Bail out!`. */
    stopped: z.string().optional(),
    /** Set when no check passed and some were skipped, left TODO, or passed checking nothing: the run checked nothing, and fails (reports say so as a failing point). */
    checkedNothing: z.string().optional(),
    /** With --require-verified, each requirement that is not verified, as the run says it, at its place: the run fails on them. */
    unverified: z.array(z.strictObject({ text: z.string(), at: sourceRefSchema })).optional(),
  }),
]);
