// What OpenSpec's archive reads of a capability's spec and of a change's delta spec, from
// the headings' lines as written (its parsers/requirement-blocks.ts), where spec-run reads
// markdown's rendering: a requirement is named by the rest of its `### Requirement:` line,
// inline marks (`GET /health` in backticks) and a closing `#` run kept; a spec's
// requirements are read only between `## Requirements` and the next `## ` line; and every
// level-4 heading of a requirement counts as one of its scenarios, `#### Notes` as much as
// `#### Scenario: x`. A change that names a requirement otherwise, or a MODIFIED requirement
// that leaves out such a heading, is refused or loses it on archive: deltaProblems says so.
import type { Section, SpecDocument } from '../model/document.js';
import type { ArchivedRequirement, ArchiveReading, UnreadRequirement } from '../model/plan.js';
import { REQUIREMENT_HEADING } from './family.js';
import { openspecPlace } from './openspec-layout.js';

/** OpenSpec's requirement header (REQUIREMENT_HEADER_REGEX), read off the line as written. */
const REQUIREMENT_LINE = /^###\s*Requirement:\s*(.+)\s*$/i;
/** A `## ` line, which ends a requirement block and the section holding it. */
const SECTION_LINE = /^##\s+(.+)$/;
/** OpenSpec's SCENARIO_HEADER: any level-4 heading. */
const LEVEL4_LINE = /^####\s+/;
/** The sections OpenSpec's delta reader takes requirement blocks from (by title, in any case). */
const DELTA_TITLE = /^(?:ADDED|MODIFIED|REMOVED|RENAMED) Requirements$/i;

const firstLine = (section: Section) => section.written.split('\n')[0];

/**
 * The name OpenSpec gives requirement heading SECTION: the rest of its line as written after
 * `Requirement:`, trimmed. A heading OpenSpec does not read as one (`## Requirement: x`, a
 * setext heading) is named by its written text all the same, so that spec-run's name is one a
 * change can copy.
 */
export function requirementName(section: Section): string {
  const written = firstLine(section).replace(/^[ \t]*#+[ \t]*/, '');
  return (REQUIREMENT_HEADING.exec(written) ?? REQUIREMENT_HEADING.exec(section.heading))![1].trim();
}

/**
 * The name OpenSpec's archive gives a level-4 heading when it compares a MODIFIED
 * requirement's scenarios with the spec's (scenarioNameAt): the line as written, its `####`,
 * a closing `#` run and a `Scenario:` prefix left out, inline marks kept.
 */
function archivedScenarioName(line: string): string {
  return line.replace(LEVEL4_LINE, '').replace(/[ \t]+#+[ \t]*$/, '').replace(/^Scenario:\s*/i, '').trim();
}

/**
 * DOC as OpenSpec's archive reads it, for a capability's spec or a change's delta spec (null
 * for any other document): its requirement blocks (of a spec, those under its first
 * `## Requirements`; of a delta, those under its delta sections), and of a spec the
 * requirements spec-run reads that the archive does not, with why.
 */
export function archiveReading(doc: SpecDocument): ArchiveReading | null {
  const place = openspecPlace(doc.path);
  if (place === null) return null;
  const requirements: ArchivedRequirement[] = [];
  const unread: UnreadRequirement[] = [];
  const sectionLine = doc.sections.find((section) => /^##\s+Requirements\s*$/i.test(firstLine(section)))?.line;
  /** The `## ` section the heading met last stands under, as written; null before the first. */
  let under: { title: string; line: number } | null = null;
  let block: ArchivedRequirement | null = null;
  for (const section of doc.sections) {
    const line = firstLine(section);
    const title = SECTION_LINE.exec(line)?.[1].trim();
    if (title !== undefined) {
      under = { title, line: section.line };
      block = null;
    }
    const read = place.change === undefined ? under?.line === sectionLine && sectionLine !== undefined : under !== null && DELTA_TITLE.test(under.title);
    if (read && REQUIREMENT_LINE.test(line)) {
      block = { name: REQUIREMENT_LINE.exec(line)![1].trim(), line: section.line, scenarios: [] };
      requirements.push(block);
    } else if (block && LEVEL4_LINE.test(line)) block.scenarios.push(archivedScenarioName(line));
    if (place.change !== undefined || !REQUIREMENT_HEADING.test(section.heading) || (read && REQUIREMENT_LINE.test(line))) continue;
    const why = read
      ? `its heading is not written '### Requirement: <name>' at the start of its line, the only requirement heading OpenSpec reads: write it so`
      : sectionLine === undefined
        ? `the spec has no '## Requirements' section, the only one OpenSpec reads requirements from ('openspec validate' refuses a spec without it): write '## Requirements' above its requirements`
        : `it stands ${under === null || under.line < sectionLine ? `above '## Requirements'` : `under '## ${under.title}'`}, and OpenSpec reads requirements only under '## Requirements': move it there`;
    unread.push({ name: requirementName(section), line: section.line, why });
  }
  return { requirements, unread };
}
