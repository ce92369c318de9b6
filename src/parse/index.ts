// The parse stage: a markdown file in, the plain document model out. Problems of the
// input are reported in `problems`, never thrown.
import { lstatSync, readlinkSync } from 'node:fs';
import type { Diagnostic, SpecDocument } from '../model/document.js';
import { cachedDocument, keepDocument } from './cache.js';
import { decodeUtf8 } from './decode.js';
import { MAX_DOCUMENT_BYTES, NotADocumentFile, pastTheLimitMessage, readDocumentFile } from './document-file.js';
import { readFrontmatter } from './frontmatter.js';
import { boldLineMetadata, isEmptyTree, markdownTree, readBody } from './markdown.js';
import { exhaustedTheStack, unreadableMessage } from './unreadable.js';
import { FENCE, tooDeeplyNested } from './nesting.js';

/** The document model of `content`; whatever the input, a document with its problems, never an exception. */
export function parseMarkdown(path: string, content: string | Uint8Array): SpecDocument {
  try {
    return readDocument(path, content);
  } catch (error) {
    const line = exhaustedTheStack(error) ? firstTooDeepLine(path, typeof content === 'string' ? content : decodeUtf8(content).text) : 1;
    return emptyDocument(path, [{ file: path, line, message: unreadableMessage('reading the markdown', error), severity: 'error' }]);
  }
}

/** Nesting deep enough to exhaust the stack takes at least this many characters: a shorter line cannot do it alone. */
const SHORTEST_TOO_DEEP_LINE = 1000;

/**
 * The line that nests TEXT past the call stack. First the long lines, each read alone (a
 * read of the document's size in all): one that is too deep alone is the line. Else the
 * first line whose document up to it is too deep, found by halving (reads of parts of the
 * document, on the way to an error only). Whatever nests (quotes, lists, emphasis), the
 * user is sent to it.
 */
function firstTooDeepLine(path: string, text: string): number {
  const lines = text.split('\n');
  const tooDeep = (part: string) => {
    try {
      readDocument(path, part);
      return false;
    } catch (error) {
      return exhaustedTheStack(error);
    }
  };
  const alone = lines.findIndex((line) => line.length >= SHORTEST_TOO_DEEP_LINE && tooDeep(line));
  if (alone >= 0) return alone + 1;
  // The whole document is too deep; its first `low` lines are not.
  let low = 0;
  let high = lines.length;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (tooDeep(lines.slice(0, middle).join('\n'))) high = middle;
    else low = middle;
  }
  return high;
}

function emptyDocument(path: string, problems: Diagnostic[]): SpecDocument {
  return { path, metadata: {}, metadataSource: 'none', title: null, headings: [], sections: [], codeBlocks: [], problems };
}

/** A file in UTF-16 (its byte order mark, or a NUL in every other byte of its start), which spec-run reads as UTF-8 only. */
function utf16Problem(path: string, content: Uint8Array): Diagnostic | null {
  // UTF-32's marks (FF FE 00 00, 00 00 FE FF) begin as UTF-16's do.
  const utf32 = (content[0] === 0xff && content[1] === 0xfe && content[2] === 0 && content[3] === 0) || (content[0] === 0 && content[1] === 0 && content[2] === 0xfe && content[3] === 0xff);
  if (utf32) return { file: path, line: 1, message: 'the file is UTF-32 (its byte order mark): spec-run reads markdown as UTF-8; save it as UTF-8', severity: 'error' };
  const bom = (content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff);
  const start = content.subarray(0, 200);
  const zeros = start.filter((byte, i) => byte === 0 && i % 2 === 1).length;
  const zerosBefore = start.filter((byte, i) => byte === 0 && i % 2 === 0).length;
  const unmarked = start.length >= 8 && Math.max(zeros, zerosBefore) >= start.length / 2 - 1;
  if (!bom && !unmarked) return null;
  return { file: path, line: 1, message: `the file is UTF-16${bom ? ' (its byte order mark)' : ''}: spec-run reads markdown as UTF-8; save it as UTF-8`, severity: 'error' };
}

