// Texts the executor prints and where they stand. A Then that quotes the report is read
// as a PLACE of it, a PRESENCE VERB and TEXTS, each from a class, never as a sentence:
// the place is the whole report, its headline, a command's announcement line, the block
// under a heading (`Output:`, `Partial Output:`, `To fix:`), the items of the fixes, the
// notices, the lines of a refused configuration's errors, or the lines the command's
// output shows; the verb says the place begins with, ends with, is, or holds the texts;
// order words ("followed by", "then", "comes after") say in which order, negation that
// none is there. "`a`, then `b`" is one fact about both texts, never two facts.
import type { CommandRecord } from '../../../executor/record.js';
import { conceptWords, JSON_MEMBER, textsOfRange, type Token } from './lexicon.js';
import type { Observation } from './observation.js';
import type { Check } from './then.js';
import { fieldMessage, fieldPath, problemLine, problemText } from './problem-texts.js';

export { fieldMessage, fieldPath, problemLine };
import { args, isFunction, slotsOf, type Args, type Rule } from './reading.js';

interface Verdict {
  ok: boolean;
  actual: string;
}

interface TextCheck {
  text: string;
  evaluate(o: Observation): Verdict;
  /** The texts said to follow, where the sentence names no text they follow ("It is followed by `x`"). */
  follows?: readonly string[];
  /** The texts it checks in their order ("`a` followed by `b`"). */
  ordered?: readonly string[];
  /** It says a place holds those texts and no other line ("shows `a` only"). */
  only?: true;
  /** The command its words name, where they name one (then.ts Check). */
  place?: Check['place'];
}

/** The headings of the report's blocks, as the executor writes them. */
export const HEADINGS = ['Output:', 'Partial Output:', 'To fix:'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * "under "Partial Output"", "Under `Output`", "below the To fix: heading", "under the Partial Output section": a heading
 * of a command's report named as the place that follows it, written as the heading is (`Partial Output:`), so that it is
 * read as the place and never as a text sought in the output. Unmarked, only as the report spells it, with the colon or a
 * noun of a heading after it.
 */
export function headingsNamedUnder(sentence: string): string {
  const names = HEADINGS.map((h) => escape(h.slice(0, -1))).join('|');
  const marked = new RegExp(String.raw`\b(under(?:neath)?|below|beneath)\s+(?:the\s+)?(?:"(${names}):?"|“(${names}):?”|\`(${names}):?\`|'(${names}):?')(?:\s+(?:section|heading|header|block|part))?(?![\w:])`, 'gi');
  // Unmarked, as the report spells it (its capitals): "the output block" is what the rules of the output read.
  const plain = new RegExp(String.raw`\b([Uu]nder(?:neath)?|[Bb]elow|[Bb]eneath)\s+(?:the\s+)?(${names})(?:\s*:|\s+(section|heading|header|block|part)\b)`, 'g');
  const spelled = (said: string) => HEADINGS.find((h) => h.slice(0, -1).toLowerCase() === said.toLowerCase())!;
  return sentence
    .replace(marked, (_w, under: string, ...names: (string | undefined)[]) => `${under} \`${spelled(names.slice(0, 4).find((n) => n !== undefined)!)}\``)
    .replace(plain, (_w, under: string, name: string) => `${under} \`${spelled(name)}\``);
}

/**
 * A capital letter standing for digits in a quoted text: alone ("(N lines omitted)"), repeated ("NNN"), with a fraction
 * ("N.NNN", "NN.N") and a unit after it ("took N.NNNs"); not the words "A" and "I". The letters before the point are a
 * number (its width is not what the writer says), those after it as many digits as there are letters.
 */
const LETTER_PLACEHOLDER = /(?<![\w.'-])([B-HJ-Z])\1*(?:\.(\1+))?(?=(?:ms|s|m|h)?(?![\w'-]))/g;
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, sixteen: 16, thirty: 30, 'thirty-two': 32, forty: 40, 'sixty-four': 64 };
/** Words of a placeholder's description that say a format (digits, a number, a time): a description with one of them that is not read has a shape the reading would guess. */
const FORMAT_WORD = /\b(?:digits?|hex(?:adecimal)?|numbers?|numeric|integers?|pids?|seconds?|secs?|milliseconds?|ms|durations?|timestamps?|dates?|bytes?)\b/i;
/**
 * The pattern an angle-bracketed placeholder stands for ("<8 hex digits>", "<pid>", "<digits>", "<number>"): the format its
 * description says; any text on the line where it says none ("<file>", "<reason>"); null where it names a format in words
 * this does not read ("<a duration>", "<some digits and letters>"), whose shape a reading would guess.
 */
export function placeholderShape(placeholder: string): string | null {
  const said = placeholder.slice(1, -1).trim().toLowerCase().replace(/^(?:that|the|its|his|her|their|a|an|some)\s+/, '');
  const count = (n: string | undefined) => (n === undefined ? '+' : `{${/^\d+$/.test(n) ? n : NUMBER_WORDS[n]}}`);
  const countWord = String.raw`(\d+|${Object.keys(NUMBER_WORDS).join('|')})`;
  const hex = new RegExp(String.raw`^(?:${countWord}[\s-]+)?(?:lower-?case\s+)?hex(?:adecimal)?(?:[\s-]+(?:digits?|characters?|chars?))?$`).exec(said);
  if (hex) return `[0-9a-f]${count(hex[1])}`;
  const digits = new RegExp(String.raw`^(?:${countWord}[\s-]+)?(?:decimal\s+)?digits?$`).exec(said);
  if (digits) return `\\d${count(digits[1])}`;
  if (/^(?:pid|process[\s-]+id|process\s+number|pid\s+number|integer|whole\s+number|n)$/.test(said)) return '\\d+';
  if (/^(?:number|numeric\s+value)$/.test(said)) return '\\d+(?:\\.\\d+)?';
  return FORMAT_WORD.test(said) ? null : '[^\\n]*?';
}

/** A placeholder of QUOTED whose shape is not read ("<a duration>"): the step that quotes it is not read; null where there is none. */
export function placeholderUnread(quoted: string): string | null {
  return (quoted.match(/<[^<>\n]+>/g) ?? []).find((p) => placeholderShape(p) === null) ?? null;
}

/** The pattern of a quoted text with placeholders, ellipses and letters standing for digits in it; null where it has none. */
function placeholderPattern(quoted: string): string | null {
  let found = false;
  const letters = (part: string) => {
    let out = '';
    let at = 0;
    for (const m of part.matchAll(LETTER_PLACEHOLDER)) {
      out += escape(part.slice(at, m.index)) + (m[2] === undefined ? '\\d+(?:\\.\\d+)?' : `\\d+\\.\\d{${m[2].length}}`);
      at = m.index! + m[0].length;
      found = true;
    }
    return out + escape(part.slice(at));
  };
  const pieces = quoted.split(/(\s*(?:\.\.\.|…)\s*|<[^<>\n]+>)/);
  const pattern = pieces
    .map((piece, i) => {
      if (i % 2 === 0) return letters(piece);
      found = true;
      return piece.startsWith('<') ? (placeholderShape(piece) ?? '[^\\n]*?') : '[^\\n]*?';
    })
    .join('');
  return found ? pattern : null;
}

/**
 * Where a quoted text stands in TEXT from FROM on: word for word, or with an ellipsis
 * ("…", "...") standing for what the sentence leaves out, a placeholder ("<8 hex digits>", "<pid>")
 * for the format it describes (any text where it describes none), and a capital letter alone or
 * repeated ("N lines", "N.NNNs") for digits, on one line. A text that begins or ends
 * with a letter or digit is matched as whole words ("1" is not in "10", "out" not in "output").
 */
export function textAt(quoted: string, text: string, from = 0, withinWords = false): { start: number; end: number } | null {
  const edge = (s: string, at: 'start' | 'end') => (withinWords ? '' : /\w/.test(at === 'start' ? s.charAt(0) : s.charAt(s.length - 1)) ? (at === 'start' ? '(?<!\\w)' : '(?!\\w)') : '');
  const literal = new RegExp(`${edge(quoted, 'start')}${escape(quoted)}${edge(quoted, 'end')}`, 'g');
  literal.lastIndex = from;
  const exact = literal.exec(text);
  if (exact) return { start: exact.index, end: exact.index + exact[0].length };
  const shaped = placeholderPattern(quoted);
  if (shaped === null) return null;
  const pattern = new RegExp(`${edge(quoted, 'start')}${shaped}${edge(quoted, 'end')}`, 'g');
  pattern.lastIndex = from;
  const found = pattern.exec(text);
  return found ? { start: found.index, end: found.index + found[0].length } : null;
}

/** Whether LINE holds a quoted text with more after it on the line ("`… could not be pulled:` followed by the engine's answer"). */
export function continuedOn(quoted: string, line: string): boolean {
  const found = textAt(quoted, line);
  return found !== null && line.slice(found.end).trim() !== '';
}

/** A text the sentence quotes is in TEXT: as whole words, or anywhere in a word WITHIN_WORDS (said by a verb of containing). */
export function quotedIn(quoted: string, text: string, withinWords = false): boolean {
  return textAt(quoted, text, 0, withinWords) !== null;
}

/**
 * The verbs that say a text is part of another: "contains", "includes", "mentions". A text a command may
 * print said so is found inside a word too (`fail` in `build failed`, `234` in `12345`), asserted or denied
 * alike; one said to be shown, printed or read ("shows `1`") is whole words, never part of `10`. The
 * executor's own lines and notes (`Exit Code: 3`, `(…)`) are whole words whatever the verb: a field's
 * value is never part of another (`Exit Code: 3` is not in `Exit Code: 30`). ("warn included" is a
 * participle of a list, no verb of containing.)
 */
const CONTAINING = /^(contains?|containing|contained|includes?|including|mentions?|mentioning|mentioned)$/i;
export const saysContained = (tokens: readonly Token[]) => tokens.some((t) => t.kind === 'word' && CONTAINING.test(t.text));
/**
 * Whether a text a sentence says a command printed is sought inside words too, among the lines it
 * printed: where its verb says containing, and wherever the sentence denies it ("SHALL NOT print
 * `fail`" is broken by `build failed`): a denial read as whole words would pass on output a reader
 * takes to hold the text, so a denial takes the reading that fails ("does not print `1`" fails on
 * `10`). Not in the report's places, where the executor's own notes ("output hidden") hold words.
 */
export const soughtWithinWords = (a: { tokens: readonly Token[]; negated: boolean }) => a.negated || saysContained(a.tokens);
/** How a reading says a text is sought inside words too. */
export const WITHIN_WORDS = ' (within words too)';

/** The line announcing a command, with the timeout as documented where the run was scaled. */
export function announcementOf(c: CommandRecord, o: Observation): string | undefined {
  const probed = o.record.messages.flatMap((m) => m.split('\n')).find((m) => new RegExp(`^\\[${c.index + 1}/\\d+\\] `).test(m));
  const documented = o.documented[c.index];
  return probed !== undefined && documented && o.scale !== 1 ? probed.replace(`(timeout ${c.timeout.text},`, `(timeout ${documented.text},`) : probed;
}

/** A command failFast did not start (by its place, from 0): its announcement `[i/n] … (not run)` and the notes under it, as the run printed them; none for a command that started. */
export function notRunLines(o: Observation, index: number): string[] {
  if (!o.record.failedFast?.notRun.includes(index)) return [];
  const lines = o.record.messages.flatMap((m) => m.split('\n'));
  const at = lines.findIndex((l) => l.startsWith(`[${index + 1}/`) && l.endsWith(' (not run)'));
  if (at < 0) return [];
  const end = lines.findIndex((l, i) => i > at && !/^\s+note: /.test(l));
  return lines.slice(at, end < 0 ? undefined : end);
}

/** The lines under HEADING in a command's report, up to the blank line that ends its block. */
function block(c: CommandRecord, heading: string): string[] {
  const lines = c.report.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && l.trim() === '');
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The lines of a command's output block, under `Output:` or `Partial Output:`, with the executor's notes on them. */
export const outputLinesOf = (c: CommandRecord) => (block(c, 'Output:').length > 0 ? block(c, 'Output:') : block(c, 'Partial Output:'));

/** Every line spec-run exec printed of the run. */
export const runLines = (o: Observation) => o.record.messages.flatMap((m) => m.split('\n'));

/** What the run printed of one command: its announcement, its notes, its report. */
export function commandLines(c: CommandRecord, o: Observation): string[] {
  const lines = runLines(o);
  const start = lines.findIndex((l) => l.startsWith(`[${c.index + 1}/`));
  if (start < 0) return c.report.split('\n');
  const next = lines.findIndex((l, i) => i > start && /^\[\d+\/\d+\] /.test(l));
  return [announcementOf(c, o) ?? lines[start], ...lines.slice(start + 1, next < 0 ? undefined : next)];
}

/** A place of the report: its parts in a command's report, and in a run that ran no command (its configuration refused). */
interface Place {
  name: string;
  /** All the run printed, where no command is named. */
  whole?: boolean;
  /** A block of what the command printed, with the executor's notes about it. */
  output?: boolean;
  of(c: CommandRecord, o: Observation): string[];
  ofRun(o: Observation): string[];
}

/** A configuration's errors, one per line under its heading; a file that could not be read, its one `Error:` line. */
const problemLinesOfRun = (o: Observation): string[] => runLines(o).filter((l) => /^\s+.*:\d+:\d+: /.test(l) || (/^Error: /.test(l) && !/^Error: invalid configuration /.test(l))).map((l) => l.trim());

const PLACES = {
  report: { name: 'the report', whole: true, of: commandLines, ofRun: runLines },
  verdict: { name: "the command's report", of: (c) => c.report.split('\n'), ofRun: runLines },
  headline: { name: 'the headline (first line of the report)', of: (c) => c.report.split('\n').filter((l) => l.trim() !== '').slice(0, 1), ofRun: (o) => runLines(o).slice(0, 1) },
  announcement: { name: 'the announcement line', of: (c, o) => [announcementOf(c, o) ?? ''], ofRun: () => [] },
  output: { name: 'the output block (under `Output:` or `Partial Output:`)', output: true, of: (c) => outputLinesOf(c), ofRun: () => [] },
  fixes: { name: 'the items under `To fix:`', of: (c) => block(c, 'To fix:'), ofRun: () => [] },
  notices: { name: "the executor's notices", of: (c) => c.notices, ofRun: () => [] },
  // A hint is a suggestion: an item of a command's `To fix:`, or the words of a refused configuration's problem line ("(e.g. '300s')").
  hints: { name: 'the hints (the items under `To fix:`; a refused configuration\'s `file:line:col:` lines)', of: (c) => block(c, 'To fix:'), ofRun: problemLinesOfRun },
  problems: {
    name: 'the error lines (a command\'s `Error:` line; a refused configuration\'s `file:line:col:` lines)',
    of: (c) => c.report.split('\n').filter((l) => l.startsWith('Error:')),
    ofRun: problemLinesOfRun,
  },
  // What the command printed as the report shows it: its lines and the notices about them, under `Output:` or `Partial Output:`.
  shown: { name: 'the output shown', output: true, of: (c) => outputLinesOf(c), ofRun: runLines },
} satisfies Record<string, Place>;

/**
 * TEXT (lines of the report) with each command line it quotes left out: the announcement's
 * (`[1/2] host: echo out (timeout …)`) and the `Command:` line's. A text the command printed
 * is looked for where the report shows what it printed, never in the quotation of its own
 * command (`out` is not shown by `Command: echo out`).
 */
