// How a sentence is read: its tokens (lexicon.ts) must all be accounted for by one
// rule, a fact and its arguments, or else by a conjunction of clauses each accounted
// for by one rule. A rule names the concepts it needs (each group: one of them must be
// there), the concepts and entity kinds it allows besides, and builds its meaning from
// the arguments. A sentence no rule accounts for wholly is not read at all: the words
// left over are reported, never guessed at.
import { tokenize, type Entity, type EntityType, type Token } from './lexicon.js';

/** A concept name, or `E:` and an entity type. */
export type Slot = string;

export interface Args {
  tokens: Token[];
  has(...slots: Slot[]): boolean;
  entities<K extends EntityType>(type: K): Extract<Entity, { type: K }>[];
  /** The tokens after the first token of one of `slots` (the objects of a verb). */
  after(...slots: Slot[]): Token[];
  /** The tokens before it. */
  before(...slots: Slot[]): Token[];
  negated: boolean;
}

export interface Rule<T> {
  name: string;
  needs: Slot[][];
  allows: Slot[];
  /** Universal slots this rule does not accept. */
  refuses?: Slot[];
  /** It reads alternatives between words ("no notice about a timeout or about omitted lines") itself. */
  alternatives?: boolean;
  build(a: Args): T | null;
}

export type Reading<T> = { ok: true; parts: T[]; rules: string[] } | { ok: false; notUnderstood: string[]; reason: string };

export function slotsOf(token: Token): Slot[] {
  return token.kind === 'entity' ? [`E:${token.entity.type}`] : token.concepts;
}

const RELATIVE = /^(where|which|whose|who|whom|whereby)$/i;
/** Words that open a clause saying what the clause before shows. */
const PARTICIPLES = /^(indicating|meaning|signalling|signaling|showing|confirming|proving|implying)$/i;

/** Facts that say what the output is, line for line. */
const EXACT_OUTPUT = new Set(['the values printed', 'the output is']);

/** "nothing after them", "nothing else": only a negation and "after"/"else". */
function isNothingMore(clause: Token[]): boolean {
  const content = clause.filter((t) => !isFunction(t));
  return content.some((t) => t.kind === 'word' && t.concepts.includes('NOT')) && content.every((t) => t.kind === 'word' && (t.concepts.includes('NOT') || t.concepts.includes('AFTER') || /^(else|more|besides)$/i.test(t.text)));
}

/** "about three seconds", "after about 2 s": one duration and words that qualify a time, nothing else. */
function isTimeAlone(clause: Token[]): boolean {
  const content = clause.filter((t) => !isFunction(t));
  const durations = content.filter((t) => t.kind === 'entity' && t.entity.type === 'duration');
  return durations.length === 1 && content.every((t) => durations.includes(t) || (t.kind === 'word' && t.concepts.some((c) => ['ABOUT', 'AT_MOST', 'AT_LEAST', 'JUST_OVER', 'JUST_UNDER', 'EXACTLY', 'AFTER'].includes(c))));
}

/** "not 20", "not 5 seconds": a negation and a value, nothing else. */
function isContrast(clause: Token[]): boolean {
  const content = clause.filter((t) => !isFunction(t));
  const values = content.filter((t) => t.kind === 'entity' && ['number', 'duration', 'count'].includes(t.entity.type));
  const negations = content.filter((t) => t.kind === 'word' && t.concepts.includes('NOT'));
  return values.length >= 1 && negations.length === 1 && values.length + negations.length === content.length;
}

export const isFunction = (token: Token) => token.kind === 'word' && token.concepts.length === 1 && token.concepts[0] === 'FUNCTION';

export function args(tokens: Token[]): Args {
  const has = (...slots: Slot[]) => tokens.some((t) => slotsOf(t).some((s) => slots.includes(s)));
  const index = (slots: Slot[]) => tokens.findIndex((t) => slotsOf(t).some((s) => slots.includes(s)));
  return {
    tokens,
    has,
    entities: <K extends EntityType>(type: K) => tokens.flatMap((t) => (t.kind === 'entity' && t.entity.type === type ? [t.entity as Extract<Entity, { type: K }>] : [])),
    after: (...slots) => {
      const i = index(slots);
      return i < 0 ? [] : tokens.slice(i + 1);
    },
    before: (...slots) => {
      const i = index(slots);
      return i < 0 ? tokens : tokens.slice(0, i);
    },
    // Any negation negates: "no stdout and no stderr is shown" is not a double negative.
    negated: tokens.some((t) => t.kind === 'word' && t.concepts.includes('NOT')),
  };
}

interface Attempt<T> {
  rule: Rule<T>;
  value: T | null;
  uncovered: Token[];
  needsMet: boolean;
}

/** "running or stopped": alternatives between words of the domain, which no fact reads as one (alternative values, "124 or 137", are one fact's). */
function wordsDisjoined(tokens: Token[]): boolean {
  const content = tokens.filter((t) => !isFunction(t) || /^or$/i.test(t.text));
  return content.some((t, i) => /^or$/i.test(t.text) && content[i - 1]?.kind === 'word' && content[i + 1]?.kind === 'word');
}

