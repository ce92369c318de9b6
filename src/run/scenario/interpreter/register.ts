// The register a sentence is written in, taken off before the lexicon reads its fact. Writers
// state the same fact in different registers: formal and legal ("It SHALL be verified that the
// Invocation is terminated", "five (5) seconds", "the exit code in respect of the Invocation",
// "the value is found to be 124"), a checklist ("Verify that …", "Check: …", "Make sure …"),
// conversational ("it'll be killed", "please make sure …"), terse notes ("rc=124", "→ killed"). Each register is a frame around the
// fact, of a class general English has for it: a frame of verifying or of evidence, a number
// said twice (in words and in figures, which must agree), a defined term in capitals that a
// document uses for one of the run's things, a preposition of reference. The frame is taken off
// and the fact left in the words the lexicon reads; quoted text is never rewritten, and a frame
// whose parts disagree ("three (4) lines") is left as written, so its step stays unread.

import { DOMAIN_SYNONYMS } from './domain-lexicon.js';
import { unquotedSpans } from './own-terms.js';
import { readNumber } from './quantities.js';

/** The words a number is written in ("sixty-four", "sixty thousand", "one hundred and five"). */
const NUMBER_WORDS = String.raw`(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|and|-)`;

/**
 * "five (5)", "sixty thousand (60,000)", "Three (3)": a number written in words with its figure in
 * parentheses after it, the way a contract writes it. The words run from a number word to the
 * parenthesis.
 */
const SAID_TWICE = new RegExp(String.raw`\b((?:${NUMBER_WORDS})(?:[\s-]+${NUMBER_WORDS})*)\s*\((\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\)`, 'gi');

/** The value of a number said in words, or null where the words are not one number. */
function valueInWords(said: string): number | null {
  const words = said.toLowerCase().replace(/-(?=[a-z])/g, (dash, at: number, whole: string) => (/\b(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)$/.test(whole.slice(0, at)) ? dash : ' ')).split(/\s+/).filter((w) => w !== '');
  const number = readNumber(words, 0);
  return number !== null && number.used === words.length ? number.n : null;
}

/** SPAN with each number said in words and figures as its figure, where both say the same number. */
function numbersSaidOnce(span: string): string {
  return span.replace(SAID_TWICE, (written: string, words: string, figure: string) => {
    const value = valueInWords(words);
    return value !== null && value === Number(figure.replace(/,/g, '')) ? figure.replace(/,/g, '') : written;
  });
}

/**
 * "It SHALL be verified that", "It is the case that", "It can be seen that", "It is evident that",
 * "Verify that", "Check:", "Make sure that", "Please confirm that", "Expected:", "As expected,", a test record's
 * "Observation:", "Actual result:": a frame of verifying, of evidence or of expectation around the clause that states the fact. Only at
 * the head of a sentence, and only with the clause's own "that" or a colon, which marks where the
 * fact begins.
 */
const FRAME_OF_VERIFYING = new RegExp(
  [
    String.raw`^\s*(?:please\s+|kindly\s+)?(?:it\s+(?:is|was|shall\s+be|must\s+be|should\s+be|will\s+be|can\s+be|could\s+be|may\s+be|has\s+to\s+be|is\s+to\s+be)\s+(?:the\s+case|evident|apparent|clear|observed|seen|found|shown|noted|verified|confirmed|checked|ensured|established|demonstrated|expected|evidenced|recorded)\s+that\s+)`,
    String.raw`^\s*(?:please\s+|kindly\s+)?(?:verify|confirm|check|ensure|make\s+sure|assert|observe|note|expect)\s*:\s*`,
    String.raw`^\s*(?:please\s+|kindly\s+)?(?:make\s+sure|be\s+sure)\s+(?:that\s+)?`,
    String.raw`^\s*(?:expected(?:\s+(?:result|outcome|behaviou?r))?|result|outcome)\s*:\s*`,
    // A test record's label of what was seen: "Observation:", "Observed:", "Finding:", "Actual result:", "Evidence:".
    String.raw`^\s*(?:observations?|observed(?:\s+(?:result|outcome|behaviou?r))?|findings?|actual(?:\s+(?:result|outcome|behaviou?r))?|evidence)\s*:\s*`,
    String.raw`^\s*(?:as\s+expected|as\s+required|as\s+specified|evidently|observably|indeed)\s*,\s*`,
  ].join('|'),
  'i',
);

