// `spec-run --change <name>`: each capability a change touches, as it will be once the
// change is archived: the capability's spec (openspec/specs/<capability>/spec.md) with
// the change's delta applied, as OpenSpec applies it. ADDED requirements join it,
// MODIFIED ones replace the requirement of that name, REMOVED ones leave it, RENAMED
// ones take their new name; a capability the change creates is its delta alone. A team
// runs the proposal before archiving it. Plain data in, plain data out.
import type { Diagnostic } from '../model/document.js';
import type { DocumentPlan, Unit } from '../model/plan.js';
import type { Requirement } from '../model/requirements.js';
import { openspecPlace, outsideDeltaSections } from './openspec-layout.js';
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
    const current = plans.find((plan) => {
      const place = openspecPlace(plan.file);
      return place?.capability === capability && place.change === undefined;
    });
    return { delta, capability, current: current ?? null };
  });
  // OpenSpec applies no delta it cannot apply whole, and archives nothing then: neither is it run.
  const problems = capabilities.flatMap(({ delta, current }) => [...deltaProblems(delta, current), ...withoutScenarios(delta)].sort((a, b) => a.line - b.line));
  if (problems.length > 0) return `change '${change}' cannot be applied as OpenSpec would apply it:\n${problems.map((p) => `  ${p.file}:${p.line}: ${p.message}`).join('\n')}`;
  return capabilities.map(({ delta, capability, current }) => applied(current, delta, capability, change));
}

/**
 * What keeps OpenSpec from applying a change's DELTA to its capability's CURRENT spec (null:
 * the capability has none yet), each at the delta's line: a MODIFIED, REMOVED or RENAMED
 * requirement that names no requirement of the spec, an ADDED one or a new name that
 * names one it already has; one requirement named by two operations that cannot both
 * apply (MODIFIED and REMOVED; MODIFIED or REMOVED by the name RENAMED takes away; ADDED
 * under a name RENAMED gives); and a MODIFIED requirement leaving out scenarios the spec's
 * requirement still has (it replaces the whole requirement, so they would be lost).
 * OpenSpec refuses such a delta when it validates or archives the change.
 */
