// A refused configuration's error said of the field (or command) it is about: "`retries` gets `unknown key 'retries' …`",
// "memory gets `must be at least 6m …`", "the second command gets `stop.commands[1].retries: …`", "the step without a
// command gets `stop.commands[1].run: …`", "the error for `stop.commands[1].timeout` reads `…`", "the mistake is
// reported against `stop.commands` as `…`". A sentence of this shape is read whole or not at all: its subject names
// which errors may hold the text (by their path), and every text quoted is an error's message about that subject.
import type { ConfigError } from '../../../executor/config.js';
import { CONFIG_KEYS } from './lexicon.js';
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import { fieldPath, problemLine, quotedIn } from './texts.js';
import type { Check } from './then.js';

/** What a subject names: the errors it is about, and how a reader reads it. */
interface Subject {
  text: string;
  about: (e: ConfigError) => boolean;
  /** A word read as a key only where every text quoted names it an unknown key. */
  unknownKey?: string;
  /** An ordinal with no noun ("the second gets …"): a command only where every text opens with a path under it. */
  bareOrdinal?: true;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
/** Nouns for one entry of `commands:`. */
const COMMAND_NOUN = '(?:command|step|stage|entry|item|job|task|hook command|list item)';
/** Nouns for a configuration field. */
const FIELD_NOUN = '(?:key|field|setting|option|entry|value|line)';
/** A quoted text as the sentence holds it: in code marks, or in the quotes a span holding code marks of its own gets. */
const QUOTED = /^(?:`([^`]+)`|“([^”]+)”)/;

const keyPath = (key: string): Subject => ({ text: `the field ${key} (an error whose path ends in .${key})`, about: (e) => e.path === key || e.path.endsWith(`.${key}`) });
const exactPath = (path: string): Subject => ({ text: `the field ${path}`, about: (e) => e.path === path || e.path === `stop.${path}` });
const commandAt = (index: number): Subject => ({ text: `command ${index + 1} (an error whose path is under stop.commands[${index}])`, about: (e) => e.path === `stop.commands[${index}]` || e.path.startsWith(`stop.commands[${index}].`) });

/** The field or command a subject phrase names; null for any other phrase. */
function subjectOf(phrase: string): Subject | null {
  const s = phrase.trim().replace(/^(?:and|but|then)\s+/i, '');
  // "`retries`", "`memory:`", "the unknown key `colour`", "the `retries` key": a key the YAML wrote, known or not.
  const quotedKey = new RegExp(`^(?:the\\s+)?(?:(?:unknown|misspelt|misspelled|stray|extra|unexpected|unsupported|invalid|bad)\\s+)?(?:${FIELD_NOUN}\\s+)?\`([A-Za-z]\\w*):?\`(?:\\s+${FIELD_NOUN})?$`, 'i').exec(s);
  if (quotedKey) return keyPath(quotedKey[1]);
  const path = /^(?:the\s+)?`([^`]+)`(?:\s+(?:field|key|list|section|entry))?$/i.exec(s);
  if (path && fieldPath(path[1])) return exactPath(path[1]);
  // "the second command", "the 2nd step": the command at that place of the list.
  const ordinal = new RegExp(`^the\\s+(${ORDINALS.join('|')}|\\d+(?:st|nd|rd|th))(\\s+(?:one|${COMMAND_NOUN}))?$`, 'i').exec(s);
  if (ordinal) {
    const word = ordinal[1].toLowerCase();
    const n = ORDINALS.includes(word) ? ORDINALS.indexOf(word) + 1 : parseInt(word, 10);
    if (n < 1) return null;
    return ordinal[2] === undefined ? { ...commandAt(n - 1), bareOrdinal: true } : commandAt(n - 1);
  }
  // "memory", "the user field": a key of the executor's, said without code marks.
  const bareKey = new RegExp(`^(?:the\\s+)?([A-Za-z]\\w*):?(?:\\s+${FIELD_NOUN})?$`, 'i').exec(s);
  if (bareKey) {
    const key = CONFIG_KEYS.find((k) => k.toLowerCase() === bareKey[1].toLowerCase());
    // A key spec-run does not know, said bare ("colour gets `unknown key 'colour'`"), is read only where the text names it so.
    return key !== undefined ? keyPath(key) : { ...keyPath(bareKey[1]), unknownKey: bareKey[1] };
  }
  // "the step without a command", "the entry with no `run:`": the command that lacks its `run:`, whose error is that field's.
  if (new RegExp(`^the\\s+${COMMAND_NOUN}\\s+(?:without|with no|missing|lacking|that has no|which has no|that lacks)\\s+(?:a\\s+|its\\s+)?(?:\`run:?\`|run|command|command line)(?:\\s+(?:key|field|line))?$`, 'i').test(s)) {
    return { text: 'the command without `run:` (an error whose path ends in .run)', about: (e) => /^stop\.commands\[\d+\]\.run$/.test(e.path) };
  }
  return null;
}