/** The line of a `type:` frontmatter block written below the first line, or null. */
function lateFrontmatterLine(text: string): number | null {
  const lines = text.split('\n').slice(0, 40);
  for (let i = 1; i < lines.length; i++) {
    if (!/^---[ \t]*\r?$/.test(lines[i])) continue;
    const end = lines.findIndex((line, j) => j > i && /^---[ \t]*\r?$/.test(line));
    if (end > i && lines.slice(i + 1, end).some((line) => /^type:\s*\S/.test(line))) return i + 1;
  }
  return null;
}

/**
 * The problems of BYTES as the text of a markdown document: a UTF-16 or UTF-32 file (then
 * `text` is null: it is not read), or a byte that is no UTF-8 (read as a replacement character).
 */
export function encodingOf(path: string, bytes: Uint8Array): { text: string | null; problems: Diagnostic[] } {
  const utf16 = utf16Problem(path, bytes);
  if (utf16) return { text: null, problems: [utf16] };
  const decoded = decodeUtf8(bytes);
  if (!decoded.badByte) return { text: decoded.text, problems: [] };
  return {
    text: decoded.text,
    problems: [{
      file: path,
      line: decoded.badByte.line,
      column: decoded.badByte.column,
      message: `invalid UTF-8 byte 0x${bytes[decoded.badByte.offset].toString(16).padStart(2, '0')}; the text was read with replacement characters`,
      severity: 'error',
    }],
  };
}

/**
 * The first control character of TEXT no text means (NUL, and the other C0 controls save tab,
 * line feed, form feed and carriage return; DEL; the C1 controls U+0080-U+009F; the
 * bidirectional embeddings, overrides and isolates, which reorder what an editor shows):
 * markdown reads a NUL as U+FFFD, and a step's text or a Lisp string holding one checked a
 * value the file does not show, with nothing said. Other format characters (a zero-width
 * joiner in an emoji, a non-joiner in Persian) are text some languages mean, and stay.
 */
