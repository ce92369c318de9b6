// OpenSpec's layout and change model, as its own tools read them: capabilities in
// openspec/specs/<capability>/spec.md, a capability's folder nested or not
// (specs/platform/health/spec.md is capability `platform/health`); a change in openspec/changes/<change>/ (archived
// ones in changes/archive/) with proposal.md, design.md, tasks.md and delta specs in
// specs/<capability>/spec.md, whose requirements stand under `## ADDED Requirements`,
// `## MODIFIED Requirements`, `## REMOVED Requirements` (with their **Reason** and
// **Migration**) and `## RENAMED Requirements` (`- FROM: ### Requirement: Old` /
// `- TO: ### Requirement: New`).
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Section, SpecDocument } from '../model/document.js';
import type { Rename } from '../model/requirements.js';

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
 * What in a change's delta spec OpenSpec reads otherwise than its sections and headings
 * say, each refusing the change (see deltaProblems), as OpenSpec refuses or loses it on
 * archive: a second section of one kind (OpenSpec keeps one, and the requirements of the
 * other are lost), a rename it cannot pair (readRenames), and no operation at all.
 */
export function deltaReadingProblems(doc: SpecDocument): { line: number; message: string }[] {
  if (openspecPlace(doc.path)?.change === undefined) return [];
  const problems: { line: number; message: string }[] = [];
  const firstOfKind = new Map<string, Section>();
  for (const section of doc.sections) {
    const kind = section.depth === 2 ? DELTA_HEADING.exec(section.heading)?.[1].toUpperCase() : undefined;
    if (kind === undefined) continue;
    const first = firstOfKind.get(kind);
    if (first) problems.push({ line: section.line, message: `a second '## ${section.heading}' section (the first at line ${first.line}): OpenSpec reads one ${kind} section per delta spec and loses the requirements of the other when it archives the change; put them all under one` });
    else firstOfKind.set(kind, section);
  }
  const { renames: renamed, problems: unread } = readRenames(doc);
  problems.push(...unread);
  // A requirement heading anywhere counts: one under no section is reported as that (deltaProblems).
  const operations = renamed.length + removedInBullets(doc).length + doc.sections.filter((section) => REQUIREMENT_LINE.test(`### ${section.heading}`)).length + requirementParagraphs(doc).length;
  if (operations === 0 && unread.length === 0) {
    problems.push({ line: firstOfKind.values().next().value?.line ?? 1, message: `this delta spec holds no requirement to add, modify, remove or rename: OpenSpec refuses to archive a change with one ('Delta parsing found no operations'); write them under its sections, or delete the file` });
  }
  return problems;
}

/** A requirement heading as OpenSpec reads it, a space after the `###` or not (`###Requirement: Login`). */
const REQUIREMENT_LINE = /^###\s*Requirement:\s*(.+?)\s*$/i;

/**
 * Paragraph lines OpenSpec reads as a requirement heading that markdown does not
 * (`###Requirement: Login`, no space after the `#`s): spec-run would read no requirement
 * there, OpenSpec one, so a run would not be of what OpenSpec archives.
 */
export function requirementParagraphs(doc: SpecDocument): { line: number; message: string }[] {
  if (openspecPlace(doc.path) === null) return [];
  return doc.sections.flatMap((section) =>
    section.content.flatMap((item) => {
      if (item.type !== 'paragraph') return [];
      return item.paragraph.text.split('\n').flatMap((text, i) => {
        const match = REQUIREMENT_LINE.exec(text);
        return match ? [{ line: item.paragraph.line + i, message: `'${text.trim()}' is a paragraph, not a heading (markdown needs a space after the #s), but OpenSpec reads it as requirement '${match[1]}': write '### Requirement: ${match[1]}'` }] : [];
      });
    }),
  );
}

/**
 * PATH as OpenSpec's layout is read from it: a relative path that does not reach up to the
 * `openspec/` directory it stands in (`specs/calc/spec.md`, given from inside
 * openspec/changes/bad/) is read from that directory on (`openspec/changes/bad/specs/calc/spec.md`),
 * with ABOVE the absolute directory holding it; ABOVE is null for a path read as given. A
 * document is of a change by where it stands in the tree, whatever directory spec-run was
 * started from: read as given, a change's delta was a capability's spec, and a change
 * OpenSpec cannot apply passed. Only a directory whose specs/ or changes/ holds the file
 * counts as OpenSpec's root.
 */
