// A writer's noun phrase for a command ("gate item", "work item", "build task"), pinned by how the tree uses it
// when no sentence defines it. A phrase of two or three words names a command where the writer uses it only as
// commands are used:
//
// - numbered or placed: "gate item 2", "work item #3", "gate item [2/3]", "the third gate item", "each gate item",
//   "both gate items", "the first failing gate item";
// - with what only a command has or does: "the heading of gate item 1", "the timeout of each gate item", "the gate
//   item times out", "a gate item is not executed", "the gate item exits with"; what a test inside a command's output
//   has or does too ("gate item 2's output", "the gate item fails") is a use, but never pins alone;
// - qualified by where it runs ("a host gate item", "a container gate item"), which counts as a use but never
//   pins alone (a "host path" and a "container image" are so qualified too).
//
// Three uses on at least two lines, one placing the phrase among others and one giving it a command's part or fate:
// a single sentence can place and own a phrase by accident ("the first test case's output"), a writer who numbers a
// thing and says what befalls it in other sentences names a unit of the run, and the run's only counted units with
// an exit code, an output and a timeout are its commands. A phrase holding a word of the report, the log, text, time
// or the configuration ("log entry", "output line", "error message", "config key") names those, never a command;
// one that is also the subject of what the runner does, or the act of validation, stays unknown: never a guess.

import type { DocumentTerm } from './document-terms.js';

/** A line of the tree's prose or steps, its quoted spans blanked. */
export interface TreeLine {
  file: string;
  line: number;
  text: string;
}

const words = (list: string) => new Set(list.split(' '));

/** Words that place one command among others in a list, said before a singular noun. */
const PLACE = words('first second third fourth fifth sixth seventh eighth ninth tenth last next previous');
/** Words that take each of several things: commands, but configurations and runs as well ("every test item is run on the host"). */
const EACH = words('each every another');
/** Words that count commands, said before a plural noun. */
const COUNT = words('both all two three four five six seven eight nine ten');
/** Where a command runs, said before its noun: a use, never a pin alone. */
const WHERE = words('host container containerised containerized docker dockerised dockerized');
/** Words of a sentence's frame: never part of a noun phrase, and a phrase may end before one. */
const FRAME = words(
  'and or but nor of the a an to in on for with by as at from into onto under over is are was were be been being has have had does do did it its their this that these those which who whose then than not no so if when while after before until since also still only just more less same other one ones shall must should will would may can could never always again too alone itself without within per via through across like such than',
);
/** Words that qualify a placed command's noun ("the first failing gate item"), skipped to reach the phrase. */
const QUALIFIER = /^(?:[a-z]+ing|failed|passed|succeeded|timed-out|killed|stopped|remaining|sole|single|only|earlier|later|final|initial|same|whole)$/;
/** What only a command has, said as its part: "the heading of gate item 1", "the timeout of each gate item". */
const PART = words('timeout time-limit workdir image heading header announcement banner title report block section');
/** The words of parts that take a second word: "time limit", "working directory", "exit code", "progress mark". */
const PART_PAIRS = new Set(['time limit', 'working directory', 'exit code', 'exit status', 'progress mark', 'partial output', 'memory limit']);
/** What a command has as other things do (a test inside its output has an output and a duration too): a use, never a pin alone. */
const SHARED_PART = words('output stdout stderr duration status');
/** Words that name the report, the log, text, time, the configuration or the run's machinery: a phrase holding one names that, never a command. */
const NOT_A_COMMAND = words(
  'command commands log logs event events json record records object line lines column columns report reports summary list lists fix note notes message messages error errors warning output outputs stdout stderr text file files directory directories path paths folder image images container containers process processes signal signals variable variables field fields key keys value values setting settings option options flag flags limit limits timeout timeouts byte bytes second seconds minute minutes hour hours mark marks heading header title banner block blocks section sections scenario scenarios requirement requirements configuration config yaml schema status code codes exit shell run runs result results check-list document spec specification test-suite sleep child children subprocess trap handler handlers machine system tool project user operator agent docker host kernel engine memory cpu network port name names number numbers word words character characters entry entries item items step steps stage stages task tasks job jobs',
);
/** A phrase's last word may be one of these generic nouns ("gate item", "work item"), never the phrase's only word. */
const HEAD_ALLOWED = words('entry item step stage task job');
/** The words between a noun and what befalls it. */
const ADVERB = String.raw`^(?:(?:still|also|then|never|itself|alone|immediately)\s+)?`;
/** What befalls only a command, said after its noun: "times out", "is killed", "is not run", "exits with". */
const BEFALLS = new RegExp(String.raw`${ADVERB}(?:times\s+out|timed\s+out|exits\s+with|exited\s+with|exits\s+(?:non-?)?zero|(?:is|was|gets|got)\s+(?:killed|stopped|interrupted|skipped|announced|terminated|(?:not|never)\s+(?:run|executed|started|reached)))`, 'i');
/** What befalls a command as it does a test inside its output ("the second unit test fails"): a use, never a pin alone. */
const FATE = new RegExp(String.raw`${ADVERB}(?:fails|failed|succeeds|succeeded|passes|passed|prints|printed)\b`, 'i');
/** A number after the phrase that is a measure, not a place ("a gate item 2 seconds long"). */
const UNIT = /^\s*(?:ms|s|m|h|secs?|seconds?|minutes?|hours?|lines?|bytes?|times|%|x|mib|kib|mb|kb)\b/i;