function unmeantControl(path: string, text: string): Diagnostic | null {
  const at = text.search(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  if (at < 0) return null;
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  const code = `U+${text.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0')}`;
  const name = code === 'U+0000' ? `a NUL byte (${code})` : text.charCodeAt(at) >= 0x202a ? `the bidirectional control ${code}` : `the control character ${code}`;
  // Only a NUL is read as another character (U+FFFD); the others are kept as they are, and show as nothing or move the text.
  const read = code === 'U+0000' ? 'markdown reads a NUL as U+FFFD' : 'an editor shows it as nothing, or reorders the text around it';
  return { file: path, line, column, message: `${name} stands in the text, where no text means one (${read}): a step or code holding it would use a value the file does not show; remove it`, severity: 'error' };
}

function readDocument(path: string, content: string | Uint8Array): SpecDocument {
  const problems: Diagnostic[] = [];
  let text: string;
  if (typeof content === 'string') {
    // An editor's text is bounded as a file is: parsing past the limit takes minutes.
    const bytes = content.length > MAX_DOCUMENT_BYTES / 3 ? Buffer.byteLength(content) : content.length;
    if (bytes > MAX_DOCUMENT_BYTES) return emptyDocument(path, [{ file: path, line: 1, message: pastTheLimitMessage(`${(bytes / 1024 / 1024).toFixed(1)} MiB`), severity: 'error' }]);
    text = content;
  } else {
    const encoding = encodingOf(path, content);
    if (encoding.text === null) return emptyDocument(path, encoding.problems);
    text = encoding.text;
    problems.push(...encoding.problems);
  }
  // A byte-order mark is not content (TextDecoder drops it from bytes; strings may still carry it).
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // A lone carriage return ends a line, as CommonMark has it (old Mac files): the same line
  // feed everywhere, so the frontmatter's YAML and the code blocks read the lines markdown sees.
  // One character for one, so every offset and line stays where it was.
  if (text.includes('\r')) text = text.replace(/\r(?!\n)/g, '\n');
  const control = unmeantControl(path, text);
  if (control) problems.push(control);

  // Frontmatter is YAML, not markdown: its brackets and indentation cost the markdown parser nothing (the YAML reader bounds its own).
  const markdownLines = withoutFrontmatter(text);
  const nesting = tooDeeplyNested(markdownLines);
  if (nesting !== null) return emptyDocument(path, [...problems, { file: path, line: nesting.line, message: nesting.message, severity: 'error' }]);
  const crowded = costlyParagraphs(markdownLines);
  if (crowded !== null) return emptyDocument(path, [...problems, { file: path, line: crowded.line, message: crowded.message, severity: 'error' }]);
  const tree = markdownTree(text);
  let metadata: Record<string, unknown> = {};
  let metadataSource: SpecDocument['metadataSource'] = 'none';
  let metadataLines: Record<string, number> | undefined;
  const frontmatterNode = tree.children[0]?.type === 'yaml' ? tree.children[0] : null;
  if (frontmatterNode) {
    const frontmatter = readFrontmatter(path, frontmatterNode.value, frontmatterNode.position!.start.line + 1);
    problems.push(...frontmatter.problems);
    metadata = frontmatter.data;
    metadataLines = frontmatter.keyLines;
    metadataSource = frontmatter.readable ? 'frontmatter' : 'unreadable-frontmatter';
  } else {
    if (/^---[ \t]*\r?\n/.test(text)) {
      // remark-frontmatter only recognizes a closed block; an open one would silently become prose.
      const dots = text.split('\n').findIndex((line, i) => i > 0 && /^\.\.\.[ \t]*\r?$/.test(line));
      problems.push({
        file: path,
        line: 1,
        message: dots > 0 ? `frontmatter opened with --- is closed with ... (line ${dots + 1}), which spec-run does not read as its end: close it with a --- line` : 'frontmatter opened with --- is never closed with a --- line',
        severity: 'error',
      });
    } else if (/^\+\+\+[ \t]*\r?\n/.test(text)) {
      // Hugo-style TOML frontmatter would otherwise be read as prose, its type lost without a word.
      problems.push({ file: path, line: 1, message: 'TOML frontmatter (+++) is not read: write it as YAML between --- lines (`type: verification`)', severity: 'error' });
      metadataSource = 'unreadable-frontmatter';
    }
    if (metadataSource === 'none') {
      metadata = boldLineMetadata(text, tree);
      if (Object.keys(metadata).length > 0) metadataSource = 'bold-lines';
    }
    // Frontmatter is read on the first line only: one written lower (after a blank line, below a title) would be prose, its type lost.
    const late = metadataSource === 'none' ? lateFrontmatterLine(text) : null;
    if (late !== null) problems.push({ file: path, line: late, message: 'frontmatter must start on the first line of the file: this --- block below it is read as prose, so its type: is not seen; move it to the top', severity: 'error' });
  }

  const body = readBody(path, text, tree);
  problems.push(...body.problems);
  if (isEmptyTree(tree)) {
    const line = frontmatterNode ? frontmatterNode.position!.end.line + 1 : 1;
    problems.push({ file: path, line, message: 'the document is empty: it has no content to check', severity: 'error' });
  }

  return {
    path,
    metadata,
    ...(metadataLines ? { metadataLines } : {}),
    metadataSource,
    title: body.title,
    headings: body.headings,
    sections: body.sections,
    codeBlocks: body.codeBlocks,
    text,
    problems: problems.sort((a, b) => a.line - b.line),
  };
}

/**
 * Reads and parses a file, or takes the document an earlier run parsed from the same bytes
 * (see cache.ts); a file that cannot be read gives a document with that problem.
 */
export async function parseFile(path: string): Promise<SpecDocument> {
  let bytes: Uint8Array;
  try {
    bytes = readDocumentFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      error instanceof NotADocumentFile
        ? error.message
        : code === 'ENOENT' && isLink(path)
        ? `a link to ${readlinkSync(path)}, which does not exist`
        : code === 'ELOOP'
          ? 'a link that leads back to itself (a loop of links)'
          : code === 'ENOENT'
            ? 'no such file or directory'
            : code === 'EISDIR'
              ? 'a directory, not a markdown file'
              : `cannot read the file: ${error instanceof Error ? error.message : String(error)}`;
    return emptyDocument(path, [{ file: path, line: 1, message, severity: 'error' }]);
  }
  const cached = await cachedDocument(path, bytes);
  if (cached) return cached;
  const document = parseMarkdown(path, bytes);
  keepDocument(path, bytes, document);
  return document;
}

/**
 * How many brackets of the costly kinds one paragraph may hold. micromark reads each ']'
 * back to its '[' (25 000 nested: 3 s; 50 000: 12 s), and each ']' that ends no link leaves
 * text that it merges anew over the whole paragraph (20 000 `[x] `: 3 s). A ']' closing an
 * inline link (`[a](b)`) costs neither: 50 000 links in one paragraph parse in linear time;
 * nor does one closing a reference to a label the document defines (`[a][k]`, `[k][]`, `[k]`:
 * 10 000/20 000/40 000 in one paragraph 3/5/13 s, as inline links 2/5/14 s), nor a link
 * reference definition (`[k]: url`), which is no inline content (40 000 lines: as many seconds
 * as the inline links).
 */
const MOST_COSTLY_BRACKETS = 1000;
/** What all paragraphs of a document may cost together, as ten paragraphs at the limit (100 paragraphs of 999 nested '[' took seconds). */
const DOCUMENT_BRACKET_BUDGET = 10 * MOST_COSTLY_BRACKETS * MOST_COSTLY_BRACKETS;
/**
 * How many inline marks one paragraph may hold: a run of '*', '_', '~' or '`', a '[', '<',
 * '&' or '\\', a '://' or 'www.' (each may begin emphasis, a code span, a link, an autolink,
 * an entity or an escape). micromark, with GFM, parses a paragraph's marks in time growing
 * with the square of their number, whatever their kind: 20 000 in one paragraph took 5 to
 * 11 s (`*a*`, `` `c` ``, `&amp;`, `\\*`, `[a](b)`, `<http://x.y>`, `http://e.com`), 1 000
 * took 30 ms, while 20 000 plain words took 0.5 s. A thousand marks in a paragraph is
 * already far past what prose holds.
 */
const MOST_INLINE_MARKS = 3000;
/** What all paragraphs' marks may cost together: ten paragraphs at the limit, about 2 s (200 paragraphs of 1 000 marks took 5 s). */
const DOCUMENT_MARK_BUDGET = 10 * MOST_INLINE_MARKS * MOST_INLINE_MARKS;
/**
 * How far micromark may scan ahead for the ends of code spans in a document, in characters.
 * A run of backquotes opens a code span only if a run of as many follows in its paragraph:
 * micromark looks for one up to the paragraph's end, and a run with none (a thousand runs
 * of different lengths) sends it to that end each time (1 000 runs in 500 kB: 16 s).
 */
const CODE_SPAN_SCAN_BUDGET = 20_000_000;
/** A character that may begin an inline mark: the run or sequence it begins is counted once. */
const MARK_START = /[*_~`[<&\\:w]/;
/**
 * A list item's first line: it starts a paragraph of its own even right below another when
 * it is a bullet, an ordered item numbered 1, or the next item of the ordered list above
 * (numbered with the same delimiter); an ordered item numbered otherwise may be a lazy line
 * of that paragraph.
 */
const ITEM_START = /^ {0,3}(?:[-*+]|\d{1,9}([.)]))[ \t]+\S/;
/** A table's delimiter row (`| - | :-: |`): the lines after it are its rows, each read alone. */
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
/** A line that starts a block other than a table row, which ends a table. */
const BLOCK_START = /^ {0,3}(?:[>#<]|[-*+][ \t]|\d{1,9}[.)][ \t])/;
/** A link reference definition's start (`   [label]:` before its destination): its label. */
const LINK_DEFINITION = /^ {0,3}\[((?:[^\\[\]]|\\.){1,999})\]:(?=[ \t]*\S)/;
/** A link label as references match it: case and runs of blanks do not count. */
const labelKey = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The labels of the link reference definitions of LINES: outside fenced code, each below a
 * blank line, a heading or another definition, since one cannot interrupt a paragraph.
 */
function definedLabels(lines: string[]): Set<string> {
  const labels = new Set<string>();
  let fence: string | null = null;
  let mayDefine = true;
  for (const line of lines) {
    const marker = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      mayDefine = true;
      continue;
    }
    if (marker) fence = marker;
    const label: string | undefined = mayDefine && !marker ? LINK_DEFINITION.exec(line)?.[1] : undefined;
    // A blank label defines nothing.
    if (label !== undefined && labelKey(label) !== '') labels.add(labelKey(label));
    mayDefine = label !== undefined || line.trim() === '' || /^ {0,3}#/.test(line);
  }
  return labels;
}

/** The cells of a table row: a header and its delimiter row have as many, or are no table. */
const cellCount = (row: string) => row.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '').split(/(?<!\\)\|/).length;

/** Whether TEXT holds at least LEAST matches of the global PATTERN (counting stops there). */
function holdsAtLeast(text: string, pattern: RegExp, least: number): boolean {
  pattern.lastIndex = 0;
  let found = 0;
  while (found < least && pattern.exec(text) !== null) found += 1;
  return found >= least;
}

/**
 * TEXT with the lines of its frontmatter (a first line `---` up to the next `---` line, as
 * remark-frontmatter takes it) left empty: every other line keeps its number.
 */
function withoutFrontmatter(text: string): string {
  if (!/^---[ \t]*\r?\n/.test(text)) return text;
  const lines = text.split('\n');
  const close = lines.findIndex((line, i) => i > 0 && /^---[ \t]*\r?$/.test(line));
  if (close < 0) return text;
  return [...lines.slice(0, close + 1).map(() => ''), ...lines.slice(close + 1)].join('\n');
}

/**
 * Where a paragraph (as micromark reads paragraphs, or more lines than that: between blank
 * lines, list items and table rows, outside fenced code) holds MOST_COSTLY_BRACKETS '['
 * open at once, as many ']' that close no inline link, or MOST_INLINE_MARKS marks, or the
 * paragraphs so far cost more together than a document may: the line where its brackets
 * or marks begin, and why. Null for other texts.
 */
function costlyParagraphs(text: string): { line: number; message: string } | null {
  // Most documents have few brackets and marks: nothing to look at line by line.
  if (!holdsAtLeast(text, /\[/g, MOST_COSTLY_BRACKETS) && !holdsAtLeast(text, /\]/g, MOST_COSTLY_BRACKETS) && !holdsAtLeast(text, /[*_~`[<&\\]|:\/\/|www\./g, MOST_INLINE_MARKS) && !mayScanCostly(text)) return null;
  let fence: string | null = null;
  let inTable = false;
  let open = 0;
  let unlinked = 0;
  let start = 0;
  /** The most '[' open at once in the paragraph counted now. */
  let deepest = 0;
  /** The paragraph's inline marks, and the line of its first. */
  let marks = 0;
  let marksStart = 0;
  /** What the paragraphs counted so far cost the parser together: each, the square of its brackets, and of its marks. */
  let spent = 0;
  let spentOnMarks = 0;
  /** The paragraph's runs of backquotes (where each starts in it, and its length), its characters so far, the line of its first run. */
  let runs: BackquoteRun[] = [];
  let paragraphChars = 0;
  let runsStart = 0;
  let spentOnCodeSpans = 0;
  const spend = (): { line: number; message: string } | null => {
    spent += deepest * deepest + unlinked * unlinked;
    spentOnMarks += marks * marks;
    spentOnCodeSpans += codeSpanScan(runs, paragraphChars);
    runs = [];
    paragraphChars = 0;
    deepest = 0;
    if (spent >= DOCUMENT_BRACKET_BUDGET) return { line: start, message: `paragraphs up to this one hold so many brackets open at once or closing no inline link that markdown would parse them for minutes (each in time growing with the square of its brackets): spec-run does not read the document (close the brackets, write links inline, or put code in fenced blocks)` };
    if (spentOnCodeSpans >= CODE_SPAN_SCAN_BUDGET) return { line: runsStart, message: `paragraphs up to this one hold runs of backquotes that close no code span (no run of as many follows in the paragraph), so many that markdown would scan their paragraphs for minutes, to each paragraph's end for each run: spec-run does not read the document (close the code spans, or put code in fenced blocks)` };
    runsStart = 0;
    if (spentOnMarks >= DOCUMENT_MARK_BUDGET) return { line: marksStart, message: `paragraphs up to this one hold so many inline marks (emphasis, code spans, links, autolinks, entities, escapes) that markdown would parse them for minutes (each paragraph in time growing with the square of its marks): spec-run does not read the document (split the paragraphs, or put code and data in fenced blocks)` };
    return null;
  };
  /** The delimiter of the ordered item that began the lines counted together, if one did. */
  let orderedList: string | null = null;
  /** The line before ends any paragraph: the text's start, a blank line, a fence. */
  let afterBreak = true;
  /** Lines of a paragraph were counted since the last break: a definition here would be its text. */
  let inParagraph = false;
  const lines = text.split('\n');
  const defined = definedLabels(lines);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const marker = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      afterBreak = true;
      continue;
    }
    const blank = line.trim() === '';
    const item = ITEM_START.exec(line);
    const itemStarts: boolean = item !== null && (item[1] === undefined || afterBreak || /^ {0,3}1\D/.test(item[0]) || item[1] === orderedList);
    afterBreak = blank || marker !== undefined;
    if (marker || blank || inTable || itemStarts) {
      const tooCostly = spend();
      if (tooCostly) return tooCostly;
      open = 0;
      unlinked = 0;
      start = 0;
      marks = 0;
      marksStart = 0;
      orderedList = itemStarts ? (item?.[1] ?? null) : null;
      inParagraph = false;
    }
    if (marker) fence = marker;
    // Counting a row with the lines before it only counts more: a table read as no table is safe, never the other way.
    const header = lines[i - 1] ?? '';
    inTable = inTable
      ? line.includes('|') && !BLOCK_START.test(line)
      : line.includes('|') && TABLE_DELIMITER.test(line) && header.includes('|') && cellCount(header) === cellCount(line);
    if (marker || blank) continue;
    // A definition's label is no inline content: only its destination and title are read on.
    const definition: RegExpExecArray | null = inParagraph ? null : LINK_DEFINITION.exec(line);
    inParagraph = definition === null;
    for (let at = definition?.[0].length ?? 0; at < line.length; at++) {
      const c = line[at];
      if (MARK_START.test(c) && beginsMark(line, at)) {
        if (marksStart === 0) marksStart = i + 1;
        marks += 1;
        if (c === '`') {
          if (runsStart === 0) runsStart = i + 1;
          let end = at;
          while (line[end] === '`') end += 1;
          runs.push({ at: paragraphChars + at, length: end - at });
        }
        if (marks >= MOST_INLINE_MARKS) return { line: marksStart, message: `a paragraph with ${MOST_INLINE_MARKS} inline marks (emphasis, code spans, links, autolinks, entities, escapes): spec-run does not read it, since markdown parses a paragraph's marks in time growing with their square (split the paragraph, or put code and data in a fenced block)` };
      }
      if (c === '\\') at += 1;
      else if (c === '[') {
        if (start === 0) start = i + 1;
        open += 1;
        deepest = Math.max(deepest, open);
        if (open >= MOST_COSTLY_BRACKETS) return { line: start, message: `a paragraph with ${MOST_COSTLY_BRACKETS} '[' open at once (nested, or never closed): spec-run does not read it, since markdown parses such brackets in time growing with their square in one paragraph (close them, or put code in a fenced block)` };
      } else if (c === ']') {
        if (start === 0) start = i + 1;
        if (open > 0) open -= 1;
        const referenceEnd = resolvedReferenceEnd(line, at, defined);
        if (referenceEnd !== -1) at = referenceEnd;
        else if (!closesInlineLink(line, at)) unlinked += 1;
        if (unlinked >= MOST_COSTLY_BRACKETS) return { line: start, message: `a paragraph with ${MOST_COSTLY_BRACKETS} ']' that close no inline link ([text](url)): spec-run does not read it, since markdown parses such brackets in time growing with their square in one paragraph (split the paragraph, write the links inline or one to a list item, or put code in a fenced block)` };
      }
    }
    paragraphChars += line.length + 1;
  }
  return spend();
}

