// CodeRefs: the code of a block, whole or with some top-level forms blanked out.
import type { CodeBlock } from '../model/document.js';
import type { CodeRef } from '../model/plan.js';

export function codeRef(file: string, block: CodeBlock, text = block.text): CodeRef {
  return { file, line: block.textLine, ...(block.textColumns.some((column) => column !== 1) ? { columns: block.textColumns } : {}), text, lang: block.lang, headingPath: block.headingPath, blockIndex: block.index };
}

/**
 * The text with the given spans replaced by spaces, newlines kept, so that every remaining
 * form stays on its line and column and error positions still point into the markdown.
 */
export function blankSpans(text: string, spans: { start: number; end: number }[]): string {
  let result = text;
  for (const { start, end } of spans) {
    result = result.slice(0, start) + result.slice(start, end).replace(/[^\n]/g, ' ') + result.slice(end);
  }
  return result;
}
