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
 * What a unit says, hashed, not where it stands nor the " (2)" its name gets when another of
 * its document shares it: a scenario's requirement, heading, condition, steps and blocks; a
 * Lisp block's code (and the Input it answers); a FiveAM test's or verify- function's name
 * (one name is one definition in a document). It tells apart two units of one name wherever
 * either moves, and finds a unit again after edits elsewhere in its document.
 */
export function unitContentKey(unit: Unit): string | undefined {
  const said = contentOf(unit);
  return said === undefined ? undefined : createHash('sha256').update(JSON.stringify(said)).digest('hex').slice(0, 16);
}

function contentOf(unit: Unit): unknown {
  switch (unit.kind) {
    case 'scenario': {
      const steps = unit.steps.map((step) => [step.keyword, step.text, step.argument?.kind === 'doc-string' ? step.argument.text : (step.argument?.rows ?? null)]);
      return [unit.requirement, unit.headingPath.at(-1) ?? '', unit.condition, steps, unit.configs.map((block) => [block.lang, block.text])];
    }
    // Lines blanked around the code (definitions kept apart) and indentation say nothing of it.
    case 'lisp-block':
      return [unit.kind, codeWords(unit.code.text), codeWords(unit.input?.text ?? '')];
    case 'fiveam-test':
      return [unit.kind, unit.testName.toLowerCase(), unit.dialect ?? '', unit.feature ?? ''];
    case 'verify-function':
      return [unit.kind, unit.functionName.toLowerCase()];
    default:
      return undefined;
  }
}

const codeWords = (text: string): string => text.trim().split(/\s+/).join(' ');

/** A unit as a record knows it: its place in its document, its reported name and its content key. */
export interface UnitIdentity {
  place: string;
  name: string;
  key?: string;
}

/**
 * Which of UNITS (of one document) RECORDED stands for: the one of its content key; else
 * the one at its place that still has its name; else the one of its name (the document
 * edited since, units moved); else none, not told apart. A name that only numbers a unit
 * among others of its name ("Checks", "Checks (2)"), or by its block ("block 3"), tells
 * nothing once the content it was recorded with is gone: edits before it give that name to
 * another unit, so it finds none, unless BYNUMBEREDNAME (a unit that ran settles the failure
 * of its name where the whole document ran, the unit edited since among them).
 */
export function recordedUnitAmong<U extends UnitIdentity>(units: readonly U[], recorded: UnitIdentity, { byNumberedName = false } = {}): U | undefined {
  const sameContent = recorded.key === undefined ? [] : units.filter((unit) => unit.key === recorded.key);
  if (sameContent.length === 1) return sameContent[0];
  if (!byNumberedName && recorded.key !== undefined && sameContent.length === 0 && namesByPosition(recorded.name, units)) return undefined;
  const atPlace = units.find((unit) => unit.place === recorded.place && unit.name === recorded.name);
  if (atPlace) return atPlace;
  const named = units.filter((unit) => unit.name === recorded.name);
  return named.length === 1 ? named[0] : undefined;
}

/** Whether NAME numbers a unit among UNITS of its name (" (2)", naming.ts), or names a block by its number. */
function namesByPosition(name: string, units: readonly UnitIdentity[]): boolean {
  return / \(\d+\)$|^block \d+$/.test(name) || units.some((unit) => unit.name.startsWith(`${name} (`) && / \(\d+\)$/.test(unit.name));
}

/** UNIT's identity as a record keeps it. */
export const identityOf = (unit: Unit): UnitIdentity & { unit: Unit } => {
  const key = unitContentKey(unit);
  return { unit, place: unitPlace(unit.id), name: reportedName(unit), ...(key ? { key } : {}) };
};
