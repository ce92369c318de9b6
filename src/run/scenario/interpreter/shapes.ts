// Shapes of sentence, read as the plainer sentence they say. A writer states one fact in
// many shapes: with an apposition that names the kind of a value ("the exit code must be the
// number 124", "exits with the value 1", "contains the word `x`"), an existential ("there
// exists a line `x`"), a modal of permission denied ("is not allowed to contain `x`"), a
// place fronted in a relative clause ("the line that the report prints last"). Each shape is
// rewritten here into the shape the lexicon and the rules read, which says the same fact with
// the same words less the ones that only name the shape; nothing else of the sentence changes,
// and quoted text is never rewritten.

import { inEverydayShape } from './everyday-shapes.js';

/** Splits TEXT into the spans outside quotes (even indexes) and the quoted ones (odd). */
function unquotedSpans(text: string): string[] {
  return text.split(/(`[^`]*`|“[^”]*”|"[^"]*")/);
}

/**
 * Words after which an apposition stands as the object or the complement of a verb, never as a
 * subject of its own ("the number 300 is rejected" is the configuration's number, left as written).
 */
const BEFORE_OBJECT = String.raw`(?:\b(?:is|are|was|were|be|been|equals|equal\s+to|equals\s+to|with|to|as|of|shows?|reads?|gives?|returns?|reports?|prints?|contains?|has|have|holds?|says?|names?|states?|carries|includes?|lists?|displays?|outputs?|writes?|emits?)\s+)`;

/**
 * "the number 124", "the value 0", "the integer 2": a noun that names only the kind of the number
 * after it. The number alone says the same ("must be 124").
 */
const NUMBER_APPOSITION = new RegExp(`(${BEFORE_OBJECT})(?:the|a)\\s+(?:number|value|integer|numeric\\s+value|numerical\\s+value)\\s+(?=-?\\d)`, 'gi');

/**
 * "contains the text `x`", "shows the word `x`", "the string `x`", "the phrase `x`": a noun that
 * names only the kind of the quoted text after it; the quoted text alone says the same. A noun that
 * says where the text stands ("the line `x`", "a line with the text `x`") is kept, its "with the
 * text" read as "with".
 */
const TEXT_APPOSITION = /\b(?:the|a)\s+(?:text|word|string|phrase|words|sentence|message\s+text)\s*$/i;

/** "is not allowed to", "is not permitted to", "may never": a modal of a permission denied, "must not". */
const DENIED = /\b(?:is|are|was|were)\s+not\s+(?:allowed|permitted)\s+to\b/gi;

/** "there exists a line", "there exist no containers": the existential verb "exists" is "is". */
const EXISTS = /\bthere\s+(exists?|existed)\b/gi;

/**
 * "the line that the report prints last", "the line the output shows first": a place in the order
 * of lines said after the relative clause of the line, read as "the last line that the report prints".
 */
const PLACE_AFTER_RELATIVE = /\b(the)\s+((?:output\s+)?line)\s+((?:that|which)\s+)?((?:the\s+)?(?:report|output|command|executor|spec-run(?:\s+exec)?)\s+(?:prints|printed|shows|showed|writes|wrote|outputs|output|emits|emitted|displays|displayed))\s+(last|first)\b/gi;

/**
 * "After the run, no container is left", "At the end of the run, …", "Once the run is over, …": a time
 * fronted before the one clause it is said of, read where it stands in the plain shape, at that clause's end.
 */
const FRONTED_TIME = /^\s*(?:after\s+the\s+run(?:\s+(?:is\s+over|has\s+finished|finishes|ends|has\s+ended))?|at\s+the\s+end\s+of\s+the\s+run|once\s+the\s+run\s+(?:is\s+over|has\s+finished|finishes|ends|has\s+ended)|when\s+the\s+run\s+(?:is\s+over|has\s+finished|ends|has\s+ended))\s*,\s*(.+)$/i;

/** "The word `x` is …", "The string `x` …": the kind's noun of a text that is the subject, as "The text `x`". */
const TEXT_SUBJECT = /^(\s*)(the|a)\s+(?:word|string|phrase)\s*$/i;

/** "It is expected that …", "It must be (the case) that …", "It is required that …": a modal said of the clause after it, which says the fact alone. */
const MODAL_THAT = /^\s*(?:it\s+(?:is|must\s+be|should\s+be|has\s+to\s+be|will\s+be|shall\s+be)\s+(?:(?:expected|required|necessary|true|the\s+case|guaranteed|certain|verified|ensured|confirmed|checked|asserted|observed|demonstrated|established)\s+)?|(?:we\s+|the\s+(?:test|check|reviewer|auditor)\s+)?(?:verify|verifies|ensure|ensures|confirm|confirms|check|checks|assert|asserts|observe|observes)\s+)that\s+/i;

/**
 * "the result code which is recorded for the invocation", "the exit status reported for the second command": a measure
 * said with the relative clause of where it is kept, read as that command's measure ("the result code of the invocation").
 */
const MEASURE_RECORDED_FOR = /\b(result\s+code|exit\s+code|exit\s+status|return\s+code|status\s+code|rc)\s+(?:(?:which|that)\s+(?:is|was|gets|got|has\s+been)\s+)?(?:recorded|reported|returned|logged|registered|assigned)\s+(?:for|to)\s+(?=the\s|its\s|each\s|every\s)/gi;

/** A quoted text, in any of the marks a step quotes with. */
const QUOTED = String.raw`(?:\`[^\`]*\`|"[^"]*"|“[^”]*”)`;

/**
 * "report says `A` and `B` never shows up", "prints `x` and `y` is not shown": a text a verb of saying governs, joined
 * by "and" to a text with a negated verb of its own after it. They are two clauses, the first said, the second denied;
 * read as one list, the negation after the second would deny both.
 */
const SAID_THEN_DENIED = new RegExp(String.raw`(\b(?:says|say|said|shows|show|showed|shown|reads|read|contains|contain|prints|printed|print|holds|hold|lists|names|includes|mentions|has|carries|records|logs|writes|gives)\s+${QUOTED})\s+and\s+(${QUOTED}\s+(?:never|not|doesn't|does\s+not|is\s+not|isn't|must\s+not|shall\s+not|may\s+not|won't|will\s+not|is\s+never|does\s+never)\b)`, 'gi');

/**
 * "the output shall consist of the lines `a` and `b`", "stdout consists of `x`", "the output is made up of …", "the `Output:`
 * section of the second command consists of exactly the two lines `a` and `b`", "the output block of `[1/2]` consists of exactly
 * `a` and `b`": the output, or that block, is those lines
 * and no others, in the order listed, as "the output is …" says (a count of lines kept, for the reader to hold to the list).
 */
const CONSISTS_OF = /\b((?:the|its|their)\s+(?:(?:command's|job's|(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+command's)\s+)?(?:output\s+block(?:\s+of\s+(?:the\s+(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+command|`\[\d+\/\d+\]`))?|output|stdout|stderr|standard\s+output|standard\s+error|`(?:Partial\s+)?Output:`\s+(?:section|block)(?:\s+of\s+the\s+(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+command)?)|^(?:stdout|stderr|standard\s+output|standard\s+error))\s+(?:shall\s+|must\s+|should\s+|will\s+)?(?:consists?|is\s+made\s+up|comprises?)\s+(?:of\s+)?(?:(?:exactly|solely|only)\s+(?:of\s+)?)?(?:the\s+lines\s+(?=`|"|“))?(?=the\s+(?:\w+\s+)?lines?\b|`|"|“)/gi;

/** "The value of the exit code is 124": the value of a measure is the measure. */
const VALUE_OF = /^(\s*)(the)\s+value\s+of\s+(?=the\s)/i;

/**
 * "must be 124", "needs to be 0", "has to not be 1": a modal of obligation before a number says the
 * measure is that number. Only before a number: "must be" before anything else may be the words of
 * a validation message ("must be positive"), which the lexicon reads as such.
 */
const MODAL_BE_NUMBER = /\b(?:must|needs\s+to|need\s+to|has\s+to|have\s+to)\s+(not\s+)?be\s+(?=-?\d)/gi;

/** "the exit code has the value 124", "has a value of 124": the measure is that value. */
const HAS_VALUE = /\b(?:has|have|had)\s+(?:the\s+value|a\s+value\s+of|the\s+number)\s+(?=-?\d)/gi;

/**
 * "There are 3 lines in the output", "The output has exactly 3 lines", "there are only 2 lines of output": as many
 * lines are shown as said, "3 lines of output are shown".
 */
const LINES_THERE = /^\s*(?:there\s+(?:are|is)\s+|the\s+output\s+(?:has|contains|consists\s+of)\s+)(exactly\s+|only\s+)?(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:output\s+)?lines?(?:\s+(?:in|of)\s+(?:the\s+)?output)?\s*\.?\s*$/i;

/**
 * "the line after it", "the line right below that", "the line underneath": the line right after what the step before
 * quoted, which "the next line" says; never "the line after `x`", which names its own text.
 */
const LINE_AFTER_IT = /\bthe\s+line\s+(?:(?:right|directly|immediately|just)\s+)?(?:after|below|beneath|under|underneath)\s+(?:it|that|this|that\s+one|this\s+one)\b/gi;

/**
 * "`[1/3]` through `[3/3]`", "`[1/4] host:` to `[4/4] host:`": progress marks from one to another are the marks of every
 * command between, listed ("`[1/3]`, `[2/3]` and `[3/3]`"): one mark a command, never lines in a row. Marks of one count only.
 */
const MARKS_FROM_TO = /`\[(\d+)\/(\d+)\]([^`]*)`\s+(?:to|through|thru)\s+`\[(\d+)\/(\d+)\]([^`]*)`/g;

/** The marks from one to another listed, or the words as written where they are not marks of one run counted up. */
function marksListed(written: string, from: string, of: string, rest: string, to: string, toOf: string, toRest: string): string {
  const [first, last] = [Number(from), Number(to)];
  if (of !== toOf || rest !== toRest || first >= last || last > Number(of)) return written;
  const marks = Array.from({ length: last - first + 1 }, (_, k) => `\`[${first + k}/${of}]${rest}\``);
  return `${marks.slice(0, -1).join(', ')} and ${marks.at(-1)}`;
}

/**
 * "a `To fix:` list whose first point is …", "the second entry of the fixes": in a sentence naming the list of fixes, a
 * point or entry placed by an ordinal is an item of that list. Elsewhere "the first entry" may be a command or a log's line.
 */
const NAMES_FIXES = /`To fix:?`|"To fix:?"|\bto[ -]fix\s+(?:list|section|block)\b|\blist\s+of\s+(?:fixes|suggestions|remedies)\b/i;
const FIX_POINT = /\b(first|second|third|fourth|fifth|last)\s+(?:bullet\s+)?(?:point|entry)\b/gi;

const STREAM_ALONE = /^(?:(?:the|its|their)\s+)?(?:output|stdout|stderr|standard\s+output|standard\s+error)$/i;
// (and the lines exec writes on its stderr of a mistake of its command line: `error: …`, `(run spec-run exec --help for usage)`)
const RUN_LINE_QUOTED = /[`"“]\s*(?:Error|OK|Command|Exit Code|Exit Status|note):|[`"“]\s*\S+:\d+:\d+:|[`"“]\[\d+\/\d+\]|[`"“]error: |[`"“]\(run spec-run exec --help for usage\)/;

/** Whether AT in SENTENCE stands outside its quoted texts. */
const unquotedAt = (sentence: string, at: number) => ![...sentence.matchAll(/`[^`]*`|“[^”]*”|"[^"]*"/g)].some((q) => q.index < at && q.index + q[0].length > at);

/** The spans of SENTENCE outside quotes rewritten, each with what stands before it. */
function rewriteUnquoted(sentence: string, rewrite: (span: string, next: string | undefined) => string): string {
  const spans = unquotedSpans(sentence);
  return spans.map((span, i) => (i % 2 === 1 ? span : rewrite(span, spans[i + 1]))).join('');
}

/** SENTENCE in the plainer shape it says, its quoted spans as written. */
export function inPlainShape(written: string): string {
  let sentence = written;
  // A fronted time of one clause (no other clause after it) goes to that clause's end.
  const lines = LINES_THERE.exec(sentence);
  if (lines !== null && (lines[0].match(/\boutput\b/i) !== null)) sentence = `${lines[1] ?? ''}${lines[2]} lines of output are shown`;
  sentence = sentence.replace(MARKS_FROM_TO, marksListed).replace(MODAL_THAT, '').replace(VALUE_OF, '$1$2 ').replace(SAID_THEN_DENIED, '$1, and $2');
  const fronted = FRONTED_TIME.exec(sentence);
  const clause = fronted?.[1];
  const moved = clause !== undefined && !/[,;]|\band\b|\bbut\b/i.test(clause.replace(/(`[^`]*`|“[^”]*”|"[^"]*")/g, '')) ? `${clause.replace(/[.]\s*$/, '')} after the run` : sentence;
  // Said of an output or one of its blocks (its heading quoted), "consists of" is a whole sentence's shape, quotes and all.
  // A stream alone, said to hold spec-run exec's own lines (`Error: …`, a configuration's `file:line:col:` lines), is the run's output, not a command's: not read so.
  const consists = moved.replace(CONSISTS_OF, (written: string, subject: string, at: number) => (unquotedAt(moved, at) && !(STREAM_ALONE.test(subject) && RUN_LINE_QUOTED.test(moved.slice(at))) ? `${subject} is, line by line, ` : written));
  const fixes = NAMES_FIXES.test(consists);
  return rewriteUnquoted(consists, (span, next) => {
    let out = inEverydayShape(fixes ? span.replace(FIX_POINT, '$1 item') : span)
      .replace(LINE_AFTER_IT, 'the next line')
      .replace(MEASURE_RECORDED_FOR, '$1 of ')
      .replace(HAS_VALUE, 'is ')
      .replace(NUMBER_APPOSITION, '$1')
      .replace(MODAL_BE_NUMBER, (_w, not: string | undefined) => (not ? 'is not ' : 'is '))
      .replace(DENIED, 'must not')
      .replace(EXISTS, (_w, verb: string) => `there ${/^existed$/i.test(verb) ? 'was' : /s$/i.test(verb) ? 'is' : 'are'}`)
      .replace(PLACE_AFTER_RELATIVE, (_w, the: string, line: string, that: string | undefined, clause: string, place: string) => `${the} ${place.toLowerCase()} ${line} ${that ?? 'that '}${clause}`);
    if (next !== undefined && span === consists.split(/(`[^`]*`|“[^”]*”|"[^"]*")/)[0] && TEXT_SUBJECT.test(out)) out = out.replace(TEXT_SUBJECT, (_w, space: string, the: string) => `${space}${the} text `);
    // The kind's noun just before a quoted text ("contains the text `x`"), after a verb or a preposition.
    if (next !== undefined && TEXT_APPOSITION.test(out)) {
      const before = out.replace(TEXT_APPOSITION, '');
      if (new RegExp(`${BEFORE_OBJECT}$`, 'i').test(before) && !/\bwith\s+$/i.test(before)) out = before;
    }
    return out;
  });
}
