// OpenSpec's layout and change model, as its own tools read them: capabilities in
// openspec/specs/<capability>/spec.md; a change in openspec/changes/<change>/ (archived
// ones in changes/archive/) with proposal.md, design.md, tasks.md and delta specs in
// specs/<capability>/spec.md, whose requirements stand under `## ADDED Requirements`,
// `## MODIFIED Requirements`, `## REMOVED Requirements` (with their **Reason** and
// **Migration**) and `## RENAMED Requirements` (`- FROM: ### Requirement: Old` /
// `- TO: ### Requirement: New`).
import type { ListItem, Section, SpecDocument } from '../model/document.js';

export type DeltaOperation = 'added' | 'modified' | 'removed' | 'renamed';

const DELTA_HEADING = /^(ADDED|MODIFIED|REMOVED|RENAMED)\s+Requirements$/i;
/** A heading that reads like a delta section and is none: `MODIFY Requirements`, `MODIFIED Requirement`, `Added requirements:`. */
const NEAR_DELTA_HEADING = /^(?:add|modif|remov|renam|delet|chang|updat)\w*\b.*\brequirements?\b|^requirements?\s+(?:add|modif|remov|renam)/i;

/** Why a requirement of a change's delta spec that stands under no delta section is not applied. */
export const outsideDeltaSections = (name: string) =>
  `requirement '${name}' of a change's delta spec stands under no '## ADDED', '## MODIFIED', '## REMOVED' or '## RENAMED Requirements' section: OpenSpec applies nothing of it`;

/**
 * Headings of a change's delta spec that read like a delta section and are none: OpenSpec
 * applies nothing under them (requirements under no delta section: see deltaProblems).
 */
export function deltaSectionProblems(doc: SpecDocument): { line: number; message: string }[] {
  if (openspecPlace(doc.path)?.change === undefined) return [];
  const problems: { line: number; message: string }[] = [];
  const sections = doc.sections;
  for (const section of sections) {
    if (section.depth === 2 && !DELTA_HEADING.test(section.heading) && NEAR_DELTA_HEADING.test(section.heading)) {
      problems.push({ line: section.line, message: `'## ${section.heading}' is no delta section OpenSpec reads: a change's requirements stand under '## ADDED Requirements', '## MODIFIED Requirements', '## REMOVED Requirements' or '## RENAMED Requirements'` });
    }
  }
  return problems;
}

/**
 * The path of a file in an OpenSpec tree from that tree's root (`changes/add-x/spec.md`),
 * the root being the last `openspec/` directory on its path, else where a
 * `changes/<change>/specs/` on it starts; null outside any.
 */
function inOpenspecTree(path: string): string | null {
  const normalized = path.split('\\').join('/');
  return /(?:^|.*\/)openspec\/(.+)$/.exec(normalized)?.[1] ?? /(?:^|\/)(changes\/(?:archive\/)?[^/]+\/specs\/.+)$/.exec(normalized)?.[1] ?? null;
}

/**
 * Why OpenSpec reads nothing of the markdown file at PATH, one holding requirements (and,
 * with DELTA, delta sections), with where they would go; null where it reads them. In an
 * OpenSpec tree a file of requirements is a capability's spec (specs/<capability>/spec.md)
 * or a change's delta spec (changes/<change>/specs/<capability>/spec.md); its prose files
 * (openspecProseFile) hold none to read. Any other file's under specs/ or changes/ would
 * run as a spec while OpenSpec ignores them: a change not applied, a capability not changed.
 */