function treePath(path: string): { path: string; above: string | null } {
  const given = path.split('\\').join('/');
  if (/(?:^|\/)openspec\/(?:specs|changes)\//.test(given)) return { path: given, above: null };
  const absolute = resolve(path).split('\\').join('/');
  const root = /^(.*)\/(openspec\/(?:specs|changes)\/.+)$/.exec(absolute);
  return root ? { path: root[2], above: root[1] || '/' } : { path: given, above: null };
}

/** Whether FILE is of an archived change (openspec/changes/archive/), wherever spec-run was started. */
export const isArchivedChange = (file: string): boolean => /(?:^|\/)changes\/archive\//.test(treePath(file).path);

/**
 * The path of a file in an OpenSpec tree from that tree's root (`changes/add-x/spec.md`),
 * the root being the last `openspec/` directory on its path, else where a
 * `changes/<change>/specs/` on it starts; null outside any.
 */
function inOpenspecTree(path: string): string | null {
  const normalized = treePath(path).path;
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
  // A capability's folder may be nested (`specs/platform/health/spec.md`), as OpenSpec discovers them.
  if (/^specs\/[^/]+(?:\/[^/]+)*\/spec\.md$/.test(inTree) || /^changes\/(?:archive\/)?[^/]+\/specs\/[^/]+(?:\/[^/]+)*\/spec\.md$/.test(inTree)) return null;
  const ofChange = /^changes\/(?:archive\/)?([^/]+)\/(.+)$/.exec(inTree);
  const change = ofChange && !(ofChange[1] === 'archive' && !ofChange[2].includes('/')) ? { id: ofChange[1], within: ofChange[2] } : null;
  // The capability the file was meant for: the folders under specs/, else the folder holding it in a change (delta/calc/spec.md).
  const folders = (change?.within ?? inTree).split('/').slice(0, -1);
  const capability = (folders[0] === 'specs' ? folders.slice(1).join('/') || undefined : change ? folders.at(-1) : undefined) ?? '<capability>';
  if (change) return `OpenSpec reads a change's delta specs only as specs/<capability>/spec.md, so change '${change.id}' gets nothing from this file: name it changes/${change.id}/specs/${capability}/spec.md`;
  if (delta || inTree.startsWith('changes/')) {
    return `OpenSpec reads delta sections only in a change's delta spec, openspec/changes/<change>/specs/<capability>/spec.md, so no change gets anything from this file: move it to changes/<change>/specs/${capability}/spec.md`;
  }
  return `OpenSpec reads a capability's requirements only from openspec/specs/<capability>/spec.md (a change's from openspec/changes/<change>/specs/<capability>/spec.md), so it reads none of this file's: move them to specs/${capability}/spec.md`;
}

/**
 * Each requirement block of DOC, whose text is TEXT, as OpenSpec's archive cuts it to compare
 * an ADDED requirement with the spec's own: from its `### Requirement:` line up to the next
 * requirement heading or `## ` heading, trimmed. By name, the first of a name written twice.
 */
export function requirementBlocks(doc: SpecDocument, text: string): Record<string, string> {
  const lines = text.split('\n');
  const blocks: Record<string, string> = {};
  doc.sections.forEach((section, index) => {
    const name = section.depth === 3 ? REQUIREMENT_LINE.exec(`### ${section.heading}`)?.[1] : undefined;
    if (name === undefined || name in blocks) return;
    const next = doc.sections.find((other, i) => i > index && (other.depth <= 2 || (other.depth === 3 && REQUIREMENT_LINE.test(`### ${other.heading}`))));
    blocks[name] = lines.slice(section.line - 1, next ? next.line - 1 : undefined).join('\n').trim();
  });
  return blocks;
}

/** Whether DOC has a delta section (`## ADDED Requirements` ...). */
export const hasDeltaSection = (doc: SpecDocument) => doc.sections.some((section) => DELTA_HEADING.test(section.heading));

/**
 * Where PATH stands in OpenSpec's layout: its capability, the change it is a delta of, and
 * ROOT, the part of its path before the specs/ or changes/ directory. Below an `openspec/`
 * directory a capability is every folder between specs/ and spec.md, as OpenSpec discovers
 * them (its <capability-path>: `platform/health`); without one, only the folder holding the
 * spec.md is sure to be of it, a specs/ further up being any project's.
 */
function placeInTree(path: string): { capability: string; change?: string; root: string; above: string | null } | null {
  const { path: normalized, above } = treePath(path);
  const rooted = /^(?:.*\/)?openspec\/((?:specs|changes)\/.+)$/.exec(normalized)?.[1];
  const [text, start, capability] = rooted !== undefined ? [rooted, '^', '[^/]+(?:/[^/]+)*'] : [normalized, '(?:^|/)', '[^/]+'];
  const match = new RegExp(`${start}changes/(?:archive/)?([^/]+)/specs/(${capability})/spec\\.md$`).exec(text) ?? new RegExp(`${start}specs/(${capability})/spec\\.md$`).exec(text);
  if (match === null) return null;
  // The root ends where the match starts, after its slash.
  const root = normalized.slice(0, normalized.length - text.length + match.index + (match[0].startsWith('/') ? 1 : 0));
  return match.length === 3 ? { capability: match[2], change: match[1], root, above } : { capability: match[1], root, above };
}

/** The capability (and change) a document is of, from its path; null outside OpenSpec's layout. */
export function openspecPlace(path: string): { capability: string; change?: string } | null {
  const place = placeInTree(path);
  if (place === null) return null;
  return place.change === undefined ? { capability: place.capability } : { capability: place.capability, change: place.change };
}

/** The file at ROOT-relative FILE of the tree PLACE stands in, named as the document at PATH was: relative, absolute, or from above where spec-run was started. */
function sameTree(path: string, place: { root: string; above: string | null }, file: string): string {
  const named = `${place.root}${file}`;
  if (place.above === null) return named;
  return isAbsolute(path) ? join(place.above, named) : relative(process.cwd(), join(place.above, named));
}

/** The capability's current spec a change's delta spec applies to: openspec/specs/<capability>/spec.md beside the changes directory; null for any other file. */
export function currentSpecPath(deltaFile: string): string | null {
  const place = placeInTree(deltaFile);
  return place?.change === undefined ? null : sameTree(deltaFile, place, `specs/${place.capability}/spec.md`);
}

/** CHANGE's delta spec of the capability whose current spec is SPECFILE: openspec/changes/<change>/specs/<capability>/spec.md; null for any other file. */
export function deltaSpecPath(specFile: string, change: string): string | null {
  const place = placeInTree(specFile);
  return place === null || place.change !== undefined ? null : sameTree(specFile, place, `changes/${change}/specs/${place.capability}/spec.md`);
}

/** The directory of the OpenSpec tree FILE stands in (the one holding its specs/ and changes/), from where spec-run runs; null outside the layout. */
export function openspecTreeDirectory(file: string): string | null {
  const place = placeInTree(file);
  return place === null ? null : relative(process.cwd(), resolve(sameTree(file, place, '.'))).split('\\').join('/');
}

/**
 * The capability a document of an OpenSpec tree is of, named by its directory from where
 * spec-run runs (`packages/a/openspec/specs/auth`; a delta's is the spec's beside its changes/
 * directory): what tells apart two trees' capabilities of one name; null outside the layout.
 */
export function capabilityDirectory(file: string): string | null {
  if (openspecPlace(file) === null) return null;
  return relative(process.cwd(), dirname(resolve(currentSpecPath(file) ?? file))).split('\\').join('/');
}

/**
 * OpenSpec's prose files, read by people and by OpenSpec's tools, nothing to run: a
 * change's proposal.md, design.md and tasks.md, a capability's design.md beside its
 * spec.md (its technical decisions), the project's openspec/project.md and
 * openspec/AGENTS.md (the conventions it gives people and assistants), and a README.md
 * in openspec/ or under its specs/ or changes/.
 */
export function openspecProseFile(path: string): { file: string; change?: string; capability?: string } | null {
  const normalized = treePath(path).path;
  const ofChange = /(?:^|\/)changes\/(?:archive\/)?([^/]+)\/(proposal|design|tasks)\.md$/.exec(normalized);
  if (ofChange) return { file: `${ofChange[2]}.md`, change: ofChange[1] };
  const ofCapability = /^specs\/([^/]+(?:\/[^/]+)*)\/design\.md$/.exec(inOpenspecTree(normalized) ?? '');
  if (ofCapability) return { file: 'design.md', capability: ofCapability[1] };
  const ofProject = /(?:^|\/)openspec\/(project|AGENTS)\.md$/.exec(normalized);
  if (ofProject) return { file: `${ofProject[1]}.md` };
  const readme = /^(?:(?:specs|changes)\/(?:.*\/)?)?(README\.md)$/i.exec(inOpenspecTree(normalized) ?? '');
  return readme ? { file: readme[1] } : null;
}

/** What a prose file of OpenSpec's is, in a sentence: "an OpenSpec change's tasks.md". */
export const describeProseFile = (prose: { file: string; change?: string; capability?: string }) =>
  prose.change !== undefined ? `an OpenSpec change's ${prose.file}` : prose.capability !== undefined ? `the ${prose.file} of capability '${prose.capability}'` : `OpenSpec's ${prose.file}`;

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
      // As written, as OpenSpec reads the line: a name's own marks (`**`) are part of it; a bold bullet's are not.
      const match = /^(?:\*\*)?`?\s*(?:#+\s*)?Requirement:\s*(.+?)\s*`?(?:\*\*)?\s*$/i.exec(item.written);
      if (match) found.push({ name: match[1], line: item.line });
    }
  }
  return found;
}

