// Requirement extraction: what a document requires and which of its units verify it.
// - An OpenSpec `### Requirement: Name` section is a requirement; its SHALL/MUST
//   sentences state it; the scenarios under it verify it.
// - A frontmatter `source:` (the specification a test document comes from) and each
//   `covers:` entry is a requirement verified by every unit of the document; the
//   document's SHALL/MUST sentences state it.
// A requirement is excluded, with a reason, by a paragraph "Excluded: reason" in its
// section or by a frontmatter `exclude:` mapping of requirement names to reasons.
import type { Section, SpecDocument } from '../model/document.js';
import type { TestPlan, Unit } from '../model/plan.js';
import type { Requirement } from '../model/requirements.js';
import { REQUIREMENT_HEADING } from './family.js';
import { requirementName } from './openspec-archive.js';
import { capabilityDirectory, deltaOf, openspecPlace, openspecTreeDirectory, readRenames, removalReason, removedInBullets, renameChains } from './openspec-layout.js';

const NORMATIVE = /\b(SHALL|MUST)\b/;
const EXCLUDED_PARAGRAPH = /^excluded\s*:\s*(.+)$/is;

export function requirementId(file: string, name: string): string {
  return `${file}#${name}`;
}

/** The requirements of `doc`, each listing the ids of its units from `units`. */
export function extractRequirements(doc: SpecDocument, units: Unit[]): Requirement[] {
  const exclusions = frontmatterExclusions(doc.metadata.exclude);
  const requirements = [...headingRequirements(doc, units), ...frontmatterRequirements(doc, units)];
  const seen = new Map<string, number>();
  return requirements.map((requirement) => {
    // Two requirements of one name in one document keep distinct ids.
    const count = (seen.get(requirement.id) ?? 0) + 1;
    seen.set(requirement.id, count);
    const id = count === 1 ? requirement.id : `${requirement.id} (${count})`;
    const excluded = requirement.excluded ?? exclusions.get(requirement.name);
    return { ...requirement, id, ...(excluded !== undefined ? { excluded } : {}) };
  });
}

/** Returns `units` with the ids of the requirements each verifies. */
export function linkUnits(units: Unit[], requirements: Requirement[]): Unit[] {
  // By unit: a document of thousands of scenarios would otherwise search every requirement for each.
  const byUnit = new Map<string, string[]>();
  for (const requirement of requirements) {
    for (const unitId of requirement.units) {
      const ids = byUnit.get(unitId);
      if (ids) ids.push(requirement.id);
      else byUnit.set(unitId, [requirement.id]);
    }
  }
  return units.map((unit) => {
    const ids = byUnit.get(unit.id) ?? [];
    return ids.length ? { ...unit, requirements: ids } : unit;
  });
}

