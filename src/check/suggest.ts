// "Did you mean": for a called name nobody defines, the vocabulary names of the same
// concept. A writer who has not read the vocabulary spells its concepts their own way
// (eval-code for evaluate-lisp, open-session for make-test-session), so a near spelling
// alone finds few of them. The matcher ranks each vocabulary name by
//   - spelling: a slip of a few letters (edit distance), as before;
//   - the concepts of the words of the two names: each word stemmed (lines/line,
//     initialized/initialize) and read through the domain's families of spellings
//     (CONCEPTS), each weighted by how rare it is among the vocabulary's names, so
//     "text" counts for more than "make" or "result"; sharing only a generic verb
//     (get, make, send...) is no match;
//   - the words of the name's docstring, for the written words its name lacks;
//   - arity: whether the calls' argument counts fit its lambda list.
// It suggests at most three names, those near the best, and none when nothing is close.
import { editDistance } from '../model/edit-distance.js';

export interface VocabularyEntry {
  name: string;
  /** How code read in CL-USER must write it, when not by NAME alone (`ring:ring-push`): what a suggestion says. */
  written?: string;
  /** The least and the most arguments its lambda list takes (Infinity when unbounded). */
  least: number;
  most: number;
  documentation: string;
}

/**
 * Families of spellings of one concept in test code for an MCP server, the first the
 * family's name: verbs of making and ending a server, the server itself (a session, a
 * connection), JSON-RPC's messages, an evaluation, a tool's text, errors. Words not here
 * stand for themselves, stemmed.
 */
export const CONCEPTS: string[][] = [
  ['make', 'open', 'start', 'create', 'new', 'build', 'launch', 'spawn'],
  ['stop', 'close', 'shutdown', 'kill', 'cleanup', 'terminate', 'destroy', 'teardown', 'quit'],
  ['server', 'session', 'connection', 'conn'],
  ['request', 'rpc', 'jsonrpc', 'message', 'msg', 'req'],
  ['response', 'resp', 'reply', 'answer'],
  ['evaluate', 'eval', 'evaluation'],
  ['text', 'content', 'txt'],
  ['error', 'err', 'failure'],
  ['initialize', 'init', 'handshake'],
  ['notification', 'notify', 'notif'],
  ['number', 'num', 'int', 'integer'],
  ['configure', 'config', 'cfg'],
  ['string', 'str'],
  ['argument', 'arg'],
  ['parameter', 'param'],
  ['get', 'fetch', 'lookup'],
  ['encode', 'serialize', 'stringify'],
];

/**
 * Concepts too common to make a match alone: generic verbs and the predicate mark. A name
 * sharing only these with the written one (get-lines, get-test) is no suggestion.
 */
const GENERIC = new Set(['make', 'stop', 'get', 'send', 'run', 'call', 'find', 'read', 'write', 'set', 'do', 'use'].map(stem));

/** Words that name no concept in a function's name: the harness's own qualifiers and English glue. */
const FILLER = new Set(['test', 'mcp', 'spec', 'a', 'an', 'the', 'of', 'with', 'to', 'from', 'by', 'for', 'in', 'on', 'at', 'and', 'or', 'as', 'into']);

/** The concept of a predicate: a name ending in -p, or with the word is or has. */
const PREDICATE = '?';

/** Crude English stemming, the same on both sides: plurals, -ing, -ed, a final e. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length >= 6 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length >= 5 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length >= 4 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && w !== word) w = w.slice(0, -1); // stopped, running
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

const conceptOfSpelling = new Map<string, string>();
for (const family of CONCEPTS) for (const spelling of family) {
  conceptOfSpelling.set(spelling, stem(family[0]));
  conceptOfSpelling.set(stem(spelling), stem(family[0]));
}

/** The concept a word stands for: its family's, else its stem. */
export function concept(word: string): string {
  return conceptOfSpelling.get(word) ?? conceptOfSpelling.get(stem(word)) ?? stem(word);
}

interface NameWords {
  /** Concept -> the spellings the name wrote it with. */
  concepts: Map<string, Set<string>>;
  wordCount: number;
}

/** The concepts of a function's name, package prefix left out: (tool-error-p) -> tool, error, predicate. */
export function nameConcepts(name: string): NameWords {
  const words = name.toLowerCase().replace(/^.*:/, '').split(/[^a-z0-9]+/).filter(Boolean);
  const concepts = new Map<string, Set<string>>();
  const add = (c: string, spelling: string) => (concepts.get(c) ?? concepts.set(c, new Set()).get(c)!).add(spelling);
  words.forEach((word, i) => {
    if ((word === 'p' && i === words.length - 1 && i > 0) || ((word === 'is' || word === 'has') && words.length > 1)) add(PREDICATE, word);
    else if (!FILLER.has(word)) add(concept(word), word);
  });
  return { concepts, wordCount: words.length };
}

