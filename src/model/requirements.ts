// Requirement traceability: what a document requires (an OpenSpec `### Requirement:`,
// or a Lisp document's frontmatter `source:`/`covers:` entries), which units verify
// it, and, after a run, its status. Plain data and pure functions of it.
import type { Counts } from './events.js';

export interface Requirement {
  /** Stable across runs: "<document path>#<requirement name>". */
  id: string;
  name: string;
  file: string;
  line: number;
  /** Where it was declared: a requirement heading, or a frontmatter key. */
  origin: 'requirement-heading' | 'frontmatter-source' | 'frontmatter-covers';
  /** Its SHALL/MUST sentences. */
  statements: string[];
  /** Ids of the units planned to verify it. */
  units: string[];
  /** Why it is not expected to be verified (given by the document or the configuration). */
  excluded?: string;
  /** The OpenSpec capability it belongs to, and the change proposing it, from the document's place. */
  capability?: string;
  /**
   * "<capability>#<name>": the same for a requirement of openspec/specs and the change
   * that modifies, removes or renames it, linking the two.
   */
  capabilityId?: string;
  change?: string;
  /** What a change's delta does with it: added, modified, removed or renamed. */
  delta?: 'added' | 'modified' | 'removed' | 'renamed';
  /** A REMOVED requirement: its Reason (and Migration). It never runs. */
  removed?: string;
  /** A RENAMED requirement: its name before the change. */
  renamedFrom?: string;
}

/** A `- FROM:` / `- TO:` pair of a change's `## RENAMED Requirements`. */
export interface Rename {
  from: string;
  to: string;
  /** The line of its FROM. */
  line: number;
}

export const REQUIREMENT_STATUSES = ['verified', 'failing', 'partly-undefined', 'untested', 'excluded', 'removed', 'renamed'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

export interface RequirementResult extends Requirement {
  status: RequirementStatus;
  /** Points of its units that ran. */
  counts: Counts;
  /** Why it has this status, in words. */
  detail: string;
}

export function countStatuses(results: RequirementResult[]): Record<RequirementStatus, number> {
  const counts = Object.fromEntries(REQUIREMENT_STATUSES.map((status) => [status, 0])) as Record<RequirementStatus, number>;
  for (const result of results) counts[result.status] += 1;
  return counts;
}

/** "requirements: 3 verified, 1 failing, 2 untested", with undefined and excluded ones when there are any. */
export function requirementsLine(results: RequirementResult[]): string {
  const counts = countStatuses(results);
  const parts = [`${counts.verified} verified`, `${counts.failing} failing`, `${counts.untested} untested`];
  if (counts['partly-undefined']) parts.push(`${counts['partly-undefined']} partly undefined`);
  if (counts.excluded) parts.push(`${counts.excluded} excluded`);
  if (counts.removed) parts.push(`${counts.removed} removed`);
  if (counts.renamed) parts.push(`${counts.renamed} renamed`);
  return `requirements: ${parts.join(', ')}`;
}

/** A requirement --require-verified fails the run on, as the run and its reports say it. */
export const unverifiedLine = (r: RequirementResult) => `${r.id} is ${r.status.replace('-', ' ')} (${r.detail})`;

/** Verified, excluded, or removed or renamed by a change: what `--require-verified` accepts. */
export function isSettled(result: RequirementResult): boolean {
  return result.status === 'verified' || result.status === 'excluded' || result.status === 'removed' || result.status === 'renamed';
}
