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
  const problems = capabilities.flatMap(({ delta, current }) => deltaProblems(delta, current));
  if (problems.length > 0) return `change '${change}' cannot be applied as OpenSpec would apply it:\n${problems.map((p) => `  ${p.file}:${p.line}: ${p.message}`).join('\n')}`;
  return capabilities.map(({ delta, capability, current }) => applied(current, delta, capability, change));
}

/**
 * What keeps OpenSpec from applying a change's DELTA to its capability's CURRENT spec (null:
 * the capability has none yet), each at the delta's line: a MODIFIED, REMOVED or RENAMED
 * requirement that names no requirement of the spec, an ADDED one or a new name that
 * names one it already has. OpenSpec refuses such a delta when it archives the change.
 */
export function deltaProblems(delta: DocumentPlan, current: DocumentPlan | null): Diagnostic[] {
  const names = new Set((current?.requirements ?? []).map((r) => r.name));
  const spec = current?.file ?? `the capability's spec (it has none yet)`;
  const shown = [...names].slice(0, 6).map((n) => `'${n}'`);
  const known = names.size ? ` (its requirements: ${shown.join(', ')}${names.size > shown.length ? ` and ${names.size - shown.length} more` : ''})` : '';
  const problems: Diagnostic[] = [];
  const at = (requirement: Requirement, message: string) => problems.push({ file: delta.file, line: requirement.line, message, severity: 'error' });
  for (const requirement of delta.requirements ?? []) {
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
  }
  return problems.sort((a, b) => a.line - b.line);
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
    units,
    requirements,
    problems: [...(current?.problems ?? []), ...delta.problems],
    notRun: [...(current?.notRun ?? []), ...delta.notRun],
  };
}
