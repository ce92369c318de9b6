// A large document parsed in pieces. micromark keeps every event of the text it parses
// until its end: 4.4 MB of OpenSpec scenarios parsed whole peaked at 2.9 GB, in pieces at
// 1 GB, in the same time (which grows with the text since linear-edit-map.ts; it had
// grown with the square of the lists, whose ends edited the events of the whole document
// so far: 1.3 MB took nearly a minute). Cut where no block can be open, at a heading that
// starts a line after a blank one, each piece parses as it would within the whole; the
// trees are joined with their positions moved to the piece's place. Where a cut might not
// be such a place, the text is not cut.
import type { Position } from 'unist';
import type { Nodes, Root } from 'mdast';

/** A line that opens a fenced code block at the top level: its fence's character and length. */
const FENCE_OPENING = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/** HTML blocks that a blank line does not end (CommonMark's kinds 1 to 5), each with the text that ends it. */
const HTML_BLOCKS: [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];
const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;
const BLANK = /^[ \t]*$/;

/**
 * Offsets at which TEXT can be cut into pieces of at least MIN_CHARS that parse alone
 * as they parse within it: the start of the blank lines before an ATX heading at column 0,
 * outside frontmatter, a fenced code block or an HTML block that only its end marker
 * closes (a heading at column 0 ends every list, quote and other block). A text with
 * a link reference or footnote definition (`]:` anywhere) is never cut: a definition
 * is seen by the whole document; nor is one with a lone carriage return.
 */
export function cutOffsets(text: string, minChars: number): number[] {
  // A lone carriage return ends a line for micromark, not for the lines counted here.
  if (text.includes(']:') || /\r(?!\n)/.test(text)) return [];
  const cuts: number[] = [];
  let lineStart = 0;
  /** Where the blank lines just before this line began; null after a line that is not blank. */
  let blankRun: number | null = null;
  let fence: { char: string; length: number } | null = null;
  let htmlEnd: RegExp | null = null;
  let lastCut = 0;
  let lineIndex = 0;
  let frontmatter = text.startsWith('---');
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    if (frontmatter) {
      if (lineIndex > 0 && /^---[ \t]*$/.test(line)) frontmatter = false;
    } else if (fence) {
      const closing = new RegExp(`^ {0,3}${fence.char === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
      if (closing.test(line)) fence = null;
    } else if (htmlEnd) {
      if (htmlEnd.test(line)) htmlEnd = null;
    } else {
      // Cut before the blank lines, not after them: a block still open at a piece's end (an
      // unclosed fence in a list item) would take them in, as it never does before a heading.
      if (blankRun !== null && blankRun > 0 && ATX_HEADING.test(line) && blankRun - lastCut >= minChars) {
        cuts.push(blankRun);
        lastCut = blankRun;
      }
      const opening = FENCE_OPENING.exec(line);
      // A backtick fence's info string holds no backtick (else the line is a paragraph).
      if (opening && !(opening[1][0] === '`' && opening[2].includes('`'))) fence = { char: opening[1][0], length: opening[1].length };
      else {
        const html = HTML_BLOCKS.find(([start]) => start.test(line));
        if (html && !html[1].test(line.replace(html[0], ''))) htmlEnd = html[1];
      }
    }
    blankRun = BLANK.test(line) ? (blankRun ?? lineStart) : null;
    lineStart = lineEnd + 1;
    lineIndex += 1;
  }
  // A text whose frontmatter never closes is read whole, as remark reads it.
  return frontmatter ? [] : cuts;
}

/** Moves every position in TREE by LINES lines and OFFSET characters (a piece starts at a line's start: columns stay). */
function shift(node: Nodes, lines: number, offset: number): void {
  const move = (position: Position) => {
    position.start = { ...position.start, line: position.start.line + lines, offset: (position.start.offset ?? 0) + offset };
    position.end = { ...position.end, line: position.end.line + lines, offset: (position.end.offset ?? 0) + offset };
  };
  if (node.position) move(node.position);
  if ('children' in node) for (const child of node.children) shift(child, lines, offset);
}

/**
 * True when the last block of PIECE (its text TEXT) is a fenced code block or an HTML block
 * of the kinds only their end marker closes, left open by the piece's end. A cut can only
 * be wrong inside such a block at the top level (where fences in lists and quotes led the
 * line scan astray), and then the piece before it ends inside it.
 */
function endsOpen(piece: Root, text: string): boolean {
  for (let node: Nodes | undefined = piece.children.at(-1); node; node = 'children' in node ? node.children.at(-1) : undefined) {
    const source = text.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
    if (node.type === 'code') {
      const fence = /^(?:[ \t>]|[-+*][ \t]|\d{1,9}[.)][ \t])*(`{3,}|~{3,})/.exec(source)?.[1];
      const lastLine = source.slice(source.lastIndexOf('\n') + 1);
      if (fence && (!source.includes('\n') || !new RegExp(`^[ \\t>]*${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`).test(lastLine))) return true;
    }
    if (node.type === 'html') {
      const kind = HTML_BLOCKS.find(([start]) => start.test(source.trimStart().replace(/^[>\s]*/, '')));
      if (kind && !kind[1].test(source)) return true;
    }
  }
  return false;
}

/** The tree of TEXT as PARSE gives it, parsed piece by piece where it can be cut (cutOffsets). */
export function piecewiseTree(text: string, parse: (text: string) => Root, minChars: number): Root {
  const cuts = cutOffsets(text, minChars);
  if (cuts.length === 0) return parse(text);
  const starts = [0, ...cuts];
  const ends = [...cuts, text.length];
  const pieces = starts.map((start, i) => parse(text.slice(start, ends[i])));
  // A piece that ends inside a block was cut where the scan erred: the text is parsed whole.
  if (pieces.slice(0, -1).some((piece, i) => endsOpen(piece, text.slice(starts[i], ends[i])))) return parse(text);
  const root = pieces[0];
  let line = 0;
  for (let i = 1; i < starts.length; i++) {
    line += countLines(text, starts[i - 1], starts[i]);
    for (const child of pieces[i].children) {
      shift(child, line, starts[i]);
      root.children.push(child);
    }
  }
  // The root spans the whole text, as in a tree parsed whole.
  const whole = parse('');
  root.position = { start: whole.position!.start, end: endOf(text) };
  return root;
}

function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) lines += 1;
  return lines;
}

/** The point after the last character of TEXT. */
function endOf(text: string): Position['end'] {
  const lastNewline = text.lastIndexOf('\n');
  return { line: countLines(text, 0, text.length) + 1, column: text.length - lastNewline, offset: text.length };
}
