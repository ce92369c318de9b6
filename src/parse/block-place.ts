// Where the text of a code block stands in its markdown document, line by line: a block
// inside a list item or a quote has its lines start past their containers' prefixes, so a
// place the block's own parser gives (YAML's, JSON's, the executor's loader) is moved there.

/** Where a block's text stands in its document. */
export interface BlockPlace {
  /** Line in the document of the text's first line. */
  line: number;
  /** For each line of the text, the document's column of its first column; all 1 when absent. */
  columns?: readonly number[];
}

/** The document's line and column of column COLUMN of line LINE (both from 1) of the text placed AT. */
export function placeInDocument(at: BlockPlace, line: number, column: number): { line: number; column: number } {
  // Inside the indentation of a line whose tab a container split, the column may fall before the line.
  return { line: at.line + line - 1, column: Math.max(1, (at.columns?.[line - 1] ?? 1) + column - 1) };
}