function attempt<T>(rule: Rule<T>, tokens: Token[], universal: Slot[]): Attempt<T> {
  const refused = new Set(rule.refuses ?? []);
  const allowed = new Set([...rule.needs.flat(), ...rule.allows, ...universal.filter((s) => !refused.has(s))]);
  const uncovered = tokens.filter((t) => !isFunction(t) && !slotsOf(t).some((s) => allowed.has(s)));
  const needsMet = rule.needs.every((group) => tokens.some((t) => slotsOf(t).some((s) => group.includes(s))));
  const value = needsMet && uncovered.length === 0 && (rule.alternatives || !wordsDisjoined(tokens)) ? rule.build(args(tokens)) : null;
  return { rule, value, uncovered, needsMet };
}

/** The one reading of TOKENS by RULES, the most specific when several apply; null when none or when equally specific ones differ. */
function readWhole<T>(tokens: Token[], rules: Rule<T>[], universal: Slot[], same: (a: T, b: T) => boolean): { value: T; rule: string } | { attempts: Attempt<T>[]; ambiguous?: string[] } {
  const attempts = rules.map((rule) => attempt(rule, tokens, universal));
  const fits = attempts.filter((a) => a.value !== null);
  if (fits.length === 0) return { attempts };
  const top = Math.max(...fits.map((a) => a.rule.needs.length));
  const best = fits.filter((a) => a.rule.needs.length === top);
  if (best.every((a) => same(a.value as T, best[0].value as T))) return { value: best[0].value as T, rule: best[0].rule.name };
  return { attempts, ambiguous: best.map((a) => a.rule.name) };
}

export interface ReadOptions<T> {
  rules: Rule<T>[];
  /** Rules tried only where none of RULES reads the tokens (a general reading that defers to the specific ones). */
  fallback?: Rule<T>[];
  /** Slots every rule accepts (the command as subject, filler verbs). */
  universal: Slot[];
  /** Words that end a clause (kept out of both), and words that begin one (kept in the new one). */
  splitBefore?: string[];
  splitAt: string[];
  /** Words that begin a clause too, tried last ("with a 1 second timeout | in an alpine container"). */
  splitBeforeLast?: string[];
  /** Concepts whose words end a clause and begin the next (a reason: "…, because the deadline ended it"). */
  splitAtConcepts?: string[];
  /** Concepts that begin a clause when the clause so far already holds an entity (a fact's anchor): "limited to 3 lines | writes 10 lines". */
  splitBeforeConcepts?: string[];
  /** A clause opening with "where", "which"... is about the clause before it (a Then), not a part of its own (a When's "whose workdir is"). */
  relativeClauses?: boolean;
  /** Rules that take the words they are given as words to look for: never the words of a relative clause after a comma. */
  wordsAsTexts?: string[];
  /** Texts alone before a clause that opens with a text are that clause's subjects too (a Then's "`a` and `b` are never printed"). */
  coordinatedTexts?: boolean;
  /** Whether a sentence is first read whole (Then), or always as clauses (When). */
  wholeFirst: boolean;
  same: (a: T, b: T) => boolean;
  /** Why facts read from clauses of one sentence may not stand apart (one error's place in one, its text in another); null where they may. */
  untied?: (parts: T[]) => string | null;
}

/** The one reading of TOKENS by the rules, else by the fallback rules. */
function readOne<T>(tokens: Token[], options: ReadOptions<T>): ReturnType<typeof readWhole<T>> {
  const main = readWhole(tokens, options.rules, options.universal, options.same);
  if ('value' in main || main.ambiguous || !options.fallback?.length) return main;
  const fallback = readWhole(tokens, options.fallback, options.universal, options.same);
  return 'value' in fallback || fallback.ambiguous ? fallback : { attempts: [...main.attempts, ...fallback.attempts] };
}

function clauses(tokens: Token[], splitAt: string[], splitBefore: string[], splitBeforeConcepts: string[], splitAtConcepts: string[] = []): Token[][] {
  const out: Token[][] = [[]];
  for (const token of tokens) {
    const word = token.kind === 'word' ? token.text.toLowerCase() : null;
    if (word !== null && (splitAt.includes(word) || (token.kind === 'word' && token.concepts.some((c) => splitAtConcepts.includes(c))))) {
      out.push([]);
      continue;
    }
    const current = out[out.length - 1];
    if (word !== null && splitBefore.includes(word) && current.some((t) => !isFunction(t))) out.push([]);
    // A key is not an anchor: it waits for its value ("has maxOutputLines set to 0"); a key said to be absent waits for none ("without `image:` sets …").
    // Nor is a place ("the second command"): it is the subject of what follows ("the second command runs `sleep 5`").
    else if (token.kind === 'word' && token.concepts.some((c) => splitBeforeConcepts.includes(c)) && current.some((t) => t.kind === 'entity' && t.entity.type !== 'ordinal' && (t.entity.type !== 'key' || current.some((w) => w.kind === 'word' && w.concepts.includes('NOT'))))) out.push([]);
    out[out.length - 1].push(token);
  }
  return out.filter((clause) => clause.some((t) => !isFunction(t)));
}

function diagnose<T>(attempts: Attempt<T>[], tokens: Token[]): string[] {
  const unknown = tokens.filter((t) => t.kind === 'word' && t.concepts.length === 0).map((t) => t.text);
  if (unknown.length > 0) return unknown;
  const close = attempts.filter((a) => a.needsMet).sort((a, b) => a.uncovered.length - b.uncovered.length)[0];
  if (close && close.uncovered.length > 0) return close.uncovered.map((t) => t.text);
  return tokens.filter((t) => !isFunction(t)).map((t) => t.text);
}