/** A run of backquotes in a paragraph: where it starts in the paragraph's text, and how many. */
interface BackquoteRun {
  at: number;
  length: number;
}

/**
 * How many characters micromark reads looking for the ends of the code spans that RUNS of a
 * paragraph of CHARS characters may open: from each run to the next run as long (the span's
 * end; the runs between are its content), or to the paragraph's end when none follows.
 */
function codeSpanScan(runs: BackquoteRun[], chars: number): number {
  const nextAsLong: number[] = [];
  const lastOfLength = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    nextAsLong[i] = lastOfLength.get(runs[i].length) ?? -1;
    lastOfLength.set(runs[i].length, i);
  }
  let scanned = 0;
  for (let i = 0; i < runs.length; ) {
    const end = nextAsLong[i];
    scanned += (end < 0 ? chars : runs[end].at) - runs[i].at;
    i = end < 0 ? i + 1 : end + 1;
  }
  return scanned;
}

/**
 * Whether TEXT's runs of backquotes could cost CODE_SPAN_SCAN_BUDGET: only runs of lengths no
 * later run has scan far, and B backquotes make fewer than sqrt(2B) such lengths; each
 * scans at most the text.
 */
function mayScanCostly(text: string): boolean {
  let backquotes = 0;
  for (let at = text.indexOf('`'); at >= 0; at = text.indexOf('`', at + 1)) backquotes += 1;
  return (1 + Math.sqrt(2 * backquotes)) * text.length >= CODE_SPAN_SCAN_BUDGET;
}

