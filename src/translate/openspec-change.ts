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
  const judged = capabilities.map((capability) => ({ ...capability, problems: deltaProblems(capability.delta, capability.current) }));
  const errors = judged.flatMap(({ problems }) => problems.filter((problem) => problem.severity === 'error'));
  if (errors.length > 0) return `change '${change}' cannot be applied as OpenSpec would apply it:\n${errors.map((p) => `  ${p.file}:${p.line}: ${p.message}`).join('\n')}`;
  // What OpenSpec's archive warns of and applies all the same (an operation already synced), the run says too.
  return judged.map(({ delta, capability, current, problems }) => withWarnings(applied(current, delta, capability, change), problems));
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
 * without a scenario, which OpenSpec's validation refuses. Warnings, not errors, where
 * OpenSpec's archive takes an operation as already synced and goes on: an ADDED requirement
 * the spec holds word for word, a RENAMED whose old name is gone and new name there, a
 * REMOVED one already gone (a name differing from the spec's in case or spacing alone is a
 * slip, an error). One judgement for check, a run of the tree and `--change`: none may pass
 * a delta another refuses.
 */
export function deltaProblems(delta: DocumentPlan, current: DocumentPlan | null): Diagnostic[] {
  return [...applicationProblems(delta, current), ...withoutScenarios(delta)].sort((a, b) => a.line - b.line);
}

function applicationProblems(delta: DocumentPlan, current: DocumentPlan | null): Diagnostic[] {
  const spec = current?.file ?? `the capability's spec (it has none yet)`;
  const problems: Diagnostic[] = (delta.openspecDelta?.problems ?? []).map((problem) => ({ ...problem }));
  const at = (line: number, message: string) => problems.push({ file: delta.file, line, message, severity: 'error' });
  const warn = (line: number, message: string) => problems.push({ file: delta.file, line, message, severity: 'warning' });
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
    // Told apart from a removal already synced however it is spelt, as OpenSpec tells them apart.
    const removedToo = [...removed.values()].find((r) => folded(r.name) === folded(rename.from));
    if (removedToo) at(removedToo.line, `REMOVED requirement '${removedToo.name}' is renamed to '${rename.to}' by this delta (line ${rename.line}): OpenSpec cannot apply both; keep one`);
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
  /** A name of the spec that NAME differs from in case or spacing alone: OpenSpec's archive takes that for a slip, never for an operation already synced. */
  const slipOf = (name: string, except?: string) => [...names].find((other) => other !== except && folded(other) === folded(name));
  const slipHint = (slip: string | undefined) => (slip === undefined ? '' : ` (it differs from '${slip}' in case or spacing alone: write the spec's name)`);
  for (const rename of renames) {
    if (!names.has(rename.from)) {
      // Its old name gone and its new one there: synced to the spec before the change is archived, which OpenSpec's archive accepts.
      const slip = slipOf(rename.from, rename.to);
      if (names.has(rename.to) && slip === undefined) warn(rename.line, `RENAMED requirement '${rename.from}' is not in ${spec}, and '${rename.to}' is: OpenSpec's archive takes the rename as already synced and applies nothing of it`);
      else at(rename.line, missing('RENAMED', rename.from, slipHint(slip)));
    } else if (rename.to === rename.from) at(rename.line, `RENAMED gives requirement '${rename.from}' the name it has: OpenSpec refuses it (its new name is taken); remove the rename`);
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
    if (names.has(requirement.name)) {
      names.delete(requirement.name);
      continue;
    }
    // Gone already, as OpenSpec's archive takes it (a warning, and on): removed from the spec before the change is archived.
    const slip = slipOf(requirement.name);
    if (slip !== undefined) at(requirement.line, missing('REMOVED', requirement.name, slipHint(slip)));
    else if (current === null) warn(requirement.line, `REMOVED requirement '${requirement.name}': the capability has no spec yet, so nothing is removed; OpenSpec's archive ignores it`);
    else warn(requirement.line, `REMOVED requirement '${requirement.name}' is not in ${spec}${known}: OpenSpec's archive takes it as already removed and goes on`);
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
    const renamedHere = originally.get(requirement.name) !== requirement.name;
    if (names.has(requirement.name)) {
      const block = delta.requirementBlocks?.[requirement.name];
      // Word for word the spec's own: synced before the change is archived, which OpenSpec's archive accepts; written otherwise, a conflict.
      if (!renamedHere && block !== undefined && block === current?.requirementBlocks?.[requirement.name]) warn(requirement.line, `ADDED requirement '${requirement.name}' is in ${spec} already, word for word: OpenSpec's archive takes it as already synced and adds nothing`);
      else at(requirement.line, `ADDED requirement '${requirement.name}' is already in ${spec}${renamedHere ? ` (renamed so by this delta)` : ''}: change it with MODIFIED`);
    }
    // OpenSpec's archive adds it under '## Requirements', and the spec holds the name twice.
    else if (unreadIn(requirement.name)) at(requirement.line, `ADDED requirement '${requirement.name}' also ${unreadIn(requirement.name)}; archived, the spec would hold it twice`);
  }
  return problems.sort((a, b) => a.line - b.line);
}

/** A requirement's name as OpenSpec's archive compares names for a slip: case and runs of spaces aside. */
const folded = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

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

/** PLAN with the warnings among PROBLEMS added to its own. */
export function withWarnings(plan: DocumentPlan, problems: Diagnostic[]): DocumentPlan {
  const warnings = problems.filter((problem) => problem.severity === 'warning' && !(plan.warnings ?? []).some((known) => known.file === problem.file && known.line === problem.line && known.message === problem.message));
  return warnings.length === 0 ? plan : { ...plan, warnings: [...(plan.warnings ?? []), ...warnings] };
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
