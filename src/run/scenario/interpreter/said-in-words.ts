// What one of the executor's texts says, in the writer's own words: "the finding for stop.commands[0].maxOutputLines
// requires a whole number of lines from 1 to 10000", "a note warns that workdir /tmp is outside the project and that
// the command ran there", "the To fix list says that a relative workdir is resolved against the project directory".
// A sentence is a speaker (a note, a finding, an error, the To fix list, the report; of a command, or for a field), a
// verb of saying, and its content in free words. It is read only where every content word is one of the executor's
// own (executor-texts.ts) or a synonym of one (SYNONYMS, from the messages' meaning), or a value (a path, a number, a
// quoted word, a key): any other word leaves it unread, named; and each clause must be one some text of the executor
// can say, its words in that text's order (a value standing for a text's {}). It holds only where one text of that speaker
// has each clause's words in their order and its values as written, each with the polarity said ("not X": the text
// says "not X" too).
import type { CommandRecord } from '../../../executor/record.js';
import { EXECUTOR_TEXTS } from './executor-texts.js';
import { CONFIGURATION_KEYS } from '../../../executor/config.js';
import { commandsOf, OWNER, whoOf } from './lines-shown.js';
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';

/** Words that carry no claim of their own: articles, copulas, the writer's modals, and the nouns that name the field spoken of. */
const FUNCTION_WORDS = new Set(
  'a an the this these those it its they them their is are was were be been being has have had do does did of to in on at by as with and or but that which what who there here also just will shall should may might you otherwise having value setting field entry'.split(' '),
);
const NEGATIONS = new Set(['not', 'no', 'never']);
/** Phrases of one meaning, said as one word on both sides (in the sentence and in the executor's text). */
const PHRASES: [RegExp, string][] = [
  [/\b(?:has|have|had|needs?)\s+to\b/gi, 'must'],
  [/\b(?:no\s+less\s+than|at\s+minimum|at\s+the\s+least)\b/gi, 'least'],
  [/\b(?:went|goes|go|carried|carries|kept)\s+on\b|\bkept\s+going\b/gi, 'continued'],
  [/\bcleaned\s+up\b/gi, 'removed'],
  [/\b(?:whole|integer)\s+number\b|\binteger\b/gi, 'integer'],
  [/\bbetween\s+(\S+)\s+and\s+(?=\S)/gi, 'from $1 to '],
  [/\bdoes\s*n[o']t\b|\bdo\s*n[o']t\b|\bdid\s*n[o']t\b|\bisn[’']t\b|\baren[’']t\b|\bwasn[’']t\b|\bweren[’']t\b|\bcannot\b|\bcan[’']t\b/gi, 'not'],
];
/** Words of one meaning in the executor's texts: each group's words match one another. */
const SYNONYMS: string[][] = [
  ['must', 'require', 'requires', 'required', 'need', 'needs', 'needed', 'demand', 'demands'],
  ['least', 'minimum', 'smallest', 'lowest'],
  ['integer'],
  ['cut', 'truncated', 'capped', 'cap', 'trimmed', 'clipped', 'shortened'],
  ['kept', 'keep', 'keeps', 'stored', 'retained', 'preserved', 'saved'],
  ['more', 'remaining', 'rest', 'other', 'others'],
  ['removed', 'remove', 'removal', 'deleted', 'delete'],
  ['directory', 'dir', 'folder'],
  ['run', 'ran', 'runs', 'running', 'executed', 'execute'],
  ['continued', 'continue'],
  ['exited', 'exit', 'exits', 'finished'],
  ['stopped', 'stop', 'terminated', 'halted'],
  ['unknown', 'unrecognized', 'unrecognised', 'unsupported'],
  ['allowed', 'permitted', 'accepted'],
  ['replaces', 'replace', 'replaced', 'overrides', 'override', 'overridden', 'overwrites', 'shadows'],
  ['outside', 'beyond'],
  ['string', 'text'],
  ['unit', 'suffix'],
  ['missing', 'absent', 'lacking'],
  ['create', 'make'],
  ['process', 'subprocess'],
  ['command', 'commands'],
];

/**
 * A directory of the run named in words where a text of the executor prints its path ("a relative workdir is resolved
 * against the project directory", "… against the project"): a value, the run's own path, which no word may stand for.
 * Read so only where the clause said in words is none the executor says (the words "the project" of "outside the
 * project (…)" stay words).
 */
