// A table goes on across blank lines and commented-out rows, as Gherkin reads one (cucumber's
// own test data: rows, a blank line, `# a comment`, more rows, all one table). Markdown ends a
// table at a blank line, a `# | row |` line (a heading to it) or an `<!-- | row | -->` line,
// and reads the rows after it as a paragraph: an Examples row or a data-table row pasted with
// a blank line above it, or below a row commented out, was silently no row at all. Here such
// rows are joined to the table above them, each cell at its place in the source, and the
// commented-out rows are dropped as the comments they are. A table written without outer
// pipes (GFM's `n | r`) goes on with rows written the same way: each line holding a pipe.
import type { Heading, Nodes, Paragraph, Parents, Root, RootContent, Table, TableRow } from 'mdast';

/** A line that is a table row as Gherkin writes one: it starts and ends with a pipe. */
export const ROW_LINE = /^\|.*\|$/;
/** A line that is a row of a table written without outer pipes: it holds a pipe not escaped. */
const PIPELESS_ROW_LINE = /(?:^|[^\\])\|/;
/** A row commented out the Gherkin way (`# | pear | 2 |`), which markdown reads as a heading. */
const COMMENTED_ROW = /^#{1,6}[ \t]+\|.*\|$/;
/** An HTML block that is a comment and nothing else (`<!-- | pear | 2 | -->`). */
export const HTML_COMMENT = /^<!--[\s\S]*-->$/;

/** TREE with every table's rows after blank lines and commented-out rows joined to it, in every container. */
export function continueTables(tree: Root, source: string, parse: (text: string) => Root): Root {
  joinRows(tree, source, parse);
  return tree;
}

function joinRows(parent: Parents, source: string, parse: (text: string) => Root): void {
  const kept: RootContent[] = [];
  /** The table the nodes read so far continue: one right above, or above only comments. */
  let open: Table | null = null;
  for (const node of parent.children as RootContent[]) {
    if ('children' in node && node.type !== 'table') joinRows(node as Parents, source, parse);
    if (open && isCommentedRow(node, source)) continue;
    const rows = open && node.type === 'paragraph' ? rowLines(node, source, writtenPipeless(open, source)) : null;
    if (open && rows !== null) {
      open.children.push(...rows.map((line) => tableRow(line, source, parse)));
      open.position!.end = { ...node.position!.end };
      continue;
    }
    if (!(node.type === 'html' && HTML_COMMENT.test(node.value.trim()))) open = node.type === 'table' ? node : null;
    kept.push(node);
  }
  (parent.children as RootContent[]).splice(0, parent.children.length, ...kept);
}

/** The source of NODE as written, its container's prefixes (indentation, `>`) left in. */
const written = (node: Nodes, source: string) => source.slice(node.position!.start.offset!, node.position!.end.offset!);

/** Whether TABLE is written without outer pipes (`n | r`): its rows after a blank line may be too. */
const writtenPipeless = (table: Table, source: string) => source[table.position!.start.offset!] !== '|';

/** Whether NODE is a row commented out: `# | pear | 2 |` (a heading to markdown) or `<!-- | pear | 2 | -->`. */
function isCommentedRow(node: RootContent, source: string): boolean {
  if (node.type === 'html') return HTML_COMMENT.test(node.value.trim());
  return node.type === 'heading' && COMMENTED_ROW.test(written(node as Heading, source).trim());
}

/**
 * The lines of a paragraph that is rows only (each `| ... |`, or under a table written
 * without outer pipes, each holding a pipe), with the offset each starts at; null for any
 * other paragraph. A row of another width is kept, for the translation to say at its line.
 */
function rowLines(paragraph: Paragraph, source: string, pipeless: boolean): { text: string; offset: number; line: number }[] | null {
  const start = paragraph.position!.start;
  const lines: { text: string; offset: number; line: number }[] = [];
  let offset = start.offset!;
  for (const [i, raw] of written(paragraph, source).split('\n').entries()) {
    // Lines after the first keep their container's prefix (indentation, `>`): the row starts after it.
    const lead = i === 0 ? 0 : raw.search(/[^ \t>]/);
    const text = raw.slice(Math.max(lead, 0)).trimEnd();
    if (lead < 0 || !(ROW_LINE.test(text) || (pipeless && PIPELESS_ROW_LINE.test(text)))) return null;
    lines.push({ text, offset: offset + lead, line: start.line + i });
    offset += raw.length + 1;
  }
  return lines;
}

/** The table row LINE writes, read by the same parser as the document, its cells at their places in SOURCE. */
function tableRow(line: { text: string; offset: number; line: number }, source: string, parse: (text: string) => Root): TableRow {
  // Under a one-column header, a row keeps every cell it writes (GFM pads or cuts none in the tree).
  const prefix = '|x|\n|-|\n';
  const table = parse(`${prefix}${line.text}`).children[0] as Table;
  const row = table.children[1];
  const shift = line.offset - prefix.length;
  /** How far into its source line the row starts: what each column moves by. */
  const indent = line.offset - source.lastIndexOf('\n', line.offset - 1) - 1;
  const place = (node: Nodes) => {
    if (node.position) {
      const { start, end } = node.position;
      node.position = {
        start: { line: line.line, column: start.column + indent, offset: start.offset! + shift },
        end: { line: line.line, column: end.column + indent, offset: end.offset! + shift },
      };
    }
    if ('children' in node) for (const child of node.children) place(child as Nodes);
  };
  place(row);
  return row;
}
