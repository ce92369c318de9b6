// `spec-run --change <name>`: each capability a change touches, as it will be once the
// change is archived: the capability's spec (openspec/specs/<capability>/spec.md) with
// the change's delta applied, as OpenSpec applies it. ADDED requirements join it,
// MODIFIED ones replace the requirement of that name, REMOVED ones leave it, RENAMED
// ones take their new name; a capability the change creates is its delta alone. A team
// runs the proposal before archiving it. Plain data in, plain data out.
import type { Diagnostic } from '../model/document.js';
import type { ArchivedRequirement, DocumentPlan, Unit } from '../model/plan.js';
import type { Requirement } from '../model/requirements.js';
import { resolve } from 'node:path';
import { currentSpecPath, openspecPlace, outsideDeltaSections } from './openspec-layout.js';
import { REQUIREMENT_HEADING } from './family.js';
import { requirementId } from './requirements.js';

/** The capabilities CHANGE touches, each as one plan with the delta applied; a string saying why when there is none. */
export function applyChange(plans: DocumentPlan[], change: string): DocumentPlan[] | string {
  const deltas = plans.filter((plan) => openspecPlace(plan.file)?.change === change);
  if (deltas.length === 0) {
    const changes = [...new Set(plans.flatMap((plan) => openspecPlace(plan.file)?.change ?? []))];
    return `no delta spec of a change named '${change}' among the documents given (changes/${change}/specs/<capability>/spec.md)${changes.length ? `; changes found: ${changes.slice(0, 10).join(', ')}` : ''}`;
  }
  const capabilities = deltas.map((delta) => {
    const capability = openspecPlace(delta.file)!.capability;
    // The spec beside the delta's own changes/ directory, as check pairs them: in a monorepo
    // another package's capability of the same name is not the one the change is of.
    const currentFile = resolve(currentSpecPath(delta.file)!);
    const current = plans.find((plan) => openspecPlace(plan.file)?.change === undefined && resolve(plan.file) === currentFile);
    return { delta, capability, current: current ?? null };
  });
  // OpenSpec applies no delta it cannot apply whole, and archives nothing then: neither is it run.
  const problems = capabilities.flatMap(({ delta, current }) => deltaProblems(delta, current));
  if (problems.length > 0) return `change '${change}' cannot be applied as OpenSpec would apply it:\n${problems.map((p) => `  ${p.file}:${p.line}: ${p.message}`).join('\n')}`;
  return capabilities.map(({ delta, capability, current }) => applied(current, delta, capability, change));
}

/**
 * What keeps OpenSpec from applying a change's DELTA to its capability's CURRENT spec (null:
 * the capability has none yet), each at the delta's line, found as OpenSpec archives it:
 * what it cannot read as written (deltaReadingProblems); a RENAMED FROM or TO given twice;
 * one requirement named by two operations that cannot both apply (MODIFIED with REMOVED or
 * ADDED, ADDED with REMOVED, MODIFIED or REMOVED by the name RENAMED takes away, ADDED
 * under a name RENAMED gives); then, applying RENAMED in order, REMOVED, MODIFIED and ADDED
 * to the spec's names as the operations before each left them: a rename, removal or
 * modification of a name the spec does not have, a rename or addition of one it has, and a
 * MODIFIED requirement leaving out scenarios its requirement in the spec still has (it
 * replaces the whole requirement, so they would be lost); and an ADDED or MODIFIED requirement
 * without a scenario, which OpenSpec's validation refuses. One judgement for check, a run of
 * the tree and `--change`: none may pass a delta another refuses.
 */
export function deltaProblems(delta: DocumentPlan, current: DocumentPlan | null): Diagnostic[] {
  return [...applicationProblems(delta, current), ...withoutScenarios(delta)].sort((a, b) => a.line - b.line);
}

