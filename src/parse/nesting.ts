// How deep a document's blocks nest, counted before markdown reads it. micromark checks
// every open container (a quote, a list item) on every line it reads, and keeps the
// events of each check until the document ends: a line costs it about a container's
// check per level, whether the line writes the levels (`> > > q`) or continues them
// lazily (a line `q` under a line of a thousand `>`). 2 000 lines of quotes one level
// deeper each (4 MB) took three minutes and 3 GB; one line of 1 000 `- ` with 10 000
// lines below it took 8 s for 22 kB. Counted here in one pass over the lines, the work is
// bounded before it starts.
//
// A lazy line (one that continues a paragraph in a quote or a list item without the
// quote's `>` or the item's indentation) costs more: micromark looks back over every
// event of the paragraph so far for what is still open, so a paragraph of lazy lines
// takes time growing with the square of its lines (16 000 lines below `- q`: 12 s).

/** How many containers one line may open: past it, a document is refused at that line (a hundred levels are read). */
export const DEEPEST_CONTAINERS = 100;
/** The levels a line holds for free: real documents nest lists and quotes a few levels, rarely more. */
export const FREE_LEVELS = 8;
/**
 * What all lines may hold past FREE_LEVELS together: a few seconds of micromark's checks
 * at most, whatever the document's shape (figures in bench/nesting.ts).
 */
export const NESTING_BUDGET = 20_000;
/**
 * What all lines' levels may come to, however shallow: each costs micromark about as much as
 * a short line of prose, so a document at this budget reads in about the time of one of
 * real lists at the size limit (8 MiB of one-level items is about 300 000).
 */
export const ALL_LEVELS_BUDGET = 1_000_000;

/** How many lazy lines one paragraph may hold: 2 000 take micromark about a second (a pasted log of them below a step, not indented). */
export const MOST_LAZY_LINES = 2_000;
/** What a paragraph's lazy lines cost: each, the paragraph's lines before it. */
const LAZY_PARAGRAPH_BUDGET = (MOST_LAZY_LINES * MOST_LAZY_LINES) / 2;
/** What all paragraphs' lazy lines may cost together: ten paragraphs at the limit. */
const LAZY_DOCUMENT_BUDGET = 10 * LAZY_PARAGRAPH_BUDGET;

/** A fenced code block's opening or closing at the top level: its fence. */
export const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** An ATX heading at the line's start ends every quote and list item open. */
const HEADING = /^#{1,6}(?:[ \t]|$)/;
const ORDERED_MARKER = /\d{1,9}[.)]/y;

/**
 * The levels of containers LINE's start stands in, as markdown may read them: each `>` and
 * list marker (`-`, `*`, `+`, `1.`, `1)` before a blank or the line's end), and a level for
 * each two columns of a run of blanks (a tab four) that indents a nested item or its content.
 * An overcount for some lines (a thematic break `* * *`), never an undercount.
 */
export function lineLevels(line: string): { levels: number; markers: number; item: boolean } {
  let levels = 0;
  let markers = 0;
  let item = false;
  let at = 0;
  for (;;) {
    let columns = 0;
    for (; line[at] === ' ' || line[at] === '\t'; at++) columns += line[at] === '\t' ? 4 : 1;
    if (columns >= 2) levels += Math.floor(columns / 2);
    const c = line[at];
    const afterMarker = (end: number) => end === line.length || line[end] === ' ' || line[end] === '\t';
    let end = -1;
    if (c === '>') end = at + 1;
    else if ((c === '-' || c === '*' || c === '+') && afterMarker(at + 1)) end = at + 1;
    else if (c >= '0' && c <= '9') {
      ORDERED_MARKER.lastIndex = at;
      if (ORDERED_MARKER.test(line) && afterMarker(ORDERED_MARKER.lastIndex)) end = ORDERED_MARKER.lastIndex;
    }
    if (end < 0) return { levels, markers, item };
    item ||= c !== '>';
    levels += 1;
    markers += 1;
    at = end;
  }
}

/** The paragraph read now (its lines since a blank line or list item): its lines, what its lazy lines cost, the line where they began. */
interface LazyParagraph {
  lines: number;
  lazyCost: number;
  lazyStart: number;
}

/** Where TEXT nests too deep to read, and why; null when it does not. */
export function tooDeeplyNested(text: string): { line: number; message: string } | null {
  let fence: string | null = null;
  /** The levels a line below may continue lazily: those of the lines since the last blank one or list item. */
  let open = 0;
  let spent = 0;
  let all = 0;
  const paragraph: LazyParagraph = { lines: 0, lazyCost: 0, lazyStart: 0 };
  /** What the lazy lines of the paragraphs before it cost. */
  let lazySpent = 0;
  const endParagraph = () => {
    lazySpent += paragraph.lazyCost;
    Object.assign(paragraph, { lines: 0, lazyCost: 0, lazyStart: 0 });
  };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const marker = FENCE.exec(line)?.[1];
    // Fenced code at the top level holds no containers, and its fence ends every one open.
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker || HEADING.test(line) || line.trim() === '') {
      if (marker) fence = marker;
      open = 0;
      endParagraph();
      continue;
    }
    const { levels, markers, item } = lineLevels(line);
    // A list marker begins an item, and a paragraph in it: the items nested deeper are closed.
    if (item) {
      endParagraph();
      open = levels;
    }
    paragraph.lines += 1;
    if (levels < open) {
      if (paragraph.lazyStart === 0) paragraph.lazyStart = i + 1;
      paragraph.lazyCost += paragraph.lines;
      if (paragraph.lazyCost > LAZY_PARAGRAPH_BUDGET || lazySpent + paragraph.lazyCost > LAZY_DOCUMENT_BUDGET)
        return { line: paragraph.lazyStart, message: `${paragraph.lazyCost > LAZY_PARAGRAPH_BUDGET ? 'a paragraph continues' : 'paragraphs up to this one continue'} a quote or list item lazily (lines without its \`>\` or its indentation) for so many lines that markdown would take minutes to read them, in time growing with the square of their lines: spec-run does not read the document (indent or quote those lines, put them in a fenced code block, or leave a blank line before them)` };
    }
    if (markers > 0 && levels > DEEPEST_CONTAINERS)
      return { line: i + 1, message: `a line nested in ${levels} levels of quotes and list items (more than ${DEEPEST_CONTAINERS}): spec-run does not read markdown nested this deep, whose parse takes time growing with the depth on every line below it` };
    open = Math.max(open, levels);
    spent += Math.max(0, open - FREE_LEVELS);
    all += open;
    if (spent > NESTING_BUDGET || all > ALL_LEVELS_BUDGET)
      return { line: i + 1, message: `lines up to this one stand in so many levels of quotes and list items (${open} here, ${all} over the lines so far) that markdown would take minutes to read them, checking every level on every line: spec-run does not read the document (nest less, or put the text in a fenced code block)` };
  }
  return null;
}