type Kind = 'numbered' | 'placed' | 'counted' | 'each' | 'where' | 'part' | 'shared part' | 'befalls' | 'fate';
const PLACING: readonly Kind[] = ['numbered', 'placed', 'counted'];
const COMMAND_LIKE: readonly Kind[] = ['part', 'befalls'];

interface Token {
  word: string;
  at: number;
  end: number;
}

/** The words of TEXT (a possessive's "'s" its own token, numbers and progress marks kept whole), with where they stand. */
function tokens(text: string): Token[] {
  return [...text.matchAll(/\[\d+\/\d+\]|#?\d+|[A-Za-z][A-Za-z-]*[A-Za-z]|[A-Za-z]|['’]s\b|[^\sA-Za-z\d]/g)].map((m) => ({ word: m[0].replace('’', "'"), at: m.index, end: m.index + m[0].length }));
}

const lower = (t: Token | undefined) => t?.word.toLowerCase() ?? '';
/** The kind of part WORD (or the two words PAIR, one of which is WORD) names, if any. */
const partKind = (word: string, pair: string): Kind | null => (PART.has(word) || PART_PAIRS.has(pair) ? 'part' : SHARED_PART.has(word) ? 'shared part' : null);
/** Whether T can be a word of a noun phrase: a word, not of the frame, nor a place, count or where word. */
const phraseWord = (t: Token) => /^[A-Za-z][A-Za-z-]*$/.test(t.word) && !FRAME.has(t.word) && !FRAME.has(lower(t)) && !PLACE.has(lower(t)) && !EACH.has(lower(t)) && !COUNT.has(lower(t)) && !WHERE.has(lower(t)) && t.word !== t.word.toUpperCase();

/** The kinds of use of the phrase TEXT[from, to) says by the words on its left, or null where its left is no boundary of a noun phrase. */
function leftKinds(list: Token[], from: number, plural: boolean): Kind[] | null {
  let i = from - 1;
  const kinds: Kind[] = [];
  if (i >= 0 && WHERE.has(lower(list[i]))) (kinds.push('where'), i--);
  if (i >= 0 && QUALIFIER.test(lower(list[i])) && !FRAME.has(lower(list[i]))) i--;
  const before = lower(list[i]);
  if (i < 0 || /^[^\w#[]$/.test(list[i].word)) return kinds;
  if (PLACE.has(before) && !plural) kinds.push('placed');
  else if (EACH.has(before) && !plural) kinds.push('each');
  else if ((COUNT.has(before) || /^\d{1,2}$/.test(before)) && plural) kinds.push('counted');
  else if (!FRAME.has(before) && !FRAME.has(list[i].word)) return null;
  // "the heading of gate item 1", "the output of each gate item": a part of the command.
  let j = PLACE.has(before) || EACH.has(before) || COUNT.has(before) ? i - 1 : i;
  if (['the', 'each', 'every', 'a', 'an', 'this', 'that'].includes(lower(list[j]))) j--;
  if (lower(list[j]) === 'of' && j >= 1) {
    const part = partKind(lower(list[j - 1]), `${lower(list[j - 2])} ${lower(list[j - 1])}`);
    if (part) kinds.push(part);
  }
  return kinds;
}

/** The kinds of use the words after the phrase ending at token TO of LIST (in TEXT) say, or null where its right is no boundary. */
function rightKinds(list: Token[], to: number, text: string): Kind[] | null {
  const next = list[to];
  if (next === undefined || /^[^\w#[']$/.test(next.word)) return [];
  const rest = text.slice(next.at);
  if (/^\[\d+\/\d+\]$/.test(next.word) || (/^#?\d{1,2}$/.test(next.word) && !UNIT.test(text.slice(next.end)) && !/^[/.:\d]\d/.test(text.slice(next.end)))) return ['numbered'];
  if (next.word === "'s") {
    const part = partKind(lower(list[to + 1]), `${lower(list[to + 1])} ${lower(list[to + 2])}`);
    return part ? [part] : [];
  }
  if (BEFALLS.test(rest)) return ['befalls'];
  if (FATE.test(rest)) return ['fate'];
  return FRAME.has(next.word) || FRAME.has(lower(next)) ? [] : null;
}

interface Uses {
  kinds: Set<Kind>;
  lines: Set<string>;
  count: number;
  at: { file: string; line: number };
}

/** Every use of a phrase of two or three words in LINES, by phrase (lower case, singular). */
function phraseUses(lines: readonly TreeLine[]): Map<string, Uses> {
  const uses = new Map<string, Uses>();
  for (const { file, line, text } of lines) {
    const list = tokens(text);
    for (let from = 0; from < list.length; from++)
      for (let length = 2; length <= 3 && from + length <= list.length; length++) {
        const span = list.slice(from, from + length);
        if (!span.every(phraseWord)) break;
        const said = span.map((t) => t.word.toLowerCase());
        const plural = /[^s]s$/.test(said[length - 1]);
        const left = leftKinds(list, from, plural);
        const right = left && rightKinds(list, from + length, text);
        if (!left || !right) continue;
        const phrase = (plural ? [...said.slice(0, -1), said[length - 1].slice(0, -1)] : said).join(' ');
        if (left.length + right.length === 0) continue;
        const found = uses.get(phrase) ?? { kinds: new Set<Kind>(), lines: new Set<string>(), count: 0, at: { file, line } };
        for (const kind of [...left, ...right]) found.kinds.add(kind);
        found.count++;
        found.lines.add(`${file}:${line}`);
        uses.set(phrase, found);
      }
  }
  return uses;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');

/** Whether PHRASE is also said as the runner ("the gate item SHALL run each command") or as the act of validation ("the gate item of the configuration"). */
function usedOtherwise(phrase: string, all: string): boolean {
  const p = escaped(phrase);
  const runner = new RegExp(String.raw`\b(?:the|our)\s+${p}\s+(?:SHALL|MUST|shall|must|will)?\s*(?:not\s+)?(?:runs?|executes?|starts?|launch(?:es)?|stops?|kills?|terminates?|refuses?|rejects?|reads?|validates?|mounts?)\s+(?:the|each|every|all|any|its)\s+(?:\w+\s+)?(?:commands?|configuration|config|file|YAML|${p}s?)\b`, 'i');
  const validation = new RegExp(String.raw`\b${p}s?\s+(?:of|on)\s+(?:the\s+|a\s+|its\s+)?(?:(?:whole|entire|hook|YAML)\s+)*(?:configuration|config|file|YAML|schema|fields?|keys?|values?)\b`, 'i');
  return runner.test(all) || validation.test(all);
}

/** The tree's noun phrases (two or three words) its LINES use only as commands are used. */
export function commandPhrases(lines: readonly TreeLine[]): DocumentTerm[] {
  const all = lines.map((l) => l.text).join('\n');
  const terms: DocumentTerm[] = [];
  for (const [phrase, uses] of phraseUses(lines)) {
    const said = phrase.split(' ');
    if (QUALIFIER.test(said[0]) || said.slice(0, -1).some((w) => NOT_A_COMMAND.has(w)) || (NOT_A_COMMAND.has(said[said.length - 1]) && !HEAD_ALLOWED.has(said[said.length - 1]))) continue;
    if (uses.count < 3 || uses.lines.size < 2 || !PLACING.some((k) => uses.kinds.has(k)) || !COMMAND_LIKE.some((k) => uses.kinds.has(k))) continue;
    if (usedOtherwise(phrase, all)) continue;
    terms.push({ noun: phrase, thing: 'command', line: uses.at.line, file: uses.at.file, roles: [...uses.kinds].join(', ') });
  }
  return terms;
}