/** What joins coordinated texts into one subject: no clause boundary. */
const JOINED: Token = { kind: 'word', text: '&', concepts: ['FUNCTION'] };

/**
 * "…, and `a` and `b` are never printed", "`a`, `b` and `c` are shown": texts alone, joined by commas and a
 * last plain "and", that open a clause and are followed by its predicate, are that predicate's subjects
 * together (its negation covers each), never a clause of their own each. Not "… with `x` and `y`, and `z` is …",
 * where the texts before the comma are objects of the clause before.
 */
function coordinatedTexts(tokens: Token[]): Token[] {
  const quoted = (t: Token | undefined) => t?.kind === 'entity' && t.entity.type === 'quoted';
  const joiner = (t: Token | undefined) => t?.kind === 'word' && (t.text === ',' || /^and$/i.test(t.text));
  const out = [...tokens];
  for (let i = 0; i < tokens.length; i++) {
    if (!(quoted(tokens[i]) && /^and$/i.test(tokens[i + 1]?.text ?? '') && tokens[i + 1].kind === 'word' && quoted(tokens[i + 2]))) continue;
    // The predicate follows the last text: its first word past function words ("are never printed").
    const next = tokens.slice(i + 3).find((t) => !isFunction(t));
    if (next === undefined || next.kind !== 'word' || tokens[i + 3]?.text === ',' || /^and$/i.test(tokens[i + 3]?.text ?? '')) continue;
    // The texts before it, back to the clause's opening (the sentence's start, a comma, an "and").
    let first = i;
    while (quoted(tokens[first - 2]) && tokens[first - 1].text === ',') first -= 2;
    if (first > 0 && !joiner(tokens[first - 1])) continue;
    for (let k = first + 1; k <= i + 1; k += 2) out[k] = JOINED;
  }
  return out;
}

/** The first and last index of each outermost aside of TOKENS (its brackets' tokens). */
function asideSpans(tokens: Token[]): [number, number][] {
  const spans: [number, number][] = [];
  let depth = 0;
  let start = -1;
  tokens.forEach((t, i) => {
    if (t.kind !== 'word' || t.aside === undefined) return;
    if (t.aside === 'open' && depth++ === 0) start = i;
    if (t.aside === 'close' && depth > 0 && --depth === 0) spans.push([start, i]);
  });
  return spans;
}

/**
 * TOKENS with each aside that interrupts a clause moved to that clause's end ("the exit code (the output
 * contains "FAIL") SHALL be 1" as "the exit code SHALL be 1 (…)"): the words around it are one clause
 * again, and the aside one of its own, never a part of either half.
 */
function asidesAfterTheirClause<T>(tokens: Token[], options: ReadOptions<T>): Token[] {
  const ends = (t: Token) => t.kind === 'word' && (options.splitAt.includes(t.text.toLowerCase()) || t.concepts.some((c) => options.splitAtConcepts?.includes(c)));
  const out = [...tokens];
  for (const [open, close] of asideSpans(tokens).reverse()) {
    let end = close + 1;
    while (end < out.length && !ends(out[end])) end++;
    if (end === close + 1) continue;
    const aside = out.splice(open, close - open + 1);
    out.splice(end - aside.length, 0, ...aside);
  }
  return out;
}

/**
 * The clauses of a sentence whose asides are clauses of their own: its words outside them one
 * clause, as the whole sentence would be, and each aside's clauses; null where it has no aside.
 * What reads the sentence whole reads these instead: no fact takes words from both sides of a bracket.
 */
function apartFromAsides<T>(tokens: Token[], options: ReadOptions<T>): Token[][] | null {
  const spans = asideSpans(tokens);
  if (spans.length === 0) return null;
  const outside = tokens.filter((_t, i) => !spans.some(([open, close]) => i >= open && i <= close));
  const asides = spans.flatMap(([open, close]) => clauses(tokens.slice(open + 1, close), options.splitAt, [], [], options.splitAtConcepts));
  return [outside, ...asides].filter((clause) => clause.some((t) => !isFunction(t)));
}

/** Reads SENTENCE with RULES: whole (one fact) or as a conjunction of clauses (one fact each). */
/** Words that open a clause of comparison with what did not happen: ", as it would had a limit cut it", ", as if …", ", as though …". */
const COUNTERFACTUAL = /^(as if|as though|as it would|as they would|as it would have|as would)$/i;

/**
 * TOKENS without a clause of comparison after a comma (", as it would had a line limit cut the stream"): it says what
 * would be so in another run, no fact of this one; read, its words would add a fact the sentence does not state.
 */
function withoutCounterfactual(tokens: Token[]): Token[] {
  const words = tokens.map((t) => (t.kind === 'word' ? t.text.toLowerCase() : ''));
  const at = tokens.findIndex((_t, i) => words[i - 1] === ',' && words[i] === 'as' && [2, 3, 4].some((n) => COUNTERFACTUAL.test(words.slice(i, i + n).join(' '))));
  if (at < 0) return tokens;
  const end = tokens.findIndex((_t, i) => i > at && words[i] === ',');
  return [...tokens.slice(0, at - 1), ...(end < 0 ? [] : tokens.slice(end))];
}