function documentationConcepts(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z]+/g) ?? []).map(concept));
}

/**
 * The edit distance of WRITTEN from NAME when it is a slip of the pen, else null: a few
 * letters in all, and within words, none of them replaced whole (section-lines is no slip
 * of section-names). Names of as many words are compared word by word; others (a dash
 * left out) as a whole.
 */
export function slipDistance(written: string, name: string): number | null {
  const distance = editDistance(written, name);
  if (distance > Math.max(1, Math.min(3, Math.floor(written.length / 4)))) return null;
  const writtenWords = written.split('-');
  const nameWords = name.split('-');
  if (writtenWords.length !== nameWords.length) return distance;
  const withinWords = writtenWords.every((word, i) => editDistance(word, nameWords[i]) <= Math.max(1, Math.floor(word.length / 3)));
  return withinWords ? distance : null;
}

/** A word written as the name writes it counts fully; the same concept spelled otherwise a little less. */
const OTHER_SPELLING = 0.85;
/** How much the docstring's words count, beside the name's. */
const DOCUMENTATION_WEIGHT = 0.3;
/** The least score suggested, and how near the best a further suggestion must be. */
const LEAST_SCORE = 0.35;
const NEAR_BEST = 0.85;
const MOST_SUGGESTIONS = 3;

interface Candidate {
  entry: VocabularyEntry;
  words: NameWords;
  documentation: Set<string>;
}

export interface Suggestion {
  name: string;
  score: number;
}

export class NameMatcher {
  private readonly candidates: Candidate[];
  private readonly namesWith = new Map<string, number>();

  constructor(vocabulary: VocabularyEntry[]) {
    this.candidates = vocabulary.map((entry) => ({ entry, words: nameConcepts(entry.name), documentation: documentationConcepts(entry.documentation) }));
    for (const { words } of this.candidates) for (const c of words.concepts.keys()) this.namesWith.set(c, (this.namesWith.get(c) ?? 0) + 1);
  }

  /** How much a concept tells names apart: rare among the vocabulary's names, more. */
  private weight(c: string): number {
    return Math.log(1 + this.candidates.length / Math.max(this.namesWith.get(c) ?? 0, 0.5));
  }

  /** Every candidate's score for NAME called with ARGUMENT-COUNTS (those known), best first. */
  rank(name: string, argumentCounts: number[] = []): Suggestion[] {
    const written = name.toLowerCase().replace(/^.*:/, '');
    const query = nameConcepts(written);
    const queryWeight = [...query.concepts.keys()].reduce((sum, c) => sum + this.weight(c), 0);
    const ranked = this.candidates.map(({ entry, words, documentation }) => {
      const distance = slipDistance(written, entry.name);
      const spelling = distance === null ? 0 : 1 - distance / (written.length + 1);
      let shared = 0;
      let union = queryWeight;
      let documented = 0;
      let specific = false;
      for (const [c, spellings] of words.concepts) {
        const w = this.weight(c);
        const mine = query.concepts.get(c);
        if (mine) {
          shared += w * ([...mine].some((s) => spellings.has(s)) ? 1 : OTHER_SPELLING);
          specific ||= !GENERIC.has(c) && c !== PREDICATE;
        } else union += w;
      }
      for (const c of query.concepts.keys()) if (!words.concepts.has(c) && documentation.has(c)) documented += this.weight(c);
      const byWords = specific ? shared / union + (DOCUMENTATION_WEIGHT * documented) / queryWeight : 0;
      const fitting = argumentCounts.filter((n) => n >= entry.least && n <= entry.most).length;
      const arity = argumentCounts.length === 0 ? 1 : 0.7 + (0.3 * fitting) / argumentCounts.length;
      return { name: entry.written ?? entry.name, score: Math.max(spelling, byWords) * arity, wordCount: words.wordCount };
    });
    return ranked
      .sort((a, b) => b.score - a.score || a.wordCount - b.wordCount || a.name.localeCompare(b.name))
      .map(({ name, score }) => ({ name, score }));
  }

  /** At most three names for NAME: those scoring near the best, none when nothing is close. */
  suggest(name: string, argumentCounts: number[] = []): string[] {
    const ranked = this.rank(name, argumentCounts);
    const best = ranked[0]?.score ?? 0;
    if (best < LEAST_SCORE) return [];
    return ranked
      .filter((s) => s.score >= best * NEAR_BEST)
      .slice(0, MOST_SUGGESTIONS)
      .map((s) => s.name);
  }
}
