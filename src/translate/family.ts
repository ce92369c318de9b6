// Which translator a document gets, and what every translator returns.
import type { SpecDocument } from '../model/document.js';
import type { CodeRef, DocumentFamily, NotRunBlock, Unit } from '../model/plan.js';
import { openspecPlace } from './openspec-layout.js';

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
/**
 * `Scenario: name`, and the variants that can mean nothing else: Gherkin's synonym
 * `Example: name`, a blank before the colon (`Scenario : name`), a dash between blanks for
 * it (`Scenario - name`, – or —). Any case. Not `Scenario-based ...`, nor `Scenario name`.
 */
export const SCENARIO_HEADING = /^(?:Scenario|Example)(?:\s*:|\s+[-–—](?=\s|$))\s*(.*)$/i;
/** Gherkin's outline headings (separated as a scenario's are): their steps hold <placeholders> filled from an Examples table. */
export const OUTLINE_HEADING = /^Scenario\s+(Outline|Template)(?:\s*:|\s+[-–—](?=\s|$))\s*(.*)$/i;

/** OpenSpec's section of a spec's requirements, or of a change's (`## Requirements`, `## ADDED Requirements`). */
const REQUIREMENTS_SECTION = /^(?:(?:ADDED|MODIFIED|REMOVED|RENAMED)\s+)?Requirements$/i;

/**
 * OpenSpec: requirements with scenarios; or requirements in OpenSpec's sections or
 * places with no scenario at all, a specification with nothing to run, which fails (a
 * REMOVED-only delta aside) rather than pass as prose.
 */
export function detectFamily(doc: SpecDocument): DocumentFamily {
  if (isLispDocumentType(doc.metadata.type)) return 'lisp';
  const headings = doc.sections.map((section) => section.heading);
  if (!headings.some((text) => REQUIREMENT_HEADING.test(text))) return 'unknown';
  if (headings.some((text) => SCENARIO_HEADING.test(text) || OUTLINE_HEADING.test(text) || REQUIREMENTS_SECTION.test(text.trim()))) return 'openspec';
  return openspecPlace(doc.path) ? 'openspec' : 'unknown';
}