export function withoutQuotedCommands(text: string, o: Observation): string {
  let rest = text;
  for (const run of new Set(o.record.commands.map((c) => c.run))) rest = rest.split(`: ${run} (timeout `).join(': … (timeout ').split(`Command: ${run}`).join('Command: …');
  return rest;
}

/** Whether a sentence quotes a command line itself: a text that is one of the run's commands, a `Command:` line or an announcement, or a text called a command ("names the command `sleep 5`"). */
export function quotesCommand(texts: readonly string[], o: Observation, calledCommand: boolean): boolean {
  return calledCommand || texts.some((x) => /^(Command:|\[\d+\/\d+\])/.test(x) || o.record.commands.some((c) => c.run.trim() === x.trim()) || o.runs.some((r) => r.trim() === x.trim()));
}

/** Whether TEXT, a problem line with its place, is (in) one of the problem lines spec-run exec printed: place and message, never an error's bare message, which holds no place. */
export const problemLinePrinted = (text: string, o: Observation) => runLines(o).some((l) => problemLine(l) && quotedIn(text.trim(), l.trim()));

/** A text that is a file's name by its extension ("`logs/limits.jsonl`", "`out.txt`"), not a field's path ("`stop.commands`"). */
export const namesFile = (text: string) => /^[\w./-]+\.(jsonl|ndjson|json|log|txt|ya?ml|md|sh|out|csv)$/i.test(text);

/**
 * "`x.jsonl` holds no line", "`ran.txt` never shows up", "there's no `none.jsonl` afterwards": a file that is the sentence's
 * subject (named before its first verb of saying, showing or writing, or said to be there or not) is what holds the things
 * said, or what comes to be; never a text of the report or of the output.
 */
