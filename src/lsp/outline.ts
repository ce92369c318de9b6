// The document as an outline (requirements, and the scenarios and units verifying
// them) and the code lenses that run a unit or the whole document.
import { SymbolKind, type CodeLens, type DocumentSymbol, type Range } from 'vscode-languageserver';
import type { Unit, UnitKind } from '../model/plan.js';
import type { Reading } from './project.js';
import { unitTextKey } from '../run/unit-fingerprint.js';

const UNIT_SYMBOL: Record<UnitKind, SymbolKind> = {
  scenario: SymbolKind.Event,
  'fiveam-test': SymbolKind.Function,
  'verify-function': SymbolKind.Function,
  'lisp-block': SymbolKind.Method,
  'json-input': SymbolKind.Interface,
};

const UNIT_DETAIL: Record<UnitKind, string> = {
  scenario: 'scenario',
  'fiveam-test': 'FiveAM test',
  'verify-function': 'verification function',
  'lisp-block': 'Lisp block',
  'json-input': 'Input/Expected pair',
};

export const RUN_UNIT_COMMAND = 'spec-run.runUnit';

/** What a "run this unit" lens names its unit by, beside its line: an editor may keep a lens shown after the document changed. */
export interface LensUnit {
  name: string;
  /** The unit's text (unitTextKey): an edit of the unit changes it. */
  text: string;
}

export const lensUnit = (unit: Unit): LensUnit => ({ name: unit.name, text: unitTextKey(unit) });

/**
 * The unit of READING a lens made for line LINE, naming UNIT, stands for: the one at that line if it is still
 * that unit, else the one unit of that name and text (it moved); null when it changed or is gone.
 */
export function unitOfLens(reading: Reading, line: number, unit: LensUnit): Unit | null {
  const same = (candidate: Unit) => candidate.name === unit.name && unitTextKey(candidate) === unit.text;
  const atLine = reading.plan.units.find((candidate) => candidate.line === line);
  if (atLine && same(atLine)) return atLine;
  const moved = reading.plan.units.filter(same);
  return moved.length === 1 ? moved[0] : null;
}

/** What the lenses of READING stand for: when it changes, a client showing them is asked to refresh them. */
export const lensesShown = (reading: Reading): string => JSON.stringify(reading.plan.units.map((unit) => [unit.line, unitTextKey(unit)]));
export const RUN_DOCUMENT_COMMAND = 'spec-run.runDocument';

/** Lines FROM to TO (1-based, inclusive), as a range. */
const span = (lines: string[], from: number, to: number): Range => ({ start: { line: from - 1, character: 0 }, end: { line: to - 1, character: (lines[to - 1] ?? '').length } });

export function documentSymbols(reading: Reading, lines: string[]): DocumentSymbol[] {
  const { plan } = reading;
  const last = lines.length;
  const starts = [...plan.units.map((u) => u.line), ...(plan.requirements ?? []).map((r) => r.line)].sort((a, b) => a - b);
  /** A symbol runs to the line before the next one starts (or to the end of its container). */
  const endOf = (line: number, limit = last) => Math.min(limit, (starts.find((s) => s > line) ?? last + 1) - 1);
  const unitSymbol = (unit: Unit, limit?: number): DocumentSymbol => ({
    name: unit.name,
    detail: UNIT_DETAIL[unit.kind],
    kind: UNIT_SYMBOL[unit.kind],
    range: span(lines, unit.line, Math.max(unit.line, endOf(unit.line, limit))),
    selectionRange: span(lines, unit.line, unit.line),
  });
  const placed = new Set<string>();
  const requirements = (plan.requirements ?? []).map((requirement, i, all): DocumentSymbol => {
    const next = all.slice(i + 1).find((r) => r.line > requirement.line)?.line;
    const limit = requirement.origin === 'requirement-heading' ? (next ?? last + 1) - 1 : last;
    const units = plan.units.filter((unit) => unit.requirements?.includes(requirement.id));
    for (const unit of units) placed.add(unit.id);
    return {
      name: requirement.name,
      detail: requirement.origin === 'requirement-heading' ? 'requirement' : `requirement (frontmatter ${requirement.origin === 'frontmatter-source' ? 'source' : 'covers'})`,
      kind: SymbolKind.Class,
      range: span(lines, requirement.line, Math.max(requirement.line, limit)),
      selectionRange: span(lines, requirement.line, requirement.line),
      // A child lies inside its parent: units of a frontmatter requirement stand anywhere in the document.
      children: units.map((unit) => unitSymbol(unit, limit)),
    };
  });
  return [...requirements, ...plan.units.filter((unit) => !placed.has(unit.id)).map((unit) => unitSymbol(unit))].sort((a, b) => a.range.start.line - b.range.start.line);
}

export function codeLenses(reading: Reading, uri: string): CodeLens[] {
  if (reading.plan.units.length === 0) return [];
  const lens = (line: number, title: string, command: string, args: unknown[]): CodeLens => ({
    range: { start: { line: line - 1, character: 0 }, end: { line: line - 1, character: 0 } },
    command: { title, command, arguments: args },
  });
  return [
    lens(1, `▶ run this document (${reading.plan.units.length} units)`, RUN_DOCUMENT_COMMAND, [uri]),
    ...reading.plan.units.map((unit) => lens(unit.line, `▶ run this unit`, RUN_UNIT_COMMAND, [uri, unit.line, lensUnit(unit)])),
  ];
}
