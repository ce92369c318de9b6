// Completion where a verification document has a vocabulary: in a step, the step
// definitions the document sees (placeholders as snippet tab-stops); in a Lisp block,
// the test vocabulary and the document's own definitions; in the frontmatter, its keys
// and the values of `type`.
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem, type Position, type Range } from 'vscode-languageserver';
import { FRONTMATTER_FIELDS } from '../check/index.js';
import { LISP_DOCUMENT_TYPES } from '../translate/family.js';
import { shownPath } from '../run/scenario/library.js';
import { LISP_LANGUAGES } from '../translate/rules/lisp-code.js';
import { lispDefinitions, type LispDefinition } from './lisp-definitions.js';
import { inFrontmatter, inLispFence } from './positions.js';
import type { Reading } from './project.js';
import { usage, type Vocabulary, type VocabularyEntry } from './vocabulary.js';

/** What precedes a step's text on its line: a list marker (or none) and a Given/When/Then/And/But keyword, bold (`**` or `__`, as the translation reads it) or upper case. */
export const STEP_PREFIX = /^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:(?:\*\*|__)(?:given|when|then|and|but):?(?:\*\*|__):?|(?:Given|When|Then|And|But|GIVEN|WHEN|THEN|AND|BUT):?)\s+/i;

/**
 * A cucumber expression as a snippet: `{int}` and the other parameters become tab-stops
 * (`{string}` inside its quotes), an alternation `a/b` a choice, optional text is left out.
 */
export function expressionSnippet(expression: string): string {
  let stop = 0;
  const escape = (text: string) => text.replace(/[$}\\]/g, '\\$&');
  return expression
    .replace(/`/g, '')
    .split(/(\\.|\{[^}]*\}|\([^)]*\)|\S*[^\s\\]\/\S+)/)
    .map((part) => {
      if (part.startsWith('\\')) return escape(part.slice(1));
      if (/^\{[^}]*\}$/.test(part)) {
        const name = part.slice(1, -1) || 'value';
        stop += 1;
        return name === 'string' ? `"\${${stop}:text}"` : `\${${stop}:${name}}`;
      }
      if (/^\([^)]*\)$/.test(part)) return '';
      if (/\//.test(part) && !/\s/.test(part)) {
        stop += 1;
        return `\${${stop}|${part.split('/').map((choice) => choice.replace(/[,|\\]/g, '\\$&')).join(',')}|}`;
      }
      return escape(part);
    })
    .join('');
}

function stepItems(reading: Reading, replace: Range): CompletionItem[] {
  return reading.library.steps
    // A regular expression is no text to insert.
    .filter((step) => !step.source.startsWith('/'))
    .map((step) => ({
      label: step.source,
      kind: CompletionItemKind.Snippet,
      detail: `${step.keyword}: ${shownPath(step.file)}:${step.line}${step.builtin ? ' (built-in)' : ''}`,
      filterText: step.source,
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range: replace, newText: expressionSnippet(step.source) },
    }));
}

const ITEM_KIND: Record<string, CompletionItemKind> = { function: CompletionItemKind.Function, generic: CompletionItemKind.Function, macro: CompletionItemKind.Keyword, variable: CompletionItemKind.Variable };

function lispItem(entry: VocabularyEntry | LispDefinition, replace: Range, where: string): CompletionItem {
  return {
    label: entry.name,
    kind: ITEM_KIND[entry.kind] ?? CompletionItemKind.Text,
    detail: usage(entry),
    documentation: { kind: MarkupKind.Markdown, value: `${entry.documentation ?? `*${entry.kind}*`}\n\n${where}` },
    textEdit: { range: replace, newText: entry.name },
  };
}

/** The definitions made by the document's own Lisp blocks. */
export function documentDefinitions(reading: Reading): LispDefinition[] {
  return reading.doc.codeBlocks.filter((block) => block.lang !== null && LISP_LANGUAGES.has(block.lang)).flatMap((block) => lispDefinitions(block.text, reading.path, block.textLine));
}

/**
 * The completions at POSITION of the text LINES. READING may be of an earlier version of
 * the text (the last one read): where the cursor stands is judged from LINES alone.
 */
export function completions(reading: Reading, lines: string[], position: Position, vocabulary: Vocabulary): CompletionItem[] {
  const line = lines[position.line] ?? '';
  const before = line.slice(0, position.character);
  if (inFrontmatter(lines, position.line + 1)) {
    const key = /^\s*([\w-]+)\s*:\s*\S*$/.exec(before)?.[1];
    if (key === undefined) {
      return [...FRONTMATTER_FIELDS].map((field) => ({ label: field, kind: CompletionItemKind.Property, insertText: `${field}: ` }));
    }
    return key === 'type' ? LISP_DOCUMENT_TYPES.map((value) => ({ label: value, kind: CompletionItemKind.EnumMember })) : [];
  }
  if (inLispFence(lines, position.line + 1)) {
    const prefix = /[^\s()'"`;,]*$/.exec(before)![0];
    const replace: Range = { start: { line: position.line, character: position.character - prefix.length }, end: position };
    const own = documentDefinitions(reading);
    const ownNames = new Set(own.map((d) => d.name));
    return [
      ...own.map((definition) => lispItem(definition, replace, `defined in this document, line ${definition.line}`)),
      ...[...vocabulary.entries.values()].filter((entry) => !ownNames.has(entry.name)).map((entry) => lispItem(entry, replace, 'spec-run test vocabulary')),
    ];
  }
  const step = STEP_PREFIX.exec(line);
  if (step && position.character >= step[0].length) {
    return stepItems(reading, { start: { line: position.line, character: step[0].length }, end: { line: position.line, character: line.length } });
  }
  return [];
}
