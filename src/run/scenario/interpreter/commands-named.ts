// Which commands a Then is about, named together: "the second and third commands fail", "both the first and the
// third job succeed", "tasks 3 and 4 still run", "the first two steps print `ok`", "neither the first nor the last
// command times out", "neither `npm test` nor `npm run lint` is started". A fact said of several commands named by their places holds for each of them ("neither … nor":
// for none), so the sentence is read as that fact said of each command on its own, each a clause of its own that
// the rules for one command read (and show: "the command 2: …"). Only a predicate that can be said of one command at
// a time is distributed: one that relates the commands ("one after the other", "respectively", "together", "in
// total") or joins values ("exit with 3 and 4") is left unread, as is a "neither" whose verb cannot be denied.
// A place beyond the commands the scenario's YAML block lists names no command: the sentence is unread.
import { parse } from 'yaml';
import { QUIET_YAML } from '../../../parse/yaml-options.js';

const ORDINAL_PLACES: Record<string, number | 'last'> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  '1st': 1, '2nd': 2, '3rd': 3, '4th': 4, '5th': 5, '6th': 6, '7th': 7, '8th': 8, '9th': 9, '10th': 10,
  last: 'last', final: 'last',
};
const COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6 };
const ORDINAL = String.raw`(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th)|last|final)`;
/** The writers' nouns for one command of the configuration. */
const NOUN = String.raw`(?:commands?|jobs?|steps?|tasks?|checks?|stages?|entries|entry)`;
/** What joins the places of a list: a comma (with "and" or "nor"), "and", "nor". */
const SEPARATOR = String.raw`(?:\s*,\s*(?:and\s+|nor\s+)?|\s+and\s+|\s+nor\s+)`;
/** "the second and third", "the first, the second and the fourth", "the first nor the last". */
const PLACES = new RegExp(String.raw`^the\s+(${ORDINAL}(?:${SEPARATOR}(?:the\s+)?${ORDINAL})+)\s+${NOUN}\b\s*(.*)$`, 'i');
/** "the first command and the third command", "the first job nor the last job". */
const PLACED_NOUNS = new RegExp(String.raw`^the\s+(${ORDINAL}\s+${NOUN}(?:${SEPARATOR}the\s+${ORDINAL}\s+${NOUN})+)\s+(.*)$`, 'i');
/** "commands 2 and 3", "tasks 1, 2 and 4", "jobs #1 and #2". */
const NUMBERED = new RegExp(String.raw`^${NOUN}\s+(#?\d+(?:${SEPARATOR}#?\d+)+)\s+(.*)$`, 'i');
/** "`npm test` nor `npm run lint`", "`a` and `b`": commands named by their lines. */
const QUOTED_LIST = new RegExp(String.raw`^(\`[^\`]+\`(?:${SEPARATOR}\`[^\`]+\`)+)\s+(.*)$`);
/** Verbs of a command's run, which a text named as a command must be said to have. */
const RUN_VERB = /\b(?:runs?|ran|run|started|starts?|invoked|executed|executes|launched|called|announced)\b/i;
/** "the first two commands", "the first three steps". */
const FIRST_N = new RegExp(String.raw`^the\s+first\s+(two|three|four|five|six|\d)\s+${NOUN}\s+(.*)$`, 'i');

/** Words of a predicate that relate the commands to one another or join values: said of each alone it would say something else. */
const RELATES = /\b(?:respectively|each other|one another|together|total|combined|between|among|in (?:order|sequence|parallel|turn|a row)|same|than|both|either|or|and|nor|other|others|their|they|them|theirs|too|alike|apart|after (?:the|it|one|each|them)|before (?:the|it|one|each|them)|first|second|third|fourth|last|former|latter|whichever)\b/i;
/** Adverbs before the verb, kept on each clause ("still run", "never start"). */
const ADVERB = /^(?:still|never|also|then|only|just|again|always|not)$/i;
/** Words after the subject that say the fact is of each, said again by the distribution. */
const EACH = /^(?:each|both|all)$/i;

