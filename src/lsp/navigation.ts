// What stands under the cursor, where it is defined, and what to show of it: a step
// and the definitions that bind it; a Lisp name and its definition (in the document, a
// sibling document, or the vocabulary); a unit and its result in the last run.
import { resolve } from 'node:path';
import { MarkupKind, type Hover, type Location, type Position } from 'vscode-languageserver';
import type { ScenarioStep, ScenarioUnit, Unit } from '../model/plan.js';
import { shownPath, type StepMatch } from '../run/scenario/library.js';
import { stepBinding, type StepBinding } from '../run/scenario/listing.js';
import { keyedSteps } from '../translate/step-keyword.js';
import { asIdentity, isFailureOfTheRun, readRunRecord, unfinishedRun, DEFAULT_RECORD_PATH, type RecordedUnit } from '../run/run-record.js';
import { documentKey, identityOf, recordedUnitAmong } from '../run/unit-identity.js';
import { LISP_LANGUAGES } from '../translate/rules/lisp-code.js';
import { unqualified } from '../translate/lisp-forms.js';
import { documentDefinitions } from './completion.js';
import { describeTally } from '../model/events.js';
import { unitFingerprint } from '../run/scenario/fingerprint.js';
import { lispDefinitions, type LispDefinition } from './lisp-definitions.js';
import { inLispFence, pathToUri, symbolAt } from './positions.js';
import type { Project, Reading } from './project.js';
import { usage } from './vocabulary.js';

/** The step at LINE, with what binds it as a run binds it (--list shows the same). */
function stepAt(reading: Reading, line: number): ({ unit: ScenarioUnit; step: ScenarioStep } & StepBinding) | null {
  for (const { unit, step, keyword } of keyedSteps(reading.plan.units)) if (step.line === line) return { unit, step, ...stepBinding(reading.library, unit, step, keyword) };
  return null;
}

/** The unit that LINE introduces: its first line, its block's opening fence, or the heading it stands under. */
export function unitAt(reading: Reading, line: number): Unit | null {
  const headingLine = (unit: Unit) =>
    reading.doc.sections.filter((section) => section.line <= unit.line && section.heading === unit.headingPath.at(-1)).at(-1)?.line;
  return (
    reading.plan.units.find((unit) => unit.line === line) ??
    reading.plan.units.find((unit) => 'code' in unit && unit.code.line - 1 === line) ??
    reading.plan.units.find((unit) => headingLine(unit) === line) ??
    null
  );
}

const at = (file: string, line: number, column = 1): Location => ({
  uri: pathToUri(file),
  range: { start: { line: line - 1, character: column - 1 }, end: { line: line - 1, character: column - 1 } },
});

/** Where NAME is defined: this document first, then the project's other documents, then the vocabulary's source. */
function lispDefinitionOf(project: Project, reading: Reading, name: string): LispDefinition | null {
  const own = documentDefinitions(reading).find((d) => d.name === name);
  if (own) return own;
  for (const plan of project.siblingPlans(reading.path)) {
    const code = [...plan.definitions, ...plan.units.flatMap((unit) => (unit.kind === 'lisp-block' ? [unit.code] : []))].filter((ref) => ref.lang !== null && LISP_LANGUAGES.has(ref.lang));
    const found = code.flatMap((ref) => lispDefinitions(ref.text, resolve(project.root, plan.file), ref.line)).find((d) => d.name === name);
    if (found) return found;
  }
  return project.vocabulary.definition(name);
}

function lispNameAt(lines: string[], position: Position): string | null {
  if (!inLispFence(lines, position.line + 1)) return null;
  const symbol = symbolAt(lines[position.line] ?? '', position);
  return symbol ? unqualified(symbol.name.toLowerCase()) : null;
}

export function definition(project: Project, reading: Reading, lines: string[], position: Position): Location[] {
  const step = stepAt(reading, position.line + 1);
  // A step the interpreter reads has no definition written to go to: hover says how it is read.
  if (step) return step.matches.filter((m) => !m.step.interpretation).map((m) => at(m.step.file, m.step.line));
  const name = lispNameAt(lines, position);
  const found = name === null ? null : lispDefinitionOf(project, reading, name);
  return found ? [at(resolve(project.root, found.file), found.line, found.column)] : [];
}

const bound = (m: StepMatch) => `\`${m.step.keyword}(${m.step.builtin ? 'built-in ' : ''}'${m.step.source}')\` at ${shownPath(m.step.file)}:${m.step.line}`;

function stepHover({ step, matches, unread, shown }: StepBinding & { step: ScenarioStep }): string {
  if (matches.length === 0) return `**Undefined step**: no definition matches \`${step.text}\`${unread ? `; ${unread}` : ''}; the quick fix writes one.`;
  if (matches.length === 1 && matches[0].step.interpretation) return `Read by the executor interpreter, as \`--list\` shows it: ${shown}`;
  if (matches.length === 1) return `Bound to ${bound(matches[0])}`;
  return [`**Ambiguous step**: ${matches.length} definitions match it, so it runs none:`, '', ...matches.map((m) => `- ${bound(m)}`)].join('\n');
}

