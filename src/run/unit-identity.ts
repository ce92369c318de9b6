// A unit's identity across runs: its document and its place in that document. It
// must not depend on which other documents run, in what order, or how the path was
// typed, so seeds replay and recorded failures can be found again.
import { createHash } from 'node:crypto';
import { relative, resolve, sep } from 'node:path';
import { reportedName, type Unit } from '../model/plan.js';

/** The unit's place in its document: the part of its id from the last '#' ("#3", "#definitions-1", "#load-12"). */
export function unitPlace(unitId: string): string {
  const hash = unitId.lastIndexOf('#');
  return hash < 0 ? `#${unitId}` : unitId.slice(hash);
}

/**
 * A document's path (as given: absolute, or from the working directory) relative to the
 * project root with '/' separators: the same on every machine of a CI matrix, and from
 * whichever directory of the project the run was started.
 */
export function documentKey(file: string, root: string): string {
  return relative(root, resolve(file)).split(sep).join('/');
}

/**
 * What a scenario says, hashed: its requirement, heading, condition, steps and blocks, not
 * where it stands nor the " (2)" its name gets when another of its document shares it. It
 * tells apart two scenarios of one name wherever either moves; other units have none.
 */
export function unitContentKey(unit: Unit): string | undefined {
  if (unit.kind !== 'scenario') return undefined;
  const steps = unit.steps.map((step) => [step.keyword, step.text, step.argument?.kind === 'doc-string' ? step.argument.text : (step.argument?.rows ?? null)]);
  const said = [unit.requirement, unit.headingPath.at(-1) ?? '', unit.condition, steps, unit.configs.map((block) => [block.lang, block.text])];
  return createHash('sha256').update(JSON.stringify(said)).digest('hex').slice(0, 16);
}

/** A unit as a record knows it: its place in its document, its reported name and its content key. */
export interface UnitIdentity {
  place: string;
  name: string;
  key?: string;
}

/**
 * Which of UNITS (of one document) RECORDED stands for: the one of its content key; else
 * the one at its place that still has its name; else the one of its name (the document
 * edited since, units moved); else none, not told apart.
 */
export function recordedUnitAmong<U extends UnitIdentity>(units: readonly U[], recorded: UnitIdentity): U | undefined {
  const sameContent = recorded.key === undefined ? [] : units.filter((unit) => unit.key === recorded.key);
  if (sameContent.length === 1) return sameContent[0];
  const atPlace = units.find((unit) => unit.place === recorded.place && unit.name === recorded.name);
  if (atPlace) return atPlace;
  const named = units.filter((unit) => unit.name === recorded.name);
  return named.length === 1 ? named[0] : undefined;
}

/** UNIT's identity as a record keeps it. */
export const identityOf = (unit: Unit): UnitIdentity & { unit: Unit } => {
  const key = unitContentKey(unit);
  return { unit, place: unitPlace(unit.id), name: reportedName(unit), ...(key ? { key } : {}) };
};