const PLACES: [RegExp, 'project' | 'configDir'][] = [
  [/\b(?:the|its)\s+project(?:'s)?(?:\s+(?:directory|dir|folder|root))?(?=\s*$)/i, 'project'],
  [/\b(?:the|its)\s+(?:configuration|config)(?:\s+file)?(?:'s)?\s+(?:directory|dir|folder)(?=\s*$)/i, 'configDir'],
];
const PLACE = '\u0001';

/** CLAUSE's items, a place named in words at its end read as the run's directory where the words alone are no text's. */
function clauseItems(clause: string): Item[] {
  const items = itemsOf(clause);
  if (items.length === 0 || sayable(items)) return items;
  const place = PLACES.find(([pattern]) => pattern.test(clause));
  if (!place) return items;
  const placed = [...itemsOf(clause.replace(place[0], '')), { kind: 'value' as const, key: `${PLACE}${place[1]}`, raw: `the ${place[1] === 'project' ? 'project' : "configuration's"} directory`, negated: false }];
  return sayable(placed) ? placed : items;
}

/** CLAUSE with each place named in words the run's own path (O's places); null where the run has none. */
function placedIn(clause: Item[], o: Observation): Item[] | null {
  if (!clause.some((i) => i.key.startsWith(PLACE))) return clause;
  if (o.places === undefined) return null;
  const places = o.places;
  return clause.map((i) => (i.key.startsWith(PLACE) ? { ...i, key: places[i.key.slice(PLACE.length) as 'project' | 'configDir'].toLowerCase() } : i));
}

const VALUE = /^[b-z]$|^[a-z0-9]+(?:-[a-z0-9]+)+$|\d|[/=[\]@]|^[A-Z][A-Z0-9_]{2,}$|^[a-z]+[A-Z]\w*$|^[a-z]+\.[a-z]/;
const KEYS = new Set([...CONFIGURATION_KEYS, 'stop'].map((k) => k.toLowerCase()));
/** Keys that are no common word of the texts: said bare ("the memory must be …"), each names its field. */
const FIELD_WORDS = new Set(['memory', 'cpus', 'workdir', 'env', 'maxoutputlines', 'keepoutput', 'defaulttimeout', 'failfast', 'showstdout', 'showstderr']);

/** A word's stem: its plural, past and gerund forms and a final e or doubled consonant taken off. */
function stem(word: string): string {
  let w = word.toLowerCase().replace(/(?:'s|’s)$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w.replace(/([bdfgklmnprt])\1$/, '$1');
}
const GROUP = new Map<string, string>(SYNONYMS.flatMap((group) => group.map((w) => [stem(w), stem(group[0])] as [string, string])));
const meaning = (word: string) => GROUP.get(stem(word)) ?? stem(word);

/** An item of a text: a word by its meaning, or a value as written; negated where a negation governs it. */
interface Item {
  kind: 'word' | 'value';
  key: string;
  raw: string;
  negated: boolean;
}

const EDGE = /^[\s"'`“”‘’(),;:!?]+|[\s"'`“”‘’(),;:!?]+$|\.$/g;
/** The items of TEXT, clause by clause: a negation governs the items after it up to the next punctuation, three at most. */
function itemsOf(text: string): Item[] {
  let s = text;
  for (const [re, word] of PHRASES) s = s.replace(re, word);
  const items: Item[] = [];
  let scope = 0;
  for (const piece of s.split(/\s+/)) {
    if (piece === '') continue;
    const raw = piece.replace(EDGE, '').replace(EDGE, '');
    const ends = /[,;:)]$|[.](?=$)/.test(piece.replace(/["'`”’]+$/, ''));
    if (raw === '' || raw === '…' || raw === '...') {
      if (ends) scope = 0;
      continue;
    }
    const lower = raw.toLowerCase();
    if (NEGATIONS.has(lower)) scope = 3;
    else if (!FUNCTION_WORDS.has(lower)) {
      const value = VALUE.test(raw) || /^["'`“‘]/.test(piece) || FIELD_WORDS.has(lower) || (/:$/.test(piece) && KEYS.has(lower));
      items.push({ kind: value ? 'value' : 'word', key: value ? lower.replace(/:$/, '') : meaning(lower), raw, negated: scope > 0 });
      if (scope > 0) scope--;
    }
    if (ends) scope = 0;
  }
  return items;
}

/** The executor's texts as items, each {} a slot the values of a clause may fill. */
const TEMPLATES: Item[][] = EXECUTOR_TEXTS.map((t) => itemsOf(t.replace(/\{\}/g, ' \u0000 ')));
const SLOT = '\u0000';
const KNOWN = new Set([...TEMPLATES.flat().filter((i) => i.kind === 'word').map((i) => i.key), ...SYNONYMS.flat().map(meaning), 'must', 'least', 'continued', 'integer']);

/** Whether some text of the executor can say CLAUSE: its items in that text's order, each a word of it, or a value it holds or fills one of its slots with. */
function sayable(clause: Item[]): boolean {
  return TEMPLATES.some((template) => {
    // fits[j]: the first j items of the clause are placed within the template's items read so far. A value may stand
    // anywhere (the run's texts check where); a slot takes values only, never words (what it is filled with, unknown).
    const valuesPassed = (fits: boolean[]) => fits.map((_, j) => fits.slice(0, j + 1).some((f, i) => f && clause.slice(i, j).every((c) => c.kind === 'value')));
    let fits = valuesPassed(clause.map((_, j) => j === 0).concat([false]));
    for (const t of template) {
      const next = [...fits];
      if (t.raw !== SLOT) for (let j = 1; j <= clause.length; j++) next[j] = next[j] || (fits[j - 1] && t.key === clause[j - 1].key);
      fits = valuesPassed(next);
    }
    return fits[clause.length];
  });
}

/** Whether TEXT has the words of a clause in their order and each of its values anywhere (a number said before or after its noun), each of the polarity said. */
function holdsClause(clause: Item[], text: Item[]): boolean {
  let at = 0;
  // Values may stand anywhere among the words ("the remaining lines of the 300000"), but in the order said among
  // themselves: "1000 more of 700" is not a text's "700 more of 1000".
  let valueAt = -1;
  for (const item of clause) {
    // A key said alone (memory) is the field the text's path ends with (stop.commands[1].memory:).
    const matches = (t: Item) => t.negated === item.negated && (t.key === item.key || (item.kind === 'value' && (t.raw.toLowerCase() === item.key || t.key.endsWith(`.${item.key}`))));
    if (item.kind === 'value') {
      valueAt = text.findIndex((t, i) => i > valueAt && matches(t));
      if (valueAt < 0) return false;
      continue;
    }
    const found = text.findIndex((t, i) => i >= at && matches(t));
    if (found < 0) return false;
    at = found + 1;
  }
  return true;
}

type Source = 'notes' | 'problems' | 'fixes' | 'report';
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const NOUNS: [Source, string][] = [
  ['notes', String.raw`(?:note|notice|warning)(?:\s+line)?`],
  ['problems', String.raw`(?:finding|problem|error|complaint|diagnostic|validation\s+error|refusal|error\s+message)(?:\s+line)?`],
  ['fixes', String.raw`(?:(?:["“\x60]?To\s+fix:?["”\x60]?\s+(?:list|section|part|block)|fix\s+list|fixes|fix|suggestions?|hints?|tips?|advice|remed(?:y|ies))(?:\s+list)?)`],
  ['report', String.raw`(?:report|spec-run(?:\s+exec)?)`],
];
const SAY_VERBS = 'say|state|warn|explain|mention|note|report|require|suggest|complain|tell|remind|read|add|name|give|claim|confirm|indicate|demand|call\\s+it|point\\s+out|ask\\s+for|insist\\s+on';
const SAYS = `(?:(?:${SAY_VERBS.replace(/(\w+)(\\s\+\w+)?/g, (_, v: string, rest = '') => `${v}(?:s|es|ed|d)?${rest}`)})|(?:shall|should|must|will|does|do)\\s+(?:${SAY_VERBS}))`;
const SAYING = `(?:saying|stating|warning|explaining|mentioning|noting|suggesting|requiring|telling|adding|naming|giving|claiming|confirming|indicating|demanding)`;
/** Verbs that themselves say the message's "must". */
const REQUIRES = /^(?:requires?|required|demands?|demanded|ask(?:s|ed)?\s+for|insists?\s+on)$/i;
const KEY_PATH = String.raw`(?:stop\.)?(?:commands\[\d+\](?:\.\w+)?|\w+)`;

interface Speaker {
  source: Source;
  owner?: string;
  key?: string;
  denied: boolean;
}

/** The speaker, the verb and the content of a sentence of saying; null for any other sentence. */
function frameOf(sentence: string): { speaker: Speaker; verb: string; content: string } | null {
  const nouns = NOUNS.map(([source, noun]) => `(?<${source}>${noun})`).join('|');
  const det = String.raw`(?:(?<no>no)\s+|(?:a|an|the|one|another|its|a\s+second|some)\s+)?`;
  const of = String.raw`(?:\s+(?:for|about|on|of|at)\s+(?:(?:the\s+)?(?<ofOwner>${ORDINALS.join('|')}|last|only)\s+(?:command|step|stage|job|task)|(?:the\s+(?:field|key)\s+)?\x60?(?<key>${KEY_PATH})\x60?))?`;
  const speaker = String.raw`^${det}(?:${OWNER})?(?:${nouns})${of}`;
  const saying = new RegExp(String.raw`${speaker}\s+(?:(?<denial>does\s+not|doesn't|doesn’t|never|shall\s+not|must\s+not)\s+)?(?<verb>${SAYS})(?:\s+that)?[\s:]+(?<content>.+)$`, 'i');
  const there = new RegExp(String.raw`^(?:there\s+is|there's|there’s|it\s+(?:has|carries|gives|shows))\s+${speaker.slice(1)}\s+(?:that|(?<verb>${SAYING})(?:\s+that)?|which\s+(?:${SAYS})(?:\s+that)?)[\s:]+(?<content>.+)$`, 'i');
  const m = saying.exec(sentence) ?? there.exec(sentence);
  if (!m?.groups) return null;
  const g = m.groups;
  const source = (['notes', 'problems', 'fixes', 'report'] as Source[]).find((s) => g[s] !== undefined)!;
  const owner = m.slice(1, m.length).find((v) => v !== undefined && [...ORDINALS, 'last', 'only'].includes(v.toLowerCase()));
  const key = g.key === undefined ? undefined : g.key.replace(/^(?!stop\.)(?=commands\[)/, 'stop.');
  // "the finding about memory": a key of the configuration; any other word after "about" is not one this reading knows.
  if (key !== undefined && !/^stop\.commands\[\d+\]/.test(key) && !KEYS.has(key.toLowerCase())) return null;
  const denied = g.no !== undefined || g.denial !== undefined;
  return { speaker: { source, owner, key, denied }, verb: g.verb ?? 'says', content: g.content };
}

/** The clauses of the content: "A, and that B", "A; B", "A, suggesting B", "A and says B", "A, B"; a list's alternatives "A, or B". */
function clausesOf(content: string, source: Source): string[] {
  if (source === 'fixes') return content.split(/,?\s+or\s+/i).flatMap((c) => clausesOf(c, 'notes'));
  const joints = new RegExp(String.raw`\s*(?:[;]|,?\s+and\s+(?:that\s+|(?:${SAYS})(?:\s+that)?\s+)|,\s+(?:${SAYING})(?:\s+that)?\s+|,?\s+(?:because|since|so\s+that|so|as)\s+|:\s+|,\s+(?!and\s))\s*`, 'i');
  return content.replace(/[.;]\s*$/, '').split(joints).map((c) => c.trim()).filter((c) => c !== '');
}

/** The texts of SOURCE for one command, and of the run. */
function textsOf(source: Source, c: CommandRecord | undefined, o: Observation, key: string | undefined): string[] {
  const forKey = (e: { path: string; message: string }) => key === undefined || e.path === key || (!key.includes('.') && e.path.toLowerCase().endsWith(`.${key.toLowerCase()}`));
  const errors = o.record.errors.filter(forKey).map((e) => e.message);
  if (c === undefined) {
    if (source === 'problems' || source === 'report') return source === 'report' ? [...errors, ...o.record.messages.flatMap((m) => m.split('\n'))] : errors;
    return [];
  }
  if (source === 'notes') return [...c.notices, ...c.outputNotices];
  if (source === 'fixes') return c.solutions ?? [];
  // A command's "error line" is what the executor printed of its failure: its error, or a note of it (a kill at the memory limit).
  if (source === 'problems') return [...(c.error === undefined ? [] : [c.error]), ...c.notices, ...errors];
  // The report's own lines, never one the command printed: what the command chose to print says nothing of the executor.
  const printed = new Set(c.lines.map((l) => l.text));
  return [...c.notices, ...c.outputNotices, ...(c.error === undefined ? [] : [c.error]), ...(c.solutions ?? []), ...c.report.split('\n').filter((l) => !printed.has(l))];
}

/**
 * The notes of the commands OWNER names that were never run (failFast): such a command has no record of its own, only its
 * announcement ending "(not run)" and the notes under it among what spec-run exec printed.
 */
function notRunNotes(owner: string | undefined, o: Observation): string[] {
  const word = owner?.toLowerCase();
  const notes: string[] = [];
  let current: number | undefined;
  for (const line of o.record.messages ?? []) {
    const announced = /^\[(\d+)\/(\d+)\] .*\(not run\)$/.exec(line);
    if (announced) {
      const [at, total] = [Number(announced[1]) - 1, Number(announced[2])];
      const named = word === undefined || (word === 'last' ? at === total - 1 : word === 'only' ? total === 1 : ORDINALS.indexOf(word) === at);
      current = named ? at : undefined;
    } else if (current !== undefined && /^\s+note: /.test(line)) notes.push(line.replace(/^\s+note: /, ''));
    else current = undefined;
  }
  return notes;
}

/** The reading of a sentence that says, in its own words, what one of the executor's texts says; null for any other sentence. */
export function saidInWordsReading(sentence: string): Reading<Check> | null {
  const text = sentence.trim().replace(/[.]$/, '');
  const frame = frameOf(text);
  if (frame === null) return null;
  // Another claim joined to the saying ("…, and spec-run exits with 2"), a report's labelled line or a quoted text of
  // several words (which the readings of texts quote whole), or a placeholder (`<project>`): not a paraphrase this reads.
  if (/,\s+and\s+(?!that\b)|;\s/i.test(frame.content) || /(?:^|\s)[A-Z][A-Za-z]*(?:\s[A-Z][a-z]+)?:(?:\s|$)/.test(frame.content)) return null;
  if (/[`"“'‘][^`"”'’]*\s[^`"”'’]*[`"”'’]|<[^>\s]+>/.test(frame.content)) return null;
  const { speaker, verb } = frame;
  const clauses = clausesOf(frame.content, speaker.source).map(clauseItems).filter((c) => c.length > 0);
  if (clauses.length === 0) return null;
  const unknown = clauses.flat().filter((i) => i.kind === 'word' && !KNOWN.has(i.key)).map((i) => i.raw);
  if (unknown.length > 0) return { ok: false, notUnderstood: [...new Set(unknown)], reason: "words of what the executor's text is said to say that none of its texts holds, nor a synonym of one" };
  const unsayable = clauses.filter((c) => !sayable(c));
  if (unsayable.length > 0) return { ok: false, notUnderstood: unsayable.map((c) => c.map((i) => i.raw).join(' ')), reason: 'words no text of the executor says in this order: a paraphrase of none of its messages' };
  if (REQUIRES.test(verb.trim())) clauses[0].unshift({ kind: 'word', key: meaning('must'), raw: 'must', negated: false });
  const wanted = clauses.map((c) => c.map((i) => `${i.negated ? 'not ' : ''}${i.raw}`).join(' ')).join(' | ');
  const source = speaker.source;
  const who = (source === 'problems' || source === 'report') && speaker.owner === undefined ? 'the run' : whoOf(speaker.owner);
  const name = `${who}: ${speaker.denied ? 'no' : 'a'} ${source === 'fixes' ? 'To fix: item' : source === 'notes' ? 'notice' : source === 'problems' ? 'problem (an error)' : 'line of the report'}${speaker.key ? ` about ${speaker.key}` : ''} says, in this order, ${wanted}`;
  const check: Check = {
    text: name,
    evaluate(o) {
      // Without a command named, the run's own texts too (a refused configuration's errors, what spec-run exec printed).
      const chosen: (CommandRecord | undefined)[] = (source === 'problems' || source === 'report') && speaker.owner === undefined ? [undefined, ...o.record.commands] : commandsOf(speaker.owner, o);
      const texts = [...new Set([...chosen.flatMap((c) => textsOf(source, c, o, speaker.key)), ...(source === 'notes' ? notRunNotes(speaker.owner, o) : [])])];
      const items = texts.map(itemsOf);
      const placed = clauses.map((clause) => placedIn(clause, o));
      if (placed.some((clause) => clause === null)) return { ok: false, actual: 'the run knows no such directory' };
      const said = placed as Item[][];
      // One text says it all, where the speaker is one note or error; the report's clauses, and a list's, may be its several lines.
      const holds = source === 'report' || source === 'fixes' ? said.every((clause) => items.some((t) => holdsClause(clause, t))) : items.some((t) => said.every((clause) => holdsClause(clause, t)));
      return { ok: speaker.denied ? !holds : holds, actual: texts.join(' ⏎ ') || 'no such text' };
    },
  };
  return { ok: true, parts: [check], rules: ["an executor's text said in the writer's words"] };
}
