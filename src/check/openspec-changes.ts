// What `openspec validate --strict` rejects in a change that needs more than one
// document to see: a change without any delta spec, and a delta OpenSpec cannot apply to
// the capability's current spec (deltaProblems). As OpenSpec, only active changes: an
// archived one was applied to the spec as it was then.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Diagnostic } from '../model/document.js';
import type { DocumentPlan } from '../model/plan.js';
import { parseFile } from '../parse/index.js';
import { translate } from '../translate/index.js';
import { currentSpecPath, isArchivedChange, openspecPlace, openspecProseFile } from '../translate/openspec-layout.js';
import { deltaProblems, withWarnings } from '../translate/openspec-change.js';
import type { CheckMessage } from './index.js';

/**
 * PLAN is what these checks read of an active change, whether it has scenarios or not: a delta
 * spec (checked against its capability's current spec) or the change's proposal.md (a change
 * without a delta).
 */
export const isOfActiveChange = (plan: DocumentPlan): boolean => !isArchivedChange(plan.file) && (plan.openspecDelta !== undefined || openspecProseFile(plan.file)?.file === 'proposal.md');

export async function checkOpenspecChanges(all: DocumentPlan[]): Promise<CheckMessage[]> {
  const plans = all.filter((plan) => !isArchivedChange(plan.file));
  const messages: CheckMessage[] = [];
  const changesWithDeltas = new Set(plans.flatMap((plan) => openspecPlace(plan.file)?.change ?? []));
  for (const plan of plans) {
    const prose = openspecProseFile(plan.file);
    if (prose?.file === 'proposal.md' && prose.change !== undefined && !changesWithDeltas.has(prose.change) && !hasDeltaSpec(dirname(plan.file))) {
      messages.push({ file: plan.file, line: 1, column: 1, severity: 'error', message: `change '${prose.change}' has no delta: a change needs specs/<capability>/spec.md with ## ADDED, MODIFIED, REMOVED or RENAMED Requirements` });
    }
  }
  for (const plan of plans) {
    const place = openspecPlace(plan.file);
    if (!place?.change) continue;
    const current = await currentSpec(plan.file);
    for (const problem of deltaProblems(plan, current)) messages.push({ ...problem, column: 1 });
  }
  messages.push(...changesMeeting(plans));
  return messages;
}

/**
 * Active changes that touch one requirement of a capability (by its name before any
 * rename, and a renamed one by its new name too): each applies to today's spec, but once
 * one is archived the other no longer does (a MODIFIED name renamed away, an ADDED name
 * taken, by an ADDED or a rename). A warning at each, naming the others: the team decides
 * the order, or merges them.
 */
export function changesMeeting(plans: DocumentPlan[]): (CheckMessage & Diagnostic)[] {
  const touches = new Map<string, { change: string; file: string; line: number; operation: string; requirement: string }[]>();
  for (const plan of plans) {
    const place = openspecPlace(plan.file);
    if (!place?.change) continue;
    // Changes meet on one spec file: another OpenSpec tree's capability of that name is another capability.
    const spec = resolve(currentSpecPath(plan.file)!);
    for (const requirement of plan.requirements ?? []) {
      if (requirement.delta === undefined) continue;
      for (const name of new Set([requirement.renamedFrom ?? requirement.name, requirement.name])) {
        const key = `${spec}#${name}`;
        touches.set(key, [...(touches.get(key) ?? []), { change: place.change, file: plan.file, line: requirement.line, operation: requirement.delta.toUpperCase(), requirement: `${place.capability}#${name}` }]);
      }
    }
  }
  const messages: (CheckMessage & Diagnostic)[] = [];
  for (const all of touches.values()) {
    if (new Set(all.map((touch) => touch.change)).size < 2) continue;
    for (const touch of all) {
      const others = all.filter((other) => other.change !== touch.change).map((other) => `${other.operation} by change '${other.change}' (${other.file}:${other.line})`);
      messages.push({ file: touch.file, line: touch.line, column: 1, severity: 'warning', message: `requirement ${touch.requirement} is ${touch.operation} here and ${others.join(', ')}: once one change is archived the other applies to a spec it was not written against` });
    }
  }
  return messages;
}

/**
 * The change in DIRECTORY has a delta spec OpenSpec reads (specs/<capability>/spec.md, the
 * capability's folder nested or not), given to this check or not: as OpenSpec discovers
 * them, a spec.md right in specs/ and folders starting with a dot are none.
 */
function hasDeltaSpec(directory: string): boolean {
  const holdsSpec = (folder: string, depth: number): boolean => {
    try {
      return readdirSync(folder, { withFileTypes: true }).some((entry) => !entry.name.startsWith('.') && ((entry.isDirectory() && holdsSpec(join(folder, entry.name), depth + 1)) || (depth > 0 && entry.name === 'spec.md' && entry.isFile())));
    } catch {
      return false;
    }
  };
  return holdsSpec(join(directory, 'specs'), 0);
}

/**
 * PLANS, each active delta spec among them with what keeps OpenSpec from applying it to its
 * capability's current spec among its problems: a run of the tree fails the delta's
 * document, as check reports it, rather than run (and count verified) a requirement
 * OpenSpec would refuse to archive. What check only warns of (an operation already synced,
 * active changes meeting at one requirement) is among its warnings: CI runs the tree, not check.
 */
export async function withDeltaProblems(plans: DocumentPlan[]): Promise<DocumentPlan[]> {
  const meeting = changesMeeting(plans.filter((plan) => !isArchivedChange(plan.file)));
  return Promise.all(
    plans.map(async (plan) => {
      const place = openspecPlace(plan.file);
      if (place?.change === undefined || isArchivedChange(plan.file)) return plan;
      const problems = deltaProblems(plan, await currentSpec(plan.file));
      // Requirements outside delta sections are translate's problem already.
      const added = problems.filter((problem) => problem.severity === 'error' && !plan.problems.some((known) => known.line === problem.line && known.message === problem.message));
      const judged = added.length === 0 ? plan : { ...plan, problems: [...plan.problems, ...added].sort((a, b) => a.line - b.line) };
      return withWarnings(judged, [...problems, ...meeting.filter((message) => message.file === plan.file)]);
    }),
  );
}

/**
 * The current specs of the capabilities CHANGE touches that are not among PLANS (a run given
 * the change's own directory), read from beside the changes directory, as check reads them.
 */
export async function baseSpecsOutside(plans: DocumentPlan[], change: string): Promise<DocumentPlan[]> {
  // By the spec's own path: two OpenSpec trees in one run (a monorepo's packages) may each have a capability of that name.
  const given = new Set(plans.flatMap((plan) => (openspecPlace(plan.file)?.change === undefined ? [resolve(plan.file)] : [])));
  const found: DocumentPlan[] = [];
  for (const plan of plans) {
    const place = openspecPlace(plan.file);
    const currentFile = place?.change === change ? resolve(currentSpecPath(plan.file)!) : null;
    if (currentFile === null || given.has(currentFile)) continue;
    const current = await currentSpec(plan.file);
    if (current) found.push(current);
    given.add(currentFile);
  }
  return found;
}

/** The capability's current spec, openspec/specs/<capability>/spec.md beside the changes directory, translated; null when there is none. */
async function currentSpec(deltaFile: string): Promise<DocumentPlan | null> {
  const file = currentSpecPath(deltaFile);
  return file !== null && existsSync(file) ? translate(await parseFile(file)) : null;
}