/** Whether the character at AT in LINE begins an inline mark: a run's first, or any '[', '<', '&', '\\', '://', 'www.'. */
function beginsMark(line: string, at: number): boolean {
  const c = line[at];
  if (c === ':') return line.startsWith('//', at + 1);
  if (c === 'w') return line.startsWith('www.', at);
  if (c === '*' || c === '_' || c === '~' || c === '`') return line[at - 1] !== c;
  return true;
}

/** Whether the ']' at AT in LINE is followed by `(…)` holding no bracket: the end of an inline link's text. */
function closesInlineLink(line: string, at: number): boolean {
  if (line[at + 1] !== '(') return false;
  for (let i = at + 2; i < line.length; i++) {
    const c = line[i];
    if (c === ')') return true;
    if (c === '[' || c === ']') return false;
  }
  return false;
}

/**
 * Where the reference ends that the ']' at AT in LINE closes, when it names a label of
 * DEFINED (`[text][label]`, `[label][]`, `[label]`), so that it is a link; else -1.
 */
function resolvedReferenceEnd(line: string, at: number, defined: Set<string>): number {
  if (defined.size === 0 || line[at + 1] === '(') return -1;
  const textStart = line.lastIndexOf('[', at);
  const text = textStart !== -1 && line.lastIndexOf(']', at - 1) < textStart && line[textStart - 1] !== '\\' ? line.slice(textStart + 1, at) : null;
  if (line[at + 1] !== '[') return text !== null && defined.has(labelKey(text)) ? at : -1;
  const labelEnd = line.indexOf(']', at + 2);
  if (labelEnd === -1 || line.lastIndexOf('[', labelEnd) !== at + 1) return -1;
  const label = labelEnd === at + 2 ? text : line.slice(at + 2, labelEnd);
  return label !== null && defined.has(labelKey(label)) ? labelEnd : -1;
}

/** True when PATH is a symbolic link, whether or not it leads anywhere. */
export function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
