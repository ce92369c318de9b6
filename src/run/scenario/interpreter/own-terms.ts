// A writer's own nouns for the entities of an executor run. Writers name the things of a
// run in their own domain's terms: a CI team calls a command a "step" or a "stage" and the
// host the "build agent", and read the report on "the console log" or "the screen". Each such noun names exactly one entity of the run, so a sentence
// is read in the executor's nouns ("the step fails" is "the command fails") before the
// lexicon reads it; every rule keyed on the executor's noun ("the second command", "a host
// command runs …", "the command's report") then reads the writer's sentence the same way.
// Quoted text is never rewritten: `echo step one` and `STAGE=ci` stay as written.

import { SHORTHAND } from './domain-lexicon.js';
import { inReportParts } from './report-parts.js';

/** A writer's noun (singular, plural) and the executor's noun it names (singular, plural). */
interface OwnTerm {
  said: RegExp;
  entity: [string, string];
}

/** Words that place or count one unit of work among others: an ordinal, a quantifier or a number. */
const UNIT_PLACES = 'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|next|previous|other|another|each|every|either|neither|both|all|one|two|three|four|five|six|seven|eight|nine|ten|\\d{1,2}';

/**
 * The nouns, longest first. Only nouns that name one entity in every sentence seen: a "job"
 * alone is the whole run (it is the lexicon's already; counted or placed it is a command), a
 * plain "agent" is the writer's AI agent as often as a machine, and a "check" is as often the
 * act of validation; none is here.
 */
const OWN_TERMS: OwnTerm[] = [
  // a command of the configuration's list
  { said: /\b(?:pipeline|build|ci|job) (step|stage)(s?)\b/gi, entity: ['command', 'commands'] },
  { said: /\b(step|stage)(s?)\b/gi, entity: ['command', 'commands'] },
  // all spec-run exec prints, the report: where the writer reads it (a CI's console, a terminal's screen)
  { said: /\b(?:console|terminal|job|build) (?:log|output)()()\b/gi, entity: ['report', 'report'] },
  { said: /\b(?:the )?(?:console|screen|terminal)()()\b(?! log| output)/gi, entity: ['the report', 'the report'] },
  // the machine spec-run exec runs on
  { said: /\b(?:build|ci) (agent|machine|server|host|node)(s?)\b/gi, entity: ['host', 'hosts'] },
  // A unit of work counted or placed ("the second job", "each job", "both jobs", "the jobs") is one
  // command of the list: the run is one, so a place among others or a plural can only be its
  // commands. A job alone ("the job exits with 2") stays the run, as the lexicon reads it.
  { said: new RegExp(`(?<=\\b(?:${UNIT_PLACES})\\s+)(job)(s?)\\b(?![-./]\\w)`, 'gi'), entity: ['command', 'commands'] },
  { said: /\b(job)(s)\b(?![-./]\w)/gi, entity: ['command', 'commands'] },
];