function applicationProblems(delta: DocumentPlan, current: DocumentPlan | null): Diagnostic[] {
  const spec = current?.file ?? `the capability's spec (it has none yet)`;
  const problems: Diagnostic[] = (delta.openspecDelta?.problems ?? []).map((problem) => ({ ...problem }));
  const at = (line: number, message: string) => problems.push({ file: delta.file, line, message, severity: 'error' });
  const changed = delta.requirements ?? [];
  for (const requirement of changed) if (requirement.delta === undefined && requirement.origin === 'requirement-heading') at(requirement.line, outsideDeltaSections(requirement.name));
  const named = (operation: Requirement['delta']) => new Map(changed.filter((r) => r.delta === operation).map((r) => [r.name, r]));
  const [added, modified, removed] = [named('added'), named('modified'), named('removed')];
  const renames = delta.openspecDelta?.renames ?? [];
  // Within the delta, as OpenSpec validates it before it applies anything: it applies nothing of a delta that fails here.
  const read = problems.length;
  renames.forEach((rename, i) => {
    const before = renames.slice(0, i);
    const twice = (side: 'from' | 'to') => before.find((other) => other[side] === rename[side]);
    if (twice('from')) at(rename.line, `RENAMED gives requirement '${rename.from}' a new name twice (line ${twice('from')!.line}, and here): OpenSpec refuses a duplicate FROM; keep one`);
    if (twice('to')) at(rename.line, `RENAMED gives the name '${rename.to}' twice (line ${twice('to')!.line}, and here): OpenSpec refuses a duplicate TO, two requirements cannot have one name`);
    if (removed.has(rename.from)) at(removed.get(rename.from)!.line, `REMOVED requirement '${rename.from}' is renamed to '${rename.to}' by this delta (line ${rename.line}): OpenSpec cannot apply both; keep one`);
    if (modified.has(rename.from)) at(modified.get(rename.from)!.line, `MODIFIED requirement '${rename.from}' is renamed to '${rename.to}' by this delta, which OpenSpec applies first: name it '${rename.to}'`);
    if (added.has(rename.to)) at(added.get(rename.to)!.line, `ADDED requirement '${rename.to}' is also the new name RENAMED gives a requirement in this delta: OpenSpec cannot have both`);
  });
  for (const [name, requirement] of modified) {
    if (removed.has(name)) at(removed.get(name)!.line, `requirement '${name}' is both MODIFIED (line ${requirement.line}) and REMOVED by this delta: OpenSpec cannot apply both; keep one`);
    if (added.has(name)) at(added.get(name)!.line, `requirement '${name}' is both MODIFIED (line ${requirement.line}) and ADDED by this delta: OpenSpec cannot apply both; keep one`);
  }
  for (const [name, requirement] of added) if (removed.has(name)) at(requirement.line, `requirement '${name}' is both REMOVED (line ${removed.get(name)!.line}) and ADDED by this delta: OpenSpec cannot apply both; keep one`);
  if (problems.length > read) return problems.sort((a, b) => a.line - b.line);

  // Applied in OpenSpec's order, each on the names the operations before it left: the names its archive reads.
  const archived = current?.openspecArchive?.requirements ?? [];
  const names = new Set(archived.map((r) => r.name));
  const shown = [...names].slice(0, 6).map((n) => `'${n}'`);
  const unread = current?.openspecArchive?.unread ?? [];
  const known = names.size
    ? ` (its requirements: ${shown.join(', ')}${names.size > shown.length ? ` and ${names.size - shown.length} more` : ''})`
    : unread.length
      ? ` (OpenSpec's archive reads none of its requirements: ${unread[0].why})`
      : '';
  /** By its name after the renames, the name each requirement has in the current spec. */
  const originally = new Map([...names].map((name) => [name, name]));
  const missing = (operation: string, name: string, hint = '') => {
    // One spec-run reads and OpenSpec's archive does not (outside '## Requirements'): where it is, and why.
    const unread = unreadIn(name);
    return unread ? `${operation} requirement '${name}' ${unread}` : `${operation} requirement '${name}' names no requirement of ${spec}${known}: OpenSpec cannot apply it${hint}`;
  };
  /** Where the spec holds NAME where OpenSpec's archive does not read it (spec-run does), and why; null where it does not. */
  const unreadIn = (name: string) => {
    const found = unread.find((r) => r.name === name);
    return found ? `stands at line ${found.line} of ${spec}, where OpenSpec's archive does not read it: ${found.why}` : null;
  };
  for (const rename of renames) {
    if (!names.has(rename.from)) at(rename.line, missing('RENAMED', rename.from));
    else if (rename.to === rename.from) at(rename.line, `RENAMED gives requirement '${rename.from}' the name it has: OpenSpec refuses it (its new name is taken); remove the rename`);
    else if (names.has(rename.to)) at(rename.line, `RENAMED requirement's new name '${rename.to}' is already in ${spec}`);
    else {
      names.delete(rename.from);
      names.add(rename.to);
      originally.set(rename.to, originally.get(rename.from)!);
      originally.delete(rename.from);
    }
  }
  // A rename refused above already says what is wrong with its new name.
  const refusedTo = new Set(renames.filter((rename) => !names.has(rename.to)).map((rename) => rename.to));
  for (const requirement of removed.values()) {
    if (!names.has(requirement.name)) at(requirement.line, missing('REMOVED', requirement.name));
    else names.delete(requirement.name);
  }
  for (const requirement of modified.values()) {
    if (refusedTo.has(requirement.name)) continue;
    if (!names.has(requirement.name)) at(requirement.line, missing('MODIFIED', requirement.name, ' (a MODIFIED requirement keeps its name; RENAMED changes it)'));
    else {
      const omitted = leftOutScenarios(archived.find((r) => r.name === originally.get(requirement.name))!, delta.openspecArchive?.requirements.find((r) => r.line === requirement.line));
      if (omitted.length > 0) {
        const them = omitted.length > 1 ? 'them' : 'it';
        at(requirement.line, `MODIFIED requirement '${requirement.name}' leaves out scenario${omitted.length > 1 ? 's' : ''} the current spec still has (${omitted.map((n) => `'${n}'`).join(', ')}): a MODIFIED requirement replaces the whole requirement; copy ${them} in, or remove ${them} on purpose`);
      }
    }
  }
  for (const requirement of added.values()) {
    if (names.has(requirement.name)) at(requirement.line, `ADDED requirement '${requirement.name}' is already in ${spec}${originally.get(requirement.name) !== requirement.name ? ` (renamed so by this delta)` : ''}: change it with MODIFIED`);
    // OpenSpec's archive adds it under '## Requirements', and the spec holds the name twice.
    else if (unreadIn(requirement.name)) at(requirement.line, `ADDED requirement '${requirement.name}' also ${unreadIn(requirement.name)}; archived, the spec would hold it twice`);
  }
  return problems.sort((a, b) => a.line - b.line);
}