/** Words that open an aside drawing a conclusion from the clause it follows: "(so X is still …)", "(i.e. …)", "(which means …)". */
const CONCLUSION = /^(so|i\.?e\.?|ie|that is|meaning|which means|hence|thus|therefore|proving|showing)$/i;

/**
 * The opening words of an aside of TOKENS that concludes something from its clause ("(so SPEC_RUN_CONFIG_DIR is still the
 * config file's folder)"): a claim with a subject of its own, which the clause's subject must never be carried into; not read.
 */
function conclusionAside(tokens: Token[]): string | null {
  for (const [open] of asideSpans(tokens)) {
    const words = tokens.slice(open + 1, open + 3).map((t) => t.text.toLowerCase());
    const said = [words.join(' '), words[0]].find((w) => w !== undefined && CONCLUSION.test(w));
    if (said !== undefined) return said;
  }
  return null;
}

export function read<T>(sentence: string, options: ReadOptions<T>): Reading<T> {
  const written = options.coordinatedTexts ? coordinatedTexts(tokenize(sentence)) : tokenize(sentence);
  const tokens = asidesAfterTheirClause(withoutCounterfactual(written), options);
  if (!tokens.some((t) => !isFunction(t))) return { ok: false, notUnderstood: [], reason: 'nothing to read' };
  const concluded = conclusionAside(tokens);
  if (concluded !== null) return { ok: false, notUnderstood: [`(${concluded} …)`], reason: `an aside opening "(${concluded} …)" concludes a claim of its own from the clause before it, which is not read` };
  const apart = apartFromAsides(tokens, options);
  const conjuncts = clauses(tokens, options.splitAt, [], [], options.splitAtConcepts);
  const partitions = [
    conjuncts,
    clauses(tokens, options.splitAt, options.splitBefore ?? [], options.splitBeforeConcepts ?? [], options.splitAtConcepts),
    ...contrasted(tokens, options),
    ...(options.splitBeforeLast
      ? [clauses(tokens, options.splitAt, options.splitBeforeLast, [], options.splitAtConcepts), clauses(tokens, options.splitAt, [...(options.splitBefore ?? []), ...options.splitBeforeLast], options.splitBeforeConcepts ?? [], options.splitAtConcepts)]
      : []),
  ];
  // Facts read from clauses that must not stand apart are no reading: the whole, or other clauses, may tie them; else why is said.
  let untied: string | null = null;
  const tied = (reading: Reading<T>): boolean => {
    const reason = reading.ok && reading.parts.length > 1 ? (options.untied?.(reading.parts) ?? null) : null;
    untied ??= reason;
    return reading.ok && reason === null;
  };
  // Clauses joined by "and" that each state a fact are read as those facts; where a clause
  // is only a noun ("stdout and stderr are limited"), the sentence is one fact.
  const first = conjuncts.length > 1 ? readClauses(conjuncts, options) : null;
  if (first !== null && tied(first)) return first;
  // Untied where a later clause names a subject of its own ("…, and the output contains `x`"): read whole, its words would be the first's.
  if (untied !== null && conjuncts.slice(1).some((clause) => namesOne(clause, subjectOf(conjuncts[0])))) return { ok: false, notUnderstood: [], reason: untied };
  let wholeAttempts: Attempt<T>[] = [];
  // A negation in one clause of a conjunction only ("exits non-zero and X is never printed") does not negate the whole.
  const negates = (clause: Token[]) => clause.some((t) => t.kind === 'word' && t.concepts.includes('NOT'));
  // A negation in the first clause alone scopes over what follows it, when that says no fact of its own ("no container remains, running or stopped").
  const partlyNegated = conjuncts.length > 1 && conjuncts.some(negates) && !conjuncts.every(negates) && !(negates(conjuncts[0]) && conjuncts.slice(1).every((c) => !negates(c) && !('value' in readOne(c, options))));
  // "…, which is how a reader learns that …": a relative clause after a comma says something of the clause before it, never
  // words a fact that looks for words may take as its own (they had become texts to look for); read as clauses, it is refused.
  // A fact that reads the clause as what it is ("…, which is the exit code of the first failure") keeps it.
  const relativeAfterComma = options.relativeClauses === true && tokens.some((t, i) => t.kind === 'word' && RELATIVE.test(t.text) && tokens[i - 1]?.text === ',');
  let failure = first;
  if (options.wholeFirst && !partlyNegated && apart !== null) {
    const reading = readClauses(apart, options);
    if (tied(reading)) return reading;
    failure = reading;
  } else if (options.wholeFirst && !partlyNegated) {
    const whole = readOne(tokens, options);
    if ('value' in whole) {
      if (!(relativeAfterComma && options.wordsAsTexts?.includes(whole.rule))) return { ok: true, parts: [whole.value], rules: [whole.rule] };
    } else {
      if (whole.ambiguous) return { ok: false, notUnderstood: [], reason: `it reads as several different facts (${whole.ambiguous.join(', ')})` };
      wholeAttempts = whole.attempts;
    }
  }
  for (const parts of partitions.slice(conjuncts.length > 1 ? 1 : 0)) {
    if (parts.length <= 1 && options.wholeFirst) continue;
    const reading = readClauses(parts, options);
    if (tied(reading)) return reading;
    failure = reading;
  }
  if (!options.wholeFirst) {
    // A sentence that is one fact only as a whole ("neither the section nor the command sets a timeout"); with an aside, its words outside it.
    if (apart !== null) {
      const reading = readClauses(apart, options);
      if (tied(reading)) return reading;
    } else {
      const whole = readOne(tokens, options);
      if ('value' in whole) return { ok: true, parts: [whole.value], rules: [whole.rule] };
    }
    if (failure && untied === null) return failure;
  }
  if (untied !== null) return { ok: false, notUnderstood: [], reason: untied };
  // Where clauses of it read and others did not ("0 [it must not be 1]"), the words of those others are what was not understood.
  if (failure && !failure.ok && failure.notUnderstood.length > 0 && failure.notUnderstood.length < diagnose(wholeAttempts, tokens).length) return failure;
  return { ok: false, notUnderstood: diagnose(wholeAttempts, tokens), reason: 'words not accounted for by any fact' };
}

