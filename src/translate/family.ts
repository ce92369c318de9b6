// Which translator a document gets, and what every translator returns.
import type { SpecDocument } from '../model/document.js';
import type { CalledCheckFunction, CodeRef, DocumentFamily, NotRunBlock, Unit } from '../model/plan.js';
import { hasDeltaSection, openspecPlace } from './openspec-layout.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A unit before the plan numbers it. */
export type UnitDraft = DistributiveOmit<Unit, 'id'>;

export interface FamilyTranslation {
  definitions: CodeRef[];
  units: UnitDraft[];
  notRun: NotRunBlock[];
  problems: SpecDocument['problems'];
  uncalledCheckFunctions?: { name: string; line: number }[];
  calledCheckFunctions?: CalledCheckFunction[];
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
/** An outline's `<column>`: a name without blanks at its ends, as Gherkin's linters read one (`</div>` or `<!-- x -->` is markup). */
export const PLACEHOLDER = /<((?![\s/!])[^<>]*[^<>\s])>/g;

/** Whether a scenario heading of DOC has keyword steps (`- **WHEN** ...`, `- Given ...`) under it. */
function stepsUnderScenarios(doc: SpecDocument): boolean {
  return doc.sections.some(
    (section) =>
      (SCENARIO_HEADING.test(section.heading) || OUTLINE_HEADING.test(section.heading)) &&
      section.content.some((item) => item.type === 'list' && item.items.some((listItem) => /^(\*\*)?(given|when|then|and|but)\b/i.test(listItem.text))),
  );
}

/**
 * OpenSpec: any `### Requirement:` (one with no scenario is a specification with nothing
 * to run, which fails, a REMOVED-only delta aside, rather than pass as prose); or
 * scenarios with steps, even under no requirement.
 */
export function detectFamily(doc: SpecDocument): DocumentFamily {
  if (isLispDocumentType(doc.metadata.type)) return 'lisp';
  const headings = doc.sections.map((section) => section.heading);
  // A capability's spec at OpenSpec's place of one (openspec/specs/<capability>/spec.md) is one, even with
  // nothing in it to run; so is a change's delta with a delta section, even one that only renames
  // or removes by bullets. (A change's delta without either, as OpenSpec's archive keeps old ones, is not.)
  const place = openspecPlace(doc.path);
  if (headings.some((text) => REQUIREMENT_HEADING.test(text)) || (place !== null && (place.change === undefined || hasDeltaSection(doc)))) return 'openspec';
  // Scenarios with steps but no requirement are checks all the same: never skipped as prose.
  return headings.some((text) => SCENARIO_HEADING.test(text) || OUTLINE_HEADING.test(text)) && stepsUnderScenarios(doc) ? 'openspec' : 'unknown';
}
