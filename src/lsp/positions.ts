// Between spec-run's places (1-based line and column of a file) and the protocol's
// (0-based positions in a document named by URI).
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Diagnostic, Position, Range } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import type { CheckMessage } from '../check/index.js';
import { LISP_LANGUAGES } from '../translate/rules/lisp-code.js';

export const uriToPath = (uri: string): string => fileURLToPath(uri);
export const pathToUri = (path: string): string => pathToFileURL(path).href;

/** Characters of a Lisp symbol (what the reader would take into one token). */
const SYMBOL_CHAR = /[^\s()'"`;,]/;

/**
 * The range of the symbol at LINE:COLUMN (1-based), or of the rest of the line when none starts
 * there (or COLUMN is the first). It starts at COLUMN itself, whitespace too: a tab that is an
 * error is at column 1, where check places it, and the editor must say the same place.
 */
export function rangeAt(lines: string[], line: number, column: number): Range {
  const text = lines[line - 1] ?? '';
  const start = Math.max(0, Math.min(column - 1, text.length));
  let end = start;
  while (end < text.length && SYMBOL_CHAR.test(text[end])) end++;
  if (end === start || column <= 1) end = text.trimEnd().length;
  return { start: { line: line - 1, character: start }, end: { line: line - 1, character: Math.max(end, start) } };
}

export function toDiagnostic(message: CheckMessage, lines: string[], source = 'spec-run'): Diagnostic {
  return {
    range: rangeAt(lines, message.line, message.column),
    severity: message.severity === 'error' ? DiagnosticSeverity.Error : message.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
    source,
    message: message.message,
  };
}

/** The symbol around POSITION in LINETEXT, with its range; null when the cursor is on none. */
export function symbolAt(lineText: string, position: Position): { name: string; range: Range } | null {
  let start = position.character;
  let end = position.character;
  while (start > 0 && SYMBOL_CHAR.test(lineText[start - 1])) start--;
  while (end < lineText.length && SYMBOL_CHAR.test(lineText[end])) end++;
  if (start === end) return null;
  return { name: lineText.slice(start, end), range: { start: { line: position.line, character: start }, end: { line: position.line, character: end } } };
}

/**
 * The language of the fenced block holding LINE (1-based) of LINES, '' for a fence without
 * one, or null outside any: read from the text itself, so it is right for the text as
 * typed this instant (a completion does not wait for the document to be parsed again).
 */
export function fenceAt(lines: string[], line: number): string | null {
  let open: { marker: string; lang: string } | null = null;
  for (let i = 0; i < line - 1 && i < lines.length; i++) {
    const fence = /^\s*(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[i]);
    if (!fence) continue;
    if (open === null) open = { marker: fence[1], lang: fence[2].toLowerCase() };
    else if (fence[1][0] === open.marker[0] && fence[1].length >= open.marker.length && fence[2] === '') open = null;
  }
  return open?.lang ?? null;
}

/** Whether LINE (1-based) of LINES is Lisp code in a fenced block. */
export const inLispFence = (lines: string[], line: number): boolean => LISP_LANGUAGES.has(fenceAt(lines, line) ?? '');

/** Whether LINE (1-based) lies inside the frontmatter, between its --- lines. */
export function inFrontmatter(lines: string[], line: number): boolean {
  if (!/^---\s*$/.test(lines[0] ?? '')) return false;
  const close = lines.findIndex((text, i) => i > 0 && /^---\s*$/.test(text));
  return line > 1 && (close < 0 || line <= close);
}

export const lineRange = (line: number, text: string): Range => ({ start: { line: line - 1, character: 0 }, end: { line: line - 1, character: text.length } });
