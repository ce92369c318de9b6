// Texts written bare in a sequence: "the output is the three lines rcg, 4 and true", "lines 22, 23 and 25 follow, in that
// order", "`stdout: ... (9 lines omitted)` followed by 10, 11 and 12". A list of two texts or more, joined by commas, "and",
// "then" or "followed by", is quoted item by item where the sentence says its items are texts of lines, and nowhere else:
// - right after "lines" ("the lines", "the three lines", "exactly the lines"), any item, a single plain word too (a word a
//   command echoes: "north", "true"), where a count said before "lines" is the number of items;
// - closed by "in that order" ("in this order", "in the same order", "in order"), or joined by an order word to a text
//   quoted already (a notice of the report, which report-layout.ts quotes): items of the shapes commands print, a number,
//   a path, a word with a digit in it ("err1", "line8"), never a plain word (it may be any word of the sentence).
// A word of the sentence's grammar ("in", "them", "shown", "printed") is never an item, and a list holding one, or a range
// ("1 to 5", read by the rules of ranges), is left as written. The quoted sentence is read by the other rules, and only
// where they read it whole: this module names no fact of its own.
import type { Reading } from './reading.js';
import type { Check } from './then.js';
import { layoutReworded } from './report-layout.js';

const QUOTED = '(?:`[^`]+`|“[^”]+”|"[^"]+")';
/** Words of a sentence's grammar or of the report's nouns, never a text of a list written bare. */
const GRAMMAR = String.raw`(?:a|an|the|and|or|nor|not|no|then|in|on|of|to|by|at|as|from|through|under|with|without|after|before|that|this|these|those|it|its|them|they|their|each|every|all|both|only|none|nothing|neither|either|any|some|other|others|more|less|rest|is|are|was|were|be|been|has|have|had|for|one|two|three|four|five|six|seven|eight|nine|ten|follow|follows|precede|precedes|appear|appears|come|comes|show|shows|print|prints|line|lines|output|order|stdout|stderr|stream|notice|note|command|commands|report|block|first|second|third|last|next|so|but|also|too|same|exactly|followed|shown|kept|printed|left|cut|seen|written|hidden|given|[A-Za-z]+(?:ed|ing|ly))`;
/** A text written bare: a number, a path, a word with a digit in it, or a plain word (allowed only right after "lines"). */
const BARE = String.raw`(?:-?\d+(?:\.\d+)?(?![\w/.])|\/[\w.@+-]+(?:\/[\w.@+-]*)*|(?!${GRAMMAR}\b)[A-Za-z_][\w-]*(?![\w/.:]))`;
const ITEM = `(?:${QUOTED}|${BARE})`;
/** What joins two items: a comma, "and", "then", "followed by", or a comma before one of them. */
const JOIN = String.raw`(?:\s*,\s*(?:and\s+then\s+|and\s+|then\s+|followed\s+by\s+)?|\s+(?:and\s+then|and|then|followed\s+by)\s+)`;
const LIST = new RegExp(`(?<![\\w\`”"/.-])${ITEM}(?:${JOIN}${ITEM})+(?![\\w\`“"/-])`, 'g');
const NUMBER_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** "lines", "the lines", "the three lines", "exactly the 4 lines", right before the list (its count, where one is said, captured). */
const LINES_BEFORE = new RegExp(String.raw`(?:^|\s)(?:exactly\s+)?(?:the\s+)?(?:(\d+|${NUMBER_WORDS.join('|')})\s+)?lines\s*:?\s*$`, 'i');
const IS_QUOTED = new RegExp(`^${QUOTED}$`);
const IN_ORDER_AFTER = /^\s*,?\s*in\s+(?:(?:that|this|the\s+same)\s+)?order\b/i;
const ORDER_JOIN = /\b(?:then|followed\s+by)\b/i;
/** A range of numbers ("1 to 5", "101 through 105") is the rules of ranges' to read, not a list of two. */
const RANGE_NEAR = /\d\s+(?:to|through|thru|until|-|–)\s+\d|^\s*(?:to|through|thru|-|–)\s+\d/i;

/** SENTENCE with the bare texts of its lists quoted where a list is said to be texts of lines; null where there is none. */
export function sequenceQuoted(sentence: string): string | null {
  let changed = false;
  const quoted = sentence.replace(LIST, (list: string, at: number) => {
    const before = sentence.slice(0, at);
    const after = sentence.slice(at + list.length);
    if (RANGE_NEAR.test(after.replace(/[`“”"]/g, '')) || /\d[`”"]?\s+(?:to|through|thru)\s+$/i.test(before)) return list;
    // A list that goes on from an item of words before it ("line 8, line 9 and 10") is not the whole sequence.
    if (/,\s*[\w-]+\s+$/.test(before)) return list;
    const pieces = list.split(new RegExp(`(${JOIN})`));
    const items = pieces.filter((_, i) => i % 2 === 0);
    const lines = LINES_BEFORE.exec(before);
    const count = lines?.[1] === undefined ? undefined : /^\d+$/.test(lines[1]) ? Number(lines[1]) : NUMBER_WORDS.indexOf(lines[1].toLowerCase()) + 2;
    if (count !== undefined && count !== items.length) return list;
    const inOrder = IN_ORDER_AFTER.test(after);
    const quotedBeside = items.some((x) => IS_QUOTED.test(x)) && ORDER_JOIN.test(list);
    if (lines === null && !inOrder && !quotedBeside) return list;
    const plain = (x: string) => /^[A-Za-z][A-Za-z-]*$/.test(x);
    if (lines === null && items.some(plain)) return list;
    const bare = items.filter((x) => !IS_QUOTED.test(x));
    if (bare.length === 0) return list;
    changed = true;
    return pieces.map((x, i) => (i % 2 === 1 || IS_QUOTED.test(x) ? x : `\`${x}\``)).join('');
  });
  return changed ? quoted : null;
}

/** The reading of a sentence whose lists of texts are written bare: the sentence quoted (its report texts first) and read by READ_THEN; null where it is not read whole. */
export function sequenceReading(sentence: string, readThen: (sentence: string) => Reading<Check>): Reading<Check> | null {
  const quoted = sequenceQuoted(layoutReworded(sentence) ?? sentence);
  if (quoted === null) return null;
  const read = readThen(quoted);
  return read.ok ? { ...read, rules: [...read.rules, `texts written bare in a sequence, quoted: ${quoted}`] } : null;
}
