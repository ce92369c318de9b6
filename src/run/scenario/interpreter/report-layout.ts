// Where a text stands in the report, said in the writer's words: a located text (a text of the report's own shapes,
// quoted or not; a notice named by its kind; "the kept lines"; the heading, error or verdict line) in a relation (begins
// with, reads exactly, follows, comes before) to another, or to a part of the report. Read only where the
// sentence, as written, is read by no other rule, and in two ways:
// - reworded into the nouns and frames the other rules read, each rewording saying the same: an unquoted text of one of
//   the report's closed shapes ("stdout: ... (15 lines omitted)", "[1/3] host: … (timeout 1m, from defaultTimeout)",
//   "(output truncated - timed out before completion)") quoted as the text it is; a command's heading, header or title
//   before an announcement's text its announcement line; "the error line" before an `Error:` text the headline; "begins
//   `x`" begins with `x` (never "ends `x`", which the other rules would read as a whole last line); "reads exactly `x`" is `x`;
// - a notice placed against the lines kept ("the notice `stdout: ... (5 lines omitted)` follows the kept lines", "the
//   omission notice comes before the kept lines"): checked in a command's output block, the notice on one side of every
//   line the command printed that the block shows.
// A text of no shape of the report stays as written, and the sentence with it unread where no rule reads it.
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';
import { outputLinesOf } from './texts.js';
import { unquotedSpans } from './own-terms.js';

