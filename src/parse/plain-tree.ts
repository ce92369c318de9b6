// The mdast tree of a plain document, read line by line: what remark gives it, node for
// node and position for position, at a small part of the cost. remark (micromark) took
// about 1.5 ms of CPU for an OpenSpec document of twenty lines, most of what a run of
// many documents parsed afresh spent on them. Plain is what is read without doubt: a YAML
// frontmatter, ATX headings, paragraphs, one-line items of `-` lists, and fenced code
// blocks (three backticks, a language word or none), with words and **bold words** for
// text. Anything else in a document (a link, a code span, an indented line, a tab, a list
// item's second line, a blank line inside a list, a character with a meaning of its own)
// gives null, and remark reads it. test/parse/plain-tree.test.ts holds the two readings
// to one another over generated documents and the corpus.
import type { Code, Heading, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Strong, Text, Yaml } from 'mdast';
import type { Point } from 'unist';

/**
 * Characters that may begin something other than text in a line's content (emphasis, code,
 * links, HTML, entities, escapes, GFM's strikethrough, tables and autolinks), characters
 * markdown reads as white space or removes, and what is not in the Basic Multilingual Plane.
 */
const NOT_PLAIN = /[\\`*_[\]<>&!~|@\t\r\0-\x1f\x7f-\xa0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff\ud800-\udfff]|:\/\/|www\./i;
/** A bold word or words, as `**GIVEN**`: after the start or a space, before the end or a space. */
const BOLD = /(?<=^| )\*\*([A-Za-z0-9](?:[A-Za-z0-9 ]*[A-Za-z0-9])?)\*\*(?= |$)/g;
/**
 * How a line's content may begin: a letter, a digit not opening an ordered item, a bold
 * word, or punctuation with no meaning at a line's start (not a colon: `:-` under a line
 * makes it a GFM table).
 */
const PLAIN_START = /^(?:[A-Za-z\u00a1-\uffff]|\d(?!\d*[.)])|\*\*[A-Za-z0-9]|[("'.,;?%$/])/;
const HEADING = /^(#{1,6}) (\S.*)$/;
const FENCE = /^```([A-Za-z0-9-]*)$/;
/** A line that may close a fence: only the one that is exactly its opening's backticks is read here. */
const CLOSING_LIKE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** Points of a text by offset: lines start where LINE_STARTS says. */
class Places {
  private readonly lineStarts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }
  /** The point at column COLUMN (1-based) of line LINE (1-based). */
  at(line: number, column: number): Point {
    return { line, column, offset: this.lineStarts[line - 1] + column - 1 };
  }
  /** The point after the last character of text. */
  end(length: number): Point {
    const line = this.lineStarts.length;
    return { line, column: length - this.lineStarts[line - 1] + 1, offset: length };
  }
}

/** Text content, words and bold words, starting at column COLUMN of line LINE; null when not plain. */
function phrasing(content: string, line: number, column: number, places: Places): PhrasingContent[] | null {
  const text = (from: number, to: number): Text => ({ type: 'text', value: content.slice(from, to), position: { start: places.at(line, column + from), end: places.at(line, column + to) } });
  // The bold words read, what is left must be words.
  if (NOT_PLAIN.test(content.replace(BOLD, (_, words: string) => `xx${words}xx`))) return null;
  const nodes: PhrasingContent[] = [];
  let from = 0;
  for (const match of content.matchAll(BOLD)) {
    const start = match.index;
    const end = start + match[0].length;
    if (start > from) nodes.push(text(from, start));
    const strong: Strong = { type: 'strong', children: [text(start + 2, end - 2)], position: { start: places.at(line, column + start), end: places.at(line, column + end) } };
    nodes.push(strong);
    from = end;
  }
  if (from < content.length) nodes.push(text(from, content.length));
  return nodes;
}

/** A paragraph of several lines of words alone (no bold): one text, its line endings in it; null otherwise. */
function manyLines(lines: string[], position: Text['position']): Text[] | null {
  if (lines.some((line) => NOT_PLAIN.test(line))) return null;
  return [{ type: 'text', value: lines.join('\n'), position: { start: { ...position!.start }, end: { ...position!.end } } }];
}

