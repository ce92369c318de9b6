// Narrows a test plan to what the user asked for: units whose name matches --grep,
// documents carrying a --tag, documents of a --level. Problems of a selected document
// are always kept: a broken document must not pass unnoticed because of a filter.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { reportedName, type DocumentPlan, type TestPlan } from '../model/plan.js';
import { OUTLINE_HEADING } from '../translate/family.js';
import { mistypedSetting } from '../translate/frontmatter-values.js';

export interface Selection {
  grep?: RegExp;
  tags?: string[];
  level?: string;
  /** `doc.md:LINE` on the command line: by document (resolved path), the lines whose units run, as cucumber-js's `file:line` (a Lisp unit after those before it: withUnitsBefore). */
  lines?: Map<string, number[]>;
  /** Units by document (resolved path) and reported name: what `lines` selected at the first run of --watch, followed through later edits. */
  named?: Map<string, Set<string>>;
}

/**
 * The files (resolved) whose lines select among DOCUMENT's units: its own, each unit's, and
 * under --change the delta applied to it, whose lines select only its own units (none, for
 * a delta that only removes or renames) rather than leave the capability unfiltered.
 */
function filesOf(document: DocumentPlan): string[] {
  return [...new Set([document.file, ...(document.appliedDelta !== undefined ? [document.appliedDelta] : []), ...document.units.map((unit) => unit.file)].map((file) => resolve(file)))];
}

/** SELECTION with the units its lines select in PLAN named instead: an edit above them moves the lines, not the units. */
export function linesAsNames(plan: TestPlan, selection: Selection): Selection {
  if (!selection.lines) return selection;
  const named = new Map<string, Set<string>>();
  for (const document of plan.documents) {
    if (filesOf(document).some((file) => selection.lines!.has(file))) named.set(resolve(document.file), new Set(document.units.map(reportedName)));
  }
  const { lines: _lines, ...rest } = selection;
  return { ...rest, named };
}

/**
 * The units of DOCUMENT from FILE at LINE: the last one starting at or before it, unless a heading
 * stands between that unit and LINE: LINE is then in a section of its own (a unit's
 * heading, its fence), whose unit is the first after LINE, if any comes before the next
 * heading. A heading above a Lisp block names the unit the block is. A scenario
 * outline's heading or steps name every row of it, an Examples heading or table header
 * every row of that table, as cucumber-js's file:line does.
 */
function unitsAtLine(document: DocumentPlan, file: string, line: number): string[] {
  const units = document.units.filter((unit) => resolve(unit.file) === file).sort((a, b) => a.line - b.line);
  const before = units.filter((unit) => unit.line <= line).at(-1);
  const headings = headingsOf(file);
  const section = headings.filter((heading) => heading.line <= line).at(-1);
  if (section === undefined || (before !== undefined && before.line >= section.line)) return before ? [before.id] : [];
  const sectionEnd = headings.find((heading) => heading.line > line)?.line ?? Infinity;
  // An outline's heading or steps: every row of it (they stand under its Examples heading); an
  // Examples heading or header: the rows of that table, before the next heading.
  const outline = OUTLINE_HEADING.test(section.text);
  const after = units.filter((unit) => unit.line > line && (outline || unit.line < sectionEnd));
  const first = after[0];
  const isRow = first?.kind === 'scenario' && OUTLINE_HEADING.test(first.headingPath.at(-1) ?? '');
  if (!isRow) return first && !outline ? [first.id] : [];
  const place = JSON.stringify(first.headingPath);
  const end = after.findIndex((unit) => JSON.stringify(unit.headingPath) !== place);
  return after.slice(0, end < 0 ? after.length : end).map((unit) => unit.id);
}

/** FILE's markdown headings (ATX) with their lines and text, fenced code aside; none when it cannot be read. */
function headingsOf(file: string): { line: number; text: string }[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const headings: { line: number; text: string }[] = [];
  let fence: string | null = null;
  text.split(/\r?\n/).forEach((content, i) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(content)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    } else if (marker) fence = marker;
    else {
      const heading = /^\s{0,3}#{1,6}(?:\s+(.*?))?\s*#*\s*$/.exec(content);
      if (heading) headings.push({ line: i + 1, text: (heading[1] ?? '').trim() });
    }
  });
  return headings;
}

function metadataList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(',').map((s) => s.trim());
  return [];
}

/** A document's tags as `--tag` compares them: `@smoke`, as cucumber-js writes a tag, is the tag `smoke`. */
const tagsOf = (plan: Pick<DocumentPlan, 'metadata'>): string[] => metadataList(plan.metadata.tags).map((tag) => tag.replace(/^@/, ''));

/** A document's level as `--level` compares it: its `level:`, else its `type:` (which names what it states, as `--runs` reads `type: property`). */
function levelOf(plan: Pick<DocumentPlan, 'metadata'>): string | undefined {
  const level = plan.metadata.level ?? plan.metadata.type;
  return level === undefined || level === null ? undefined : String(level).trim();
}

