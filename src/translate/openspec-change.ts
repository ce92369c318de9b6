// `spec-run --change <name>`: each capability a change touches, as it will be once the
// change is archived: the capability's spec (openspec/specs/<capability>/spec.md) with
// the change's delta applied, as OpenSpec applies it. ADDED requirements join it,
// MODIFIED ones replace the requirement of that name, REMOVED ones leave it, RENAMED
// ones take their new name; a capability the change creates is its delta alone. A team
// runs the proposal before archiving it. Plain data in, plain data out.
import type { DocumentPlan, Unit } from '../model/plan.js';
import type { Requirement } from '../model/requirements.js';
import { openspecPlace } from './openspec-layout.js';

/** The capabilities CHANGE touches, each as one plan with the delta applied; a string saying why when there is none. */
export function applyChange(plans: DocumentPlan[], change: string): DocumentPlan[] | string {
  const deltas = plans.filter((plan) => openspecPlace(plan.file)?.change === change);
  if (deltas.length === 0) {
    const changes = [...new Set(plans.flatMap((plan) => openspecPlace(plan.file)?.change ?? []))];
    return `no delta spec of a change named '${change}' among the documents given (changes/${change}/specs/<capability>/spec.md)${changes.length ? `; changes found: ${changes.slice(0, 10).join(', ')}` : ''}`;
  }
  return deltas.map((delta) => {
    const capability = openspecPlace(delta.file)!.capability;
    const current = plans.find((plan) => {
      const place = openspecPlace(plan.file);
      return place?.capability === capability && place.change === undefined;
    });
    return applied(current ?? null, delta, capability, change);
  });
}

function applied(current: DocumentPlan | null, delta: DocumentPlan, capability: string, change: string): DocumentPlan {
  const changed = delta.requirements ?? [];
  const replaced = new Set(changed.filter((r) => r.delta === 'modified' || r.delta === 'removed').map((r) => r.name));
  const renamedTo = new Map(changed.flatMap((r) => (r.renamedFrom !== undefined ? [[r.renamedFrom, r.name] as const] : [])));
  const kept = (current?.requirements ?? []).filter((r) => !replaced.has(r.name)).map((r): Requirement => (renamedTo.has(r.name) ? { ...r, name: renamedTo.get(r.name)!, renamedFrom: r.name } : r));
  const added = changed.filter((r) => r.delta === 'added' || r.delta === 'modified' || (r.delta === undefined && r.removed === undefined));
  // A RENAMED entry whose requirement stays as it was is the kept one under its new name, not a requirement of its own.
  const requirements = [...kept, ...added.filter((r) => !kept.some((k) => k.name === r.name))];
  const unitIds = new Set(requirements.flatMap((r) => r.units));
  const units: Unit[] = [...(current?.units ?? []), ...delta.units].filter((unit) => unitIds.has(unit.id) || (unit.requirements ?? []).length === 0);
  return {
    ...(current ?? delta),
    name: `${capability} (after change ${change})`,
    units,
    requirements,
    problems: [...(current?.problems ?? []), ...delta.problems],
    notRun: [...(current?.notRun ?? []), ...delta.notRun],
  };
}