/**
 * "is found to be 124", "are observed to hold `x`", "was seen not to run": a verb of evidence
 * framing the verb after it. The fact is the verb after "to", in the tense and number of the frame.
 */
const FRAME_OF_EVIDENCE = /\b(is|are|was|were)\s+(?:found|observed|seen|shown|confirmed|verified|determined|noted|demonstrated|established|evidenced)\s+(not\s+)?to\s+(be|have\s+been|[a-z]+)\b/gi;

/** VERB (a bare infinitive) said of a subject in the number and tense of AUX ("is" → "holds", "were" → "held" is left as "did hold"). */
function conjugated(aux: string, not: string | undefined, verb: string): string {
  const singular = /^(?:is|was)$/i.test(aux);
  const past = /^(?:was|were)$/i.test(aux);
  if (/^be$/i.test(verb)) return `${aux}${not ? ' not' : ''}`;
  if (/^have\s+been$/i.test(verb)) return `${singular ? 'was' : 'were'}${not ? ' not' : ''}`;
  if (not || past) return `${past ? 'did' : singular ? 'does' : 'do'}${not ? ' not' : ''} ${verb}`;
  if (!singular) return verb;
  return /(?:s|sh|ch|x|z|o)$/i.test(verb) ? `${verb}es` : /[^aeiou]y$/i.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`;
}

/**
 * "in respect of the Invocation", "with respect to the command", "in relation to", "pertaining to",
 * "thereof": a preposition of reference, which says whose the thing before it is, as "of" says.
 */
const OF_REFERENCE = /\b(?:in\s+respect\s+of|with\s+respect\s+to|in\s+relation\s+to|pertaining\s+to|relating\s+to|as\s+regards)\b/gi;
const THEREOF = /\b(the\s+[a-z]+(?:\s+[a-z]+)?)\s+thereof\b/gi;

/** "the aforementioned command", "the said command", "the above-mentioned": a reference back, which "the" alone makes. */
const REFERENCE_BACK = /\b(the)\s+(?:aforementioned|aforesaid|above-?mentioned|above|said|foregoing)\s+(?=[a-z])/gi;

/** "SHALL", "MUST NOT", "SHALL NOT": the capitals of a requirement's modal verb. */
const MODAL_CAPITALS = /\b(SHALL|MUST|SHOULD|MAY|WILL)(\s+NOT)?\b/g;

/**
 * "rc=124", "exit=0", "status = 2": a terse note's code as a key and its value, the code said in words. Not inside a
 * longer word ("MY_RC=3" is a variable's value).
 */
const CODE_AS_KEY = /(?<![\w-])(?:rc|exit|exit_code|exitcode|exit-code|status|code)\s*=\s*(-?\d+)\b(?!\.\d)/gi;

/** "→ killed", "-> exit 124", "=> rejected": a terse note's arrow of result at its head, which says only that the fact follows. */
const ARROW_OF_RESULT = /^\s*(?:→|->|=>|⇒)\s*/;

/** "it'll", "they'll", "won't": a contracted auxiliary, written out. */
const CONTRACTED_WILL = /\b(it|they|we|you|that|this|there)'ll\b/gi;

/** WORD with its first letter in either case ("[Tt]he"), the rest as written: the term after it is matched by its capitals. */
const eitherCase = (word: string): string => `[${word[0].toUpperCase()}${word[0]}]${word.slice(1)}`;

/**
 * Words before a defined term: an article, a possessive, a quantifier, an ordinal or a number ("the
 * Invocation", "each Containerised Invocation", "its Configured Timeout", "All 3 Invocations").
 */
const BEFORE_TERM = `(?:${['the', 'a', 'an', 'each', 'every', 'all', 'any', 'no', 'its', 'their', 'this', 'that', 'these', 'those', 'both', 'either', 'neither', 'another', 'other', 'first', 'second', 'third', 'fourth', 'fifth', 'last', 'next'].map(eitherCase).join('|')}|\\d+)`;

/**
 * Proper names of things a run uses, which keep their capitals: a defined term is a common noun
 * given capitals, a product's name is not one.
 */
const PROPER_NAMES = /^(?:Docker|Alpine|Busybox|BusyBox|Linux|Node|Bash|POSIX|Ubuntu|Debian|OpenSpec|YAML|JSON|GitHub|Git|Unix|macOS|Windows|Claude)$/;

/**
 * "the Invocation", "the Configured Timeout", "each Containerised Invocation", "the Grace Period": a
 * defined term, a common noun phrase a document capitalises because it defines it as one thing of the
 * run. It names the thing its own noun names ("the Invocation" is the invocation, the command run), so
 * it is read in lower case; words in capitals throughout (`SIGTERM`, `STRICT`) and proper names keep theirs.
 */
const DEFINED_TERM = new RegExp(String.raw`\b(${BEFORE_TERM}\s+)((?:[A-Z][a-z]+(?:-[A-Za-z]+)*\s+){0,3}[A-Z][a-z]+(?:-[A-Za-z]+)*)\b(?!['’]s\s+[A-Z])`, 'g');

/** Words a defined term opens with that say only that it is the one defined ("the Subject Command", "the Designated Project"). */
const DESIGNATING = /^(?:subject|designated|prescribed|specified|applicable|relevant|nominated)$/;

/** One-word nouns of a command (the lexicon's synonyms of it), singular and plural: the head of "the Invocation". */
const COMMAND_NOUNS = new Set(DOMAIN_SYNONYMS.COMMAND.filter((noun) => !noun.includes(' ')));

/**
 * A defined term's words in lower case, as the domain noun it aliases: its designating words left
 * out where a noun follows them, and a head noun that is a command's ("Invocation", "Subprocess")
 * said as "command", which every rule keyed on the command reads ("the second Invocation").
 */
function aliasedNoun(term: string): string {
  const words = term.toLowerCase().split(/\s+/);
  while (words.length > 1 && DESIGNATING.test(words[0])) words.shift();
  const head = words[words.length - 1];
  if (COMMAND_NOUNS.has(head)) words[words.length - 1] = /s$/.test(head) && COMMAND_NOUNS.has(head.replace(/e?s$/, '')) ? 'commands' : 'command';
  return words.join(' ');
}

/** SPAN with its defined terms in lower case, as the domain nouns they alias. */
function definedTermsInLowerCase(span: string): string {
  return span.replace(DEFINED_TERM, (written: string, before: string, term: string) => {
    const words = term.split(/\s+/);
    if (words.some((w) => PROPER_NAMES.test(w)) || !words.every((w) => /^[A-Z][a-z]/.test(w))) return written;
    return `${before}${aliasedNoun(term)}`;
  });
}

/** SPAN (a part of a sentence outside quotes) with its register's frames taken off. */
function plainRegisterOf(span: string): string {
  return definedTermsInLowerCase(numbersSaidOnce(span))
    .replace(MODAL_CAPITALS, (_w, modal: string, not: string | undefined) => `${modal.toLowerCase()}${not ? ' not' : ''}`)
    .replace(FRAME_OF_EVIDENCE, (_w, aux: string, not: string | undefined, verb: string) => conjugated(aux, not, verb))
    .replace(OF_REFERENCE, 'of')
    .replace(THEREOF, '$1 of it')
    .replace(REFERENCE_BACK, '$1 ')
    .replace(CONTRACTED_WILL, '$1 will')
    .replace(CODE_AS_KEY, 'exit code $1');
}

/** SENTENCE without the frame of verifying or the arrow of result at its head ("Observation: [2/2] reports …" → "[2/2] reports …"). */
export function withoutFrame(sentence: string): string {
  return sentence.replace(ARROW_OF_RESULT, '').replace(FRAME_OF_VERIFYING, '');
}

/**
 * SENTENCE (its inline code marked) in the plain register: its frame of verifying taken off its head,
 * and each part outside quotes without the frames of its register. A sentence opening with a defined
 * term ("The Duration stated …") has its first word's capital kept where the term is lowered.
 */
export function inPlainRegister(sentence: string): string {
  const unframed = withoutFrame(sentence);
  const opened = unframed === sentence ? sentence : unframed.replace(/^\s*[a-z]/, (c) => c.toUpperCase());
  return unquotedSpans(opened)
    .map((span, i) => (i % 2 === 1 ? span : plainRegisterOf(span)))
    .join('');
}