/**
 * The level-4 headings of CURRENT, a requirement of the spec as OpenSpec's archive reads it, that
 * MODIFIED, its replacement in the delta, does not have, by name and counting repeats, as its
 * archive compares them (findMissingCurrentScenarios): a `#### Notes` as much as a scenario.
 */
function leftOutScenarios(current: ArchivedRequirement, modified: ArchivedRequirement | undefined): string[] {
  const remaining = new Map<string, number>();
  for (const scenario of modified?.scenarios ?? []) remaining.set(scenario, (remaining.get(scenario) ?? 0) + 1);
  return current.scenarios.filter((scenario) => {
    const left = remaining.get(scenario) ?? 0;
    remaining.set(scenario, left - 1);
    return left <= 0;
  });
}

/** ADDED and MODIFIED requirements of DELTA without a scenario: OpenSpec validates a change before archiving it, and refuses them. */
function withoutScenarios(delta: DocumentPlan): Diagnostic[] {
  return (delta.requirements ?? [])
    .filter((r) => (r.delta === 'added' || r.delta === 'modified') && r.units.length === 0 && r.excluded === undefined)
    .map((r) => ({ file: delta.file, line: r.line, severity: 'error' as const, message: `${r.delta!.toUpperCase()} requirement '${r.name}' has no '#### Scenario:': OpenSpec refuses a change whose requirement has none` }));
}