/** "X rather than Y", "X instead of Y": the clauses X and "not Y", when the sentence has such a contrast. */
function contrasted<T>(tokens: Token[], options: ReadOptions<T>): Token[][][] {
  const at = tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('CONTRAST'));
  if (at <= 0 || at === tokens.length - 1) return [];
  const not: Token = { kind: 'word', text: 'not', concepts: ['NOT'] };
  const before = clauses(tokens.slice(0, at), options.splitAt, [], [], options.splitAtConcepts);
  const after = tokens.slice(at + 1);
  // "the announcement line says `a` instead of `b`": Y takes X's place in the words that say X, and is denied there
  // (the announcement line does not say `b`); Y alone, where the frame does not read ("…, with code 124 rather than 3").
  const last = before.at(-1) ?? [];
  const valueAt = last.findIndex((t) => t.kind === 'entity');
  const frame = valueAt > 0 && after.some((t) => t.kind === 'entity') ? last.slice(0, valueAt) : [];
  return [...(frame.length > 0 ? [[...before, [not, ...frame, ...after]]] : []), [...before, [not, ...after]]];
}

/** What a clause opens with and later clauses may leave out: a quoted command line, "the second command", "the report". */
export function subjectOf(clause: Token[]): Token[] {
  const content = clause.filter((t) => !isFunction(t));
  const [first, second] = content;
  // A configuration field's path (`stop.commands[1].workdir`) is what an error names, no subject a later clause is said of.
  if (first?.kind === 'entity' && first.entity.type === 'quoted' && /^(?:stop\.)?commands\[\d+\]|^stop[.[]/.test(first.entity.text)) return [];
  if (first?.kind === 'entity' && first.entity.type === 'quoted') return [first];
  // "command 2's report begins with …, shows … and closes with …": that command's report, of every later clause (its edges are the report's, not the output's).
  const third = content[2];
  if (first?.kind === 'entity' && first.entity.type === 'ordinal' && first.entity.of === 'command' && second?.kind === 'word' && /^command$/i.test(second.text) && third?.kind === 'word' && /^report$/i.test(third.text)) return [first, second, third];
  if (first?.kind === 'entity' && first.entity.type === 'ordinal' && second?.kind === 'word' && second.concepts.includes('COMMAND')) return [first, second];
  // "the first report reads … and ends with …": that command's report.
  if (first?.kind === 'entity' && first.entity.type === 'ordinal' && first.entity.of === 'command' && second?.kind === 'word' && /^reports?$/i.test(second.text)) return [first, second];
  // "the second is reported as …": a command's place without its noun.
  if (first?.kind === 'entity' && first.entity.type === 'ordinal' && first.entity.of === 'command') return [first];
  // "the report opens with … and ends with …": the report, a noun that says nothing else ("the error" also says the command failed).
  // "the report of command 2 begins with … and closes with …": that command's report, the command said after it.
  if (first?.kind === 'word' && /^report$/i.test(first.text) && /^of$/i.test(clause[clause.indexOf(first) + 1]?.text ?? '')) {
    const at = clause.indexOf(first);
    const ordinal = clause.slice(at + 2, at + 4).find((t) => t.kind === 'entity' && t.entity.type === 'ordinal' && t.entity.of === 'command');
    const noun = ordinal === undefined ? undefined : clause[clause.indexOf(ordinal) + 1];
    if (ordinal !== undefined && noun?.kind === 'word' && /^command$/i.test(noun.text) && clause.slice(at + 2, clause.indexOf(ordinal)).every((t) => /^the$/i.test(t.text))) return [ordinal, noun, first];
  }
  if (first?.kind === 'word' && first.concepts.includes('MESSAGE') && !first.concepts.includes('FAIL')) return [first];
  // "both host commands run and succeed", "the container commands start and fail": the commands a word of place restricts, said of each later clause.
  const quantified = content.findIndex((t) => !(t.kind === 'word' && /^(both|each|every|all|the)$/i.test(t.text)));
  const [where, noun] = [content[quantified], content[quantified + 1]];
  if (where?.kind === 'word' && (where.concepts.includes('HOST') || where.concepts.includes('CONTAINER')) && !where.concepts.includes('COMMAND') && noun?.kind === 'word' && noun.concepts.includes('COMMAND') && /s$/i.test(noun.text)) return content.slice(0, quantified + 2);
  // "the run closes with … and exits with status 130": the executor, whose exit the later clause says.
  if (first?.kind === 'word' && first.concepts.includes('HOOK')) return [first];
  return [];
}

const PRONOUN = /^(it|they|its|their)$/i;

/** "stdout contains …", "the output shows …": the output, or a stream, a clause opens with (never "the line", a line of any place). */
function openingOutput(clause: Token[]): Token[] {
  const first = clause.find((t) => !isFunction(t));
  const output = first?.kind === 'entity' ? first.entity.type === 'stream' : first !== undefined && first.concepts.includes('OUTPUT') && !/^lines?$/i.test(first.text);
  return output ? [first!] : [];
}

/**
 * "… and SHALL contain `b`", "…; it SHALL also contain `b`": a clause whose first word past function words (and "it") is a
 * verb of saying, showing or writing, with no place of its own: its subject is left out, the one of the clause before.
 */
function subjectLeftOut(clause: Token[]): boolean {
  const first = clause.find((t) => !isFunction(t) && !(t.kind === 'word' && (/^(it|they)$/i.test(t.text) || t.concepts.includes('FILLER') || t.concepts.includes('NOT'))));
  const place = (t: Token) => (t.kind === 'entity' && t.entity.type === 'stream') || (t.kind === 'word' && ['OUTPUT', 'MESSAGE', 'NOTICE', 'ANYWHERE', 'COMMAND', 'HOOK'].some((c) => t.concepts.includes(c)) && !/^(it|they)$/i.test(t.text));
  return first?.kind === 'word' && ['MENTION', 'SHOWN', 'WRITE'].some((c) => first.concepts.includes(c)) && !clause.some(place);
}

/**
 * "the first command never ran, and the exit code is 2": a command said never to have run has no exit code, output or
 * report of its own, so it is no subject a later clause's status or text is said of (that status is the run's, or unread).
 */
function neverRan(clause: Token[]): boolean {
  const at = clause.findIndex((t) => t.kind === 'word' && t.concepts.includes('RUNS'));
  return at > 0 && clause.slice(0, at).some((t) => t.kind === 'word' && t.concepts.includes('NOT'));
}

/** The subject a clause names, which a later pronoun refers to: its opening command or report, the executor, a command; none when it is not plain. */
function namedSubject(clause: Token[]): Token[] {
  const opening = subjectOf(clause);
  if (opening.length > 0) return opening;
  const first = clause.find((t) => !isFunction(t));
  return first?.kind === 'word' && !PRONOUN.test(first.text) && first.concepts.some((c) => c === 'HOOK' || c === 'COMMAND') ? [first] : [];
}

/** Whether a clause names a subject of its own: a command, a pronoun, the output or the report. */
export function namesOne(clause: Token[], subject: Token[]): boolean {
  // A quoted text names the command when the subject is one; of the report, it is what the report says.
  // A pronoun ("runs its full two seconds") is the subject's, not another one.
  // Of the executor, a clause with a text of its own ("… and `x` is never printed") says something of that text, not of the executor.
  const hook = subject[0]?.kind === 'word' && subject[0].concepts.includes('HOOK');
  // Of a heading of the report ("`Output:` shows … and does not show …"), a quoted text is what is said there.
  const heading = subject.length === 1 && subject[0].kind === 'entity' && subject[0].entity.type === 'quoted' && /^[A-Z][\w ]*:$/.test(subject[0].entity.text);
  const namers = subject[0]?.kind === 'entity' && subject[0].entity.type === 'quoted' && !heading ? ['quoted', 'ordinal', 'path', 'image'] : hook ? ['quoted', 'ordinal', 'image'] : ['ordinal', 'image'];
  // A part of the report ("the output", "the message") is a subject where it opens the clause; after a verb it is what the verb says of the subject ("…, and succeeds with the output `x`").
  // "its output": the subject's own part, no subject of its own.
  const at = clause.findIndex((t) => !isFunction(t));
  // "with the output `x`": what the subject ended with, no subject either.
  // Of a command (by its place, its line, or "It" opening the sentence), "…, and the output line `x`" is that command's output, no subject of its own.
  const ofCommand = (subject[0]?.kind === 'entity' && (subject[0].entity.type === 'ordinal' || (subject[0].entity.type === 'quoted' && !heading))) || (subject[0]?.kind === 'word' && /^(It|Its)$/.test(subject[0].text));
  const opening = at >= 0 && !ofCommand && !/^(its|their)$/i.test(clause[at - 1]?.text ?? '') && !/^with$/i.test(clause[0]?.text ?? '') ? clause[at] : undefined;
  // "… and `x` does not appear anywhere": a text said to be (or not be) anywhere is said of all the run printed, never of the subject's part ("anywhere in its report" is the subject's).
  if (clause[at]?.kind === 'entity' && clause[at].entity.type === 'quoted' && clause.some((t) => t.kind === 'word' && t.concepts.includes('ANYWHERE')) && !clause.some((t) => t.kind === 'word' && PRONOUN.test(t.text))) return true;
  // "the first command's header says …, and the command is stopped …": "the command" is the one the subject names by its place, no other.
  const placed = subject[0]?.kind === 'entity' && subject[0].entity.type === 'ordinal' && subject[0].entity.of === 'command';
  const thatCommand = (t: Token) => placed && t.kind === 'word' && /^command$/i.test(t.text) && /^the$/i.test(clause[clause.indexOf(t) - 1]?.text ?? '');
  // "its first output line": a line's place names no command.
  return clause.some((t) => !thatCommand(t) && ((t.kind === 'entity' && namers.includes(t.entity.type) && !(t.entity.type === 'ordinal' && t.entity.of === 'line')) || (t.kind === 'word' && !PRONOUN.test(t.text) && (t.concepts.some((c) => ['COMMAND', 'HOOK', 'HOST', 'CONTAINER', 'USER'].includes(c) || (t === opening && ['MESSAGE', 'OUTPUT', 'NOTICE'].includes(c))) || /^(both|each|every|all|none)$/i.test(t.text)))));
}

/** A referent that is a command named by its place ("the second command"). */
const placedReferent = (referent: Token[] | null) => referent !== null && referent.length > 0 && referent[0].kind === 'entity' && referent[0].entity.type === 'ordinal';

/** Each clause read as one fact: all of them, or the reason why not. */
function readClauses<T>(parts: Token[][], options: ReadOptions<T>): Reading<T> {
  // A relative clause ("…, where X is written") says something of the clause before it, not a fact of its own.
  const relative = !options.relativeClauses ? undefined : parts.slice(1).find((clause) => clause[0]?.kind === 'word' && RELATIVE.test(clause[0].text));
  if (relative) return { ok: false, notUnderstood: [relative.map((t) => t.text).join(' ')], reason: 'a relative clause is not a fact of its own' };
  const values: T[] = [];
  const names: string[] = [];
  const missing: string[] = [];
  let ambiguous: string | null = null;
  let previous: Token[] | null = null;
  // The tokens the last clause read as one fact was read from (with the subject carried into it).
  let lastRead: Token[] | null = null;
  // "`sleep 4` is stopped after two seconds and reported with exit code 124": a clause that names no command is said of the one the first clause opens with.
  const subject = subjectOf(parts[0] ?? []);
  // Once a clause says a command never ran, no subject is carried into the clauses after it (see neverRan).
  let carrying = !neverRan(parts[0] ?? []);
  // "It" (or "Its") opening the sentence: the command the step before spoke of.
  const it = parts[0]?.[0]?.kind === 'word' && /^(It|Its)$/.test(parts[0][0].text) ? parts[0][0] : undefined;
  // Once a clause names a subject of its own ("…, the executor prints …, and it exits"), a later pronoun is that one's.
  let referent: Token[] | null = null;
  // "stdout contains `a` and contains `b`": the output the sentence opens with, said of each later clause that leaves its subject out; never the report.
  const output = subject.length === 0 ? openingOutput(parts[0] ?? []) : [];
  parts.forEach((clause, index) => {
    // "…, while no output line of that report reads `x`": a clause of its own, said beside the one before.
    if (index > 0 && clause.length > 1 && clause[0].kind === 'word' && /^(while|whereas)$/i.test(clause[0].text)) clause = clause.slice(1);
    // ", not 20": a contrast with the value of the clause before, which that clause's check already excludes; never a
    // clause of the sentence's subject ("the report opens with …, and the status is 137, not 0": not "the report names no 0").
    if (index > 0 && isContrast(clause)) return;
    if (index > 0 && output.length > 0 && subjectLeftOut(clause)) {
      const said = readOne([...output, ...clause.filter((t) => !(t.kind === 'word' && /^(it|they)$/i.test(t.text)))], options);
      if ('value' in said) {
        values.push(said.value);
        names.push(said.rule);
        previous = clause;
        lastRead = [...output, ...clause];
        return;
      }
      // A text it names would be sought in the whole report read alone ("… and SHALL contain `b`"): never. A clause
      // naming no text ("…, and lists seven problems") is a fact of its own, read as before.
      if (clause.some((t) => t.kind === 'entity' && t.entity.type === 'quoted')) {
        missing.push(clause.map((t) => t.text).join(' '));
        return;
      }
    }
    const pronoun = clause.some((t) => t.kind === 'word' && PRONOUN.test(t.text));
    // The subject the sentence opens with, said of this clause when it names none of its own.
    let carried: Token[] = [];
    // "Its report shows …, and the output line `x`": a part of the report opening a later clause of a sentence "It" opens is that command's part.
    const lead = clause.find((t) => !isFunction(t));
    // So is a time said after it ("…, with a Duration just over 2 seconds", "…, taking about 2 s"): that command's, never every command's.
    const partOfIt = index > 0 && it !== undefined && lead?.kind === 'word' && lead.concepts.some((c) => ['OUTPUT', 'MESSAGE', 'NOTICE', 'ELAPSED', 'ABOUT', 'JUST_OVER', 'JUST_UNDER', 'AT_MOST', 'AT_LEAST'].includes(c)) && !namesOne(clause, [it]) ? [it] : null;
    if (index > 0 && partOfIt === null && namesOne(clause, subject)) {
      referent = neverRan(clause) ? null : namedSubject(clause);
      if (referent === null) carrying = false;
    }
    else if (index > 0 && pronoun && referent !== null) {
      const said = referent.length > 0 ? readOne([...referent, ...clause.filter((t) => !(t.kind === 'word' && /^(it|they)$/i.test(t.text)))], options) : null;
      if (said && 'value' in said) {
        values.push(said.value);
        names.push(said.rule);
        previous = clause;
        lastRead = [...referent, ...clause];
        return;
      }
      missing.push(clause.map((t) => t.text).join(' '));
      return;
    } else if (index > 0 && carrying && (subject.length > 0 || placedReferent(referent) || partOfIt !== null)) {
      // Said of the command a clause in between named by its place, if one did ("the first …, the second has X but no Y"),
      // also where the sentence opens with no subject ("a configuration lists …, the second command runs `b` | with …").
      const reportOf = partOfIt ?? (placedReferent(referent) ? referent! : subject);
      // "command 2's report …, and finishes with `x`": where a clause is no fact of that command's report, it is one of the command.
      const ofCommand = reportOf.length === 3 && reportOf[0].kind === 'entity' && reportOf[0].entity.type === 'ordinal' ? reportOf.slice(0, 2) : null;
      const first = readOne([...reportOf, ...clause], options);
      const nearest = ofCommand !== null && !('value' in first) ? ofCommand : reportOf;
      carried = nearest;
      const said = nearest === reportOf ? first : readOne([...nearest, ...clause], options);
      if ('value' in said) {
        values.push(said.value);
        names.push(said.rule);
        previous = clause;
        lastRead = [...nearest, ...clause];
        return;
      }
    }
    // ", indicating a timeout", ", meaning it was stopped": what follows is a claim of its own.
    if (index > 0 && clause[0]?.kind === 'word' && PARTICIPLES.test(clause[0].text) && clause.length > 1) clause = clause.slice(1);
    // "… 1 to 10 and nothing after them": what an exact reading of the output already excludes.
    if (index > 0 && EXACT_OUTPUT.has(names.at(-1) ?? '') && isNothingMore(clause)) return;
    // "prints 5 lines to stdout and 5 lines to stderr": a clause of values alone, of the kinds the clause before holds, takes that clause's words.
    const kinds = (tokens: Token[]) => tokens.flatMap((t) => (t.kind === 'entity' ? [t.entity.type] : []));
    // Not after a fact that says what the output is, line for line: "the output is `a`, then `b`" is one output of two lines, not two outputs.
    const elliptic = previous !== null && !EXACT_OUTPUT.has(names.at(-1) ?? '') && clause.every((t) => isFunction(t) || t.kind === 'entity') && kinds(clause).length > 0 && kinds(clause).every((k) => kinds(previous!).includes(k));
    const alone = readOne(clause, options);
    // The words taken are said of the sentence's subject too ("the second is reported with `a`, and `b`": the second's `b`).
    // "the first as A, the second as timed out with B, the third as C": the words after an item's "as" are that item's alone; the gap takes
    // the words before it, the verb the items share ("is reported"), from the first clause that has any.
    const asAt = (tokens: Token[]) => tokens.findIndex((t) => t.kind === 'word' && /^as$/i.test(t.text));
    const roles = previous !== null && asAt(previous) >= 0 && asAt(clause) >= 0;
    const shared = (tokens: Token[]) => (roles && asAt(tokens) >= 0 ? tokens.slice(0, asAt(tokens)) : tokens);
    const before = previous === null ? [] : !roles || shared(previous).some((t) => t.kind === 'word' && !isFunction(t)) ? shared(previous) : shared(parts[0]);
    const gapped = !('value' in alone) && elliptic ? [...carried, ...before.filter((t) => t.kind === 'word' && !carried.some((c) => c.text === t.text)), ...clause] : clause;
    const one = gapped === clause ? alone : readOne(gapped, options);
    if ('value' in one) {
      values.push(one.value);
      names.push(one.rule);
      previous = gapped;
      lastRead = gapped;
      return;
    }
    // "it runs to its end, about three seconds": a time alone, said of the fact the clause before read, read with it as one fact.
    if (lastRead !== null && isTimeAlone(clause) && !lastRead.some((t) => t.kind === 'entity' && t.entity.type === 'duration')) {
      const joined = readOne([...lastRead, ...clause], options);
      if ('value' in joined) {
        values[values.length - 1] = joined.value;
        names[names.length - 1] = joined.rule;
        lastRead = null;
        return;
      }
    }
    // A clause that is not one fact may be several, split before the words that begin one ("finishes | with code 0").
    const pieces = options.wholeFirst ? clauses(clause, [], options.splitBefore ?? [], options.splitBeforeConcepts ?? []) : [];
    // Each piece is said of the clause's subject too ("…, and succeeds | with the output `x`").
    // A clause that opens with a command by its place ("the second (command) succeeds | with the output `b`") says its later pieces of that command.
    const first = clause.find((t) => !isFunction(t));
    const own = carried.length === 0 && first?.kind === 'entity' && first.entity.type === 'ordinal' && first.entity.of === 'command' ? [first] : [];
    const read = pieces.length > 1 ? pieces.map((piece, k) => readOne([...carried, ...(k > 0 ? own : []), ...piece], options)) : [];
    if (read.length > 0 && read.every((r) => 'value' in r)) {
      for (const r of read) if ('value' in r) (values.push(r.value), names.push(r.rule));
      lastRead = null;
      return;
    }
    if (one.ambiguous) ambiguous ??= `"${clause.map((t) => t.text).join(' ')}" reads as several different facts (${one.ambiguous.join(', ')})`;
    else missing.push(...diagnose(one.attempts, clause));
  });
  if (missing.length === 0 && ambiguous === null && values.length > 0) return { ok: true, parts: values, rules: names };
  return ambiguous !== null && missing.length === 0 ? { ok: false, notUnderstood: [], reason: ambiguous } : { ok: false, notUnderstood: missing, reason: 'words not accounted for by any fact' };
}