/**
 * A line of a RENAMED section as OpenSpec reads it (parseRenamedPairs): an optional dash,
 * FROM: or TO:, an optional backtick, `###` and `Requirement:`. Read off the written text of a
 * paragraph or list item, whose code spans have lost their backticks already.
 */
const RENAME_LINE = /^\s*-?\s*(FROM|TO):\s*`?###\s*Requirement:\s*(.+?)`?\s*$/;
/** A line meant as half of a rename, read by OpenSpec or not (`**FROM**:`, `from: Old`). */
const RENAME_LIKE = /^[\s*_`-]*(?:from|to)\b[\s*_`]*:/i;

/**
 * The FROM/TO pairs of a document's `## RENAMED Requirements` sections, in the order written,
 * read line by line as OpenSpec reads them: in bullets, on a bullet's continuation line or as
 * paragraph lines alike. With them, each line OpenSpec would not pair (one it does not read as
 * a rename, a FROM with no TO after it, a TO with no FROM): it drops them without a word, so
 * the rename a run shows would not be archived.
 */
export function readRenames(doc: SpecDocument): { renames: Rename[]; problems: { line: number; message: string }[] } {
  const renamed: Rename[] = [];
  const problems: { line: number; message: string }[] = [];
  const unpaired = (line: number, what: string) => problems.push({ line, message: `${what}: OpenSpec pairs each '- FROM: \`### Requirement: Old\`' with the '- TO: \`### Requirement: New\`' right after it, and drops what it cannot pair, so this rename would not be archived` });
  doc.sections.forEach((section, index) => {
    if (!DELTA_HEADING.test(section.heading) || !/^renamed/i.test(section.heading)) return;
    // OpenSpec reads a section's body up to the next `## ` heading, deeper headings and all.
    const end = doc.sections.findIndex((other, i) => i > index && other.depth <= section.depth);
    const lines = doc.sections.slice(index, end < 0 ? undefined : end).flatMap((part) =>
      part.content.flatMap((item) => {
        // As written: a name's inline marks (`**`) are part of it for OpenSpec, which reads the raw line.
        const texts = item.type === 'paragraph' ? [{ text: item.paragraph.written, line: item.paragraph.line }] : item.type === 'list' ? item.items.map((listItem) => ({ text: listItem.written, line: listItem.line })) : [];
        return texts.flatMap(({ text, line }) => text.split('\n').map((written, i) => ({ text: written, line: line + i })));
      }),
    );
    let from: { name: string; line: number } | null = null;
    for (const { text, line } of lines) {
      const match = RENAME_LINE.exec(text);
      if (!match) {
        if (RENAME_LIKE.test(text)) problems.push({ line, message: `'${text.trim()}' is no rename OpenSpec reads, so it would not be archived: write '- ${/^\W*to/i.test(text) ? 'TO' : 'FROM'}: \`### Requirement: <name>\`'` });
        continue;
      }
      if (match[1] === 'FROM') {
        if (from) unpaired(from.line, `FROM '${from.name}' has no TO before the next FROM`);
        from = { name: match[2].trim(), line };
      } else if (from) {
        renamed.push({ from: from.name, to: match[2].trim(), line: from.line });
        from = null;
      } else unpaired(line, `TO '${match[2].trim()}' has no FROM before it`);
    }
    if (from) unpaired(from.line, `FROM '${from.name}' has no TO after it`);
  });
  return { renames: renamed, problems };
}

/**
 * RENAMES as OpenSpec applies them, in order, each on the names the ones before it left:
 * a chain (Login to Sign In, then Sign In to Log In) is one rename, from the first name to
 * the last, at the line of its first FROM.
 */
export function renameChains(renames: Rename[]): Rename[] {
  const chains: Rename[] = [];
  for (const rename of renames) {
    const chain = chains.find((c) => c.to === rename.from);
    if (chain) chain.to = rename.to;
    else chains.push({ ...rename });
  }
  return chains;
}
