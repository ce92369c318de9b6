// The document model: what the parse stage knows about one markdown file.
// Plain data only: no knowledge of Lisp, commands or tests.

/** A problem found in the input, pointing at a place in a file (1-based). */
export interface Diagnostic {
  file: string;
  line: number;
  column?: number;
  message: string;
  severity: 'error' | 'warning';
}

export interface Heading {
  depth: number;
  text: string;
  line: number;
  children: Heading[];
}

export interface CodeBlock {
  /** Position of the block among the document's code blocks, from 0. */
  index: number;
  /** First word of the fence's info string, lower-cased; null when the fence has none. */
  lang: string | null;
  /** The rest of the info string. */
  meta: string | null;
  /** The code, with the indentation of an enclosing list item removed. */
  text: string;
  /** Line of the opening fence. */
  line: number;
  /** Line in the markdown file of the first line of `text`. */
  textLine: number;
  /**
   * For each line of `text`, the column in the markdown file of its first column: past what a
   * list item or a quote puts before it (a tab they split stands in `text` as spaces).
   */
  textColumns: number[];
  /** Texts of the enclosing headings, outermost first. */
  headingPath: string[];
  /** The paragraph just before the block inside the same section ("Input:", "Implementation Requirements:"), if any. */
  label: string | null;
  /** True when the block sits inside a list item (the numbered steps of a verification approach). */
  inListItem: boolean;
}

export interface Paragraph {
  text: string;
  /** The text as written (writtenText): steps written as paragraph lines, their keywords' bold marks and every other mark as their writer typed them. */
  written: string;
  line: number;
  /** Its inline code spans (`sleep 30`), which the plain text no longer marks. */
  code?: string[];
}

export interface ListItem {
  /** Plain text of the item (inline markup removed, except `**bold**` markers are kept as in the source). */
  text: string;
  /** The item's text as written (writtenText): what a step's definition matches, its emphasis and links kept. */
  written: string;
  line: number;
  /** Number of an ordered item ("3." gives 3); null in a bullet list. */
  number: number | null;
  /** Its inline code spans, which the plain text no longer marks. */
  code?: string[];
  /** A fenced block or a table inside the item, after its text (the first one): a step's doc string or data table. */
  argument?: ItemArgument;
  /** The lines of the fenced blocks and tables inside the item after its argument: a step takes one. */
  moreArguments?: number[];
  /** The items of the lists nested in it, at every depth, text as in `text`: a step written under a note would not run. */
  nestedItems?: NestedItem[];
}

/** An item of a list nested in a list item: DEPTH 1 right below it (a row of a step's data table), 2 below that, and so on. */
export interface NestedItem {
  text: string;
  line: number;
  depth: number;
}

export type ItemArgument =
  | { kind: 'doc-string'; text: string; lang: string | null; line: number }
  /** ROW LINES: the line of each row, of a table written as one (sub-bullets are rows of one cell each, never uneven). */
  | { kind: 'data-table'; rows: string[][]; rowLines?: number[]; line: number };

/** Content between a heading and the next heading of any depth. */
export interface Section {
  heading: string;
  /**
   * The heading's line as written, from the line's start (a setext heading's lines): OpenSpec
   * reads names off it, inline marks and a closing `#` run kept, where HEADING is markdown's
   * rendering. Empty for the content before the first heading.
   */
  written: string;
  depth: number;
  line: number;
  headingPath: string[];
  /** Paragraphs, lists and code blocks in the order they stand. */
  content: SectionContent[];
}

export type SectionContent =
  | { type: 'paragraph'; paragraph: Paragraph }
  | { type: 'list'; ordered: boolean; items: ListItem[]; line: number }
  | { type: 'code'; block: CodeBlock }
  /** A GFM table outside list items (a scenario outline's Examples): its cells' text, the header row first, and each row's line. */
  | { type: 'table'; rows: string[][]; rowLines: number[]; line: number };

export interface SpecDocument {
  /** Path as given or found (relative paths stay relative). */
  path: string;
  /** Frontmatter fields, or the bold `**Key:** value` lines of an OpenSpec-style document (keys lower-cased). */
  metadata: Record<string, unknown>;
  /** The line of each frontmatter key, where there is frontmatter. */
  metadataLines?: Record<string, number>;
  /** Where the metadata came from; 'unreadable-frontmatter': there is frontmatter, but a problem says why it cannot be read. */
  metadataSource: 'frontmatter' | 'unreadable-frontmatter' | 'bold-lines' | 'none';
  /** Text of the first depth-1 heading. */
  title: string | null;
  headings: Heading[];
  sections: Section[];
  codeBlocks: CodeBlock[];
  /** The text as read (line feeds as markdown reads them), where there was one: what OpenSpec compares requirement blocks by. */
  text?: string;
  /** Problems of the input itself: bad bytes, broken frontmatter, an unterminated fence, emptiness. */
  problems: Diagnostic[];
}