function applied(current: DocumentPlan | null, delta: DocumentPlan, capability: string, change: string): DocumentPlan {
  const changed = delta.requirements ?? [];
  // As OpenSpec applies a delta: RENAMED first; then REMOVED and MODIFIED by the names after it,
  // a MODIFIED requirement taking the place of the one it replaces; ADDED ones appended.
  const renamedTo = new Map(changed.flatMap((r) => (r.renamedFrom !== undefined ? [[r.renamedFrom, r.name] as const] : [])));
  const modified = new Map(changed.filter((r) => r.delta === 'modified').map((r) => [r.name, r]));
  // A REMOVED requirement stays in the capability's requirements as removed (its Reason and
  // Migration), at the place it leaves, running nothing: a change's run shows what it drops.
  const removed = new Map(changed.filter((r) => r.delta === 'removed').map((r) => [r.name, { ...r, units: [] }]));
  // Once applied, a renamed requirement is its capability's under its new name: its capabilityId says so.
  const underNewName = (r: Requirement): Requirement => (r.renamedFrom !== undefined && r.capabilityId !== undefined ? { ...r, capabilityId: `${capability}#${r.name}` } : r);
  const inPlace = (current?.requirements ?? [])
    .map((r): Requirement => (renamedTo.has(r.name) ? { ...r, id: requirementId(r.file, renamedTo.get(r.name)!), name: renamedTo.get(r.name)!, renamedFrom: r.name } : r))
    .map((r) => removed.get(r.name) ?? underNewName(modified.get(r.name) ?? r));
  // The scenarios of a requirement renamed in place are of its new name: in their names, --grep and reports.
  const newIds = new Map((current?.requirements ?? []).filter((r) => renamedTo.has(r.name)).map((r) => [r.id, requirementId(r.file, renamedTo.get(r.name)!)]));
  const renamedUnit = (unit: Unit): Unit => {
    if (unit.kind !== 'scenario' || !renamedTo.has(unit.requirement)) return unit;
    const to = renamedTo.get(unit.requirement)!;
    // Its requirement's heading is the last requirement heading on its path (rendered there, where the name is OpenSpec's, as written).
    const at = unit.headingPath.map((text) => REQUIREMENT_HEADING.test(text)).lastIndexOf(true);
    const headingPath = unit.headingPath.map((text, i) => (i === at ? `Requirement: ${to}` : text));
    return { ...unit, requirement: to, headingPath, requirements: unit.requirements?.map((id) => newIds.get(id) ?? id) };
  };
  const appended = changed.filter((r) => (r.delta === 'added' || r.delta === 'modified' || (r.delta === undefined && r.removed === undefined)) && !inPlace.some((k) => k.name === r.name));
  // A RENAMED entry whose requirement stays as it was is the kept one under its new name, not a requirement of its own.
  const requirements = [...inPlace, ...appended];
  const every = [...(current?.units ?? []).map(renamedUnit), ...delta.units];
  const byId = new Map(every.map((unit) => [unit.id, unit]));
  // Units in the order of their requirements, as the capability will read after the change.
  const units: Unit[] = [...requirements.flatMap((r) => r.units.flatMap((id) => byId.get(id) ?? [])), ...every.filter((unit) => (unit.requirements ?? []).length === 0)];
  const { openspecDelta: _read, ...base } = current ?? delta;
  return {
    ...base,
    name: `${capability} (after change ${change})`,
    appliedDelta: delta.file,
    units,
    requirements,
    problems: [...(current?.problems ?? []), ...delta.problems],
    notRun: [...(current?.notRun ?? []), ...delta.notRun],
  };
}