/** A duration as the report prints it ("2s", "1m", "500ms", "1.5s"). */
const SHOWN_TIME = String.raw`\d+(?:\.\d+)?(?:ms|s|m|h)`;
/** The notices an output block holds, each of one closed shape. */
const NOTICE_SHAPES: Record<'omission' | 'hidden' | 'truncation' | 'summary' | 'cut' | 'empty', RegExp> = {
  omission: /(?:stdout|stderr): (?:\.\.\.|…) \(\d+ lines? omitted\)/,
  hidden: /\((?:stdout|stderr): output hidden by configuration\)/,
  truncation: /\(output truncated - timed out before completion\)/,
  summary: new RegExp(String.raw`\((?:Command timed out after ${SHOWN_TIME}\. )?Showing \d+ of \d+ output lines\)`),
  cut: /\(output cut at \d+ lines?: [^()`]*\)/,
  empty: /\(no output\)/,
};
/** A command's timeout as its announcement gives it: "(timeout 3s, from command)". */
const TIMEOUT_SOURCE = /\(timeout [^(),`]+, from [^()`]+\)/;
/** The head of an announcement, "[2/3] host:" or "[1/1] docker alpine:" (its colon lost where it ended the sentence). */
const ANNOUNCED = String.raw`\[\d+\/\d+\] (?:host|docker [^\s:\`]+)(?::|$)`;
/** Where an announcement's command text ends, written bare: before its timeout, a clause of the sentence, or its end. */
const COMMAND_END = String.raw`(?=\s+\(timeout\s|,?\s+(?:and|then|followed\s+by|with)\s+(?:reports|shows|says|prints|ends|has|is|reads|states|gives|then|the|its|a|an)\b|\s*[,;]\s+(?:and|then|followed|with)\b|[.]?$)`;
const ANNOUNCEMENT = new RegExp(String.raw`${ANNOUNCED}(?:\s+(?:\.\.\.|…)(?=[.]?$|[\s,;])|(?: (?!\.\.\.|…)[^\`]*?)?(?:${COMMAND_END}))(?:\s+${TIMEOUT_SOURCE.source})?`, 'g');

/** The report's own texts, written bare in SPAN, in code marks: each closed shape, an announcement with its command and timeout. */
function quotedShapes(span: string): string {
  const shapes = new RegExp(`(?<![\\w(])(?:${[...Object.values(NOTICE_SHAPES), TIMEOUT_SOURCE].map((re) => re.source).join('|')})`, 'g');
  const unquoted = (text: string, mark: (part: string) => string) => unquotedSpans(text).map((part, i) => (i % 2 === 1 ? part : mark(part))).join('');
  // An announcement's text first, up to its timeout where it gives one; an elision after its head ("[1/1] docker alpine: ...") is the head alone, begun with.
  const announced = unquoted(span, (part) => part.replace(ANNOUNCEMENT, (text) => (/(?:\.\.\.|…)$/.test(text) ? `\`${text.replace(/\s+(?:\.\.\.|…)$/, '')}\` …` : `\`${text.trim()}\``)));
  const noticed = unquoted(announced, (part) => part.replace(shapes, (text) => `\`${text}\``));
  // A verdict after a verb of a line, to the end of the sentence, where no clause joins it ("reads exactly Error: Command failed with exit code 3").
  return unquoted(noticed, (part) => part.replace(VERDICT_AT_END, (text) => `\`${text}\``));
}

/** A verdict line's text written bare after a verb of a line, running to the sentence's end with no comma, "and" or "then" in it. */
const VERDICT_AT_END = /(?<=\b(?:is|reads|says|with)(?:\s+(?:exactly|verbatim|precisely))?\s+)(?:Error|OK): (?:(?![,;]|\s(?:and|then|but|followed)\s)[^`"“])+?(?=\.?$)/;

const QUOTE = '(?:`[^`]+`|“[^”]+”|"[^"]+")';
const ANNOUNCEMENT_QUOTE = String.raw`(?:\`(?:\[\d+\/\d+\] |\(timeout )[^\`]*\`|“(?:\[\d+\/\d+\] |\(timeout )[^”]*”)`;
const VERDICT_QUOTE = String.raw`(?:\`(?:Error|OK): [^\`]*\`|“(?:Error|OK): [^”]*”)`;
const ORDINAL = '(?:first|second|third|fourth|fifth|sixth|last)';
/** Verbs that place a text on a line, before the text. */
const LINE_VERB = String.raw`(?:(?:shall|should|must|will|does)\s+)?(?:is|be|reads?|says?|shows?|begins?(?:\s+with)?|starts?(?:\s+with)?|opens?(?:\s+with)?|ends?(?:\s+with)?|contains?|gives?|holds?)(?:\s+exactly)?`;

/** The rewordings, in order; each keeps the sentence's meaning in the nouns and frames the other rules read. */
const REWORDINGS: [RegExp, string][] = [
  // "the report heading", "the second command's header", "its title line", "the heading of the first command" before an announcement's text.
  [new RegExp(String.raw`\b(?:the\s+)?(?:report(?:'s|’s)?\s+)?(${ORDINAL}\s+)?(?:(?:command|report)(?:'s|’s)\s+)?(?:heading|header|title)(?:\s+line)?(?:\s+of\s+the\s+(${ORDINAL})\s+(?:command|report|block))?(?=\s+${LINE_VERB}\s+${ANNOUNCEMENT_QUOTE})`, 'gi'), 'the $1$2 announcement line'],
  // "the first block begins `[1/3] host: …`": a command's block opens with its announcement.
  [new RegExp(String.raw`\b(?:the\s+)?(${ORDINAL}\s+)?(?:command(?:'s|’s)\s+)?(?:block|section|report|entry)(?=\s+(?:begins|starts|opens)(?:\s+with)?\s+${ANNOUNCEMENT_QUOTE})`, 'gi'), 'the $1announcement line'],
  // "the report announces (the command as) `[1/1] docker alpine:` …": the announcement begins with the head, the rest elided.
  [new RegExp(String.raw`\b(?:the\s+)?(?:report|output|run)\s+announces\s+(?:(?:the|its|each|every)\s+command\s+(?:as|with)\s+)?(${ANNOUNCEMENT_QUOTE})\s+…`, 'gi'), 'the announcement line begins with $1'],
  [new RegExp(String.raw`\b(?:the\s+)?(?:report|output|run)\s+announces\s+(?:(?:the|its)\s+command\s+(?:as\s+)?)?(?=${ANNOUNCEMENT_QUOTE})`, 'gi'), 'the announcement line is '],
  // "the error line", "the verdict line", "the status line" before an `Error:`/`OK:` text: the report's first line.
  [new RegExp(String.raw`\b(?:the\s+)?(${ORDINAL}\s+)?(?:(?:command|report)(?:'s|’s)\s+)?(?:error|verdict|result|outcome)(?:\s+message)?\s+line(?=\s+${LINE_VERB}\s+${VERDICT_QUOTE})`, 'gi'), 'the $1headline'],
  // "begins `x`", "starts `x`", "opens `x`": with it. Not "ends `x`": the other rules read "ends with" as the last line of a place, which a line ending with a text is not.
  [new RegExp(String.raw`\b(begins|starts|opens)\s+(?=${QUOTE})`, 'gi'), '$1 with '],
  // "reads exactly `x`", "is exactly `x`", "reads, exactly, `x`": the line is that text.
  [new RegExp(String.raw`\b(?:reads|is|says)\s*,?\s+(?:exactly|verbatim|word\s+for\s+word|precisely)\s*,?\s+(?=${QUOTE})`, 'gi'), 'is '],
  // the writer's elision after a text quoted already ("`[1/1] docker alpine:` …") where the announcement begins with it
  [new RegExp(String.raw`(announcement line begins with ${ANNOUNCEMENT_QUOTE})\s+…`, 'gi'), '$1'],
];

/** SENTENCE in the nouns and frames of the other rules, or null where none of the rewordings applies. */
export function layoutReworded(sentence: string): string | null {
  const quoted = quotedShapes(sentence);
  const reworded = REWORDINGS.reduce((s, [re, by]) => s.replace(re, by).replace(/\s{2,}/g, ' ').replace(/\bthe the\b/gi, 'the'), quoted);
  // An announcement line no place names is the one its text's mark names ("[2/3] …" the second command's): the other rules
  // read "the announcement line" of every command. Without a mark in its text, none is named: not reworded.
  let unplaced = false;
  const placed = reworded.replace(new RegExp(String.raw`\bthe announcement line(?=\s+${LINE_VERB}\s+(${ANNOUNCEMENT_QUOTE}))`, 'gi'), (phrase: string, text: string) => {
    const place = MARK_PLACES[Number(/\[(\d+)\//.exec(text)?.[1]) - 1];
    if (place === undefined) unplaced = true;
    return place === undefined ? phrase : `the ${place} announcement line`;
  });
  return unplaced || placed === sentence ? null : placed;
}

const MARK_PLACES = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

type Side = 'after' | 'before';
/** A notice by its kind: "the omission notice", "the truncation note", "the hidden-output placeholder". */
const NOTICE_KINDS: [RegExp, (line: string) => boolean][] = [
  [/^(?:omission|omitted[- ]lines?|skipped[- ]lines?|lines[- ]omitted)$/i, (l) => new RegExp(`^${NOTICE_SHAPES.omission.source}$`).test(l)],
  [/^(?:truncation|timeout|timed[- ]out)$/i, (l) => new RegExp(`^(?:${NOTICE_SHAPES.truncation.source}|${NOTICE_SHAPES.summary.source})$`).test(l)],
  [/^(?:hidden(?:[- ]output|[- ]stream)?|suppression)$/i, (l) => new RegExp(`^${NOTICE_SHAPES.hidden.source}$`).test(l)],
  [/^(?:cut|capped(?:[- ]output)?)$/i, (l) => new RegExp(`^${NOTICE_SHAPES.cut.source}$`).test(l)],
];
const NOTICE_NOUN = '(?:notice|note|line|indicator|marker|message|placeholder|summary|banner)';
const KEPT_LINES = String.raw`(?:the\s+)?(?:(?:kept|shown|printed|visible|remaining|retained|surviving|output)\s+lines|lines\s+(?:kept|shown|printed|retained|that\s+(?:are|were)\s+(?:kept|shown|printed))|(?:command(?:'s|’s)\s+)?(?:own\s+)?lines)`;
const AFTER = String.raw`(?:follows|comes\s+after|(?:is|stands|appears|sits)\s+(?:(?:shown|printed|placed|put|written)\s+)?(?:after|below|under|beneath|underneath))`;
const BEFORE = String.raw`(?:precedes|comes\s+before|(?:is|stands|appears|sits)\s+(?:(?:shown|printed|placed|put|written)\s+)?(?:before|above|ahead\s+of|in\s+front\s+of))`;
const MODAL = String.raw`(?:(?:shall|should|must|will)\s+)?`;
const NOTICE_PLACED = new RegExp(
  String.raw`^(?:the\s+)?(?:(?:([\w-]+)\s+)?${NOTICE_NOUN}\s+)?(${QUOTE})?\s*${MODAL}(${AFTER}|${BEFORE}|follow|precede|come\s+(?:after|before)|be\s+(?:shown\s+|printed\s+|placed\s+)?(?:after|below|under|before|above))\s+${KEPT_LINES}(?:,?\s+(?:and\s+|but\s+)?not\s+(after|before|below|above)(?:\s+them)?)?$`,
  'i',
);

const unquote = (q: string) => q.slice(1, -1);

/** "the notice `x` follows the kept lines", "the omission notice comes before the kept lines": a check, or null. */
function noticePlaced(sentence: string): Check | null {
  const m = NOTICE_PLACED.exec(sentence.trim().replace(/[.;]$/, '').replace(/\s+/g, ' '));
  if (!m) return null;
  const [, kindWord, quoted, verb, denied] = m;
  const kind = kindWord === undefined ? undefined : NOTICE_KINDS.find(([word]) => word.test(kindWord));
  // A word before the noun that names no kind of notice ("the first line") is not read here.
  if (kindWord !== undefined && kind === undefined) return null;
  if (quoted === undefined && kind === undefined) return null;
  const text = quoted === undefined ? undefined : unquote(quoted).trim();
  // The text must be a notice of the report's shapes: a line the command printed is no notice placed against its own lines.
  if (text !== undefined && !Object.values(NOTICE_SHAPES).some((re) => new RegExp(`^${re.source}$`).test(text))) return null;
  if (text !== undefined && kind !== undefined && !kind[1](text)) return null;
  const side: Side = new RegExp(`^(?:${BEFORE}|precede|come\\s+before|be\\s+(?:shown\\s+|printed\\s+|placed\\s+)?(?:before|above))$`, 'i').test(verb) ? 'before' : 'after';
  // "comes before the kept lines, not after": the side denied must be the other one.
  if (denied !== undefined && (/^(?:after|below)$/i.test(denied) ? 'after' : 'before') === side) return null;
  const isNotice = (line: string) => (text !== undefined ? line === text : kind![1](line));
  const named = text !== undefined ? JSON.stringify(text) : `the ${kindWord} notice`;
  return {
    text: `some command: its output block shows ${named}, and ${side === 'after' ? 'after' : 'before'} every line the command printed that the block keeps (at least one)`,
    evaluate(o: Observation) {
      const blocks = o.record.commands.map((c) => {
        const shown = outputLinesOf(c).map((l) => l.trim());
        const printed = new Set(c.lines.map((l) => l.text.trim()));
        const at = shown.findIndex(isNotice);
        const kept = shown.flatMap((l, i) => (i !== at && printed.has(l) && !Object.values(NOTICE_SHAPES).some((re) => new RegExp(`^${re.source}$`).test(l)) ? [i] : []));
        const ok = at >= 0 && kept.length > 0 && kept.every((i) => (side === 'after' ? i < at : i > at));
        return { ok, shown };
      });
      return { ok: blocks.some((b) => b.ok), actual: blocks.length === 0 ? 'no command ran' : blocks.map((b, i) => `command ${i + 1}: ${JSON.stringify(b.shown)}`).join('; ') };
    },
  };
}

/** "the notice `x` follows the kept lines", with a text of the report's shapes written bare quoted: its reading, or null. */
export function noticePlacedReading(sentence: string): Reading<Check> | null {
  const placed = noticePlaced(quotedShapes(sentence));
  return placed === null ? null : { ok: true, parts: [placed], rules: ['a notice placed against the lines a command printed'] };
}

/** The reading of a sentence that says where a text stands in the report, in words no other rule reads as written: the sentence reworded and read by READ_THEN; null where it is not. */
export function layoutReading(sentence: string, readThen: (sentence: string) => Reading<Check>): Reading<Check> | null {
  const reworded = layoutReworded(sentence);
  if (reworded === null) return null;
  const read = readThen(reworded);
  return read.ok ? { ...read, rules: [...read.rules, `where a text stands in the report, reworded: ${reworded}`] } : null;
}
