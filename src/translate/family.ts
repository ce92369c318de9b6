// Which translator a document gets, and what every translator returns.
import type { SpecDocument } from '../model/document.js';
import type { CodeRef, DocumentFamily, NotRunBlock, Unit } from '../model/plan.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A unit before the plan numbers it. */
export type UnitDraft = DistributiveOmit<Unit, 'id'>;

export interface FamilyTranslation {
  definitions: CodeRef[];
  units: UnitDraft[];
  notRun: NotRunBlock[];
  problems: SpecDocument['problems'];
  uncalledCheckFunctions?: { name: string; line: number }[];
}

export const LISP_DOCUMENT_TYPES = ['verification', 'property', 'contract', 'scenario'];

/** Whether a frontmatter `type` names a Lisp document; case and surrounding blanks do not matter. */
export function isLispDocumentType(type: unknown): boolean {
  return typeof type === 'string' && LISP_DOCUMENT_TYPES.includes(type.trim().toLowerCase());
}

export const REQUIREMENT_HEADING = /^Requirement:\s*(.*)$/i;
export const SCENARIO_HEADING = /^Scenario:\s*(.*)$/i;
/** Gherkin's outline headings: their steps hold <placeholders> filled from an Examples table (reported, not run). */
export const OUTLINE_HEADING = /^Scenario (Outline|Template):\s*(.*)$/i;

export function detectFamily(doc: SpecDocument): DocumentFamily {
  if (isLispDocumentType(doc.metadata.type)) return 'lisp';
  const headings = doc.sections.map((section) => section.heading);
  if (headings.some((text) => REQUIREMENT_HEADING.test(text)) && headings.some((text) => SCENARIO_HEADING.test(text) || OUTLINE_HEADING.test(text))) return 'openspec';
  return 'unknown';
}