/** The third-person singular of a plural verb ("fail" → "fails", "are" → "is"); undefined for a word already singular or no verb. */
function singularVerb(verb: string): string | undefined {
  const lower = verb.toLowerCase();
  const irregular: Record<string, string> = { are: 'is', were: 'was', have: 'has', do: 'does', "don't": "doesn't", "aren't": "isn't", "weren't": "wasn't", "haven't": "hasn't" };
  if (Object.hasOwn(irregular, lower)) return irregular[lower];
  if (/^(?:can|could|will|would|should|must|may|might|shall|did|didn't|won't|can't|cannot)$/.test(lower)) return verb;
  if (/s$/.test(lower) || !/^[a-z]+$/.test(lower)) return undefined;
  return /(?:sh|ch|x|z|o)$/.test(lower) ? `${verb}es` : `${verb}s`;
}

/** The base form of a singular present verb ("fails" → "fail", "finishes" → "finish"); undefined where it is none. */
function baseOf(verb: string): string | undefined {
  const lower = verb.toLowerCase();
  if (!/^[a-z]+s$/.test(lower) || /ss$/.test(lower)) return undefined;
  return /(?:sh|ch|x|z|o)es$/.test(lower) ? verb.slice(0, -2) : verb.slice(0, -1);
}

/** The places ("second", "3rd", "last") or numbers ("2", "#3") of LIST, each as 1-based place or 'last'. */
function placesOf(list: string): (number | 'last')[] {
  return [...list.matchAll(new RegExp(String.raw`${ORDINAL}|#?\d+`, 'gi'))].map(([w]) => {
    const word = w.toLowerCase().replace(/^#/, '');
    return /^\d+$/.test(word) ? Number(word) : ORDINAL_PLACES[word];
  });
}

const PLACE_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
/** How one command is named in a clause of its own: "the second command", "command 12", "the last command". */
export const named = (place: number | 'last') => (place === 'last' ? 'the last command' : place <= PLACE_WORDS.length ? `the ${PLACE_WORDS[place - 1]} command` : `command ${place}`);


/**
 * SENTENCE, where it opens with several commands named by their places, as a clause for each ("the second command fails,
 * and the third command fails"), and the rest of the sentence after the predicate (", and …"), to be read alone. Null where it
 * names no such commands, or in words not read as a fact of each (the sentence is then read as written).
 */
export function commandsNamedTogether(sentence: string): { each: string; after: string | null } | null {
  const opened = /^(both|neither)\s+/i.exec(sentence);
  const quantifier = opened?.[1].toLowerCase() as 'both' | 'neither' | undefined;
  const subject = opened ? sentence.slice(opened[0].length) : sentence;
  const match = PLACES.exec(subject) ?? PLACED_NOUNS.exec(subject) ?? NUMBERED.exec(subject);
  const firstN = match ? null : FIRST_N.exec(subject);
  // "neither `npm test` nor `npm run lint` is started": commands named by what they run, only with the quantifier (a list of texts alone may be what is printed).
  const quoted = match || firstN || quantifier === undefined ? null : QUOTED_LIST.exec(subject);
  const said = match ?? firstN ?? quoted;
  if (!said) return null;
  const list = firstN ? '' : said[1];
  const subjects = quoted ? [...list.matchAll(/`[^`]+`/g)].map(([q]) => q) : (firstN ? Array.from({ length: COUNTS[firstN[1].toLowerCase()] ?? Number(firstN[1]) }, (_v, i) => i + 1) : placesOf(list)).map(named);
  const rest = said[2];
  // Texts named so are commands only where the fact is their run ("is started", "may be invoked"): "neither `logs` nor `x.jsonl` is created" names files.
  if (quoted && !RUN_VERB.test(rest.split(/[,;:]/)[0])) return null;
  const nor = /\bnor\b/i.test(list);
  // "neither" is said with "nor", "both" with "and" of two; any other mixture is not read.
  if ((quantifier === 'neither') !== nor || (quantifier === 'both' && subjects.length !== 2) || new Set(subjects).size !== subjects.length) return null;
  // The predicate: up to the first clause of its own (", and the fourth …", "; …", ": …"), which follows once.
  // A comma or colon inside a quoted text is the text's own.
  const boundary = /(?:,|;|:|\s+-\s+|\s+—\s+)\s*/.exec(rest.replace(/`[^`]*`|"[^"]*"|“[^”]*”/g, (q) => '_'.repeat(q.length)));
  const predicate = (boundary ? rest.slice(0, boundary.index) : rest).trim();
  // What follows is a sentence of its own, read alone: joined to the last clause, it would take that command for its subject.
  const after = boundary ? rest.slice(boundary.index).replace(/^\s*(?:,|;|:|-|—)\s*(?:(?:and|but|so|while)\s+)?/i, '') : null;
  if (after !== null && (after === '' || /^(?:it|its|they|their|them|theirs|each|both|this|that|these|those|which|who|whose|one)\b/i.test(after))) return null;
  const words = predicate.split(/\s+/);
  while (words.length > 0 && EACH.test(words[0])) words.shift();
  const adverbs: string[] = [];
  while (words.length > 0 && ADVERB.test(words[0])) adverbs.push(words.shift()!);
  const [verb, ...object] = words;
  if (verb === undefined || RELATES.test(predicate.replace(/^(?:each|both|all)\s+/i, ''))) return null;
  const clause = (one: string) => {
    if (quantifier !== 'neither') {
      const agreed = singularVerb(verb);
      return agreed === undefined ? undefined : [one, ...adverbs, agreed, ...object].join(' ');
    }
    // "neither … nor … fails" / "… fail": each is denied ("does not fail", "is not run").
    if (adverbs.length > 0) return undefined;
    const lower = verb.toLowerCase();
    if (/^(?:is|are|was|were|has|have|can|could|will|would|may|might|must|shall|should)$/.test(lower)) return [one, singularVerb(verb) ?? verb, 'not', ...object].join(' ');
    const base = baseOf(verb) ?? (singularVerb(verb) !== undefined ? verb : undefined);
    return base === undefined ? undefined : [one, 'does not', base, ...object].join(' ');
  };
  const clauses = subjects.map(clause);
  if (clauses.some((c) => c === undefined)) return null;
  return { each: clauses.join(', and '), after };
}

/** The command lines the YAML block lists under `stop.commands` (or at its top level); undefined where it lists none readable. */
export function commandsListed(yaml: string | null | undefined): string[] | undefined {
  if (!yaml) return undefined;
  try {
    const doc = parse(yaml, QUIET_YAML) as unknown;
    const section = doc !== null && typeof doc === 'object' && 'stop' in doc ? (doc as { stop: unknown }).stop : doc;
    const commands = section !== null && typeof section === 'object' && 'commands' in section ? (section as { commands: unknown }).commands : undefined;
    if (!Array.isArray(commands)) return undefined;
    return commands.map((c: unknown) => (c !== null && typeof c === 'object' && 'run' in c ? String((c as { run: unknown }).run) : ''));
  } catch {
    return undefined;
  }
}

/** A place a command is named by ("the fourth command", "the third and fifth jobs", "command 4", "tasks 2 and 5") beyond COUNT commands: the words, else null. */
export function placeBeyond(sentence: string, count: number): string | null {
  const lists = new RegExp(String.raw`\bthe\s+${ORDINAL}(?:${SEPARATOR}(?:the\s+)?${ORDINAL})*\s+${NOUN}\b|\b${NOUN}\s+#?\d+(?:${SEPARATOR}#?\d+)*\b(?!\s*(?:s|ms|seconds?|minutes?|lines?|%|times?)\b)`, 'gi');
  for (const [list] of sentence.matchAll(lists)) if (placesOf(list).some((place) => typeof place === 'number' && place > count)) return list;
  return null;
}