function headingRequirements(doc: SpecDocument, units: Unit[]): Requirement[] {
  const requirements: Requirement[] = [];
  const place = openspecPlace(doc.path);
  // A chain of renames (A to B, then B to C) is one requirement, from its first name to its last.
  const renamed = renameChains(readRenames(doc).renames);
  const scenariosOf = new Map<string, Unit[]>();
  for (const unit of units) {
    if (unit.kind !== 'scenario') continue;
    const scenarios = scenariosOf.get(unit.requirement);
    if (scenarios) scenarios.push(unit);
    else scenariosOf.set(unit.requirement, [unit]);
  }
  doc.sections.forEach((section, index) => {
    if (!REQUIREMENT_HEADING.test(section.heading)) return;
    const end = sectionEnd(doc.sections, index);
    // As OpenSpec names it, so that a change's name for it is the one its archive looks up.
    const name = requirementName(section);
    const paragraphs = section.content.flatMap((item) => (item.type === 'paragraph' ? [item.paragraph.text] : []));
    // Statements written as bullets ("- The CLI SHALL ...") state it too; steps (WHEN/THEN) do not.
    const bullets = section.content.flatMap((item) => (item.type === 'list' ? item.items.map((i) => i.text).filter((text) => !/^\*\*|^(given|when|then|and|but)\b/i.test(text)) : []));
    const excluded = paragraphs.map((text) => EXCLUDED_PARAGRAPH.exec(text)?.[1].trim()).find((reason) => reason);
    const delta = deltaOf(doc.sections, index);
    const renamedFrom = renamed.find((r) => r.to === name)?.from;
    requirements.push({
      id: requirementId(doc.path, name),
      name,
      file: doc.path,
      line: section.line,
      origin: 'requirement-heading',
      statements: normativeSentences([...paragraphs, ...bullets]),
      units: (scenariosOf.get(name) ?? []).filter((u) => u.line > section.line && u.line < end).map((u) => u.id),
      ...(excluded ? { excluded } : {}),
      ...(place ? { capability: place.capability, capabilityId: `${place.capability}#${renamedFrom ?? name}`, ...(place.change ? { change: place.change } : {}) } : {}),
      ...(delta ? { delta } : {}),
      ...(delta === 'removed' ? { removed: removalReason(section) } : {}),
      ...(renamedFrom ? { renamedFrom } : {}),
    });
  });
  // A rename whose new name has no section of its own in this delta is an entry of its own.
  for (const rename of renamed.filter((r) => !requirements.some((q) => q.name === r.to))) {
    requirements.push({
      id: requirementId(doc.path, rename.to),
      name: rename.to,
      file: doc.path,
      line: rename.line,
      origin: 'requirement-heading',
      statements: [],
      units: [],
      ...(place ? { capability: place.capability, capabilityId: `${place.capability}#${rename.from}`, ...(place.change ? { change: place.change } : {}) } : {}),
      delta: 'renamed',
      renamedFrom: rename.from,
    });
  }
  for (const removal of removedInBullets(doc).filter((r) => !requirements.some((q) => q.name === r.name && q.delta === 'removed'))) {
    requirements.push({
      id: requirementId(doc.path, removal.name),
      name: removal.name,
      file: doc.path,
      line: removal.line,
      origin: 'requirement-heading',
      statements: [],
      units: [],
      ...(place ? { capability: place.capability, capabilityId: `${place.capability}#${removal.name}`, ...(place.change ? { change: place.change } : {}) } : {}),
      delta: 'removed',
      removed: 'removed by this change (no Reason given)',
    });
  }
  return requirements;
}

/** Line of the next heading that is not deeper than section `index`, or past the end. */
function sectionEnd(sections: Section[], index: number): number {
  const next = sections.slice(index + 1).find((s) => s.depth <= sections[index].depth);
  return next?.line ?? Number.POSITIVE_INFINITY;
}

function frontmatterRequirements(doc: SpecDocument, units: Unit[]): Requirement[] {
  if (doc.metadataSource !== 'frontmatter') return [];
  const entries: { name: string; origin: Requirement['origin'] }[] = [
    ...names(doc.metadata.source).map((name) => ({ name, origin: 'frontmatter-source' as const })),
    ...names(doc.metadata.covers).map((name) => ({ name, origin: 'frontmatter-covers' as const })),
  ];
  if (entries.length === 0) return [];
  const statements = normativeSentences(doc.sections.flatMap((s) => s.content.flatMap((item) => (item.type === 'paragraph' ? [item.paragraph.text] : []))));
  return entries.map(({ name, origin }) => ({
    id: requirementId(doc.path, name),
    name,
    file: doc.path,
    // Where it is declared: its key's line (a report of it not verified points there).
    line: doc.metadataLines?.[origin === 'frontmatter-source' ? 'source' : 'covers'] ?? 1,
    origin,
    statements,
    units: units.map((u) => u.id),
  }));
}

function names(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((item) => String(item).trim()).filter((name) => name !== '');
}

function frontmatterExclusions(value: unknown): Map<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return new Map();
  return new Map(Object.entries(value as Record<string, unknown>).map(([name, reason]) => [name, String(reason)]));
}

/** Sentences of `paragraphs` that say SHALL or MUST, whitespace collapsed. */
export function normativeSentences(paragraphs: string[]): string[] {
  return paragraphs
    .flatMap((text) => text.replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s+(?=[A-Z*])/))
    .filter((sentence) => NORMATIVE.test(sentence));
}

/**
 * PLAN with each OpenSpec capability named by its directory (capabilityDirectory) where the
 * project holds more than one OpenSpec tree: a monorepo's packages may each have a capability
 * `auth`, and `auth#Value` (an exclusion, a JUnit suite) would be both. The document's name
 * and each requirement's capabilityId take it; a project of one tree keeps `auth#Value`.
 * The trees are those of PROJECT (the documents of the configuration's paths) as well as the
 * plan's: a capability's name does not change with what a run selected (a package's path,
 * --only-failures, a shard), so reports and CI history keep one name for it.
 */