/** What the editor's runs of a unit said of it, while its document is unchanged. */
export interface RanHere {
  /** Its failing checks. */
  failures: string[];
  /** How it ended ("checked nothing: 0 passed, … (pending step (line 9))"); null when no run from the editor started it. */
  told: string | null;
}

/**
 * The unit's result in the last run's record (.spec-run/last-run.json, or the configured one); where it holds no failure of the unit, what the editor's runs said (RAN HERE) comes first.
 * A recorded result is told only while the unit's text and the code it runs are those it ran as (its fingerprint): else it is unknown, never an old green.
 */
function unitResult(project: Project, reading: Reading, unit: Unit, { failures: ranHere, told }: RanHere): string {
  const failedHere = `**Failed** (run from the editor${told === null ? '' : `, it ${told}`}): ${ranHere.join('; ')}`;
  // A unit run from the editor that neither passed nor failed (pending, skipped) is in no list of the record, yet it ran.
  const toldHere = told === null ? null : `Ran from the editor, and ${told}.`;
  let record;
  const recordPath = resolve(project.config.directory, project.config.lastRun ?? DEFAULT_RECORD_PATH);
  try {
    record = readRunRecord(recordPath);
  } catch (error) {
    return `The last run's record cannot be read: ${(error as Error).message}`;
  }
  if (record === null) return ranHere.length > 0 ? failedHere : (toldHere ?? 'No run recorded yet (`.spec-run/last-run.json` appears after a run).');
  const unfinished = unfinishedRun(record, recordPath);
  if (unfinished !== null) return ranHere.length > 0 ? failedHere : (toldHere ?? `Unknown: ${unfinished}.`);
  const document = documentKey(resolve(project.root, reading.plan.file), project.config.directory);
  // This unit, never another that stands at its place now (the document edited since): the entry that stands for it
  // among the document's units, as a run reruns and settles a failure (recordedUnitAmong).
  const units = reading.plan.units.map(identityOf);
  const recorded = [...record.failures, ...(record.passed ?? []), ...(record.leftUndone ?? [])].find((entry) => entry.file === document && recordedUnitAmong(units, asIdentity(entry))?.unit.id === unit.id);
  const isThis = (candidate: RecordedUnit) => candidate === recorded;
  const failure = record.failures.find(isThis);
  const undone = record.leftUndone?.find(isThis);
  const when = `last run, ${record.finishedAt}`;
  if (recorded && recorded.ran !== unitFingerprint(reading.plan, unit, reading.library) && ranHere.length === 0 && told === null) {
    const then = failure ? 'failed' : undone ? describeTally(undone).split(':')[0] : 'passed';
    const why = recorded.ran === undefined ? 'the record (of an older spec-run) does not say what it ran, so it may not describe this text' : 'the unit, or the code it runs with (its steps files, the modules they import, or its Lisp), changed since';
    return `**Result unknown**: ${why}. The last run (${record.finishedAt}) ${then} on what it was then; run it again.`;
  }
  if (failure) return `**Failed** (${when})${failure.check ? `: ${failure.check.message}${failure.check.line ? ` (line ${failure.check.line})` : ''}` : ''}`;
  // A failure of the whole document (a steps file that did not load, a problem of the document) is every unit's.
  const ofDocument = record.failures.find((f) => f.file === document && !/^#\d+$/.test(f.unit));
  // A failure of the run itself kept at the document (it checked nothing) says less of this unit than the editor's own run of it.
  if (ofDocument && !(toldHere !== null && isFailureOfTheRun(ofDocument.unit))) return `**Failed** with its document (${when}): ${ofDocument.check?.message ?? ofDocument.name}`;
  if (ranHere.length > 0) return failedHere;
  // Only a unit recorded as passed is said to have passed: one added since, left out by a selection, skipped or cut short has no result.
  if (record.passed?.some(isThis)) return `Passed (${when}).`;
  // It ran to its end without failing, yet left something undone: how it ended is what the team needs to see.
  if (undone) return toldHere ?? `${sentence(describeTally(undone))} (${when}).`;
  return toldHere ?? `Not run in the recorded runs (${when}): no result for it.`;
}

const sentence = (text: string) => text[0].toUpperCase() + text.slice(1);

/**
 * RAN HERE: the failures the last run of a unit started from the editor marked, when that
 * run is newer than the record can say (a run ended by the watchdog writes no record).
 */
export function hover(project: Project, reading: Reading, lines: string[], position: Position, ranHere: (unit: Unit) => RanHere = () => ({ failures: [], told: null })): Hover | null {
  const markdown = (value: string): Hover => ({ contents: { kind: MarkupKind.Markdown, value } });
  const step = stepAt(reading, position.line + 1);
  if (step) return markdown(stepHover(step));
  const name = lispNameAt(lines, position);
  if (name !== null) {
    const entry = project.vocabulary.entries.get(name) ?? documentDefinitions(reading).find((d) => d.name === name);
    if (!entry) return null;
    return markdown(['```lisp', usage(entry), '```', '', `*${entry.kind}*${entry.documentation ? `: ${entry.documentation}` : ''}`].join('\n'));
  }
  const unit = unitAt(reading, position.line + 1);
  return unit ? markdown(`**${unit.name}** (${unit.kind})\n\n${unitResult(project, reading, unit, ranHere(unit))}`) : null;
}