export function misplacedRequirements(path: string, delta: boolean): string | null {
  const inTree = inOpenspecTree(path);
  // Only OpenSpec's own folders: markdown beside them (a folder of specs that happens to be named openspec/) is no business of OpenSpec's.
  if (inTree === null || !/^(?:specs|changes)\//.test(inTree) || openspecProseFile(path) !== null) return null;
  if (/^specs\/[^/]+\/spec\.md$/.test(inTree) || /^changes\/(?:archive\/)?[^/]+\/specs\/[^/]+\/spec\.md$/.test(inTree)) return null;
  const ofChange = /^changes\/(?:archive\/)?([^/]+)\/(.+)$/.exec(inTree);
  const change = ofChange && !(ofChange[1] === 'archive' && !ofChange[2].includes('/')) ? { id: ofChange[1], within: ofChange[2] } : null;
  // The capability the file was meant for: the folder under specs/, else the folder holding it in a change (delta/calc/spec.md).
  const folders = (change?.within ?? inTree).split('/').slice(0, -1);
  const capability = (folders[0] === 'specs' ? folders[1] : change ? folders.at(-1) : undefined) ?? '<capability>';
  if (change) return `OpenSpec reads a change's delta specs only as specs/<capability>/spec.md, so change '${change.id}' gets nothing from this file: name it changes/${change.id}/specs/${capability}/spec.md`;
  if (delta || inTree.startsWith('changes/')) {
    return `OpenSpec reads delta sections only in a change's delta spec, openspec/changes/<change>/specs/<capability>/spec.md, so no change gets anything from this file: move it to changes/<change>/specs/${capability}/spec.md`;
  }
  return `OpenSpec reads a capability's requirements only from openspec/specs/<capability>/spec.md (a change's from openspec/changes/<change>/specs/<capability>/spec.md), so it reads none of this file's: move them to specs/${capability}/spec.md`;
}

/** Whether DOC has a delta section (`## ADDED Requirements` ...). */
export const hasDeltaSection = (doc: SpecDocument) => doc.sections.some((section) => DELTA_HEADING.test(section.heading));

/** The capability (and change) a document is of, from its path; null outside OpenSpec's layout. */
export function openspecPlace(path: string): { capability: string; change?: string } | null {
  const normalized = path.split('\\').join('/');
  const delta = /(?:^|\/)changes\/(?:archive\/)?([^/]+)\/specs\/([^/]+)\/spec\.md$/.exec(normalized);
  if (delta) return { capability: delta[2], change: delta[1] };
  const canonical = /(?:^|\/)specs\/([^/]+)\/spec\.md$/.exec(normalized);
  return canonical ? { capability: canonical[1] } : null;
}

/** The capability's current spec a change's delta spec applies to: openspec/specs/<capability>/spec.md beside the changes directory; null for any other file. */
export function currentSpecPath(deltaFile: string): string | null {
  const place = openspecPlace(deltaFile);
  if (place?.change === undefined) return null;
  const normalized = deltaFile.split('\\').join('/');
  const root = normalized.slice(0, normalized.search(/(?:^|\/)changes\//) + (normalized.startsWith('changes/') ? 0 : 1));
  return `${root}specs/${place.capability}/spec.md`;
}

/**
 * OpenSpec's prose files, read by people and by OpenSpec's tools, nothing to run: a
 * change's proposal.md, design.md and tasks.md, the project's openspec/project.md and
 * openspec/AGENTS.md (the conventions it gives people and assistants), and a README.md
 * in openspec/ or under its specs/ or changes/.
 */
export function openspecProseFile(path: string): { file: string; change?: string } | null {
  const normalized = path.split('\\').join('/');
  const ofChange = /(?:^|\/)changes\/(?:archive\/)?([^/]+)\/(proposal|design|tasks)\.md$/.exec(normalized);
  if (ofChange) return { file: `${ofChange[2]}.md`, change: ofChange[1] };
  const ofProject = /(?:^|\/)openspec\/(project|AGENTS)\.md$/.exec(normalized);
  if (ofProject) return { file: `${ofProject[1]}.md` };
  const readme = /^(?:(?:specs|changes)\/(?:.*\/)?)?(README\.md)$/i.exec(inOpenspecTree(normalized) ?? '');
  return readme ? { file: readme[1] } : null;
}

/** What a prose file of OpenSpec's is, in a sentence: "an OpenSpec change's tasks.md". */
export const describeProseFile = (prose: { file: string; change?: string }) => (prose.change !== undefined ? `an OpenSpec change's ${prose.file}` : `OpenSpec's ${prose.file}`);

/** The delta operation of the section at INDEX: that of the `## ... Requirements` heading it stands under, if any. */
export function deltaOf(sections: Section[], index: number): DeltaOperation | null {
  for (let i = index - 1; i >= 0; i--) {
    if (sections[i].depth >= sections[index].depth) continue;
    const match = DELTA_HEADING.exec(sections[i].heading);
    return match ? (match[1].toLowerCase() as DeltaOperation) : null;
  }
  return null;
}

/** Why a REMOVED requirement goes: its **Reason** paragraph (and **Migration**), as written. */
export function removalReason(section: Section): string {
  const paragraphs = section.content.flatMap((item) => (item.type === 'paragraph' ? [item.paragraph.text] : []));
  const reason = paragraphs.find((text) => /^reason( for removal)?\s*:/i.test(text));
  const migration = paragraphs.find((text) => /^migration\s*:/i.test(text));
  return [reason, migration].filter((text) => text !== undefined).join(' ').replace(/\s+/g, ' ') || 'removed by this change (no Reason given)';
}

/**
 * The requirements a `## REMOVED Requirements` section names in bullets, as OpenSpec also
 * reads them (`` - `### Requirement: Old` ``), beside the heading form.
 */
export function removedInBullets(doc: SpecDocument): { name: string; line: number }[] {
  const found: { name: string; line: number }[] = [];
  for (const section of doc.sections) {
    if (!DELTA_HEADING.test(section.heading) || !/^removed/i.test(section.heading)) continue;
    for (const item of section.content.flatMap((content) => (content.type === 'list' ? content.items : []))) {
      const match = /^`?\s*(?:#+\s*)?Requirement:\s*(.+?)\s*`?\s*$/i.exec(item.text.replace(/\*\*/g, ''));
      if (match) found.push({ name: match[1], line: item.line });
    }
  }
  return found;
}

export interface Rename {
  from: string;
  to: string;
  line: number;
}

/** The FROM/TO pairs of a document's `## RENAMED Requirements` sections. */
export function renames(doc: SpecDocument): Rename[] {
  const found: Rename[] = [];
  for (const section of doc.sections) {
    if (!DELTA_HEADING.test(section.heading) || !/^renamed/i.test(section.heading)) continue;
    const items: ListItem[] = section.content.flatMap((item) => (item.type === 'list' ? item.items : []));
    let from: ListItem | null = null;
    for (const item of items) {
      const match = /^(FROM|TO)\s*:\s*`?\s*(?:#+\s*)?(?:Requirement:\s*)?(.+?)\s*`?\s*$/i.exec(item.text.replace(/\*\*/g, ''));
      if (!match) continue;
      if (match[1].toUpperCase() === 'FROM') from = { ...item, text: match[2] };
      else if (from) {
        found.push({ from: from.text, to: match[2], line: from.line });
        from = null;
      }
    }
  }
  return found;
}
