// Builds the document model from the mdast tree: sections, headings, code blocks with
// their lines and labels, lists with item numbers.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import type { Code, List, ListItem as MdListItem, Nodes, Paragraph as MdParagraph, Root, RootContent, Table } from 'mdast';
import type {
  CodeBlock,
  Diagnostic,
  Heading,
  ItemArgument,
  ListItem,
  NestedItem,
  Section,
} from '../model/document.js';
import { inlineCode, plainText, writtenText } from './plain-text.js';
import { piecewiseTree } from './pieces.js';
import { installLinearEditMap } from './linear-edit-map.js';
import { plainTree } from './plain-tree.js';
import { continueTables, HTML_COMMENT } from './continued-tables.js';

// Before any parse: lists of items with sub-items parse in linear time (linear-edit-map.ts).
installLinearEditMap();

const commonmark = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']);
const gfm = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm);

/**
 * What every GFM construct needs in the text: a table a `|`, or a colon beside the dashes
 * of its one delimiter cell (`a` over `:-`); strikethrough a `~`; a footnote or a task
 * list item a `[`; an autolink literal an `@`, `www.`, `http://` or `https://`, which GFM
 * reads through backslash escapes too (`www\.x` and `http\://x` are links).
 */
const GFM_MARK = /[|~[@]|:[ \t]*-|-[ \t]*:|www\\?\.|https?\\?:(?:\\?\/){2}/i;

/**
 * The mdast tree of TEXT, as remark with GFM reads it. A plain text is read line by line
 * (plain-tree.ts), to the same tree. A text with no GFM_MARK gives the same tree,
 * positions and all, without GFM, which is cheaper: its autolink literals try an email
 * address at every letter and walk the whole tree again (of a run of 100 small documents,
 * a quarter of the parse).
 */
export function markdownTree(text: string): Root {
  const plain = plainTree(text);
  if (plain) return plain;
  const parse = markdownParser(text);
  const tree = text.length < PIECEWISE_CHARS ? parse(text) : piecewiseTree(text, parse, PIECE_CHARS);
  // Only GFM reads tables.
  return GFM_MARK.test(text) ? continueTables(tree, text, (piece) => gfm.parse(piece)) : tree;
}

/** The parser of TEXT's pieces: remark, with GFM where the whole text has a mark of it. */
export function markdownParser(text: string): (piece: string) => Root {
  const processor = GFM_MARK.test(text) ? gfm : commonmark;
  return (piece) => processor.parse(piece);
}

/**
 * A fence's language as written, lower-cased, with the forms other tools give the same
 * name: Pandoc's and R Markdown's `{lisp}` and `{.lisp}`, and `.lisp`.
 */
export function fenceLanguage(written: string | null | undefined): string | null {
  if (!written) return null;
  // `{.lisp .numberLines}` reaches here as `{.lisp`: its attributes are the meta.
  return written.toLowerCase().replace(/^\{\s*/, '').replace(/\s*\}$/, '').replace(/^\./, '') || null;
}

/** Documents this long or longer are parsed in pieces of at least PIECE_CHARS (pieces.ts): below, one parse holds little memory. */
const PIECEWISE_CHARS = 64 * 1024;
const PIECE_CHARS = 16 * 1024;

export interface DocumentBody {
  title: string | null;
  headings: Heading[];
  sections: Section[];
  codeBlocks: CodeBlock[];
  problems: Diagnostic[];
}

/** Walks the top-level nodes in order, keeping the current section and heading path. */
export function readBody(file: string, source: string, tree: Root): DocumentBody {
  const body: DocumentBody = { title: null, headings: [], sections: [], codeBlocks: [], problems: [] };
  const headingStack: Heading[] = [];
  let section: Section | null = null;

  const currentSection = (): Section => {
    if (!section) {
      // Content before the first heading gets a section of its own, without a heading.
      section = { heading: '', written: '', depth: 0, line: 1, headingPath: [], content: [] };
      body.sections.push(section);
    }
    return section;
  };

  const addCode = (node: Code, previous: RootContent | undefined, inListItem: boolean): void => {
    const target = currentSection();
    const block = codeBlock(file, source, node, body.codeBlocks.length, target.headingPath, previous, inListItem, body.problems);
    body.codeBlocks.push(block);
    target.content.push({ type: 'code', block });
  };

  const addList = (list: List): void => {
    const target = currentSection();
    const items: ListItem[] = list.children.map((item) => {
      const paragraphs = item.children.filter((child): child is MdParagraph => child.type === 'paragraph');
      return {
        text: itemText(item, (p) => plainText(p, true)).join('\n'),
        written: itemText(item, (p) => writtenText(p, source)).join('\n'),
        line: item.position!.start.line,
        number: list.ordered ? writtenItemNumber(source, item.position!.start.offset!) : null,
        ...codeOf(paragraphs),
        ...itemArgument(item, source),
        ...nestedItemsOf(item),
      };
    });
    target.content.push({ type: 'list', ordered: list.ordered === true, items, line: list.position!.start.line });
    // Blocks nested in items follow the list, in the order they stand.
    for (const item of list.children) walk(item.children, true);
  };

  /**
   * A list nested in a list item is that item's data (a step's sub-bullets, its data
   * table): never items of their own. Blocks inside it still count as blocks.
   */
  const walkNestedList = (list: List): void => {
    for (const item of list.children) walk(item.children, true);
  };

  const walk = (nodes: RootContent[], inListItem: boolean): void => {
    nodes.forEach((node, i) => {
      switch (node.type) {
        case 'heading': {
          const heading: Heading = { depth: node.depth, text: plainText(node).trim(), line: node.position!.start.line, children: [] };
          while (headingStack.length > 0 && headingStack[headingStack.length - 1].depth >= heading.depth) headingStack.pop();
          const parent = headingStack[headingStack.length - 1];
          (parent ? parent.children : body.headings).push(heading);
          headingStack.push(heading);
          if (heading.depth === 1 && body.title === null) body.title = heading.text;
          const { start, end } = node.position!;
          const written = source.slice(start.offset! - (start.column - 1), end.offset!);
          section = { heading: heading.text, written, depth: heading.depth, line: heading.line, headingPath: headingStack.map((h) => h.text), content: [] };
          body.sections.push(section);
          break;
        }
        case 'paragraph':
          if (!inListItem)
            currentSection().content.push({ type: 'paragraph', paragraph: { text: plainText(node).trim(), written: writtenText(node, source).trim(), line: node.position!.start.line, ...codeOf([node]) } });
          break;
        case 'code':
          addCode(node, nodes[i - 1], inListItem);
          break;
        case 'list':
          if (inListItem) walkNestedList(node);
          else addList(node);
          break;
        case 'blockquote':
        case 'footnoteDefinition':
          walk(node.children, inListItem);
          break;
        case 'table':
          if (!inListItem) currentSection().content.push({ type: 'table', ...tableRows(node, source), line: node.position!.start.line });
          break;
        default:
          // Rules, html and frontmatter carry nothing the later stages use; a block holding blocks of a kind not named
          // above holds code a reader sees rendered as code all the same: it is walked, never passed over in silence.
          if ('children' in node) walk(node.children as RootContent[], inListItem);
          break;
      }
    });
  };

  walk(tree.children, false);
  return body;
}

/** The inline code spans of NODES, when they have any. */
function codeOf(nodes: Nodes[]): { code?: string[] } {
  const code = nodes.flatMap((node) => inlineCode(node));
  return code.length > 0 ? { code } : {};
}

/**
 * The first fenced block, table or nested list in a list item, as a step's doc string or
 * data table: a nested list's items are the table's rows, one cell each (the item's text as
 * written, soft line breaks joined), as a cucumber-js DataTable whose `raw()` lists them.
 */
function itemArgument(item: MdListItem, source: string): { argument?: ItemArgument; moreArguments?: number[] } {
  const node = item.children.find((child) => child.type === 'code' || child.type === 'table' || child.type === 'list');
  // A second doc string or table would reach no definition: said, not dropped (openspec-family.ts).
  const more = node ? item.children.slice(item.children.indexOf(node) + 1).filter((child) => child.type === 'code' || child.type === 'table' || child.type === 'list') : [];
  const moreArguments = more.length ? { moreArguments: more.map((child) => child.position!.start.line) } : {};
  if (node?.type === 'code') return { argument: { kind: 'doc-string', text: node.value, lang: fenceLanguage(node.lang), line: node.position!.start.line }, ...moreArguments };
  if (node?.type === 'table') return { argument: { kind: 'data-table', ...tableRows(node, source), line: node.position!.start.line }, ...moreArguments };
  if (node?.type === 'list') {
    const rows = node.children.map((nested) => [itemText(nested, (p) => writtenText(p, source)).join(' ').replace(/\s*\n\s*/g, ' ')]);
    return { argument: { kind: 'data-table', rows, line: node.position!.start.line }, ...moreArguments };
  }
  return {};
}

/**
 * The text of a list item's paragraphs (each as TEXT renders it), and of its raw HTML blocks as written. A line that
 * is only a tag (`- <name>`, `- <title>`) or starts with a block tag (`<p>`, `<div>`) is an
 * HTML block to markdown, but in a step or a data-table row it is what the writer meant:
 * an outline's placeholder, or a value the step checks. Dropped, the row was "" and the
 * check passed over nothing. An HTML comment on lines of its own stays a comment.
 */
function itemText(item: MdListItem, text: (paragraph: MdParagraph) => string): string[] {
  return item.children.flatMap((child) => {
    if (child.type === 'paragraph') return [text(child).trim()];
    if (child.type === 'html' && !HTML_COMMENT.test(child.value.trim())) return [child.value.trim()];
    return [];
  });
}


/** The items of the lists nested in ITEM, at every depth (1: right below it), in source order, with their text as a list item's (bold markers kept). */
function nestedItemsOf(item: MdListItem): { nestedItems?: NestedItem[] } {
  const nestedItems: NestedItem[] = [];
  const visit = (parent: MdListItem, depth: number) => {
    for (const list of parent.children.filter((child): child is List => child.type === 'list')) {
      for (const nested of list.children) {
        const text = itemText(nested, (p) => plainText(p, true)).join('\n');
        nestedItems.push({ text, line: nested.position!.start.line, depth });
        visit(nested, depth + 1);
      }
    }
  };
  visit(item, 1);
  return nestedItems.length > 0 ? { nestedItems } : {};
}

/** A table's cells as written (writtenText), row by row, the header row first, and the line of each row. */
function tableRows(table: Table, source: string): { rows: string[][]; rowLines: number[] } {
  return { rows: table.children.map((row) => row.children.map((cell) => writtenText(cell, source).trim())), rowLines: table.children.map((row) => row.position!.start.line) };
}

function codeBlock(
  file: string,
  source: string,
  node: Code,
  index: number,
  headingPath: string[],
  previous: RootContent | undefined,
  inListItem: boolean,
  problems: Diagnostic[],
): CodeBlock {
  const start = node.position!.start;
  const raw = source.slice(start.offset!, node.position!.end.offset!);
  const fence = /^(`{3,}|~{3,})/.exec(raw);
  if (fence && !hasClosingFence(raw, fence[1])) {
    problems.push({
      file,
      line: start.line,
      column: start.column,
      message: `code fence ${fence[1]} opened here is never closed; the block runs to the end of its container`,
      severity: 'error',
    });
  }
  return {
    index,
    lang: fenceLanguage(node.lang),
    meta: node.meta ?? null,
    text: node.value,
    line: start.line,
    // The text of a fenced block starts on the line after its opening fence, wherever the
    // fence is indented; an indented (unfenced) block starts on its own first line.
    textLine: fence ? start.line + 1 : start.line,
    textColumns: textColumns(source, fence ? start.offset! + raw.indexOf('\n') + 1 : source.lastIndexOf('\n', start.offset! - 1) + 1, node.value),
    headingPath: [...headingPath],
    label: previous?.type === 'paragraph' ? plainText(previous).trim() || null : null,
    inListItem,
  };
}

/**
 * For each line of TEXT, written on the source lines from the one starting at LINE START on,
 * the source column of the text line's first column: past the prefixes of its containers.
 * A tab a container split stands in TEXT as spaces, so the line is matched by what follows
 * its indentation; 1 when it cannot be told.
 */
function textColumns(source: string, lineStart: number, text: string): number[] {
  const columns: number[] = [];
  let start = lineStart;
  for (const line of text.split('\n')) {
    const end = source.indexOf('\n', start);
    const written = source.slice(start, end < 0 ? undefined : end).replace(/\r$/, '');
    columns.push(written.endsWith(line.trimStart()) ? written.length - line.length + 1 : 1);
    start = end < 0 ? source.length : end + 1;
  }
  return columns;
}

/** A fenced block is closed when its last source line is a fence of the same character, at least as long. */
function hasClosingFence(raw: string, opening: string): boolean {
  const lines = raw.split(/\r?\n/);
  if (lines.length < 2) return false;
  // Lines after the first keep the prefixes of their containers (list indentation, `>`).
  const last = lines[lines.length - 1].replace(/^[ \t>]*/, '');
  const char = opening[0] === '`' ? '`' : '~';
  return new RegExp(`^\\${char}{${opening.length},}[ \\t]*$`).test(last);
}

function writtenItemNumber(source: string, offset: number): number | null {
  const match = /^[ \t>]*(\d{1,9})[.)]/.exec(source.slice(offset, offset + 20));
  return match ? Number(match[1]) : null;
}

/** Bold `**Key:** value` lines at the top of an OpenSpec document, keys lower-cased. */
export function boldLineMetadata(source: string, tree: Root): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth > 1) break;
    if (node.type !== 'paragraph') continue;
    const lines = source.slice(node.position!.start.offset!, node.position!.end.offset!).split(/\r?\n/);
    const pairs = lines.map((line) => /^\*\*([^*]+?)(?::\*\*|\*\*:)\s*(\S.*?)\s*$/.exec(line.trim()));
    if (pairs.every((pair) => pair !== null)) {
      for (const pair of pairs) metadata[pair![1].trim().toLowerCase()] = pair![2];
    }
  }
  return metadata;
}

export function isEmptyTree(tree: Root): boolean {
  return !tree.children.some((node: Nodes) => node.type !== 'yaml' && !(node.type === 'html' && HTML_COMMENT.test(node.value.trim())));
}
