// The status of each requirement, from the events of its units:
// - removed: a change's REMOVED requirement, with its Reason: it never runs;
// - renamed: a change's RENAMED entry (its new name is verified where it is written);
// - excluded: a reason was given; its results are kept but do not count;
// - failing: a point of one of its units failed, or its document has an error (a byte
//   that is not UTF-8, frontmatter that cannot be read): what was checked was read wrong;
// - partly-undefined: no failure, but a step is undefined (a TODO point);
// - untested: it has no unit, or not every unit ran, or a point was skipped
//   (a skipped check verified nothing), or no check passed (a block that only
//   runs, `runs without error`, verifies nothing);
// - verified: every unit ran and every point passed.
import { checksPassed, countPoint, type Counts, type RunEvent } from '../model/events.js';
import type { Requirement, RequirementResult, RequirementStatus } from '../model/requirements.js';

const zero = (): Counts => ({ passed: 0, failed: 0, skipped: 0, todo: 0 });

export class RequirementTracker {
  private readonly requirements: Requirement[] = [];
  private readonly unitCounts = new Map<string, Counts>();
  /** Units not planned for a requirement whose points count for it (the late errors of its scenarios, the timers they left). */
  private readonly added = new Map<string, string[]>();

  observe(event: RunEvent): void {
    if (event.type === 'document-start') this.requirements.push(...(event.requirements ?? []));
    else if (event.type === 'unit-start' && event.requirements?.length) {
      this.unitCounts.set(event.unitId, zero());
      for (const id of event.requirements) if (!this.requirements.some((r) => r.id === id && r.units.includes(event.unitId))) this.added.set(id, [...(this.added.get(id) ?? []), event.unitId]);
    }
    else if (event.type === 'point') {
      const counts = this.unitCounts.get(event.unitId);
      if (counts) countPoint(counts, event);
    }
  }

  results(): RequirementResult[] {
    return this.requirements.map((requirement) => this.result(requirement));
  }

  private result(requirement: Requirement): RequirementResult {
    const counts = zero();
    let ran = 0;
    for (const unit of requirement.units) {
      const unitCounts = this.unitCounts.get(unit);
      if (!unitCounts) continue;
      ran += 1;
      for (const key of ['passed', 'failed', 'skipped', 'todo'] as const) counts[key] += unitCounts[key];
      if (unitCounts.unchecked) counts.unchecked = (counts.unchecked ?? 0) + unitCounts.unchecked;
    }
    // A late error fails it; a timer its scenario left and the run did not wait for checked nothing.
    for (const unit of this.added.get(requirement.id) ?? []) {
      counts.failed += this.unitCounts.get(unit)?.failed ?? 0;
      counts.skipped += this.unitCounts.get(unit)?.skipped ?? 0;
    }
    const [status, detail] = statusOf(requirement, counts, ran);
    return { ...requirement, status, counts, detail };
  }
}

function statusOf(requirement: Requirement, counts: Counts, ran: number): [RequirementStatus, string] {
  const planned = requirement.units.length;
  // As the run's summary counts them: todo holds undefined and pending steps alike (--no-strict), and strict runs count them failed.
  const points = `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.todo} todo`;
  if (requirement.removed !== undefined) return ['removed', requirement.removed];
  // The entry of a delta's RENAMED section; once a change is applied (--change), the requirement under its new name is verified as any other.
  if (requirement.delta === 'renamed' && planned === 0) return ['renamed', `renamed from '${requirement.renamedFrom}'`];
  if (requirement.excluded !== undefined) return ['excluded', requirement.excluded];
  // An error of its document fails it, whether or not a unit of it could be planned.
  if (counts.failed > 0) return ['failing', points];
  if (planned === 0) return ['untested', 'no scenario or unit verifies it'];
  if (counts.todo > 0) return ['partly-undefined', points];
  if (ran < planned) return ['untested', `${planned - ran} of ${planned} units did not run; ${points}`];
  if (counts.skipped > 0) return ['untested', `${counts.skipped === 1 ? '1 check was' : `${counts.skipped} checks were`} skipped and verified nothing; ${points}`];
  if (counts.passed === 0) return ['untested', `no check passed; ${points}`];
  if (checksPassed(counts) === 0) return ['untested', `no check passed: its units hold none, and running without error verifies nothing; ${points}`];
  return ['verified', points];
}
