// Requirement traceability: what a document requires (an OpenSpec `### Requirement:`,
// or a Lisp document's frontmatter `source:`/`covers:` entries), which units verify
// it, and, after a run, its status. Plain data and pure functions of it.
import type { z } from 'zod';
import { REQUIREMENT_STATUSES, type requirementResultSchema, type requirementSchema } from './event-schema.js';

export { REQUIREMENT_STATUSES };
/** What a document requires; its type is its schema's (event-schema.ts), as the run's events carry it. */
export type Requirement = z.infer<typeof requirementSchema>;

/** A `- FROM:` / `- TO:` pair of a change's `## RENAMED Requirements`. */
export interface Rename {
  from: string;
  to: string;
  /** The line of its FROM. */
  line: number;
}

export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

/** A requirement with its status after a run. */
export type RequirementResult = z.infer<typeof requirementResultSchema>;

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

/**
 * A requirement's name as reports show it: one a change renamed says its name before
 * ("Name required (renamed from 'Name')"), so a reviewer does not read it as new. A
 * RENAMED entry of its own (status renamed) says so in its detail.
 */
export const shownName = (r: Requirement & { status?: RequirementStatus }): string => (r.renamedFrom !== undefined && r.status !== 'renamed' ? `${r.name} (renamed from '${r.renamedFrom}')` : r.name);

/** A requirement --require-verified fails the run on, as the run and its reports say it. */
export const unverifiedLine = (r: RequirementResult) => `${r.id} is ${r.status.replace('-', ' ')} (${r.detail})`;

/** Verified, excluded, or removed or renamed by a change: what `--require-verified` accepts. */
export function isSettled(result: RequirementResult): boolean {
  return result.status === 'verified' || result.status === 'excluded' || result.status === 'removed' || result.status === 'renamed';
}