/** A line that is text through and through, as a paragraph's or an item's content begins. */
const plainLine = (line: string) => PLAIN_START.test(line) && !/ $/.test(line);

/** The tree remark gives TEXT when TEXT is plain (see above); null otherwise. */
export function plainTree(text: string): Root | null {
  // Line endings other than \n, tabs (columns of four) and NUL (read as U+FFFD), even in code: remark's.
  if (/[\r\t\0]/.test(text)) return null;
  const lines = text.split('\n');
  const places = new Places(text);
  const children: RootContent[] = [];
  const lineEnd = (i: number) => places.at(i + 1, lines[i].length + 1);
  let i = 0;
  if (lines[0] === '---') {
    const close = lines.findIndex((line, at) => at > 0 && /^---[ ]*$/.test(line));
    // An empty frontmatter, one not closed, or closed by a fence with blanks after it, is remark's to read.
    if (close < 2 || lines[close] !== '---') return null;
    const yaml: Yaml = { type: 'yaml', value: lines.slice(1, close).join('\n'), position: { start: places.at(1, 1), end: lineEnd(close) } };
    children.push(yaml);
    i = close + 1;
  }
  let afterList = false;
  while (i < lines.length) {
    const line = lines[i];
    if (line === '') {
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    const fence = FENCE.exec(line);
    if (heading) {
      const depth = heading[1].length as Heading['depth'];
      // A closing sequence of #s, or blanks, is remark's to read.
      if (heading[2].endsWith('#') || !plainLine(heading[2])) return null;
      const content = phrasing(heading[2], i + 1, depth + 2, places);
      if (!content) return null;
      children.push({ type: 'heading', depth, children: content, position: { start: places.at(i + 1, 1), end: lineEnd(i) } });
      i += 1;
      afterList = false;
    } else if (fence) {
      let close = i + 1;
      while (close < lines.length && !CLOSING_LIKE.test(lines[close])) close += 1;
      if (close === lines.length || lines[close] !== '```') return null;
      const code: Code = { type: 'code', lang: fence[1] || null, meta: null, value: lines.slice(i + 1, close).join('\n'), position: { start: places.at(i + 1, 1), end: lineEnd(close) } };
      children.push(code);
      i = close + 1;
      afterList = false;
    } else if (line.startsWith('- ')) {
      // An item after a blank line would join the list before it, which is then loose.
      if (afterList) return null;
      const items: ListItem[] = [];
      for (; i < lines.length && lines[i].startsWith('- '); i += 1) {
        const content = lines[i].slice(2);
        const inline = plainLine(content) ? phrasing(content, i + 1, 3, places) : null;
        if (!inline) return null;
        const paragraph: Paragraph = { type: 'paragraph', children: inline, position: { start: places.at(i + 1, 3), end: lineEnd(i) } };
        items.push({ type: 'listItem', spread: false, checked: null, children: [paragraph], position: { start: places.at(i + 1, 1), end: lineEnd(i) } });
      }
      // What follows an item on the next line continues it (a lazy line) unless a heading or a blank line.
      if (i < lines.length && lines[i] !== '' && !HEADING.test(lines[i])) return null;
      const list: List = { type: 'list', ordered: false, start: null, spread: false, children: items, position: { start: items[0].position!.start, end: items.at(-1)!.position!.end } };
      children.push(list);
      afterList = true;
    } else if (plainLine(line)) {
      const first = i;
      while (i + 1 < lines.length && lines[i + 1] !== '') {
        if (!plainLine(lines[i + 1])) return null;
        i += 1;
      }
      const position = { start: places.at(first + 1, 1), end: lineEnd(i) };
      const content = i === first ? phrasing(line, first + 1, 1, places) : manyLines(lines.slice(first, i + 1), position);
      if (!content) return null;
      children.push({ type: 'paragraph', children: content, position });
      i += 1;
      afterList = false;
    } else {
      return null;
    }
  }
  if (children.length === 0) return null;
  return { type: 'root', children, position: { start: places.at(1, 1), end: places.end(text.length) } };
}