export function fileBeforeItsVerb(a: Args): boolean {
  const verbAt = a.tokens.findIndex((t) => t.kind === 'word' && slotsOf(t).some((x) => ['MENTION', 'SHOWN', 'WRITE'].includes(x)));
  const thereAt = a.tokens.findIndex((t) => t.kind === 'word' && /^there(?:'s|’s)?$/i.test(t.text));
  const subjectEnd = verbAt > 0 ? verbAt : thereAt >= 0 ? a.tokens.length : 0;
  return a.tokens.slice(Math.max(thereAt, 0), subjectEnd).some((t) => t.kind === 'entity' && (t.entity.type === 'quoted' || t.entity.type === 'path') && namesFile(t.entity.text));
}

/** "the command `sleep 5`": a text a sentence calls a command. */
export const calledCommand = (tokens: readonly Token[]) => tokens.some((t, i) => quotedText(t) !== null && is(tokens[i - 1], 'COMMAND'));

/** PLACE without the command lines the report quotes, unless the sentence quotes one (TEXTS): whole-report places only. */
function unquotedPlace(place: Place, texts: readonly string[], called: boolean): Place {
  if (place !== PLACES.report && place !== PLACES.verdict) return place;
  const strip = (lines: string[], o: Observation) => (quotesCommand(texts, o, called) ? lines : withoutQuotedCommands(lines.join('\n'), o).split('\n'));
  return { ...place, of: (c, o) => strip(place.of(c, o), o), ofRun: (o) => strip(place.ofRun(o), o) };
}

/** The line of a command's report that LABEL opens ("Exit Status:"), or of all the run printed where no command ran. */
function labelledLine(label: string): Place {
  return { name: `the ${JSON.stringify(label)} line of the report`, of: (c) => c.report.split('\n').filter((l) => l.startsWith(label)), ofRun: (o) => runLines(o).filter((l) => l.startsWith(label)) };
}

function headingPlace(heading: string): Place {
  return { name: `the block under ${JSON.stringify(heading)}`, output: heading !== 'To fix:', of: (c) => block(c, heading), ofRun: () => [] };
}

/** A text a command may have printed: neither the executor's own words nor one of its notes ("(…)", "stdout: ... (…)"). */
export const printedText = (text: string) => !executorText(text) && !/^\(|^(stdout|stderr): \.\.\./.test(text.trim());

/**
 * An output block's lines the command printed, where every text sought is one a command may
 * print: "shows `before`" is not the word of the note `(output truncated - timed out before
 * completion)`, nor "contains `5`" the count of `(Showing 2 of 5 output lines)`, nor "its
 * last line is `b`" the note after it. PLACE as it is otherwise.
 */
function printedLines(place: Place, texts: readonly string[]): Place {
  if (!place.output || !texts.every(printedText)) return place;
  return {
    ...place,
    name: `the lines the command printed in ${place.name}`,
    of: (c, o) => {
      const own = new Set(c.lines.map((l) => l.text));
      return place.of(c, o).filter((l) => own.has(l));
    },
  };
}

/**
 * The executor's note on the lines a block shows: "(output truncated - …)", "(Showing 5 of 12 output lines)", "stdout: ... (7 lines omitted)",
 * and the placeholder of a hidden stream, "(stdout: output hidden by configuration)": a notice, never a line the command printed.
 */
const noteOnLines = (line: string) => /^\(/.test(line.trim()) || /^(stdout|stderr): \.\.\. \(/.test(line.trim());

/** A line spec-run exec prints of the run, after every command's report ("interrupted by SIGINT: 1 of 2 commands not run", or "interrupted by SIGINT" when every command was started). */
export const runText = (text: string) => /^interrupted by SIG[A-Z]+(: \d+ of \d+ commands? not run|$)/.test(text);

/**
 * The heading of a configuration's refusal ("Error: invalid configuration hooks.yaml:"): spec-run exec prints it of
 * the run, before any command could run, so it is a line of all the run printed; a command that echoes it prints it
 * after its own announcement, never as the run's first line.
 */
export const refusalHeading = (text: string) => /^Error: invalid configuration\b/.test(text.trim());

/**
 * A line of a configuration's refusal ("hooks.yaml:2:13: stop.failFast: must be true or false, not …"): the file, line and
 * column of a problem and the field it is in (every field of a configuration is under `stop`). spec-run exec prints it under
 * the refusal's heading, on its stdout, and runs nothing: no command prints it.
 */
export const configErrorLine = (text: string) => /^\S+:\d+:\d+: stop(\.|\[|:)/.test(text.trim());

/** A line only spec-run exec itself prints, never a command of the run: a refusal's heading and its lines. */
export const ownRunLine = (text: string) => refusalHeading(text) || configErrorLine(text);

/** A text in the executor's own words ("`Duration:`", "`Exit Code: 0`", "`[1/2] host: …`", a heading, a line of the run's): shown in the report, never on a command's stream. */
export const executorText = (text: string) => /^(Command|Duration|Exit Code|Exit Status|Timeout|Memory limit|Error|OK|note):|^\[\d+\/\d+\] /.test(text) || HEADINGS.includes(text) || runText(text) || statusValue(text);

/** The value of a report's `Exit Status:` line, said without its label ("`Timeout (signal 9: SIGKILL after 2.000s grace period)`", "`Interrupted by SIGINT (…)`", "`Memory limit (OOM killed, …)`"). */
export const statusValue = (text: string) => /^(Timeout|Memory limit) \((signal \d+|OOM)|^Interrupted by SIG[A-Z]+ \(/.test(text);

/** "it reports `Exit Code: 0`": the verb says what its report says, as "says" does. */
export const reports = (a: Args) => a.tokens.some((t) => t.kind === 'word' && /^reports$/i.test(t.text));

/** How the place holds the texts. */
/** How the place holds the texts; 'lines': each a whole line of it, in the order listed, other lines among them. */
type Presence = 'holds' | 'begins' | 'ends' | 'is' | 'lines';

const is = (t: Token | undefined, ...concepts: string[]) => t?.kind === 'word' && t.concepts.some((c) => concepts.includes(c));
/** A text a sentence gives: quoted, or a path ("prints /workspace"). */
const quotedText = (t: Token) => (t.kind === 'entity' && (t.entity.type === 'quoted' || t.entity.type === 'path') ? t.entity.text : null);
const isHeading = (t: Token) => HEADINGS.includes(quotedText(t) ?? '');
/**
 * "contains neither `x` nor `To fix:`": a heading after "nor", "neither" or "or" is one of the texts denied, never the block under
 * it that the other text would be sought in; the texts read here leave headings out, so such a sentence is not read.
 */
const headingDenied = (a: Args) => a.tokens.some((t, i) => isHeading(t) && a.tokens[i - 1]?.kind === 'word' && /^(nor|neither|or)$/i.test(a.tokens[i - 1].text));

/**
 * "`a`, `b` and `c` under `Partial Output:`", "`a`, with `c` under `Partial Output:`": a heading
 * is said of the text just before "under"; those listed earlier stand elsewhere in the report
 * (the `Exit Code:` line above the block). "`a` and `c` are listed under …" says it of both.
 */
export function beforeUnder(a: Args): string[] {
  const at = a.tokens.findIndex((t) => is(t, 'UNDER'));
  if (at < 0 || /^(are|appear)\b/i.test(a.tokens[at].text)) return [];
  // "both `a` and `b` are kept under `Partial Output:`": one list, the subject of a plural verb, is under the heading whole.
  const listed = a.tokens.slice(0, at);
  if (listed.some((t, i) => t.kind === 'word' && (/^(are|were)$/i.test(t.text) || (/^both$/i.test(t.text) && listed.slice(i + 1).some((u) => quotedText(u) !== null))))) return [];
  return a.tokens.slice(0, at).flatMap((t) => (quotedText(t) !== null && !isHeading(t) ? [quotedText(t)!] : [])).slice(0, -1);
}

/** Order words that put the text after them first: "`b` comes after `a`", "`b` follows `a`". */
const AFTER_FIRST = /^(after|comes after|come after|coming after|follows|follow|preceded by|right after|directly after|immediately after|just after)$/i;
/** Order words that ask for the next line: "right after", "immediately before". */
const ADJACENT = /^(right|directly|immediately|just) (after|before)$|^next$|^(?:followed (?:immediately|directly|right) by|(?:immediately|directly|right) followed by)$/i;

/**
 * "the next line reads `x`", "the next line is `x`", "the next line says `x`": the line right after the text the step before
 * quoted, as its subject, and the verb said of it. "is" and "reads" say the whole line is the text; a verb of saying or
 * holding, that the line holds it.
 */
function nextLineSaid(a: Args): { verb: Token; whole: boolean } | null {
  const at = a.tokens.findIndex((t, i) => t.kind === 'word' && /^next$/i.test(t.text) && /^lines?$/i.test(a.tokens[i + 1]?.text ?? '') && /^the$/i.test(a.tokens[i - 1]?.text ?? ''));
  const verb = a.tokens[at + 2];
  if (at !== 1 || verb?.kind !== 'word' || quotedText(a.tokens[at + 3]) === null) return null;
  if (/^(is|reads)$/i.test(verb.text)) return { verb, whole: true };
  return /^(says|shows|holds|contains|states|mentions|gives)$/i.test(verb.text) ? { verb, whole: false } : null;
}

/** Texts of a sentence in the order the report is to show them, or null when its order words do not order texts. */
function sequence(a: Args): { texts: string[]; ordered: boolean; adjacent: Adjacent; next?: boolean[]; anchor?: { after: boolean; at: number }; follows?: true; nextLineWhole?: true } | null {
  // NEXT: on the line right after the text before it, as the texts of a range are ("`line1` to `line5`").
  const items: { text: string; at: number; next: boolean }[] = [];
  a.tokens.forEach((t, at) => {
    if (t.kind === 'entity' && t.entity.type === 'range') textsOfRange(t.entity).forEach((text, k) => items.push({ text, at, next: k > 0 }));
    else if (quotedText(t) !== null && !isHeading(t)) items.push({ text: quotedText(t)!, at, next: false });
  });
  const orders = a.tokens.flatMap((t, at) => (is(t, 'ORDER') ? [{ word: t.text.toLowerCase(), at }] : []));
  const ranged = a.tokens.some((t) => t.kind === 'entity' && t.entity.type === 'range');
  if (orders.length === 0) return { texts: items.map((i) => i.text), ordered: ranged, adjacent: ranged };
  // "in that order": the texts as the sentence lists them.
  const listed = orders.every((o) => /order$/.test(o.word));
  if (listed) return items.length >= 2 ? { texts: items.map((i) => i.text), ordered: true, adjacent: false } : null;
  // Every other order word stands between two texts.
  const between = orders.every((o) => items.some((i) => i.at < o.at) && items.some((i) => i.at > o.at));
  // "`x` is printed after the output block": one text, and a block of the report it comes after or before.
  const [order] = orders;
  // "`x` is printed after the output block", "after the output, the report shows `x`": a text, and the part of the report it comes after or before.
  const anchorOrder = items.length === 1 && orders.length === 1 && /^(after|before|follows|precedes|comes after|comes before|below|above)$/.test(order.word);
  if (anchorOrder) {
    const following = a.tokens.slice(order.at + 1);
    const end = following.findIndex((t) => !(is(t, 'FUNCTION') || isHeading(t) || is(t, 'SECTION', 'OUTPUT', 'PARTIAL', 'FIXES', 'NOTICE', 'MESSAGE')));
    const anchor = (end < 0 ? following : following.slice(0, end)).filter((t) => !is(t, 'FUNCTION'));
    // What the order word opens is all of the anchor when the text stands before it; before the text, the anchor ends where its clause does.
    if (items[0].at < order.at ? end >= 0 : items[0].at <= order.at + 1 + anchor.length) return null;
    const summary = anchor.length === 1 && anchor[0].kind === 'word' && /^summary$/i.test(anchor[0].text);
    const blockWords = summary || (anchor.length > 0 && anchor.every((t) => isHeading(t) || is(t, 'SECTION', 'OUTPUT', 'PARTIAL', 'FIXES')) && anchor.some((t) => isHeading(t) || is(t, 'SECTION', 'OUTPUT')));
    if (blockWords) return { texts: [items[0].text], ordered: false, adjacent: false, anchor: { after: /after|follows|below/.test(order.word), at: order.at } };
  }
  // "The line `x` follows", "It is followed by `x`", "Then `x`", "after that comes `x`": after the texts the step before quoted.
  const pronoun = (t: Token) => t.kind === 'word' && /^(it|they|them|that|this|these|those)$/i.test(t.text);
  // "The lines `a` and `b` follow (it), in that order": "in that order" says again the order the list gives, beside a word of following.
  const restated = (o: { word: string }) => /order$/.test(o.word);
  // "It is followed by `a`, then `b`": after the first word of following, the texts go on in the order they are listed.
  const chained = items.length > 1 && orders[0].at < items[0].at && orders.slice(1).every((o) => /^(then|followed by|after that)$/.test(o.word) || restated(o));
  const outside = chained || orders.every((o) => items.every((i) => i.at > o.at) || items.every((i) => i.at < o.at));
  const forward = orders.some((o) => !restated(o)) && orders.every((o) => restated(o) || /^(follows|follow|followed by|then|after that|after|comes after|come after|next)$/.test(o.word) || ADJACENT.test(o.word));
  const rest = a.tokens.filter((t) => !is(t, 'ORDER', 'FUNCTION') && quotedText(t) === null && !(t.kind === 'entity' && t.entity.type === 'range'));
  // "the next line reads `x`", "the next line says `x`": the line right after, said with a verb of reading it.
  const nextLine = nextLineSaid(a);
  // "`Output:` is followed by `…`": what follows is the heading, not what the step before quoted.
  if (outside && forward && items.length >= 1 && !a.tokens.some(isHeading) && rest.every((t) => pronoun(t) || is(t, 'SEND', 'NOTICE', 'OUTPUT', 'SHOWN', 'WRITE') || (nextLine !== null && t === nextLine.verb))) {
    const after = orders.some((o) => /^(after|comes after|come after)$/.test(o.word));
    // "after" needs what it comes after: a pronoun ("after them").
    // "the next line is `x`", "right after it comes `x`": on the line right after, not anywhere after.
    // "It is followed by `a`, `b` and `c`": after the last text the step before quoted, in order. Not as the lines right after
    // it: what "it" is may be more than that text ("the output shows `1` to `5` and all three stderr lines. It is followed
    // by …": the stderr lines stand between `5` and what follows).
    if (!after || a.tokens.some(pronoun)) return { texts: items.map((i) => i.text), ordered: true, adjacent: orders.some((o) => ADJACENT.test(o.word)), follows: true, ...(nextLine?.whole ? { nextLineWhole: true } : {}) };
  }
  if (!between || items.length < 2) return null;
  // "`a` and, after it, `b`": an order word with a pronoun for the text before it keeps the sentence's order.
  const reversed = orders.filter((o) => AFTER_FIRST.test(o.word) && !pronoun(a.tokens[o.at + 1]));
  if (reversed.length > 0 && (items.length !== 2 || orders.length !== 1)) return null;
  const texts = items.map((i) => i.text);
  if (reversed.length > 0) return ranged ? null : { texts: texts.reverse(), ordered: true, adjacent: orders.some((o) => ADJACENT.test(o.word)) };
  // Within one sentence ("`OK: …` followed by `Exit Code: 0`", "`a`, then `b`") the words say the texts' order, not that
  // nothing stands between them (a report's fields have lines between them).
  return { texts, ordered: true, adjacent: orders.some((o) => ADJACENT.test(o.word)), ...(ranged ? { next: items.map((i) => i.next) } : {}) };
}

/** A part is the text: word for word (an item of a numbered list with or without its number). */
function isText(part: string, text: string): boolean {
  return [part.trim(), part.trim().replace(/^\d+\.\s+/, '')].some((p) => {
    const found = textAt(text, p);
    return found !== null && found.start === 0 && found.end === p.length;
  });
}

/** "`x` is printed after the output block": a text placed by a part of the report, which the texts of the report read. */
export const placedByPart = (a: Args) => sequence(a)?.anchor !== undefined;

/** "the line `ready`", "a line `alpha`": the text at I, named a line by the word before it, which is a whole line, never words of one. */
export const namedLine = (tokens: readonly Token[], i: number) => tokens[i] !== undefined && quotedText(tokens[i]) !== null && tokens[i - 1]?.kind === 'word' && /^line$/i.test(tokens[i - 1].text);

/** "one line", "a line", "some line" (with NONE, "no line" too): a line said of no place in the place's lines, any of them. */
export const someLine = (a: Args, none = false) =>
  oneOfLines(a) || a.tokens.some((t, i) => (t.kind === 'entity' && t.entity.type === 'count' && t.entity.unit === 'line' && t.entity.n === 1 && /^(one|1) line$/i.test(t.text)) || (t.kind === 'word' && /^line$/i.test(t.text) && (none ? /^(a|some|any|another|no)$/i : /^(a|some|any|another)$/i).test(a.tokens[i - 1]?.text ?? '')));

/**
 * "one of them ends with `…`", "one of those lines begins with `…`", "one of the three error lines ends with `…`":
 * a member of a set of lines, any one of them, never the place's own first or last line. "them" and "those" are lines
 * the sentence does not name (a line ends with a text); "the … lines" names them.
 */
export const oneOfLines = (a: Args): boolean =>
  a.tokens.some((t, i) => {
    if (t.kind !== 'word' || !/^one$/i.test(t.text) || !/^of$/i.test(a.tokens[i + 1]?.text ?? '')) return false;
    const next = a.tokens[i + 2];
    if (next?.kind === 'word' && /^(them|these|those)$/i.test(next.text) && (/^lines$/i.test(a.tokens[i + 3]?.text ?? '') || is(a.tokens[i + 3], 'FIRST_LINE', 'LAST_LINE'))) return true;
    if (next?.kind !== 'word' || !/^(the|these|those)$/i.test(next.text)) return false;
    // "the three error lines", "the problem lines": a few words, then "lines", then the edge.
    const at = a.tokens.findIndex((x, k) => k > i + 2 && x.kind === 'word' && /\blines$/i.test(x.text));
    return at > 0 && at <= i + 5 && a.tokens.slice(i + 3, at).every((x) => x.kind === 'word' || (x.kind === 'entity' && x.entity.type === 'number')) && is(a.tokens[at + 1], 'FIRST_LINE', 'LAST_LINE');
  });

/**
 * An absolute path alone ("/workspace", "/srv/etl"), as `pwd` or a variable's value prints it: among the lines a
 * command printed it is a whole line, never the start of a longer path ("/workspace/exports" is not "/workspace").
 */
const PATH_ALONE = /^\/[^\s]*$/;
/**
 * A number alone ("1", "25"), said among others in order ("1 and 2, then `stdout: ... (3 lines omitted)`", "1 to 5, then 101
 * to 105"): among the lines a command printed it is a whole line, as the rules of output items read it, never the figure
 * inside a longer one (`10`, `1.5`, `step 1`).
 */
const NUMBER_ALONE = /^-?\d+(?:\.\d+)?$/;

/** Where LINE stands in TEXT from FROM on as a whole line of its own. */
function wholeLine(line: string, text: string, from = 0): { start: number; end: number } | null {
  const found = new RegExp(`^[ \\t]*${escape(line)}[ \\t]*$`, 'gm');
  found.lastIndex = from;
  const at = found.exec(text);
  return at ? { start: at.index, end: at.index + at[0].length } : null;
}

/** Whether the parts of a place hold TEXTS as PRESENCE says, in order when ORDERED (on consecutive lines when ADJACENT; each text NEXT says so on the line after the one before it; with PATH_LINES, among a command's own lines, a path alone as a whole line). */
/**
 * How texts said in order stand: on consecutive lines (true: "right after"), or 'next' ("followed by", "then" after the step
 * before): each right after the one before, on its line with only spaces between or on the next line that is not blank.
 */
type Adjacent = boolean | 'next';

/** Whether TEXTS come one right after the other in PARTS, as 'next' says (FIND: where a text stands in a line, from an index on). */
function comesNext(parts: string[], texts: string[], find: (x: string, text: string, from?: number) => { start: number; end: number } | null): boolean {
  const lines = parts.join('\n').split('\n');
  const from = (k: number, i: number, end: number): boolean => {
    if (k === texts.length) return true;
    const same = find(texts[k], lines[i], end);
    if (same && lines[i].slice(end, same.start).trim() === '' && from(k + 1, i, same.end)) return true;
    let j = i + 1;
    while (j < lines.length && lines[j].trim() === '') j++;
    if (j >= lines.length) return false;
    for (let at = find(texts[k], lines[j]); at; at = find(texts[k], lines[j], at.start + 1)) if (from(k + 1, j, at.end)) return true;
    return false;
  };
  for (let i = 0; i < lines.length; i++) for (let at = find(texts[0], lines[i]); at; at = find(texts[0], lines[i], at.start + 1)) if (from(1, i, at.end)) return true;
  return false;
}

function holds(parts: string[], texts: string[], presence: Presence, ordered: boolean, adjacent: Adjacent, next?: boolean[], pathLines: boolean | 'numbers' = false, withinWords = false): boolean {
  const joined = parts.join('\n');
  const alone = (x: string) => pathLines !== false && (PATH_ALONE.test(x) || (pathLines === 'numbers' && NUMBER_ALONE.test(x)));
  const find = (x: string, text: string, from = 0) => (alone(x) ? wholeLine(x, text, from) : textAt(x, text, from, withinWords && !next?.some(Boolean) && printedText(x)));
  if (presence === 'lines') {
    let found = 0;
    for (const line of joined.split('\n')) if (found < texts.length && isText(line, texts[found])) found++;
    return found === texts.length;
  }
  // "the headline is `…`" (one line); "the output is `a`, then `b`" (its lines, and nothing else).
  if (presence === 'is') {
    const lines = parts.filter((p) => p.trim() !== '');
    return lines.length === texts.length && lines.every((p, i) => isText(p, texts[i]));
  }
  if (presence === 'begins') {
    // A numbered list begins with its first item, said with its number or without ("begins with `Raise …`").
    const head = joined.trimStart();
    if (![head, head.replace(/^\d+\.\s+/, '')].some((h) => find(texts[0], h)?.start === 0)) return false;
  }
  if (presence === 'ends') {
    const last = texts.at(-1)!;
    const tail = joined.trimEnd();
    let found = find(last, tail);
    while (found && found.end !== tail.length) found = find(last, tail, found.start + 1);
    if (!found) return false;
  }
  if (!ordered) return texts.every((x) => find(x, joined) !== null);
  if (adjacent === 'next') return comesNext(parts, texts, find);
  if (adjacent) {
    const lines = parts.map((p) => p.trim());
    return lines.some((_, i) => texts.every((x, k) => lines[i + k] !== undefined && find(x, lines[i + k]) !== null));
  }
  // In order: any occurrence of each text that the rest follow, not only its first ("`1` to `5`, then `(15 lines omitted)`"
  // where the announcement's `[1/2]` holds a `1` before the output's line `1`). A range's text stands on the line after the one before it.
  const failed = new Set<string>();
  const inOrder = (k: number, from: number): boolean => {
    if (k === texts.length) return true;
    if (failed.has(`${k}:${from}`)) return false;
    for (let found = find(texts[k], joined, from); found; found = find(texts[k], joined, found.start + 1)) {
      const onNextLine = joined.slice(from, found.start).split('\n').length === 2;
      if (next?.[k] && !onNextLine) {
        if (joined.slice(from, found.start).split('\n').length > 2) break;
        continue;
      }
      if (inOrder(k + 1, found.end)) return true;
    }
    failed.add(`${k}:${from}`);
    return false;
  };
  return inOrder(0, 0);
}

const PLACE_SLOTS = ['MESSAGE', 'OUTPUT', 'NOTICE', 'HEADLINE', 'SECTION', 'ITEM', 'FIXES', 'PROBLEM', 'ANNOUNCE', 'UNDER', 'PARTIAL', 'ANYWHERE', 'E:nth'];
const VERB_SLOTS = ['MENTION', 'SHOWN', 'WRITE', 'FIRST_LINE', 'LAST_LINE', 'ORDER', 'AFTER'];
/** Nouns of a place that are verbs too ("report", "outputs", "log"): no verb of presence as such. */
const NOUNS = ['MESSAGE', 'OUTPUT', 'NOTICE'];
const verbSaid = (a: Args, ...concepts: string[]) => a.tokens.some((t) => t.kind === 'word' && t.concepts.some((c) => concepts.includes(c)) && !t.concepts.some((c) => NOUNS.includes(c)));

/** Words that join the texts of a list ("`a`, then `b`", "`a` followed by `b`", "`b` comes after `a`"). */
const JOINER = String.raw`(?:\s*,\s*(?:(?:and\s+)?then\s+|followed by\s+|and\s+)?|\s+(?:(?:and\s+)?then|and|or|nor|followed by|before|after|comes after|comes before|precedes|follows)\s+)`;
/** What may name the next text of a list: "followed by the placeholder `…`" (the words are judged where the list is read). */
const NAMING = String.raw`(?:(?:(?:the|a|an)\s+)?(?:(?:${['NOTICE', 'MESSAGE', 'OUTPUT'].flatMap(conceptWords).filter((w) => /^[a-z]+$/.test(w)).join('|')})\s+){1,2})?`;
const LIST = new RegExp(String.raw`\`[^\`]+\`(?:${JOINER}${NAMING}\`[^\`]+\`)+`);
/** Where one clause of a sentence ends and the next begins. */
const CLAUSE_BREAK = /,\s+|\s+and\s+|\s+but\s+|;\s+/g;

/**
 * The clause of SENTENCE that holds its list of quoted texts, and what stands before and
 * after that clause: "the command succeeds and its output is `a` followed by `b`" is
 * "the command succeeds" and "its output is `a` followed by `b`".
 */
export function aroundList(sentence: string): { before: string; list: string; after: string } | null {
  const found = LIST.exec(sentence);
  if (!found) return null;
  const [start, end] = [found.index, found.index + found[0].length];
  const breaks = [...sentence.matchAll(CLAUSE_BREAK)].filter((m) => !insideQuotes(sentence, m.index));
  const opening = breaks.filter((m) => m.index + m[0].length <= start).at(-1);
  const closing = breaks.find((m) => m.index >= end);
  const from = opening ? opening.index + opening[0].length : 0;
  const to = closing ? closing.index : sentence.length;
  return { before: opening ? sentence.slice(0, opening.index) : '', list: sentence.slice(from, to), after: closing ? sentence.slice(closing.index + closing[0].length) : '' };
}

/**
 * "After the output, the report shows `x`, and …" as "the report shows `x` after the output, and …":
 * a part of the report the sentence opens with, put after the clause it is said of; null when the
 * sentence opens otherwise.
 */
export function anchorMovedBack(sentence: string, words: (text: string) => Token[]): string | null {
  const opening = /^(after|before)\s+([^,]+),\s+(.*)$/i.exec(sentence.trim());
  if (!opening) return null;
  const [, order, anchor, rest] = opening;
  if (!words(anchor).every((t) => is(t, 'FUNCTION') || isHeading(t) || is(t, 'SECTION', 'OUTPUT', 'PARTIAL', 'FIXES'))) return null;
  const breaks = [...rest.matchAll(CLAUSE_BREAK)].filter((m) => !insideQuotes(rest, m.index));
  const end = breaks[0]?.index ?? rest.length;
  return `${rest.slice(0, end)} ${order.toLowerCase()} ${anchor}${rest.slice(end)}`;
}

const insideQuotes = (text: string, at: number) => (text.slice(0, at).match(/`/g) ?? []).length % 2 === 1;

/** Whether the word at I is (a part of) a noun in apposition to the text after it: "the message `b`". */
function namesNextText(tokens: Token[], i: number): boolean {
  let k = i;
  while (is(tokens[k], ...APPOSITIVE) && !is(tokens[k], 'FUNCTION')) k++;
  return k > i && tokens[k] !== undefined && quotedText(tokens[k]) !== null && !isHeading(tokens[k]);
}

/**
 * "reads `OK: command succeeded` with `ok` as its output", "… with the output `ok`": a text
 * named the output beside other texts or the report, which is what the command printed, not
 * a text of the report at large (whose `Command:` line may hold it).
 */
export function namedOutput(a: Args): boolean {
  const texts = a.tokens.flatMap((t, i) => (t.kind === 'entity' && t.entity.type === 'quoted' ? [i] : []));
  const isOutput = (t: Token | undefined) => t?.kind === 'word' && t.concepts.includes('OUTPUT') && /^output$/i.test(t.text);
  const nextWord = (i: number) => a.tokens.slice(i + 1).find((t) => !isFunction(t));
  const named = texts.filter((i) => isOutput(a.tokens[i - 1]) || (/^as$/i.test(a.tokens[i + 1]?.text ?? '') && isOutput(nextWord(i + 1))));
  return named.length > 0 && (named.length < texts.length || a.has('MESSAGE'));
}

/** Whether TOKENS list two texts or more ("`a`, `b` and `c`", "`a` followed by `b`"), and whether an order word stands between them. */
export function textList(tokens: Token[]): { list: boolean; ordered: boolean; texts: string[] } {
  let run = 0;
  let longest = 0;
  let ordered = false;
  let orderInRun = false;
  // The texts of the runs in an order, which a reading must check in it.
  const inOrder = new Set<string>();
  let current: string[] = [];
  tokens.forEach((t, i) => {
    if ((quotedText(t) !== null && !isHeading(t)) || (t.kind === 'entity' && t.entity.type === 'range')) {
      run += 1;
      current.push(...(t.kind === 'entity' && t.entity.type === 'range' ? textsOfRange(t.entity) : [quotedText(t)!]));
      if (run >= 2 && orderInRun) {
        ordered = true;
        for (const x of current) inOrder.add(x);
      }
      longest = Math.max(longest, run);
    } else if (t.kind === 'word' && (t.concepts.includes('FUNCTION') || t.concepts.includes('ORDER'))) {
      if (t.concepts.includes('ORDER') && run > 0) orderInRun = true;
    } else if (!(run > 0 && namesNextText(tokens, i))) {
      // A noun that names the next text ("`a`, then the message `b`") keeps the list.
      run = 0;
      orderInRun = false;
      current = [];
    }
  });
  return { list: longest >= 2, ordered, texts: [...inOrder] };
}

/** "each of the three messages", "all items": each part of the place ("each command", "both commands" choose commands). */
function eachPart(a: Args): boolean {
  if (reportsQuantified(a.tokens) !== null) return false;
  return a.tokens.some((t, i) => {
    if (!is(t, 'EACH')) return false;
    // The next word that says something, past "of the three": a part of the report ("are all shown" quantifies the texts).
    const next = a.tokens.slice(i + 1).find((x) => !is(x, 'FUNCTION') && !(x.kind === 'entity' && x.entity.type === 'number'));
    return next !== undefined && is(next, 'MESSAGE', 'PROBLEM', 'ITEM', 'FIXES', 'NOTICE') && !is(next, 'COMMAND');
  });
}

/**
 * "each report", "every report", "both reports", "each of the three reports", "all 3 reports", "the two reports each": a
 * quantifier over the run's reports, each the report of one command; how many where said (a number, "both"). Null where the
 * sentence quantifies no report so, or places one ("the second report", "each report's last line": a part of each).
 */
export function reportsQuantified(tokens: readonly Token[]): { n?: number } | null {
  const word = (i: number) => (tokens[i]?.kind === 'word' ? tokens[i].text.toLowerCase() : undefined);
  const count = (i: number) => {
    const t = tokens[i];
    return t?.kind === 'entity' && t.entity.type === 'number' && Number.isInteger(t.entity.n) && t.entity.n >= 2 ? t.entity.n : undefined;
  };
  const noun = (i: number) => /^reports?$/.test(word(i) ?? '') && !/^(?:'s|’s)$/.test(tokens[i + 1]?.text ?? '');
  for (let i = 0; i < tokens.length; i++) {
    const q = word(i);
    if (q === undefined || !/^(each|every|both|all)$/.test(q)) continue;
    let at = i + 1;
    if (word(at) === 'of' && q !== 'every') at++;
    if (/^(the|these)$/.test(word(at) ?? '')) at++;
    const n = count(at);
    if (n !== undefined) at++;
    if (!noun(at)) continue;
    // "each report", "every report": the singular after "each" and "every" alone; a plural after the others.
    const plural = word(at) === 'reports';
    if (plural === (at === i + 1 && (q === 'each' || q === 'every')) ) continue;
    if (q === 'both' && n !== undefined && n !== 2) return null;
    return { n: n ?? (q === 'both' ? 2 : undefined) };
  }
  // "the three reports each show …", "the reports both …".
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (word(i) !== 'the') continue;
    const n = count(i + 1);
    const at = n === undefined ? i + 1 : i + 2;
    if (word(at) === 'reports' && /^(each|both|all)$/.test(word(at + 1) ?? '')) return { n: n ?? (word(at + 1) === 'both' ? 2 : undefined) };
  }
  return null;
}

/** Nouns that name what a quoted text after them is ("the placeholder `…`", "the output line `checking`", "the partial output `x`"). */
const APPOSITIVE = ['NOTICE', 'MESSAGE', 'OUTPUT', 'PARTIAL'];

/**
 * The sentence without the nouns that stand in apposition to its texts, when its texts are
 * not all named alike: "`visible` followed by the placeholder `…`" names what the second
 * text is, not where both stand. A noun before a list names every text of it ("the output
 * lines `a` and `b`"). MESSAGE: a text is named by a word for a message. ALONE: the sentence
 * has one text ("the output closes with the note `…`": the noun says what it is, the rest where).
 * Null when two texts or more are named alike (or none by a noun).
 */
function withoutAppositions(a: Args): { rest: Args; message: boolean; alone: boolean } | null {
  const isText = (t: Token | undefined) => t !== undefined && quotedText(t) !== null && !isHeading(t);
  const appositive = new Set<number>();
  const names: string[] = [];
  let name = '';
  a.tokens.forEach((t, i) => {
    if (isText(t)) {
      const before: number[] = [];
      for (let k = i - 1; k >= 0 && is(a.tokens[k], ...APPOSITIVE) && !is(a.tokens[k], 'FUNCTION'); k--) before.unshift(k);
      if (before.length > 0) name = before.map((k) => a.tokens[k].text.toLowerCase()).join(' ');
      before.forEach((k) => appositive.add(k));
      names.push(name);
      return;
    }
    // Joining words keep the list a noun names; a noun that names the text after it is read there; any other word ends the list.
    if (!is(t, 'FUNCTION', 'ORDER') && !namesNextText(a.tokens, i)) name = '';
  });
  if (appositive.size === 0 || (names.length >= 2 && new Set(names).size === 1)) return null;
  return { rest: args(a.tokens.filter((_t, i) => !appositive.has(i))), message: [...appositive].some((i) => is(a.tokens[i], 'MESSAGE')), alone: names.length < 2 };
}

/**
 * Whether a negation ends before some of the texts: "`a` is not printed, and the last line is `b`"
 * denies `a` only. A clause after the last negated one that says something of a text of its own
 * (more than a text and joining words: "`a`, `b` and `c` are not printed" is one list) is not denied.
 */
function negationEnds(a: Args): boolean {
  const clauses = commaClauses(a);
  const negated = clauses.map((c) => c.some((t) => is(t, 'NOT')));
  return clauses.slice(negated.lastIndexOf(true) + 1).some((c) => c.some((t) => quotedText(t) !== null) && saysSomething(c));
}

/**
 * Whether a negation begins after a clause that says something of a text of its own: "shows `1`,
 * `2` and `3`, and none of the later lines" denies the later lines, never `1`, `2` and `3`.
 */
function negationBeginsLate(a: Args): boolean {
  const clauses = commaClauses(a);
  const first = clauses.findIndex((c) => c.some((t) => is(t, 'NOT')));
  // A heading ("Under `Output:`, …") is where, no text said to stand there.
  return first > 0 && clauses.slice(0, first).some((c) => c.some(isListed) && saysSomething(c));
}

/**
 * Whether two clauses place their texts by words of their own that differ: "the report says `a`,
 * and its output section shows `b`" puts `a` in the report and `b` in the output, never both in
 * one place. Words that name the text after them ("the placeholder `…`") place nothing.
 */
export function placedApart(a: Args): boolean {
  const placing = commaClauses(a)
    .filter((c) => c.some(isListed))
    // A stream ("stderr shows …") is a place of its clause as much as a word of place is.
    .map((c) => new Set([...c.filter((t, i) => t.kind === 'word' && !is(t, 'FUNCTION', 'ORDER', 'AFTER') && !namesNextText(c, i)).flatMap((t) => (t.kind === 'word' ? t.concepts.filter((k) => PLACE_SLOTS.includes(k) || VERB_SLOTS.includes(k)) : [])), ...c.flatMap((t) => (t.kind === 'entity' && t.entity.type === 'stream' ? [`stream ${t.entity.name}`] : []))]))
    .filter((concepts) => concepts.size > 0)
    .map((concepts) => [...concepts].sort().join(' '));
  return new Set(placing).size > 1;
}

/** A sentence's clauses, split at its commas and semicolons. */
function commaClauses(a: Args): Token[][] {
  const clauses: Token[][] = [[]];
  for (const t of a.tokens) if (t.kind === 'word' && /^[,;]$/.test(t.text)) clauses.push([]);
  else clauses[clauses.length - 1].push(t);
  return clauses;
}

/** A clause with more than texts and the words joining a list ("`b` and `c`"): it says something of its texts. */
const saysSomething = (clause: Token[]) => clause.some((t) => t.kind === 'word' && !is(t, 'FUNCTION', 'ORDER'));

/**
 * "the first note of command 1 is `  note: …`": a note placed by an ordinal, quoted with its `note:` label, is one of the
 * report's `note:` lines (the executor's notes, never its notices about the output: omitted lines, a hidden stream), label
 * and all. Without the label, a note placed so may be any of the executor's notices ("the closing note reads `(Showing 10
 * of 32 output lines)`"), as before; a `note:` label quoted with another noun ("the first notice") names no place read here.
 */
function noticesPlaced(a: Args): Place | null {
  const texts = a.tokens.flatMap((t) => (quotedText(t) !== null && !isHeading(t) ? [quotedText(t)!.trim()] : []));
  const labelled = texts.filter((x) => /^note:/i.test(x)).length;
  if (labelled > 0 && labelled < texts.length) return null;
  if (labelled === 0) return PLACES.notices;
  if (!a.tokens.some((t) => is(t, 'NOTICE') && /^notes?$/i.test(t.text))) return null;
  return { name: "the report's `note:` lines", of: (c) => c.notices.filter((n) => !c.outputNotices.includes(n)).map((n) => `note: ${n}`), ofRun: () => [] };
}

/**
 * "the `Output:` section is `a`, `b` and `c`", "… is `a`, the lines `1` and `2`, and `b`, in this order": after its first
 * text, the sentence is its texts joined by commas and "and" (a noun of lines among them, the order said again at the
 * end) alone, a list said to be the place (the lines, in the order listed), never texts among others.
 */
const plainList = (a: Args) => {
  const at = a.tokens.findIndex((t) => quotedText(t) !== null && !isHeading(t));
  return at >= 0 && a.tokens.slice(at).every((t) => (quotedText(t) !== null && !isHeading(t)) || (t.kind === 'word' && ((is(t, 'FUNCTION') && /^(,|and|the)$/i.test(t.text)) || /^lines$/i.test(t.text) || (is(t, 'ORDER') && /^in\s+(?:this|that|the\s+same)\s+order$/i.test(t.text)))));
};

/** The place a sentence names; null when it names two that are not one. */
function placeOf(a: Args): { place: Place; nth?: number | 'last' } | null | 'none' {
  if (headingDenied(a)) return null;
  const headings = a.tokens.filter(isHeading).map((t) => quotedText(t)!);
  const nths = a.entities('nth');
  if (headings.length > 1 || nths.length > 1) return null;
  const [nth] = nths;
  if (nth) {
    const place = nth.of === 'problem' ? PLACES.problems : nth.of === 'notice' ? noticesPlaced(a) : headings[0] === undefined || headings[0] === 'To fix:' ? PLACES.fixes : null;
    if (nth.of !== 'item' && headings.length > 0) return null;
    return place ? { place, nth: nth.index } : null;
  }
  if (headings.length === 1) return { place: headingPlace(headings[0]) };
  // "a note under the header", "below the header, the report …": the announcement is where the place is said to be from, not the place.
  if (a.has('ANNOUNCE')) {
    // "the verdict line under the header reads …": a line placed below the announcement, which is no place read here.
    const at = a.tokens.findIndex((t) => is(t, 'ANNOUNCE'));
    if (a.tokens.slice(Math.max(0, at - 2), at).some((t) => is(t, 'UNDER') || (t.kind === 'word' && /^(?:below|after|following)$/i.test(t.text)))) return null;
    return a.has('NOTICE', 'MESSAGE') ? null : { place: PLACES.announcement };
  }
  // "each of the three messages": the errors of a refused configuration, one by one.
  if (a.has('PROBLEM') || (eachPart(a) && a.has('MESSAGE'))) return { place: PLACES.problems };
  if (a.has('ITEM', 'FIXES')) return { place: PLACES.fixes };
  if (a.tokens.some((t) => is(t, 'NOTICE') && /^hints?$/i.test(t.text))) return { place: PLACES.hints };
  if (a.has('NOTICE')) return { place: PLACES.notices };
  if (a.has('PARTIAL')) return a.has('OUTPUT') ? { place: headingPlace('Partial Output:') } : null;
  // "the output section", "the block": the block of the command's lines (the place where a report has but one such).
  if (a.has('SECTION')) return a.has('OUTPUT') || a.tokens.some((t) => t.kind === 'word' && /^(block|section)$/i.test(t.text)) ? { place: PLACES.output } : null;
  // "the headline is `[1/2] host: …`": a command's heading, quoted as the announcement it is, is that line above its report.
  if (a.has('HEADLINE')) return { place: a.tokens.some((t) => /^\[\d+\/\d+\] /.test(quotedText(t) ?? '')) ? PLACES.announcement : PLACES.headline };
  // "the first line of output": the output's; "one line says", "no line reads": a line of the report.
  const outputWord = a.tokens.some((t) => is(t, 'OUTPUT') && !/^lines?$/i.test(t.text));
  // "the second report's output shows `done`": what a command printed, as its report shows it; never the whole report, whose
  // `Command:` line and announcement echo the command's own text.
  // "the second report says `…`, its output shows `done`": the report, carried into the clause as its subject, owns the output the clause names.
  const afterOwner = (i: number) => a.tokens.slice(i + 1).find((u) => !(u.kind === 'word' && /^(its|their|own)$/i.test(u.text)));
  if (a.tokens.some((t, i) => is(t, 'MESSAGE') && /^reports?$/i.test(t.text) && is(afterOwner(i), 'OUTPUT') && !/^lines?$/i.test(afterOwner(i)!.text))) return { place: PLACES.shown };
  // "the line `OK` is shown": a text a command may print, named a line, is one of its lines shown, never a line of the executor's.
  const printedLineNamed = (i: number) => namedLine(a.tokens, i + 1) && printedText(quotedText(a.tokens[i + 1])!);
  if (a.has('MESSAGE', 'ANYWHERE') || (!outputWord && a.tokens.some((t, i) => t.kind === 'word' && /^lines?$/i.test(t.text) && !printedLineNamed(i)))) return { place: PLACES.report };
  if (a.has('OUTPUT')) return { place: PLACES.shown };
  return 'none';
}

/**
 * "the report begins `Error: …`", "`Output:` shows `err`", "the first problem reads `…`",
 * "`a` is followed by `b`", "neither `out` nor `err` is printed", "no `To fix:` list is
 * printed": texts in a place of the report.
 */
export const TEXT_RULE: Rule<TextCheck> = {
  name: 'texts in the report',
  needs: [['E:quoted', 'E:path', 'E:range'], [...PLACE_SLOTS, ...VERB_SLOTS, 'NOT', 'FILLER']],
  allows: [...PLACE_SLOTS, ...VERB_SLOTS, 'EACH', 'E:number', 'E:count', 'OTHER', 'APPLY', 'EXACTLY', 'SEND', 'EXIT', 'ELAPSED', 'TIMEOUT'],
  refuses: ['HOST', 'CONTAINER', 'USER', 'RUNS'],
  build(a) {
    // "lines 1 to 300000": no list of texts to look for one by one.
    if (a.entities('range').some((r) => textsOfRange(r).length === 0)) return null;
    // "`echo second` and `echo third` are not run": command lines said to run, or not, which no text of the report is.
    if (commandLinesRun(a) || runSaidOfText(a)) return null;
    // spec-run's own diagnostics (`spec-run: SIGINT: stopping what runs`) go to its stderr, which no record of a run holds: never the report's texts, in any words for it ("the screen shows …").
    if (a.entities('quoted').some((q) => /^spec-run:/.test(q.text.trim()))) return null;
    const owned = ownerOf(a);
    const rest = fieldsLabelled(owned?.rest ?? a);
    const contrast = shownButNot(rest, owned?.run);
    return contrast !== undefined ? contrast : textsIn(rest, owned?.run);
  },
};

/** Whether the sentence ends with quoted texts and a verb of running said of them ("`a` and `b` are not run", "the commands `a` and `b` run"). */
function commandLinesRun(a: Args): boolean {
  const content = a.tokens.filter((t) => !isFunction(t) && !is(t, 'NOT'));
  const last = content.at(-1);
  return last !== undefined && is(last, 'RUNS') && !/^the$/i.test(a.tokens[a.tokens.indexOf(last) - 1]?.text ?? '') && content.slice(0, -1).every((t) => quotedText(t) !== null || is(t, 'COMMAND')) && content.some((t) => quotedText(t) !== null);
}

/** "`echo a` SHALL run before `echo b`": a verb of running said of a quoted text, a command line then, no text of the report ("run" is the run's noun too). */
function runSaidOfText(a: Args): boolean {
  const content = a.tokens.filter((t) => !isFunction(t));
  return content.some((t, i) => i > 0 && is(t, 'RUNS') && quotedText(content[i - 1]) !== null);
}

/**
 * "shows `a` and the line `b`, but not the line `c`": where the only negation comes after a
 * text, past "but" or a comma, and only texts (and the nouns naming them) follow it. Its index,
 * or -1 when the sentence has no such shape.
 */
export function deniedFrom(a: Args): number {
  const at = contrastedNegation(a);
  const after = a.tokens.slice(at + 1);
  // "nor" joins the texts denied ("but not `c` nor `d`").
  const joining = (t: Token) => is(t, 'FUNCTION', ...APPOSITIVE) || /^(or|nor|and|,)$/i.test(t.text);
  return at >= 0 && a.tokens.slice(0, at).every((t) => !is(t, 'NOT')) && after.some(isListed) && after.every((t) => isListed(t) || joining(t)) ? at : -1;
}

const isListed = (t: Token) => quotedText(t) !== null && !isHeading(t);

/** Where a negation past "but" or a comma stands between texts ("shows `a`, but not … `c`"), whatever follows it; -1 when none does. */
export function contrastedNegation(a: Args): number {
  return a.tokens.findIndex((t, i) => is(t, 'NOT') && /^(but|,)$/i.test(a.tokens[i - 1]?.text ?? '') && a.tokens.slice(0, i).some(isListed) && a.tokens.slice(i + 1).some(isListed));
}

/**
 * "the second report shows `a` and the line `b`, but not the line `c`": the negation is said
 * of the texts after it alone, never of the texts before it. Read as the sentence up to the
 * contrast (those texts shown) and its words before its first text with the negation and the
 * texts after it (those not shown, in the same place); undefined when the sentence has no such
 * shape, null when a part is not read.
 */
function shownButNot(a: Args, run?: string): TextCheck | null | undefined {
  const at = deniedFrom(a);
  if (at < 0) return undefined;
  const firstText = a.tokens.findIndex((t) => quotedText(t) !== null && !isHeading(t));
  let end = at;
  while (end > 0 && /^(but|,)$/i.test(a.tokens[end - 1].text)) end--;
  const shown = textsIn(args(a.tokens.slice(0, end)), run);
  const denied = textsIn(args([...a.tokens.slice(0, firstText), ...a.tokens.slice(at)]), run);
  if (!shown || !denied) return null;
  return {
    text: `${shown.text} ∧ ${denied.text}`,
    evaluate(o) {
      const [present, absent] = [shown.evaluate(o), denied.evaluate(o)];
      return { ok: present.ok && absent.ok, actual: present.ok ? absent.actual : present.actual };
    },
  };
}

/** The labels of the report's fields, quoted as a line's name ("the `Exit Status:` line"), and the concept of the field each names. */
const FIELD_LABELS: Record<string, string> = { 'Exit Status:': 'EXIT', 'Exit Code:': 'EXIT', 'Duration:': 'ELAPSED', 'Timeout:': 'TIMEOUT' };

/** Whether the token at I names a line of the report by its field: "the exit status line", "the timeout line", "the `Duration:` line". */
export function namesFieldLine(tokens: readonly Token[], i: number): boolean {
  const [t, line] = [tokens[i], tokens[i + 1]];
  if (line?.kind !== 'word' || !/^line$/i.test(line.text)) return false;
  return Object.hasOwn(FIELD_LABELS, quotedText(t) ?? '') || is(t, 'EXIT', 'ELAPSED', 'TIMEOUT');
}

/** The labels of the report's lines a field word names: "the exit code shown" is not said by `Exit Status: …`. */
export const fieldLabels = (t: Token): string[] => (t.text.endsWith(':') ? [t.text] : is(t, 'ELAPSED') ? ['Duration:'] : is(t, 'TIMEOUT') ? ['Timeout:'] : /code/i.test(t.text) ? ['Exit Code:'] : ['Exit Status:', 'Exit Code:']);

/** A field's label quoted as a line's name ("the `Exit Status:` line") is that field's word, never a text the line holds. */
function fieldsLabelled(a: Args): Args {
  if (!a.tokens.some((t, i) => quotedText(t) !== null && namesFieldLine(a.tokens, i))) return a;
  return args(a.tokens.map((t, i): Token => (quotedText(t) !== null && namesFieldLine(a.tokens, i) ? { kind: 'word', text: quotedText(t)!, concepts: [FIELD_LABELS[quotedText(t)!]] } : t)));
}

/** "the output of `id`", "the report of `sleep 5`": the command a place is of, named by its command line; null when none is. */
export function ownerOf(a: Args): { run: string; rest: Args } | null {
  const of = a.tokens.findIndex((t, i) => quotedText(t) !== null && !isHeading(t) && /^of$/i.test(a.tokens[i - 1]?.text ?? '') && is(a.tokens[i - 2], 'OUTPUT', 'MESSAGE', 'ANNOUNCE', 'HEADLINE', 'SECTION'));
  const at = of >= 0 ? of : writerAt(a.tokens);
  return at < 0 ? null : { run: quotedText(a.tokens[at])!, rest: args(a.tokens.filter((_t, i) => i !== at)) };
}

/**
 * "`pwd` prints `/workspace`", "`id` outputs `uid=1000`", "the command `env` writes `A=1`": a
 * command line opening the sentence as the subject of a verb of writing, a text after it, is the
 * command that wrote it. Not a text of the executor's own (`OK: …`), a problem's, or a heading:
 * those are what is printed, not who prints. Its index in TOKENS, or -1.
 */
function writerAt(tokens: readonly Token[]): number {
  const content = tokens.map((t, i) => ({ t, i })).filter(({ t }) => !isFunction(t) && !is(t, 'NOT') && !(is(t, 'COMMAND') && /^command$/i.test(t.text)));
  const [subject, verb] = content;
  const line = subject === undefined ? null : quotedText(subject.t);
  // "`pwd` prints `/a` and `id` prints `uid=0`": two writers, each its own clause, never one command's.
  if (line === null || isHeading(subject.t) || executorText(line) || problemText(line) || !is(verb?.t, 'WRITE') || tokens.filter((t) => is(t, 'WRITE')).length > 1) return -1;
  return content.slice(2).some(({ t }) => quotedText(t) !== null || (t.kind === 'entity' && t.entity.type === 'path')) ? subject.i : -1;
}

/** Words for a command's report as a whole ("the report", "its reports"). */
const isReportWord = (t: Token | undefined) => t?.kind === 'word' && /^reports?$/i.test(t.text);

/**
 * "the report is preceded by the notes `a` and `b`", "`a` comes before the report": texts among
 * the lines between a command's announcement and its report (its notes); undefined when the
 * sentence has no such shape, null when it has it with words this does not read.
 */
function beforeReport(a: Args, run?: string): TextCheck | null | undefined {
  // "above the report" says where as "before" does (elsewhere "above" only frames: "as shown above").
  const order = a.tokens.findIndex((t) => is(t, 'ORDER') || (t.kind === 'word' && /^above$/i.test(t.text)));
  const word = a.tokens[order]?.text.toLowerCase().replace(/^(above|ahead of|prior to)$/, 'before');
  const content = (from: number, to: number) => a.tokens.slice(from, to).filter((t) => !is(t, 'FUNCTION'));
  // The report, then "is preceded by"; or "before" (or "comes before"), then the report.
  const reportFirst = word === 'preceded by' && content(0, order).some(isReportWord);
  const reportAfter = /^(before|comes before|come before|precedes|precede)$/.test(word ?? '') && isReportWord(content(order + 1, a.tokens.length)[0]);
  if (!reportFirst && !reportAfter) return undefined;
  const texts = a.tokens.filter((t) => quotedText(t) !== null && !isHeading(t)).map((t) => quotedText(t)!);
  const ordinal = a.entities('ordinal').filter((x) => x.of === 'command');
  // "a note of the form `…`", "a note like `…`": words that say the text is the note's shape, its placeholders standing for any text.
  // A verb of showing, writing or saying ("is printed before the report", "a note before its report says `…`") says the note is there, as "is" does.
  const words = a.tokens.filter((t, i) => t.kind === 'word' && i !== order && !is(t, 'FUNCTION', 'ORDER', 'NOTICE', 'SHOWN', 'WRITE', 'MENTION') && !isReportWord(t) && !is(t, 'COMMAND') && !/^(is|are|of the form|in the form|like|such as)$/i.test(t.text));
  if (texts.length === 0 || a.negated || ordinal.length > 1 || a.tokens.filter((t) => is(t, 'ORDER')).length > 1 || words.length > 0 || a.tokens.some(isHeading) || a.entities('nth').length > 0) return null;
  const index: Which = run !== undefined ? { run } : ordinal[0]?.index;
  const place: Place = {
    name: "the command's notes (between its announcement and its report)",
    of: (c, o) => {
      const lines = commandLines(c, o);
      const verdict = lines.findIndex((l, i) => i > 0 && /^(OK|Error):/.test(l));
      return lines.slice(1, verdict < 0 ? lines.length : verdict);
    },
    ofRun: () => [],
  };
  return report(a, index, `${place.name} contain ${texts.map((x) => JSON.stringify(x)).join(' and ')}`, place, (parts) => texts.every((x) => parts.some((p) => textAt(x, p) !== null)));
}

/** The texts of A in a place of the report: of the command whose line holds RUN when one is named so. */
function textsIn(a: Args, run?: string): TextCheck | null {
  const before = beforeReport(a, run);
  if (before !== undefined) return before;
  // "`echo hi` prints `hi`", "`/tmp/proj` holds `marker.txt`": a text before an active verb with a text after it is what writes or holds (a command, a directory), not a text of the report; a heading is where ("`Output:` shows `err`").
  const active = a.tokens.findIndex((t) => t.kind === 'word' && /^(prints|writes|outputs|emits|echoes|produces|logs|holds|contains|lists|shows|says|reads|names|mentions|includes|gives|reports|carries)$/i.test(t.text));
  if (active >= 0 && a.tokens.slice(0, active).some((t) => quotedText(t) !== null && !isHeading(t)) && a.tokens.slice(active).some((t) => quotedText(t) !== null)) return null;
  // "`x.jsonl` holds no line": a file before such a verb is what holds, never a text of the report.
  if ((active >= 0 && a.tokens.slice(0, active).some((t) => namesFile(quotedText(t) ?? ''))) || fileBeforeItsVerb(a)) return null;
  // "… with `"event":"timeout"`": JSON members are a line of the `--log` file, never a text of the report where no place of it is named.
  // "that line has `"event":"timeout"`" (a line of the log file said before): never a line of the report either.
  if (a.tokens.some((t) => JSON_MEMBER.test(quotedText(t) ?? ''))) return null;
  // "that line", "this line": a line a sentence before named, which no place of this one is.
  if (a.tokens.some((t, i) => t.kind === 'word' && /^lines?$/i.test(t.text) && /^(that|this|those|these|the same)$/i.test(a.tokens[i - 1]?.text ?? ''))) return null;
  // "reads `[1/1] docker alpine: ` followed by the command and `(timeout 5m)`": a thing of the run named between the texts
  // (the command, its line) is a part of what is read that no text quotes, never words to leave out of the order.
  const textsAround = a.tokens.flatMap((t, i) => (quotedText(t) !== null && !isHeading(t) ? [i] : []));
  // A pronoun there ("`x` and, right after it, `y`") is one of the texts, not a thing of the run.
  if (textsAround.length >= 2 && a.tokens.some((t, i) => i > textsAround[0] && i < textsAround[textsAround.length - 1] && is(t, 'COMMAND') && !is(t, 'FUNCTION') && !/^(it|they|one)$/i.test(t.text))) return null;
  // "has an `Output:` section": of the words of applying, only "has" says that a place holds a text.
  if (a.tokens.some((t) => is(t, 'APPLY') && !is(t, 'UNDER') && !/^(has|have)$/i.test(t.text))) return null;
  // "comes right after `…`": of the words of sending, only those of coming in order.
  if (a.tokens.some((t) => is(t, 'SEND') && !is(t, 'ORDER') && !/^(comes|come)$/i.test(t.text))) return null;
  // "only `a` and `b` appear under `Output:`": those texts and no other line; "just", "exactly" say nothing else.
  const only = a.tokens.some((t) => is(t, 'EXACTLY') && /^only$/i.test(t.text));
  // "Only part of the output is kept; the report says `…`": an "only" a clause boundary parts from every text governs its own clause, not them.
  const onlyAt = a.tokens.findIndex((t) => is(t, 'EXACTLY') && /^only$/i.test(t.text));
  const textsAt = a.tokens.flatMap((t, i) => (quotedText(t) !== null && !isHeading(t) ? [i] : []));
  const parted = (i: number) => a.tokens.slice(Math.min(i, onlyAt) + 1, Math.max(i, onlyAt)).some((t) => t.kind === 'word' && /^[,;]$/.test(t.text));
  if (onlyAt >= 0 && textsAt.length > 0 && textsAt.every(parted)) return null;
  if (a.tokens.some((t) => is(t, 'EXACTLY') && !/^only$/i.test(t.text))) return null;
  // "one line says `…`": a line, not a count of them; "is the three lines `a`, `b` and `c`": those lines (read below).
  if (a.entities('count').some((c) => c.unit !== 'line') || a.entities('count').length > 1) return null;
  // "`x` is reported as `must be …`": what is said of the first text, on its line.
  const reportedAt = a.tokens.findIndex((t) => is(t, 'FILLER') && /^(is |are )?(reported|shown|flagged|marked)( as)?$/i.test(t.text));
  // "`x` is reported as `…`" says what is said of x; "the command is reported as `…`", what its report says.
  const reportedAs = reportedAt > 0 && a.tokens.slice(0, reportedAt).some((t) => quotedText(t) !== null) && a.tokens.slice(reportedAt).some((t) => quotedText(t) !== null);
  // "the exit status line reads `Exit Status: …`": a field of the report named by its word, said in the text.
  // "the timeout line reads `Timeout: 2s`": of the words of a timeout, only the name of its line.
  if (a.tokens.some((t, i) => is(t, 'TIMEOUT') && !namesFieldLine(a.tokens, i))) return null;
  const fields = a.tokens.filter((t) => is(t, 'EXIT', 'ELAPSED', 'TIMEOUT') && !is(t, ...PLACE_SLOTS, ...VERB_SLOTS));
  const labels = fieldLabels;
  if (fields.some((f) => !a.tokens.some((t) => quotedText(t) !== null && labels(f).some((l) => quotedText(t)!.startsWith(l))))) return null;
  if (reportedAt < 0 && !a.has(...PLACE_SLOTS, ...VERB_SLOTS, 'NOT')) return null;
  // "`a` with `b` and `c` as partial output": a place said of the last text alone is not the place of them all.
  const roleAt = a.tokens.findIndex((t, i) => t.kind === 'word' && /^as$/i.test(t.text) && is(a.tokens.slice(i + 1).find((x) => !is(x, 'FUNCTION')), ...PLACE_SLOTS));
  if (roleAt >= 0 && a.tokens.slice(0, roleAt).filter((t) => quotedText(t) !== null && !isHeading(t)).length > 1) return asOutputRole(a, roleAt, run);
  // Texts each named by a noun of its own ("the line `x` appears after the output line `y`") stand where no noun places them all: in the report.
  const appositions = withoutAppositions(a);
  // One text named by a noun stands where the rest of the sentence puts it, if it puts it anywhere ("the note `x` is shown": among the notices).
  const restPlace = appositions?.alone ? placeOf(appositions.rest) : undefined;
  const bare = appositions?.alone ? null : appositions;
  const placed = restPlace !== undefined && restPlace !== 'none' ? restPlace : placeOf(bare?.rest ?? a);
  // A text named a message stands after the output block, out of any place named for the others ("the partial output shows `a`, followed by the message `b`").
  if (bare?.message && placed !== 'none' && placed?.place !== PLACES.report) return null;
  if (namedOutput(a)) return null;
  const found = bare !== null && placed === 'none' ? { place: PLACES.report } : placed;
  // "shows `a` under `Output:` and, after it, `b`", "shows `a`, then a `To fix:` list that begins with `b`": a heading said of some of the texts only.
  const heading = a.tokens.findIndex(isHeading);
  if (heading >= 0 && a.tokens.slice(0, heading).some((t) => quotedText(t) !== null && !isHeading(t)) && a.tokens.slice(heading + 1).some((t) => quotedText(t) !== null && !isHeading(t))) return null;
  // The texts a heading is not said of are the heading rule's to place.
  if (heading >= 0 && beforeUnder(a).length > 0) return null;
  // "shows `a` but not `b` …" in a shape the contrast does not read: never a negation of every text.
  if (contrastedNegation(a) >= 0) return null;
  // Clauses that each say where their texts stand, or whether they do: one fact each, never one of all the texts.
  if (negationBeginsLate(a) || placedApart(a)) return null;
  const seq = sequence(a);
  if (found === null || seq === null) return null;
  const { texts, ordered: saidInOrder, adjacent, next, anchor, follows, nextLineWhole } = seq;
  if ((anchor || follows) && run !== undefined) return null;
  if (anchor) return blockAnchored(a, texts[0], anchor);
  if (follows) return followsBefore(a, texts, adjacent, nextLineWhole === true);
  const headings = a.tokens.filter(isHeading).map((t) => quotedText(t)!);
  const named: { place: Place; nth?: number | 'last' } | null = found === 'none' ? null : found;
  // "ends with a numbered `To fix:` list whose last item is `…`": what the place begins or ends with is a part of it, which the text is said of in turn; two places, not read.
  const edge = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.some((c) => c === 'FIRST_LINE' || c === 'LAST_LINE') && /(begins?|starts?|opens?|ends?|closes?|finish(es)?) with$/i.test(t.text));
  const objectAt = edge < 0 ? -1 : a.tokens.findIndex((t, i) => i > edge && !is(t, 'FUNCTION'));
  const edgeObject = a.tokens[objectAt];
  // A noun naming the text after it ("ends with the note `…`") is no part.
  if (edgeObject && !namesNextText(a.tokens, objectAt) && (isHeading(edgeObject) || (is(edgeObject, 'FIXES', 'ITEM', 'SECTION', 'PARTIAL', 'NOTICE', 'OUTPUT') && !/^lines?$/i.test(edgeObject.text)))) return endsWithFixes(a, edge);
  const first = verbSaid(a, 'FIRST_LINE');
  // "the last line is `…`": the last of the place's lines, said as a noun.
  const lastLine = a.tokens.some((t) => is(t, 'LAST_LINE') && /line$/i.test(t.text));
  // "job 2 ends with `Exit Code: 7`", "it finishes with `Exit Status: Timeout (…)`": said of a command (no place named), the
  // report's measure of how it ended is a line the report holds, never the report's last line (its `Output:` block follows).
  const endedWith = named === null && texts.length > 0 && texts.every((x) => /^Exit (Code|Status):/.test(x.trim()));
  const last = verbSaid(a, 'LAST_LINE') && !lastLine && !endedWith;
  if ((first && (last || lastLine)) || (lastLine && named?.nth !== undefined)) return null;
  // With no place named, a verb of saying ("it shows `Exit Code: 124`", "one line says …") is said of the report; one of showing or writing, of the output ("`1`, `2` and `3` are shown").
  const saying = ((verbSaid(a, 'MENTION') || reports(a)) && !verbSaid(a, 'WRITE')) || reportedAt >= 0 || fields.length > 0;
  // "one of them ends with `…`": lines the sentence does not place, any line of the report.
  const chosen = named ?? { place: saying || oneOfLines(a) || texts.every(executorText) ? PLACES.report : PLACES.shown, nth: undefined };
  // The report begins with its verdict, the line after the announcement ("the report begins `Error: …`").
  const place = chosen.place === PLACES.report && first ? PLACES.verdict : chosen.place;
  // "announced as `[1/3]`, `[2/3]` and `[3/3]`, in this order": marks of different commands, each in its own announcement line; never one line holding them in order.
  const marks = texts.map((x) => /^\[(\d+)\/\d+\]/.exec(x.trim())?.[1]);
  // "the `Output:` section is `a`, `b` and `c`", "… is, line by line, `a` and `b`": a list said to be an output block is its lines in the order listed.
  const listIs = (place as Place).output === true && place !== PLACES.shown && named !== null && texts.length > 1 && !a.negated && a.tokens.some((t) => t.kind === 'word' && /^(is|are)$/i.test(t.text)) && !verbSaid(a, 'MENTION', 'SHOWN', 'WRITE', 'APPLY') && (plainList(a) || a.tokens.some((t, i) => /^line$/i.test(t.text) && /^by$/i.test(a.tokens[i + 1]?.text ?? '') && /^line$/i.test(a.tokens[i + 2]?.text ?? '')));
  const ordered = saidInOrder || listIs;
  if (place === PLACES.announcement && ordered && texts.length > 1 && marks.every((m) => m !== undefined) && new Set(marks).size === texts.length) return null;
  // The executor's own lines of a report (`OK: command succeeded`, `Exit Code: 1`) are never part of an output block: said so, the place reaches past its clause.
  if ((place as Place).output && place !== PLACES.shown && named !== null && texts.some((x) => executorText(x))) return null;
  // "the exit status line reads `Exit Status: …`": the line of the report the field's label opens, never any line that holds the text.
  const fieldLine = fields.length === 1 && namesFieldLine(a.tokens, a.tokens.indexOf(fields[0]));
  // Texts not all of that field ("reads `Exit Status: …`, followed by `Exit Code: 124`") stand in the report, in their order.
  const label = fieldLine && (named === null || named.place === PLACES.report) ? labels(fields[0]).find((l) => texts.every((x) => x.startsWith(l))) : undefined;
  // Where the texts are looked for: the place, without the command lines the report quotes.
  const where = label !== undefined ? labelledLine(label) : unquotedPlace(place, texts, calledCommand(a.tokens));
  // "the last line of the output section", "the first line printed": a line of the place by its place.
  const lines = a.entities('ordinal').filter((x) => x.of === 'line');
  if (lines.length > 1 || (lines.length > 0 && (chosen.nth !== undefined || lastLine))) return null;
  const nth = lastLine ? 'last' : (lines[0]?.index ?? chosen.nth);
  const each = eachPart(a);
  const counts = a.entities('number');
  // "each of the three messages", "only the two placeholders": how many there are.
  if (counts.length > 1 || (counts.length === 1 && (!(each || only) || nth !== undefined))) return null;
  // "is announced as `…`", "has `…`": verbs of presence too.
  // "the first line under `Output:` is `x`": "under" places the line, no verb of presence.
  const placing = nth !== undefined ? { ...a, tokens: a.tokens.filter((t) => !is(t, 'UNDER')) } : a;
  const verb = verbSaid(placing, 'MENTION', 'SHOWN', 'WRITE', 'APPLY') || (a.has('UNDER') && nth === undefined) || a.tokens.some((t) => is(t, 'ANNOUNCE') && /announce[sd]/i.test(t.text));
  const copula = a.tokens.some((t) => t.kind === 'word' && /^(is|are)$/i.test(t.text));
  // With no verb of presence, the place is the texts: one line ("the headline is `…`"), or the output's lines ("the output is `a`, then `b`").
  // "the partial output is the single line `before`", "its output is the three lines `a`, `b` and `c`": those lines, in the order listed, and nothing else.
  const [lineCount] = a.entities('count');
  const oneLine = copula && !verb && lineCount !== undefined;
  // With a verb ("shows the two lines `a` and `b`"), the count restates the list.
  const orderOnlyRestated = a.tokens.every((t) => !is(t, 'ORDER') || /^in\s+(?:this\s+|that\s+|the\s+same\s+)?order$/i.test(t.text));
  if (lineCount && lineCount.n !== 1 && (lineCount.n !== texts.length || (!copula && !verb) || first || last || nth !== undefined || (oneLine && ordered && !orderOnlyRestated) || a.negated)) return null;
  // "the exit status line reads (is) `…`": that line, whole.
  const wholeLine = label !== undefined && a.tokens.some((t) => t.kind === 'word' && /^(reads|read|is)$/i.test(t.text)) && !a.tokens.some((t) => t.kind === 'word' && /^(contains|includes|mentions|names|has)$/i.test(t.text));
  // "the partial output is `a` followed by `b`": the block's lines, all of them, in that order (the executor's notes on them aside).
  // "the output lines are, in order, `a`, `b`, `c`": a sequence among the lines, in that order; the whole of them only where "only", "exactly", "line by line" or "consists of" (shapes.ts) says so.
  const whole = a.tokens.some((t, i) => is(t, 'EXACTLY') || (t.kind === 'word' && /^line$/i.test(t.text) && /^by$/i.test(a.tokens[i + 1]?.text ?? '') && /^line$/i.test(a.tokens[i + 2]?.text ?? '')));
  const inThatOrder = a.tokens.some((t) => is(t, 'ORDER') && /^in\s+(?:this\s+|that\s+|the\s+same\s+)?order$/i.test(t.text));
  // "the output is the three lines `a`, `b` and `c`, in that order": counted and said to be the place, the lines are all of it, the
  // order the list's; "in that order" says it again. Any other order word beside the count is not read.
  const orderRestated = oneLine && inThatOrder && orderOnlyRestated;
  const sequenceAmong = texts.length > 1 && !whole && !orderRestated && inThatOrder && !listIs;
  // "the output lines are, in order, `a`, `b`": said to be lines, each text is a whole line (never a part of one), in that order.
  const linesSaid = sequenceAmong && copula && a.tokens.some((t) => t.kind === 'word' && /^lines$/i.test(t.text));
  const blockIs = !sequenceAmong && copula && !verb && reportedAt < 0 && roleAt < 0 && !a.tokens.some((t) => is(t, 'FILLER')) && !first && !last && nth === undefined && named !== null && (place as Place).output === true && (ordered || texts.length === 1) && !a.negated && !only && !each;
  // "the announcement line reads `[1/1] host: …`": a text from its progress mark on, said to be what the line reads, is the whole line.
  const wholeAnnouncement = place === PLACES.announcement && texts.length === 1 && /^\[\d+\/\d+\] /.test(texts[0]) && !/…|\.\.\./.test(texts[0]) && /\(timeout [^)]+\)$/.test(texts[0].trim()) && a.tokens.some((t) => t.kind === 'word' && /^(reads|read|is)$/i.test(t.text)) && !a.tokens.some((t) => t.kind === 'word' && /^(contains|includes|mentions|names|has|says|shows)$/i.test(t.text));
  const presence: Presence = blockIs || wholeLine || wholeAnnouncement ? 'is' : linesSaid ? 'lines' : sequenceAmong ? 'holds' : first ? 'begins' : last ? 'ends' : verb || reportedAt >= 0 ? 'holds' : nth !== undefined || oneLine || place === PLACES.headline || place === PLACES.announcement || (place === PLACES.shown && copula && named !== null) ? 'is' : 'holds';
  const ordinal = a.entities('ordinal').filter((x) => x.of === 'command');
  if (ordinal.length > 1 || (ordinal.length > 0 && run !== undefined)) return null;
  const index: Which = run !== undefined ? { run } : ordinal[0]?.index;
  // "no `To fix:` list is printed", "has an `Output:` section rather than `Partial Output:`": the block itself.
  if (texts.length === 0) {
    if (headings.length !== 1 || first || last || ordered || each || nth !== undefined) return null;
    return report(a, index, `${a.negated ? 'no' : 'a'} line ${JSON.stringify(headings[0])} (its block) in the report`, PLACES.report, (parts) => parts.some((p) => p.trim() === headings[0]) !== a.negated);
  }
  if ((a.negated && (ordered || presence !== 'holds' || each || reportedAt >= 0 || negationEnds(a))) || (presence === 'is' && !ordered && lineCount === undefined && texts.length !== 1)) return null;
  if (only) {
    // Of the notices, "the only indicator" leaves out the summary line: which notices a writer counts is not read.
    if (a.negated || ordered || each || nth !== undefined || presence !== 'holds' || place === PLACES.notices || place === PLACES.report || (counts[0] !== undefined && counts[0].n !== texts.length)) return null;
    // "the partial output shows `tick 1` and `tick 2` only": the executor's notes on the lines shown (truncated, omitted, a hidden stream's placeholder) are none of them.
    // "the only complaint is that `stop.commands` `is an empty list`": one complaint (a noun in the singular), whose one line holds every part quoted, in order, and no other complaint.
    const one = a.tokens.find((t) => is(t, 'PROBLEM', 'MESSAGE') && !is(t, 'EXACTLY'));
    if (place === PLACES.problems && texts.length > 1 && one !== undefined && !/s$/i.test(one.text)) {
      const check = report(a, index, `${place.name}: one line, holding ${texts.map((x) => JSON.stringify(x)).join(' and ')} in this order, and no other line`, place, (parts) => {
        const lines = parts.filter((p) => p.trim() !== '');
        return lines.length === 1 && holds(lines, texts, 'holds', true, false);
      });
      return { ...check, only: true };
    }
    // A note the sentence quotes is a line it speaks of ("holds only `(nothing printed before the timeout)`"), kept as the block's one line.
    const lines: Place = (place as Place).output ? { ...place, name: `${place.name} (the notes on its lines aside)`, of: (c: CommandRecord, o: Observation) => place.of(c, o).filter((l) => !noteOnLines(l) || texts.some((x) => isText(l, x))) } : place;
    const check = report(a, index, `${lines.name} holds ${texts.map((x) => JSON.stringify(x)).join(' and ')} and no other line`, lines, (parts) => {
      const lines = parts.filter((p) => p.trim() !== '');
      return lines.length > 0 && lines.every((p) => texts.some((x) => isText(p, x))) && texts.every((x) => lines.some((p) => isText(p, x)));
    });
    return { ...check, only: true };
  }
  // "one line ends with `…`", "the report has a line starting with `…`": a line of the place, any of them, not the place's own edge.
  if (someLine(a) && (first || last)) {
    if (texts.length !== 1 || ordered || a.negated || each || nth !== undefined || lastLine) return null;
    const edge = first ? 'begins' : 'ends';
    return report(a, index, `a line of ${place.name} ${edge} with ${JSON.stringify(texts[0])}`, printedLines(where, texts), (parts) => parts.flatMap((p) => p.split('\n')).some((line) => holds([line], texts, edge, false, false)));
  }
  // "the last line kept is `193280`, followed by `stdout: ... (206720 lines omitted)` and `(output cut …)`": the last line of the
  // command's own that its output block kept is the first text, and the executor's notes after it follow in that order; never one
  // line holding all three (which no run passes).
  if (nth === 'last' && ordered && texts.length > 1 && printedText(texts[0]) && texts.slice(1).every((x) => !printedText(x))) {
    // "the last line" alone names a line of the report; a line printed, with the notes on the lines after it, is of the output block.
    const output = named !== null && (named.place as Place).output === true;
    if (a.negated || each || only || (named !== null && !output && named.place !== PLACES.report)) return null;
    const block = output ? named.place : PLACES.shown;
    const notes = texts.slice(1).map((x) => JSON.stringify(x)).join(' and ');
    return report(a, index, `the last line the command printed in ${block.name} is ${JSON.stringify(texts[0])}, followed by ${notes}, in this order`, block, (parts) => {
      const printed = parts.filter((l) => l.trim() !== '' && !noteOnLines(l));
      return printed.length > 0 && isText(printed.at(-1)!, texts[0]) && holds(parts.slice(parts.lastIndexOf(printed.at(-1)!)), texts, 'holds', true, false);
    });
  }
  if (reportedAs) {
    if (texts.length !== 2 || ordered) return null;
    return report(a, index, `a line of ${place.name} contains ${JSON.stringify(texts[0])} and says ${JSON.stringify(texts[1])}`, where, (parts) => parts.some((p) => holds([p], texts, 'holds', false, false)));
  }
  const says = presence === 'lines' ? 'has, as whole lines among its lines,' : presence === 'begins' ? 'begins with' : presence === 'ends' ? 'ends with' : presence === 'is' ? (texts.length > 1 ? 'is, line by line,' : 'is') : 'contains';
  const order = ordered && presence !== 'is' ? (adjacent === 'next' ? ', each right after the one before (on its line, or the next line not blank)' : adjacent ? ', on consecutive lines in this order' : next?.some(Boolean) ? ', in this order (the texts of a range on consecutive lines)' : ', in this order') : '';
  const quoted = texts.map((x) => JSON.stringify(x));
  // "begins with `a` and shows `b`": the first text begins it, the others are in it.
  const rest = texts.length > 1 && (presence === 'begins' || presence === 'ends') ? (presence === 'begins' ? `${quoted[0]}, and contains ${quoted.slice(1).join(' and ')}` : `${quoted.at(-1)}, and contains ${quoted.slice(0, -1).join(' and ')}`) : null;
  const what = `${rest ?? quoted.join(' and ')}${order}`;
  if (each) {
    const n = counts[0]?.n;
    return report(a, index, `each of ${place.name}${n !== undefined ? ` (${n} of them)` : ''} ${says} ${what}`, where, (parts) => parts.length > 0 && (n === undefined || parts.length === n) && parts.every((p) => holds([p], texts, presence, ordered, adjacent, next)));
  }
  // A text the command may print is sought among its own lines, never in the executor's notes on them; of the output, whatever the verb
  // and whichever line ("the output begins with `7`"). A line of a block of the report by its place ("the first line under `Output:`") is as shown.
  // A block said whole, one of the executor's notes on its lines among the texts, is all of its lines, every note with them.
  const notesListed = texts.some((x) => noteOnLines(x));
  const sought = blockIs ? { ...where, name: notesListed ? where.name : `${where.name} (the notes on its lines aside)`, of: (c: CommandRecord, o: Observation) => where.of(c, o).filter((l) => notesListed || !noteOnLines(l)) } : ((presence === 'holds' || presence === 'lines') && nth === undefined) || place === PLACES.shown ? printedLines(where, texts) : where;
  // Among the lines the command printed, a path alone is a whole line (PATH_ALONE).
  const pathsAlone = !blockIs && sought !== where && presence === 'holds' && texts.some((x) => PATH_ALONE.test(x));
  // Among them, numbers said in order are whole lines too (NUMBER_ALONE).
  // So they are beside the executor's notes on those lines, in an output block or the report ("1 to 3 are followed by `stdout: ... (2 lines omitted)`").
  const amongLines = sought !== where || (place as Place).output === true || (place === PLACES.report && texts.some(noteOnLines));
  const numbersAlone = !blockIs && amongLines && presence === 'holds' && ordered && !a.negated && texts.length > 1 && texts.some((x) => NUMBER_ALONE.test(x));
  const pathLines: boolean | 'numbers' = numbersAlone ? 'numbers' : pathsAlone;
  const partName = nth === undefined ? sought.name : `${nth === 'last' ? 'the last' : `part ${nth + 1}`} of ${place.name}`;
  const pick = (parts: string[]) => (nth === undefined ? parts : nth === 'last' ? parts.slice(-1) : parts.slice(nth, nth + 1));
  // "line `15` is not shown": a text named a line is a whole line denied, never its figure anywhere (the notice "(15 lines omitted)" holds one).
  const lineNamed = (x: string) => a.tokens.some((t, i) => quotedText(t) === x && namedLine(a.tokens, i));
  const wholeLines = a.negated && texts.every(lineNamed);
  // "contains the line `ready`", "a line `alpha` is shown": each text a whole line of the place, never a part of one (`already-done`).
  const linesNamed = !a.negated && presence === 'holds' && nth === undefined && !ordered && texts.every(lineNamed);
  // "contains `fail`", "does not mention `234`": a part of a word too, where the place holds the texts (not a whole line of them).
  const withinWords = presence === 'holds' && !wholeLines && !linesNamed && a.entities('range').length === 0 && saysContained(a.tokens);
  // "contains `a` or `b`": any one of the texts, never all of them; "or" among other joining words ("`a` and `b` or `c`") is not read.
  const joining = a.tokens.slice(textsAt[0], textsAt.at(-1)).filter((t) => t.kind === 'word' && (/^(or|and|nor)$/i.test(t.text) || is(t, 'ORDER')));
  const anyOf = !a.negated && texts.length > 1 && joining.some((t) => /^or$/i.test(t.text));
  if (anyOf && (joining.some((t) => !/^or$/i.test(t.text)) || ordered || presence !== 'holds' || nth !== undefined || each || linesNamed)) return null;
  const asLines = (parts: string[], x: string) => parts.some((p) => p.split('\n').some((l) => isText(l, x)));
  const text = `${linesNamed ? `${partName} has ${texts.map((x) => JSON.stringify(x)).join(' and ')} as ${texts.length > 1 ? 'whole lines' : 'a whole line'}` : wholeLines ? `no line of ${partName} is ${texts.map((x) => JSON.stringify(x)).join(' or ')}` : a.negated ? `${partName} contains none of ${texts.map((x) => JSON.stringify(x)).join(', ')}` : anyOf ? `${partName} contains one of ${texts.map((x) => JSON.stringify(x)).join(', ')} at least` : `${partName} ${says} ${what}${numbersAlone ? ` (${pathsAlone ? 'a path or a number' : 'a number'} alone, a whole line)` : pathsAlone ? ' (a path alone, a whole line)' : ''}`}${withinWords && texts.some(printedText) ? WITHIN_WORDS : ''}`;
  const check = report(
    a,
    index,
    text,
    sought,
    (parts) => {
      const picked = pick(parts);
      if (wholeLines) return texts.every((x) => !picked.some((p) => p.split('\n').some((l) => l.trim() === x)));
      if (linesNamed) return texts.every((x) => asLines(picked, x));
      if (anyOf) return texts.some((x) => holds(picked, [x], 'holds', false, false, undefined, pathLines, withinWords));
      if (a.negated) return texts.every((x) => !holds(picked, [x], 'holds', false, false, undefined, false, withinWords));
      return picked.length > 0 && holds(picked, texts, presence, ordered, adjacent, next, pathLines, withinWords);
    },
    texts.length > 1 && !ordered && !anyOf && presence === 'holds' && nth === undefined ? texts : undefined,
  );
  return ordered && !a.negated && texts.length > 1 ? { ...check, ordered: texts } : check;
}

/**
 * "it ends with a numbered `To fix:` list whose last item is `…`": the command's report ends
 * with its `To fix:` list (each item numbered, when said so), and that list's last item is the
 * text; null for any other part a sentence says a place begins or ends with.
 */
function endsWithFixes(a: Args, edge: number): TextCheck | null {
  const texts = a.tokens.filter((t) => quotedText(t) !== null && !isHeading(t)).map((t) => quotedText(t)!);
  const headings = a.tokens.filter(isHeading).map((t) => quotedText(t)!);
  const [nth, more] = a.entities('nth');
  const ordinal = a.entities('ordinal').filter((x) => x.of === 'command');
  const fixes = headings.length > 0 ? headings.every((h) => h === 'To fix:') : a.tokens.slice(edge + 1).some((t) => is(t, 'FIXES'));
  const ending = is(a.tokens[edge], 'LAST_LINE') && !/^(begins?|starts?|opens?)/i.test(a.tokens[edge].text);
  if (!ending || !fixes || a.negated || more || nth?.index !== 'last' || nth.of !== 'item' || texts.length !== 1 || ordinal.length > 1 || a.entities('ordinal').length !== ordinal.length) return null;
  // The text is said of the item with "is": the whole item, its number aside.
  if (!a.tokens.slice(a.tokens.findIndex((t) => t.kind === 'entity' && t.entity.type === 'nth')).some((t) => t.kind === 'word' && /^(is|reads)$/i.test(t.text))) return null;
  const numbered = a.tokens.some((t) => t.kind === 'word' && /^numbered$/i.test(t.text));
  return report(a, ordinal[0]?.index, `${PLACES.verdict.name} ends with the items under \`To fix:\`${numbered ? ' (each numbered)' : ''}, the last of which is ${JSON.stringify(texts[0])}`, PLACES.verdict, (lines) => {
    const shown = lines.filter((l) => l.trim() !== '');
    const start = shown.findIndex((l) => l.trim() === 'To fix:');
    const items = start < 0 ? [] : shown.slice(start + 1);
    return items.length > 0 && (!numbered || items.every((l) => /^\d+\.\s/.test(l.trim()))) && isText(items.at(-1)!, texts[0]);
  });
}

/**
 * "reported as `Exit Status: …` with `Exit Code: 137` and `stubborn` as partial output": the role
 * after "as" is said of the text just before it, under `Partial Output:` ("as its output": in the
 * output block, under either heading); the texts listed earlier, all in the report's own words,
 * stand in the command's report. Null for any other role, when another text is listed before
 * (the role may be said of it too), or when texts follow the role.
 */
function asOutputRole(a: Args, roleAt: number, run?: string): TextCheck | null {
  const role = a.tokens.slice(roleAt + 1).filter((t) => !is(t, 'FUNCTION'));
  const texts = a.tokens.slice(0, roleAt).filter((t) => quotedText(t) !== null && !isHeading(t)).map((t) => quotedText(t)!);
  const ordinal = a.entities('ordinal').filter((x) => x.of === 'command');
  if (!role.some((t) => is(t, 'OUTPUT')) || role.some((t) => !is(t, 'PARTIAL', 'OUTPUT')) || a.negated || a.tokens.some(isHeading) || ordinal.length > 1 || (ordinal.length > 0 && run !== undefined)) return null;
  if (a.has('ORDER', 'FIRST_LINE', 'LAST_LINE', 'EACH', 'EXACTLY', 'E:nth', 'E:number', 'E:count')) return null;
  const index: Which = run !== undefined ? { run } : ordinal[0]?.index;
  const listed = texts.slice(0, -1);
  const last = texts.at(-1)!;
  // Only texts in the report's own words are sure to stand outside the block: "`a` with `b` and `c` as partial output" may say it of all three.
  if (!listed.every(executorText)) return null;
  const inReport = report(a, index, `the report contains ${listed.map((x) => JSON.stringify(x)).join(' and ')}`, unquotedPlace(PLACES.verdict, listed, false), (parts) => holds(parts, listed, 'holds', false, false));
  const block = role.some((t) => is(t, 'PARTIAL')) ? headingPlace('Partial Output:') : PLACES.output;
  const inBlock = report(a, index, `${block.name} contains ${JSON.stringify(last)}`, block, (parts) => holds(parts, [last], 'holds', false, false));
  return {
    text: `${inReport.text} ∧ ${inBlock.text}`,
    evaluate(o) {
      const [x, y] = [inReport.evaluate(o), inBlock.evaluate(o)];
      return { ok: x.ok && y.ok, actual: `${x.actual}; ${y.actual}` };
    },
  };
}

/**
 * "It is followed by `x`", "Then `x`": X in the report after the last text the Then before quoted (headings aside). WHOLE
 * ("the next line reads `x`"): each text is the whole line right after the one before it. A run that ran no command (its
 * configuration refused) has its lines in all it printed.
 */
function followsBefore(a: Args, texts: string[], adjacent: Adjacent, whole: boolean): TextCheck | null {
  const ordinal = a.entities('ordinal').filter((x) => x.of === 'command');
  if (a.negated || ordinal.length > 1 || a.entities('nth').length > 0 || a.has('FIRST_LINE', 'LAST_LINE', 'EACH') || (whole && !adjacent)) return null;
  const what = texts.map((x) => JSON.stringify(x)).join(' and ');
  const where = whole ? `${texts.length > 1 ? 'are the lines' : 'is the line'} right after` : `stand${texts.length > 1 ? '' : 's'} in the report ${adjacent === 'next' ? 'next, each right after the one before (on its line, or the next line not blank), after' : adjacent ? 'on the line right after' : 'after'}`;
  const follow = (lines: string[], referent: string) =>
    whole ? lines.some((line, i) => textAt(referent, line) !== null && texts.every((x, k) => lines[i + 1 + k] !== undefined && isText(lines[i + 1 + k], x))) : holds(lines, [referent, ...texts], 'holds', true, adjacent);
  return {
    follows: texts,
    text: `${ordinal[0] ? `the command ${ordinal[0].index === 'last' ? 'last' : ordinal[0].index + 1}: ` : ''}${what} ${where} the last text the step before quoted (when it quoted none, ${adjacent ? 'right ' : ''}after the last line the output shows)`,
    evaluate(o) {
      const quoted = [...(o.before ?? [])].reverse().find((x) => !HEADINGS.includes(x));
      if (o.record.commands.length === 0 && whole) {
        const ok = quoted !== undefined && follow(runLines(o), quoted);
        return { ok, actual: quoted === undefined ? 'no text quoted before, and no command ran' : `after ${JSON.stringify(quoted)}: ${ok ? 'found' : 'not the next line'}` };
      }
      // "The first 10 lines are shown. They are followed by `…`": what the step before spoke of, the output's lines.
      const after = (c: CommandRecord) => quoted ?? c.lines.at(-1)?.text;
      const commands = ordinal[0] === undefined ? o.record.commands : o.record.commands.filter((_c, i) => i === (ordinal[0].index === 'last' ? o.record.commands.length - 1 : ordinal[0].index));
      const results = commands.map((c) => {
        const referent = after(c);
        return { referent, ok: referent !== undefined && follow(commandLines(c, o), referent) };
      });
      return { ok: results.length > 0 && results.some((r) => r.ok), actual: results.map((r) => `after ${r.referent === undefined ? 'nothing' : JSON.stringify(r.referent)}: ${r.ok ? 'found' : 'not found in that order'}`).join('; ') || 'no command ran' };
    },
  };
}

/**
 * "the output shows `a` only, followed by `x`": a part read as texts that follow, after another
 * part of the same sentence that quoted texts, follows the last of them, not the texts of the step
 * before. CHECKS as they are otherwise.
 */
export function followingInSentence<T extends { text: string; evaluate(o: Observation): unknown; follows?: readonly string[] }>(sentence: string, checks: T[]): T[] {
  const quoted = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => ({ text: m[1], at: m.index }));
  return checks.map((check) => {
    if (!check.follows) return check;
    const first = quoted.find((q) => q.text === check.follows![0]);
    const referent = quoted.filter((q) => first !== undefined && q.at < first.at && !HEADINGS.includes(q.text)).at(-1);
    if (referent === undefined) return check;
    return { ...check, follows: undefined, referent: referent.text, text: check.text.replace(/ after the last text the step before quoted \(when it quoted none, after the last line the output shows\)$/, ` after ${JSON.stringify(referent.text)}`), evaluate: (o: Observation) => check.evaluate({ ...o, before: [referent.text] }) };
  });
}

/** "`x` is printed after the output block": X in the command's report after the block's last line (before its heading). */
function blockAnchored(a: Args, text: string, anchor: { after: boolean; at: number }): TextCheck | null {
  const words = a.tokens.slice(anchor.at + 1);
  const heading = words.find(isHeading);
  const partial = words.some((t) => is(t, 'PARTIAL'));
  const fixes = words.some((t) => is(t, 'FIXES'));
  const ordinal = a.entities('ordinal').filter((x) => x.of === 'command');
  // "comes after the summary": the line that compares the lines shown with those printed.
  if (words.some((t) => t.kind === 'word' && /^summary$/i.test(t.text))) {
    if (a.negated || ordinal.length > 1) return null;
    return report(a, ordinal[0]?.index, `${JSON.stringify(text)} stands ${anchor.after ? 'after' : 'before'} the summary line ("(Showing N of M output lines)") in the report`, PLACES.verdict, (lines) => {
      const at = lines.findIndex((l) => /^\((Showing \d+ of \d+ output lines|Command timed out after .*Showing \d+ of \d+ output lines)\)$/.test(l.trim()));
      return at >= 0 && (anchor.after ? lines.slice(at + 1) : lines.slice(0, at)).some((l) => textAt(text, l) !== null);
    });
  }
  const headings = heading ? [quotedText(heading)!] : partial ? ['Partial Output:'] : fixes ? ['To fix:'] : words.some((t) => is(t, 'OUTPUT')) ? ['Output:', 'Partial Output:'] : [];
  // "the line after `Partial Output:` is `x`": the line right under the heading, not a line past its block.
  if (anchor.after && /^line$/i.test(a.tokens[anchor.at - 1]?.text ?? '') && words[0] === heading && heading !== undefined) {
    if (a.negated || ordinal.length > 1) return null;
    return report(a, ordinal[0]?.index, `the line right after ${JSON.stringify(headings[0])} in the report is ${JSON.stringify(text)}`, { name: "the command's report", of: (c) => c.report.split('\n'), ofRun: () => [] }, (lines) => {
      const at = lines.findIndex((l) => l.trim() === headings[0]);
      return at >= 0 && lines[at + 1]?.trim() === text.trim();
    });
  }
  if (headings.length === 0 || a.negated || ordinal.length > 1 || a.entities('nth').length > 0 || a.has('FIRST_LINE', 'LAST_LINE', 'EACH')) return null;
  const name = heading ? `the block under ${JSON.stringify(headings[0])}` : partial ? 'the block under "Partial Output:"' : fixes ? 'the items under `To fix:`' : 'the output block';
  return report(a, ordinal[0]?.index, `${JSON.stringify(text)} stands ${anchor.after ? 'after' : 'before'} ${name} in the report`, { name: "the command's report", of: (c) => c.report.split('\n'), ofRun: () => [] }, (lines) => {
    const start = lines.findIndex((l) => headings.includes(l.trim()));
    if (start < 0) return false;
    const blank = lines.findIndex((l, i) => i > start && l.trim() === '');
    const end = blank < 0 ? lines.length : blank;
    const where = anchor.after ? lines.slice(end) : lines.slice(0, start);
    return where.some((l) => textAt(text, l) !== null);
  });
}

/**
 * The check of a place: of the command named by its place (INDEX), else of some command
 * (of none, negated; of each, when the sentence says each); of the run's own lines when
 * no command ran.
 */
/** Which command a place is of: by its place in the run, or by its command line. */
type Which = number | 'last' | { run: string } | undefined;

/** A verb right after a quantifier standing alone ("both have", "each shows", "all end with"). */
const QUANTIFIER_VERB = /^(have|has|had|show|shows|showed|print|prints|printed|carry|carries|get|gets|got|give|gives|end|ends|ended|start|starts|started|begin|begins|open|opens|close|closes|read|reads|say|says|contain|contains|hold|holds|list|lists|include|includes|are|were|report|reports|name|names|mention|mentions)$/i;

function report(a: Args, which: Which, text: string, place: Place, test: (parts: string[]) => boolean, apart?: string[]): TextCheck {
  // "the report of `[1/2]`", "the output block of `[2/2]`": a progress mark quoted alone names command n of a run of m, never a text of a command's line.
  const mark = typeof which === 'object' ? /^\[(\d+)\/(\d+)\]$/.exec(which.run.trim()) : null;
  const index: Which = mark ? Number(mark[1]) - 1 : which;
  const ofCount = mark ? Number(mark[2]) : undefined;
  // "each command", "both commands", "every announcement": each command's place.
  // "each report", "each of the three reports", "both reports", "all 3 reports", "the two reports each": every command's report, as many as said.
  const reports = reportsQuantified(a.tokens);
  // "both have `To fix:` starting with …", "each shows …", "all of them end with …": the quantifier opening the clause
  // as its subject, the noun left out, is each of the commands too, never any one of them.
  const alone = a.tokens[0]?.kind === 'word' && /^(each|both|all)$/i.test(a.tokens[0].text) && a.tokens[1]?.kind === 'word' && (/^of$/i.test(a.tokens[1].text) && /^(them|these|those)$/i.test(a.tokens[2]?.text ?? '') || QUANTIFIER_VERB.test(a.tokens[1].text));
  const every = reports !== null || alone || a.tokens.some((t) => t.kind === 'word' && /^(each|every|both|all)$/i.test(t.text) && is(a.tokens[a.tokens.indexOf(t) + 1], 'COMMAND', 'ANNOUNCE', 'HEADLINE'));
  // "Both commands are announced (`[1/2]` and `[2/2]`)": each text in one command's place, every command's place holding one. Progress
  // marks (`[1/3]`, `[2/3]`, `[3/3]`, or `[1/3] host:` … with the words after them) say so themselves, each the mark of another
  // command, with no "each" or "both" said.
  const marks = apart !== undefined && apart.length > 1 && apart.every((x) => /^\[\d+\/\d+\](?: [^[\]]*)?$/.test(x.trim())) && new Set(apart.map((x) => /^\[(\d+)/.exec(x.trim())![1])).size === apart.length;
  if ((every || marks) && index === undefined && apart && !a.negated) {
    const texts = apart;
    return {
      text: `every command's ${place.name.replace(/^the /, '')} contains one of ${texts.map((x) => JSON.stringify(x)).join(', ')}, and each of them is in one`,
      evaluate(o) {
        const parts = o.record.commands.map((c) => place.of(c, o));
        const ok = parts.length > 0 && parts.every((p) => texts.some((x) => holds(p, [x], 'holds', false, false))) && texts.every((x) => parts.some((p) => holds(p, [x], 'holds', false, false)));
        return { ok, actual: parts.map((p) => p.slice(0, 4).join(' ⏎ ')).join('; ') };
      },
    };
  }
  // "It gives `Exit Code: 124`" opening a step: the command whose lines hold the text the step before quoted, where only some do; never any command's report.
  // "It announces `[2/3] …`": the progress mark names the command announced, whichever the step before was about.
  const marked = place === PLACES.announcement && a.entities('quoted').length > 0 && a.entities('quoted').every((q) => /^\[\d+\/\d+\] /.test(q.text.trim()));
  const it = index === undefined && !every && !marked && a.tokens[0]?.kind === 'word' && /^(It|Its)$/.test(a.tokens[0].text);
  const theirs = (o: Observation) => {
    const last = o.before?.filter((x) => !HEADINGS.includes(x)).at(-1);
    return last === undefined ? [] : o.record.commands.filter((c) => commandLines(c, o).some((l) => quotedIn(last, l)));
  };
  const who = it ? '(it: the command whose lines hold the text the step before quoted) ' : index === undefined ? (every ? `every command${reports?.n !== undefined ? ` (${reports.n} of them)` : ''}: ` : '') : typeof index === 'object' ? `\`${index.run}\`: ` : `the ${index === 'last' ? 'last command' : `command ${index + 1}`}${ofCount === undefined ? '' : ` (of ${ofCount}, as \`${mark![0]}\` says)`}: `;
  // A command named by its place or its line: the place another clause of the sentence, naming none, is said of.
  const named: Check['place'] = index === undefined || it ? undefined : {
    kind: 'named',
    key: who,
    selector: { text: who, unnamed: false, pick: (o) => (ofCount !== undefined && o.record.config.commands.length !== ofCount ? [] : o.record.commands.map((command, i) => ({ command, index: i })).filter(({ index: i }) => (typeof index === 'object' ? o.runs[i]?.includes(index.run) : i === (index === 'last' ? o.record.commands.length - 1 : index)))) },
  };
  return {
    ...(named ? { place: named } : {}),
    text: `${who}${text}`,
    evaluate(o) {
      const commands = o.record.commands;
      if (reports?.n !== undefined && commands.length !== reports.n) return { ok: false, actual: `${commands.length} command(s) ran, not ${reports.n}` };
      if (ofCount !== undefined && o.record.config.commands.length !== ofCount) return { ok: false, actual: `the run has ${o.record.config.commands.length} command(s), not ${ofCount}` };
      if (commands.length === 0) {
        // "`a` is never printed": what a command prints, of a run in which none ran, is nothing (its configuration's errors are the executor's words).
        const printing = a.has('WRITE') || a.tokens.some((t) => t.kind === 'word' && /^(print|prints|printed|printing)$/i.test(t.text));
        const parts = place.output && printing ? [] : place.ofRun(o);
        return { ok: test(parts), actual: parts.slice(0, 12).join(' ⏎ ') || `nothing in ${place.name}` };
      }
      if (it && theirs(o).length > 0 && theirs(o).length < commands.length) {
        const results = theirs(o).map((c) => ({ c, parts: place.of(c, o) }));
        return { ok: results.every((r) => test(r.parts)), actual: results.map((r) => `command ${r.c.index + 1}: ${r.parts.slice(0, 12).join(' ⏎ ') || `nothing in ${place.name}`}`).join('; ') };
      }
      // No command named: the report is all the run printed ("the reports say `…` and `…`").
      if (index === undefined && !every && place.whole) {
        const parts = place.ofRun(o);
        return { ok: test(parts), actual: parts.slice(0, 12).join(' ⏎ ') };
      }
      const chosen = index === undefined ? commands : typeof index === 'object' ? commands.filter((_c, i) => o.runs[i]?.includes(index.run)) : commands.filter((_c, i) => i === (index === 'last' ? commands.length - 1 : index));
      if (chosen.length === 0) {
        // A command failFast did not start is in no record of a command: its announcement (and the notes under it) is all the run shows of it.
        const shown = typeof index === 'number' && (place === PLACES.announcement || place === PLACES.report) ? notRunLines(o, index) : [];
        if (shown.length === 0) return { ok: false, actual: 'no command of the run matches' };
        // "is announced `[3/3] … (not run)`" is its line; "… with the note `not run: …`", its line and the note under it.
        const readings = [shown.slice(0, 1), shown].map(test);
        return { ok: a.negated ? readings.every(Boolean) : readings.some(Boolean), actual: `not run: ${shown.join(' ⏎ ')}` };
      }
      const results = chosen.map((c) => ({ c, parts: place.of(c, o) }));
      const verdicts = results.map((r) => test(r.parts));
      const ok = index !== undefined || every || a.negated ? verdicts.every(Boolean) : verdicts.some(Boolean);
      return { ok, actual: results.map((r) => `${chosen.length > 1 ? `command ${r.c.index + 1}: ` : ''}${r.parts.slice(0, 12).join(' ⏎ ') || `nothing in ${place.name}`}`).join('; ') };
    },
  };
}

/** "the `To fix:` list has four items", "all five problems are listed": how many parts of a kind the report has. */
export const PARTS_COUNTED: Rule<TextCheck> = {
  name: 'parts of the report counted',
  needs: [['ITEM', 'FIXES', 'PROBLEM'], ['E:number']],
  allows: ['ITEM', 'FIXES', 'PROBLEM', 'SECTION', 'MESSAGE', 'MENTION', 'SHOWN', 'WRITE', 'EACH', 'EXACTLY', 'E:quoted', 'APPLY', 'REMAIN'],
  refuses: ['HOST', 'CONTAINER', 'USER', 'RUNS'],
  build(a) {
    const [count, more] = a.entities('number');
    const headings = a.tokens.filter((t) => quotedText(t) !== null);
    if (more || a.negated || !Number.isInteger(count.n) || headings.some((t) => !isHeading(t) || quotedText(t) !== 'To fix:')) return null;
    if (a.tokens.some((t) => is(t, 'APPLY') && !/^(has|have)$/i.test(t.text)) || a.tokens.some((t) => is(t, 'REMAIN') && !is(t, 'SECTION') && !/^listed$/i.test(t.text))) return null;
    const place = a.has('PROBLEM') ? PLACES.problems : a.has('ITEM', 'FIXES') || headings.length > 0 ? PLACES.fixes : null;
    if (!place || (a.has('PROBLEM') && a.has('ITEM', 'FIXES'))) return null;
    return report(a, undefined, `${place.name}: ${count.n} of them`, place, (parts) => parts.filter((p) => p.trim() !== '').length === count.n);
  },
};