export function distinctCapabilities(plan: TestPlan, project: string[] = []): TestPlan {
  const files = [...plan.documents.map((document) => document.file), ...project];
  const trees = new Set(files.flatMap((file) => openspecTreeDirectory(file) ?? []));
  if (trees.size < 2) return plan;
  const documents = plan.documents.map((document) => {
    const capability = openspecPlace(document.file)?.capability;
    const directory = capabilityDirectory(document.file);
    if (capability === undefined || directory === null) return document;
    const named = (text: string, after: string) => (text === capability || text.startsWith(`${capability}${after}`) ? `${directory}${text.slice(capability.length)}` : text);
    const requirements = document.requirements?.map((r) => (r.capabilityId === undefined ? r : { ...r, capabilityId: named(r.capabilityId, '#') }));
    return { ...document, name: named(document.name, ' ('), ...(requirements ? { requirements } : {}) };
  });
  return { documents };
}

/**
 * Marks the requirements named in `exclusions` (by id, by OpenSpec's `<capability>#<name>`
 * or `<capability directory>#<name>`, or by name in every document)
 * excluded with the given reason. Returns the plan, the keys that matched nothing, why a key
 * is ambiguous (one that names, by capability or name, both a requirement a change renames and
 * the new one it ADDs under the freed name, which only an id tells apart), and the bare names
 * that excluded requirements of more than one document, with where they stand: a CI gate widened
 * silently otherwise, names such as "Timeout" repeating across features.
 */
export function excludeRequirements(plan: TestPlan, exclusions: Record<string, string>): { plan: TestPlan; unmatched: string[]; ambiguous: string[]; widened: { key: string; places: string[] }[] } {
  const used = new Set<string>();
  const ambiguous: string[] = [];
  const byName = new Map<string, Map<string, string>>();
  const documents = plan.documents.map((document) => {
    if (!document.requirements?.length) return document;
    const requirements = document.requirements.map((requirement) => {
      // A capability's directory names it in a run of one tree too: an exclusion written for a monorepo's run holds in a package's.
      const inDirectory = requirement.capabilityId?.startsWith(`${requirement.capability}#`) ? `${capabilityDirectory(requirement.file)}${requirement.capabilityId.slice(requirement.capability!.length)}` : undefined;
      const candidates = [requirement.id, requirement.capabilityId, inDirectory];
      const key = [...candidates, requirement.name].find((candidate) => candidate !== undefined && candidate in exclusions) ?? null;
      if (key === null) return requirement;
      used.add(key);
      const renamedAway = requirement.delta === 'added' && key !== requirement.id ? document.requirements!.find((other) => other.renamedFrom === requirement.name) : undefined;
      if (renamedAway) {
        ambiguous.push(
          `'${key}' names two requirements: the one ${renamedAway.file}:${renamedAway.line} renames to '${renamedAway.name}', and the new one ADDED under its freed name at ${requirement.file}:${requirement.line}; name the one meant by its id ('${requirement.id}' for the new one), or by its name after the change`,
        );
        return requirement;
      }
      if (!candidates.includes(key)) {
        const places = byName.get(key) ?? new Map<string, string>();
        if (!places.has(document.file)) places.set(document.file, `${requirement.file}:${requirement.line}`);
        byName.set(key, places);
      }
      return { ...requirement, excluded: exclusions[key] };
    });
    return { ...document, requirements };
  });
  const widened = [...byName].filter(([, places]) => places.size > 1).map(([key, places]) => ({ key, places: [...places.values()] }));
  return { plan: { documents }, unmatched: Object.keys(exclusions).filter((key) => !used.has(key)), ambiguous, widened };
}

/**
 * After a selection (--grep) a requirement none of whose units was selected is out of
 * the run's scope and left out; one with some selected units stays whole, so the
 * units left out keep it from counting as verified.
 */
export function requirementsInScope(plan: TestPlan): TestPlan {
  const documents = plan.documents.map((document) => {
    if (!document.requirements?.length) return document;
    const selected = new Set(document.units.map((unit) => unit.id));
    const requirements = document.requirements.filter((r) => r.units.length === 0 || r.units.some((id) => selected.has(id)));
    return { ...document, requirements };
  });
  return { documents };
}