/** Verbs that give an error to its subject: "gets `…`", "is reported as `…`". */
const GIVEN = /\s+(?:gets|get|is given|receives|draws|earns|triggers|produces|yields|raises|results in|is answered with|is met with|is reported (?:as|with)|is flagged (?:as|with)|is (?:rejected|refused) (?:as|with)|fails with)\s+(?=(?:both\s+)?[`“])/i;
/** An error named by its subject ("the error for `x`", "the line of `stop.commands[1].timeout`"), and the verbs that say its text. */
const ERROR_OF = /^(?:the\s+)?(?:error|problem|message|mistake|complaint|line|refusal|validation error)\s+(?:of|for|about|on|against|at)\s+(.+?)\s+(?:reads|says|is|states|shows|is reported as)\s+(?=[`“])/i;
const OWN_ERROR = /^(.+?)(?:'s|’s)\s+(?:error|problem|message|line|refusal|validation error)\s+(?:reads|says|is|states|shows)\s+(?=[`“])/i;
/** "the mistake is reported against `stop.commands` as `…`": the error, its field, its text. */
const REPORTED_AGAINST = /^(?:the\s+)?(?:error|problem|mistake|complaint|refusal)\s+is\s+(?:reported|raised|given|flagged|listed)\s+(?:against|for|on|under|at)\s+(.+?)\s+(?:as|with)\s+(?=[`“])/i;

/** The texts quoted after the verb: one, or several joined ("both `a` and `b`", "`a`, `b` and `c`"); null when anything else follows. */
function quotedTexts(rest: string): string[] | null {
  let s = rest.trim().replace(/^both\s+/i, '');
  const texts: string[] = [];
  for (;;) {
    const m = QUOTED.exec(s);
    if (!m) return null;
    texts.push((m[1] ?? m[2]).trim());
    s = s.slice(m[0].length).trim().replace(/^[.:]$/, '');
    if (s === '') return texts;
    const joined = /^(?:,\s*(?:and\s+)?|and\s+)/i.exec(s);
    if (!joined) return null;
    s = s.slice(joined[0].length);
  }
}

/** An error's message, or its message after its own path (`stop.commands[1].run: every command needs …`), quoted. */
function errorSays(text: string): (e: ConfigError) => boolean {
  const prefixed = /^([^\s:]+):\s(.*)$/s.exec(text);
  if (prefixed && fieldPath(prefixed[1])) {
    const [, path, message] = prefixed;
    return (e) => (e.path === path || e.path === `stop.${path}`) && quotedIn(message, e.message);
  }
  return (e) => quotedIn(text, e.message);
}

/** The openings of spec-run exec's validation messages: a text said of a field that opens otherwise is no error of its configuration. */
const VALIDATION_MESSAGE = /^(?:unknown key\b|must\b|invalid\b|is an empty list\b|applies in a container only\b|every command needs\b|only a single unit\b|no spaces are allowed\b|the number\b|the unit is missing\b|not a valid\b|expected one\b|the `\w+:?` (?:list|section) is missing\b)/i;

/** The reading of a sentence that gives a refused configuration's error to its field or command; null for any other sentence. */
export function fieldErrorReading(sentence: string): Reading<Check> | null {
  const shape = REPORTED_AGAINST.exec(sentence) ?? ERROR_OF.exec(sentence) ?? OWN_ERROR.exec(sentence);
  const given = shape === null ? GIVEN.exec(sentence) : null;
  const subjectPhrase = shape !== null ? shape[1] : given !== null ? sentence.slice(0, given.index) : null;
  if (subjectPhrase === null) return null;
  const subject = subjectOf(subjectPhrase);
  const texts = quotedTexts(sentence.slice(shape !== null ? shape[0].length : given!.index + given![0].length));
  if (subject === null || texts === null) return null;
  // A problem line with its place (`hooks.yaml:4:16: …`) is a printed line the readings of the report's texts check.
  if (texts.some(problemLine)) return null;
  if (!texts.every((t) => VALIDATION_MESSAGE.test(t.replace(/^[^\s:]+:\s/, (p) => (fieldPath(p.slice(0, -2).trim()) ? '' : p))))) return null;
  // A path a text opens with is its error's own: a subject that names another field or command contradicts it, and is not read.
  const paths = texts.flatMap((t) => {
    const m = /^([^\s:]+):\s/.exec(t);
    return m && fieldPath(m[1]) ? [m[1].replace(/^(?!stop\.)/, 'stop.')] : [];
  });
  if (paths.some((p) => !subject.about({ path: p, message: '', line: 0, column: 0 }))) return null;
  if (subject.bareOrdinal && paths.length < texts.length) return null;
  if (subject.unknownKey !== undefined && !texts.every((t) => t.includes(`unknown key '${subject.unknownKey}'`))) return null;
  const check: Check = {
    text: `the configuration is rejected (nothing runs), and ${texts.map((t) => `an error about ${subject.text} says ${JSON.stringify(t)}`).join(' and ')}`,
    evaluate: (o: Observation) => ({
      ok: o.record.errors.length > 0 && o.record.commands.length === 0 && texts.every((t) => o.record.errors.some((e) => subject.about(e) && errorSays(t)(e))),
      actual: o.record.errors.map((e) => `${e.path}: ${e.message}`).join('; ') || 'no error',
    }),
  };
  return { ok: true, parts: [check], rules: ['a field\'s error'] };
}