function documentSelected(plan: DocumentPlan, selection: Selection): boolean {
  // Tags and level that cannot be read, or are written under a mistyped key (Tags, levle), might be
  // those asked for: the document stays, and fails on its frontmatter.
  if (plan.metadataUnreadable) return true;
  const mistypedFor = (field: string) => plan.metadata[field] === undefined && Object.keys(plan.metadata).some((key) => mistypedSetting(key) === field);
  if ((selection.tags?.length && mistypedFor('tags')) || (selection.level !== undefined && mistypedFor('level'))) return true;
  if (selection.tags?.length) {
    const tags = tagsOf(plan);
    if (!selection.tags.some((tag) => tags.includes(tag))) return false;
  }
  // A level in any case, as --runs reads `level: property`.
  if (selection.level !== undefined && (levelOf(plan) ?? '').toLowerCase() !== selection.level.toLowerCase()) return false;
  return true;
}

export function selectUnits(plan: TestPlan, selection: Selection): TestPlan {
  const documents: DocumentPlan[] = [];
  for (const document of plan.documents) {
    if (!documentSelected(document, selection)) continue;
    const grep = selection.grep;
    const files = filesOf(document).filter((file) => selection.lines?.has(file));
    const atLines = files.length > 0 ? new Set(files.flatMap((file) => selection.lines!.get(file)!.flatMap((line) => unitsAtLine(document, file, line)))) : null;
    const named = selection.named?.get(resolve(document.file));
    const units = document.units.filter((unit) => (!grep || grep.test(unit.name) || grep.test(reportedName(unit)) || unit.headingPath.some((h) => grep.test(h))) && (!atLines || atLines.has(unit.id)) && (!named || named.has(reportedName(unit))));
    if ((grep || atLines || named) && units.length === 0 && document.problems.length === 0) continue;
    // Narrowed, the units left out would have called them: only those --grep names run after the units.
    const narrowed = units.length < document.units.length;
    const called = narrowed ? document.calledCheckFunctions?.filter((fn) => grep?.test(fn.name) && !atLines && !named) : document.calledCheckFunctions;
    const { calledCheckFunctions: _all, ...rest } = document;
    documents.push({ ...rest, units, ...(called?.length ? { calledCheckFunctions: called } : {}) });
  }
  return { documents };
}

/**
 * PLAN, each Lisp document with the units before its selected ones, from WHOLE (the plan
 * before selection): the units of one Lisp document share its environment, so a unit run
 * without those before it could pass alone and fail in the whole document (or the other
 * way round), and a rerun of failures would clear a real failure. They run with it, and
 * the document says so (unitsBefore).
 */
export function withUnitsBefore(plan: TestPlan, whole: TestPlan): TestPlan {
  const documents = plan.documents.map((document) => {
    const all = whole.documents.find((candidate) => candidate.file === document.file);
    if (document.family !== 'lisp' || !all || document.units.length === 0) return document;
    const selected = new Set(document.units.map((unit) => unit.id));
    const last = Math.max(...all.units.map((unit, i) => (selected.has(unit.id) ? i : -1)));
    const units = all.units.slice(0, last + 1);
    const before = units.filter((unit) => !selected.has(unit.id)).map((unit) => unit.id);
    return before.length === 0 ? document : { ...document, units, unitsBefore: before };
  });
  return { documents };
}

/** The filters of SELECTION as given on the command line, for messages. */
function describeFilters(selection: Selection): string[] {
  return [
    // As typed: a RegExp's source escapes its slashes.
    ...(selection.grep ? [`--grep '${selection.grep.source.replaceAll('\\/', '/')}'`] : []),
    ...(selection.tags?.length ? [`--tag ${selection.tags.join(',')}`] : []),
    ...(selection.level !== undefined ? [`--level ${selection.level}`] : []),
    ...[...(selection.lines ?? [])].map(([file, lines]) => lines.map((line) => `${relative(process.cwd(), file) || file}:${line}`).join(' ')),
  ];
}

/** What WHOLE offers to select from, by the filters given: the values they could have named. */
function selectable(whole: TestPlan, selection: Selection): string[] {
  const n = whole.documents.length;
  const units = whole.documents.reduce((sum, d) => sum + d.units.length, 0);
  const parts = [`${n} document${n === 1 ? '' : 's'} with ${units} unit${units === 1 ? '' : 's'}`];
  const values = (of: (d: DocumentPlan) => string[]) => [...new Set(whole.documents.flatMap(of))].filter((v) => v !== '').sort();
  if (selection.tags?.length) {
    const tags = values(tagsOf);
    parts.push(tags.length ? `tags: ${tags.join(', ')}` : 'no document carries a tag');
  }
  if (selection.level !== undefined) {
    const levels = values((d) => [levelOf(d) ?? '']);
    parts.push(levels.length ? `levels: ${levels.join(', ')}` : 'no document declares a level');
  }
  return parts;
}

/**
 * Why SELECTED, narrowed from WHOLE by SELECTION, leaves nothing to run: a filter that
 * selects no unit (a typo in a CI filter, most likely) must not make a run pass on
 * nothing. Null when it selects something, or when no filter was given.
 */
export function emptySelectionProblem(whole: TestPlan, selected: TestPlan, selection: Selection): string | null {
  const filters = describeFilters(selection);
  if (filters.length === 0 || selected.documents.some((d) => d.units.length > 0 || d.problems.length > 0)) return null;
  return `${filters.join(' with ')} selects no unit of the ${selectable(whole, selection).join('; ')} (see spec-run --list)`;
}