export function deltaProblems(delta: DocumentPlan, current: DocumentPlan | null): Diagnostic[] {
  const names = new Set((current?.requirements ?? []).map((r) => r.name));
  const spec = current?.file ?? `the capability's spec (it has none yet)`;
  const shown = [...names].slice(0, 6).map((n) => `'${n}'`);
  const known = names.size ? ` (its requirements: ${shown.join(', ')}${names.size > shown.length ? ` and ${names.size - shown.length} more` : ''})` : '';
  const problems: Diagnostic[] = [];
  const at = (requirement: Requirement, message: string) => problems.push({ file: delta.file, line: requirement.line, message, severity: 'error' });
  const changed = delta.requirements ?? [];
  const named = (operation: Requirement['delta']) => new Map(changed.filter((r) => r.delta === operation).map((r) => [r.name, r]));
  const [modified, removed] = [named('modified'), named('removed')];
  const renamedTo = new Map(changed.flatMap((r) => (r.renamedFrom !== undefined ? [[r.renamedFrom, r.name] as const] : [])));
  const newNames = new Set(renamedTo.values());
  for (const requirement of changed) {
    // A requirement renamed by the delta is named by its name before the change in the spec.
    const before = requirement.renamedFrom ?? requirement.name;
    if (requirement.delta !== undefined && requirement.delta !== 'added' && !names.has(before)) {
      const hint = requirement.delta === 'modified' ? ' (a MODIFIED requirement keeps its name; RENAMED changes it)' : '';
      at(requirement, `${requirement.delta.toUpperCase()} requirement '${before}' names no requirement of ${spec}${known}: OpenSpec cannot apply it${hint}`);
    }
    if (requirement.delta === undefined && requirement.origin === 'requirement-heading') at(requirement, outsideDeltaSections(requirement.name));
    if (requirement.delta === 'added' && names.has(requirement.name)) at(requirement, `ADDED requirement '${requirement.name}' is already in ${spec}: change it with MODIFIED`);
    if (requirement.renamedFrom !== undefined && requirement.renamedFrom !== requirement.name && names.has(requirement.name)) {
      at(requirement, `RENAMED requirement's new name '${requirement.name}' is already in ${spec}`);
    }
    if (requirement.delta === 'removed' && modified.has(requirement.name)) {
      at(requirement, `requirement '${requirement.name}' is both MODIFIED (line ${modified.get(requirement.name)!.line}) and REMOVED by this delta: OpenSpec cannot apply both; keep one`);
    }
    if ((requirement.delta === 'modified' || requirement.delta === 'removed') && requirement.renamedFrom === undefined && renamedTo.has(requirement.name)) {
      at(requirement, `${requirement.delta.toUpperCase()} requirement '${requirement.name}' is renamed to '${renamedTo.get(requirement.name)}' by this delta, which OpenSpec applies first: name it '${renamedTo.get(requirement.name)}'`);
    }
    if (requirement.delta === 'added' && newNames.has(requirement.name)) at(requirement, `ADDED requirement '${requirement.name}' is also the new name RENAMED gives a requirement in this delta: OpenSpec cannot have both`);
  }
  for (const requirement of modified.values()) {
    if (!current || removed.has(requirement.name)) continue;
    // A requirement the delta renames too has its scenarios under its old name in the spec.
    const before = current.units.filter((u) => u.kind === 'scenario' && u.requirement === (requirement.renamedFrom ?? requirement.name)).map((u) => u.name);
    const after = new Set(delta.units.filter((u) => requirement.units.includes(u.id)).map((u) => u.name));
    const omitted = before.filter((name) => !after.has(name));
    if (omitted.length > 0) {
      const them = omitted.length > 1 ? 'them' : 'it';
      at(requirement, `MODIFIED requirement '${requirement.name}' leaves out scenario${omitted.length > 1 ? 's' : ''} the current spec still has (${omitted.map((n) => `'${n}'`).join(', ')}): a MODIFIED requirement replaces the whole requirement; copy ${them} in, or remove ${them} on purpose`);
    }
  }
  return problems.sort((a, b) => a.line - b.line);
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
  const removed = new Set(changed.filter((r) => r.delta === 'removed').map((r) => r.name));
  // Once applied, a renamed requirement is its capability's under its new name: its capabilityId says so.
  const underNewName = (r: Requirement): Requirement => (r.renamedFrom !== undefined && r.capabilityId !== undefined ? { ...r, capabilityId: `${capability}#${r.name}` } : r);
  const inPlace = (current?.requirements ?? [])
    .map((r): Requirement => (renamedTo.has(r.name) ? { ...r, id: requirementId(r.file, renamedTo.get(r.name)!), name: renamedTo.get(r.name)!, renamedFrom: r.name } : r))
    .flatMap((r) => (removed.has(r.name) ? [] : [underNewName(modified.get(r.name) ?? r)]));
  // The scenarios of a requirement renamed in place are of its new name: in their names, --grep and reports.
  const newIds = new Map((current?.requirements ?? []).filter((r) => renamedTo.has(r.name)).map((r) => [r.id, requirementId(r.file, renamedTo.get(r.name)!)]));
  const renamedUnit = (unit: Unit): Unit => {
    if (unit.kind !== 'scenario' || !renamedTo.has(unit.requirement)) return unit;
    const to = renamedTo.get(unit.requirement)!;
    const heading = (text: string) => (REQUIREMENT_HEADING.exec(text)?.[1].trim() === unit.requirement ? `Requirement: ${to}` : text);
    return { ...unit, requirement: to, headingPath: unit.headingPath.map(heading), requirements: unit.requirements?.map((id) => newIds.get(id) ?? id) };
  };
  const appended = changed.filter((r) => (r.delta === 'added' || r.delta === 'modified' || (r.delta === undefined && r.removed === undefined)) && !inPlace.some((k) => k.name === r.name));
  // A RENAMED entry whose requirement stays as it was is the kept one under its new name, not a requirement of its own.
  const requirements = [...inPlace, ...appended];
  const every = [...(current?.units ?? []).map(renamedUnit), ...delta.units];
  const byId = new Map(every.map((unit) => [unit.id, unit]));
  // Units in the order of their requirements, as the capability will read after the change.
  const units: Unit[] = [...requirements.flatMap((r) => r.units.flatMap((id) => byId.get(id) ?? [])), ...every.filter((unit) => (unit.requirements ?? []).length === 0)];
  return {
    ...(current ?? delta),
    name: `${capability} (after change ${change})`,
    appliedDelta: delta.file,
    units,
    requirements,
    problems: [...(current?.problems ?? []), ...delta.problems],
    notRun: [...(current?.notRun ?? []), ...delta.notRun],
  };
}