/** Splits TEXT into the spans outside quotes (even indexes) and the quoted ones (odd). */
export function unquotedSpans(text: string): string[] {
  return text.split(/(`[^`]*`|“[^”]*”|"[^"]*")/);
}

/** A word as the executor names it, capitalised where the writer's opens a sentence ("The step", not "CI step"). */
function sameCase(written: string, word: string): string {
  return /^[A-Z][a-z]/.test(written) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** Whether the noun WRITTEN at AT in TEXT is a name or part of a word: in capitals (the variable STAGE), glued by a hyphen, an equals sign, an underscore or a slash ("step-by-step", "stage=ci"), a file's name before its extension ("stages.yaml"), or a verb after "to" ("to stage"). */
function notTheNoun(written: string, at: number, text: string): boolean {
  return /^[A-Z]+S?$/.test(written) || /[-=_/.]$/.test(text.slice(0, at)) || /^(?:[-=_/]|\.\w)/.test(text.slice(at + written.length)) || /\bto\s+$/i.test(text.slice(0, at));
}

/** The places a writer numbers commands by, as the lexicon's ordinals name them. */
const PLACE_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** "the Nth command", or null where N is past the words for places. */
const nthCommand = (n: string) => (PLACE_WORDS[Number(n) - 1] ? `the ${PLACE_WORDS[Number(n) - 1]} command` : null);

/**
 * "job 2", "command #1", "step 3" (a step is a command already): a command named by its number
 * in the list is the command at that place ("job 1's code" is the first command's, never the
 * status 1). Not a number with a unit after it ("a job 2 seconds long") or a ratio ("step 1/3").
 */
const NUMBERED_COMMAND = /\b(?:the\s+)?(?:command|job|task)\s+#?(\d{1,2})\b(?!\s*(?:ms|s|m|h|secs?|seconds?|minutes?|hours?|lines?|bytes?|times(?!\s+out)|%|x)\b|[/.:\d])/gi;

/**
 * "`[2/2]` still runs", "[1/3] reports …", "the `[2/3]` command fails": a progress mark said as
 * the subject of what a command does names the command it announces; said as a text ("`[1/2]`
 * is printed", "shows `[2/2]`") it stays a text of the report.
 */
const MARK_AS_SUBJECT = /(^|[,;]\s*|\b(?:and|then|while)\s+)(?:the\s+)?`?\[(\d+)\/(\d+)\]`?(?:\s+(?:command|job|step|stage))?(?=\s+(?:still\s+|also\s+|then\s+|never\s+)?(?:runs|ran|is\s+run|was\s+run|reports|reported|fails|failed|succeeds|succeeded|passes|passed|exits|exited|times\s+out|timed\s+out|is\s+killed|was\s+killed|is\s+stopped|was\s+stopped|ends|ended|finishes|finished|completes|completed|prints|printed|says|said|shows|showed|has|had|gives|gave|carries|carried|outputs|output(?!\s+(?:is|was|has|shows|reads|consists|holds|contains)\b))\b)/gi;

/**
 * "`[1/2]` report is …", "[2/3]'s output holds …", "the [1/3] header reads …": a part of a command's report after its
 * progress mark is that command's part, as "the first command's report" is.
 */
const MARK_BEFORE_PART = /(^|[,;]\s*|\b(?:and|then|while)\s+)(?:the\s+)?`?\[(\d+)\/(\d+)\]`?(?:['’]s)?\s+(report|output|partial\s+output|header|announcement|notes?)(?=\s)/gi;

/**
 * "line 5, column 16 gets `…`", "the defect at line 2, column 19 reads `…`": a place in the configuration file (a line
 * and its column), said as the subject of a verb of holding a text, names the error reported at that place, as "the
 * error at line 5, column 16 says `…`" does. A line without its column is not a place of the file alone (a --log
 * file's "line 2 has …" is that file's line), and is left as written.
 */
const PLACE_AS_SUBJECT = /(^|[,;]\s*|\b(?:and|then|while)\s+)(?:the\s+(?:problem|defect|finding|issue|complaint|error|violation)\s+(?:at|on)\s+)?(line\s+\d+\s*,?\s*(?:and\s+)?column\s+\d+)\s+(?:gets|got|has|had|shows|reads|carries|records|holds|says|states|is\s+given|is\s+reported\s+as|is\s+flagged\s+with|is\s+flagged\s+as)(?=\s)/gi;

/** SENTENCE with a place of the configuration file as its subject said as the error at that place. */
const errorsByPlace = (sentence: string): string => sentence.replace(PLACE_AS_SUBJECT, (_w: string, before: string, place: string) => `${before}${before === '' ? 'The' : 'the'} error at ${place} says`);

/**
 * "the second header ends with …", "the first announcement reads …", "the third output shows …": a part every
 * command has once, placed by an ordinal, is that command's part, as "the first report" already is. Not a part
 * of the output by its lines ("the first output line" is a line of the output).
 */
const PART_BY_PLACE = new RegExp(`\\b(${PLACE_WORDS.join('|')}|last)\\s+(header|announcement|output)\\b(?!\\s+lines?\\b|[-/.]\\w)`, 'gi');

/**
 * "the first heading reads `[1/2] host: …`", "the second title is `[2/2] …`", "the first block is announced as `[1/3] …`":
 * a heading, title or block placed by an ordinal, in a sentence that quotes an announcement (a progress mark `[i/n]`
 * opening it), is that command's announcement line, or that command. Without one quoted, "the second heading" may
 * be a heading of a report's blocks (`To fix:`), and stays as written.
 */
const HEADING_BY_PLACE = new RegExp(`\\b(${PLACE_WORDS.join('|')}|last)\\s+(?:(heading|title)|block(?=\\s+(?:is|was)\\s+announced\\b))(?!\\s+lines?\\b|[-/.]\\w)`, 'gi');
const QUOTES_ANNOUNCEMENT = /`\[\d+\/\d+\] [^`]*`/;

/** SENTENCE with a command's part placed by an ordinal said as that command's. */
const partsByPlace = (sentence: string, whole: string): string => {
  const placed = sentence.replace(PART_BY_PLACE, (_w: string, place: string, part: string) => `${place} command's ${part}`);
  return QUOTES_ANNOUNCEMENT.test(whole) ? placed.replace(HEADING_BY_PLACE, (_w: string, place: string, heading: string | undefined) => (heading ? `${place} command's header` : `${place} command`)) : placed;
};

/**
 * "the second header ends with …, and the job reports `OK: …`": a job alone is the run, but after a clause that
 * placed a command in the same sentence it is that command again, as "it" would be (the run holds every command,
 * so reading it as the run would check every command's output). PLACED_OR_BACK finds both, in order.
 */
const PLACED_OR_BACK = new RegExp(`\\bthe\\s+(${PLACE_WORDS.join('|')}|last)\\s+command\\b|\\bthe\\s+job\\b(?![-/.]\\w)`, 'gi');

/** SENTENCE with its commands named by number or progress mark named by place. */
function commandsByPlace(sentence: string): string {
  // A quoted text is never rewritten ("shows `… and [2/3] failed (exit code 3)`" is the report's words); a mark quoted alone is the mark.
  const quoted = [...sentence.matchAll(/`[^`]*`|“[^”]*”|"[^"]*"/g)].filter((q) => !/^`\[\d+\/\d+\]`$/.test(q[0]));
  const inQuote = (at: number, length: number) => quoted.some((q) => q.index < at + length && q.index + q[0].length > at);
  const bySubject = sentence.replace(MARK_AS_SUBJECT, (written: string, before: string, n: string, of: string, at: number) => {
    if (inQuote(at, written.length)) return written;
    const named = Number(n) >= 1 && Number(n) <= Number(of) ? nthCommand(n) : null;
    return named === null ? written : `${before}${before === '' ? sameCase('The', named) : named}`;
  });
  const quotedThen = [...bySubject.matchAll(/`[^`]*`|“[^”]*”|"[^"]*"/g)].filter((q) => !/^`\[\d+\/\d+\]`$/.test(q[0]));
  return bySubject.replace(MARK_BEFORE_PART, (written: string, before: string, n: string, of: string, part: string, at: number) => {
    if (quotedThen.some((q) => q.index < at + written.length && q.index + q[0].length > at)) return written;
    const named = Number(n) >= 1 && Number(n) <= Number(of) ? nthCommand(n) : null;
    return named === null ? written : `${before}${before === '' ? sameCase('The', named) : named}'s ${part}`;
  });
}

/**
 * The progress marks of SENTENCE said as the subject of what a command does or as the owner of a report's part ("`[1/2]`
 * prints …", "[2/3] report is …"), each with the count of commands it gives ("[1/2]": command 1 of a run of 2).
 */
export function marksAsSubject(sentence: string): { n: number; of: number }[] {
  const found: { n: number; of: number }[] = [];
  // A mark inside a quoted text ("`… and [2/3] failed`") is that text's, never a subject; a mark quoted alone is one.
  const outsideQuotes = sentence.replace(/`[^`]*`|"[^"]*"/g, (quoted) => (/^`\[\d+\/\d+\]`$/.test(quoted) ? quoted : 'a quoted text'));
  for (const re of [MARK_AS_SUBJECT, MARK_BEFORE_PART]) for (const m of outsideQuotes.matchAll(re)) found.push({ n: Number(m[2]), of: Number(m[3]) });
  return found;
}

/** SENTENCE in the executor's nouns, its quoted spans as written. */
export function inExecutorTerms(sentence: string): string {
  const numbered = (text: string) => text.replace(NUMBERED_COMMAND, (written: string, n: string) => {
    const named = nthCommand(n);
    return named === null ? written : sameCase(written, named);
  });
  const rename = (written: string) => {
    const span = SHORTHAND.reduce((text, [said, words]) => text.replace(said, words), written);
    return numbered(OWN_TERMS.reduce((text, term) => text.replace(term.said, (written: string, _noun: string, plural: string, at: number, whole: string) => (notTheNoun(written, at, whole) ? written : sameCase(written, term.entity[plural ? 1 : 0]))), span));
  };
  // The command a clause placed last, which a job alone after it in the sentence refers back to.
  let placed: string | null = null;
  const referredBack = (span: string) =>
    span.replace(PLACED_OR_BACK, (written: string, command: string | undefined) => {
      if (command !== undefined) {
        placed = command.toLowerCase();
        return written;
      }
      return placed === null ? written : sameCase(written, `the ${placed} command`);
    });
  return unquotedSpans(commandsByPlace(sentence))
    .map((span, i) => (i % 2 === 1 ? span : inReportParts(referredBack(partsByPlace(errorsByPlace(rename(span)), sentence)))))
    .join('');
}
