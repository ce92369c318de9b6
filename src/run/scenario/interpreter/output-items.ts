// A set of the command's output lines said shown or not, in the writer's words: lists ("1, 2 and 3 from standard
// output"), ranges in their spellings ("lines 1 to 5", "101–104", "line1 to line3"), the ends of the output ("the last
// three lines, 23, 24 and 25"), denials ("none of the lines 1 to 10", "3, 4 and 103 are not",
// "and not line 6", "neither 4 nor 5"), "only" and "none of the later lines", each set on its stream where one is
// named ("from stdout", "(stderr)", "of standard error", "the error stream"). Said actively ("the first report shows
// …", "the operator sees …") or passively ("… are shown; … are not"). An item is a line's whole text: a number, a
// quoted text, or a word with a number in it as commands print them (`echo line$i`, `echo e1`); a bare word is no
// item (it may be any word of the sentence), and the sentence is left unread. A line said not shown must have been
// printed and left out: its stream (both, where none is named) lost at least as many lines as the set names, so
// that a line never printed is not read as "not shown". Read only where the whole sentence is such sets.
import type { CommandRecord } from '../../../executor/record.js';
import type { StreamName } from '../../../executor/output.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';

type Tok = { kind: 'word'; low: string; text: string } | { kind: 'num'; n: number; text: string } | { kind: 'code'; text: string } | { kind: 'punct'; text: string } | { kind: 'stream'; stream: StreamName; text: string };

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

function tokens(text: string): Tok[] | null {
  const out: Tok[] = [];
  for (const m of text.matchAll(/`([^`]*)`|“([^”]*)”|"([^"]*)"|(\d+)|([A-Za-z][A-Za-z0-9_]*(?:['’][st])?(?:-[A-Za-z0-9_]+)*:?)|([,;()–-])|(\S)/g)) {
    if (m[7] !== undefined) return null;
    // A number in code marks ("line `6`", "`1` to `5`") is the number a line reads, as written bare: a whole line, a range's end.
    if ((m[1] ?? m[2] ?? m[3]) !== undefined && /^\d{1,7}$/.test(m[1] ?? m[2] ?? m[3])) out.push({ kind: 'num', n: +(m[1] ?? m[2] ?? m[3]), text: m[1] ?? m[2] ?? m[3] });
    else if (m[1] !== undefined || m[2] !== undefined || m[3] !== undefined) out.push({ kind: 'code', text: m[1] ?? m[2] ?? m[3] });
    else if (m[4] !== undefined) out.push({ kind: 'num', n: +m[4], text: m[4] });
    else if (m[5] !== undefined) out.push({ kind: 'word', low: m[5].toLowerCase().replaceAll('’', "'"), text: m[5] });
    else out.push({ kind: 'punct', text: m[6] === '–' ? '-' : m[6] });
  }
  // The streams in their spellings: "stdout", "standard output (stream)", "the error stream", "the output channel".
  const merged: Tok[] = [];
  for (let i = 0; i < out.length; i++) {
    const w = (k: number) => (out[k]?.kind === 'word' ? (out[k] as { low: string }).low : '');
    const channel = (k: number) => (/^(?:stream|channel)$/.test(w(k)) ? 1 : 0);
    if (w(i) === 'stdout' || w(i) === 'stderr') merged.push({ kind: 'stream', stream: w(i) as StreamName, text: out[i].text });
    else if (w(i) === 'standard' && /^(?:output|out|error)$/.test(w(i + 1))) {
      merged.push({ kind: 'stream', stream: w(i + 1) === 'error' ? 'stderr' : 'stdout', text: `standard ${w(i + 1)}` });
      i += 1 + channel(i + 2);
    } else if (/^(?:error|output)$/.test(w(i)) && channel(i + 1) === 1) {
      merged.push({ kind: 'stream', stream: w(i) === 'error' ? 'stderr' : 'stdout', text: `${w(i)} ${w(i + 1)}` });
      i += 1;
    } else merged.push(out[i]);
  }
  return merged;
}

/** A command's line, as the writer names it: its whole text. */
interface ItemSet {
  items: string[];
  stream?: StreamName;
  /** "the last three lines", "the first 5 lines": the set is that end of the stream's output. */
  end?: 'first' | 'last';
  /** "none of the later lines": the lines after the set before it. */
  later?: true;
  /** "nothing from `4` on": the later lines, said from the line after the set before it (its number, one more than that set's last). */
  from?: string;
  /** "nothing after them": the later lines, whether any was printed or not (none is shown). */
  anyPrinted?: true;
}

/**
 * "nothing from 4 on", "none from line 4 onwards", "nothing after them": the lines after the set before it, denied. From a
 * line that is not the one right after that set's last ("1, 2, 3 and nothing from 6 on" says nothing of 4 and 5) it is not read.
 */
function rest(c: Cursor, before: ItemSet | undefined): ItemSet | null {
  return c.attempt(() => {
    if (before === undefined || before.items.length === 0 || before.later) return null;
    if (!c.take('nothing|none')) return null;
    if (c.take('after|beyond', 'them|those|these|that|it')) return { items: [], stream: before.stream, later: true, anyPrinted: true };
    if (!c.take('from')) return null;
    c.take('lines?');
    const t = c.peek();
    const last = before.items.at(-1)!;
    const numbered = /^(.*?)(\d+)$/.exec(last);
    if (t?.kind !== 'num' || numbered === null || `${numbered[1]}${+numbered[2] + 1}` !== `${numbered[1]}${t.n}` || numbered[1] !== '') return null;
    c.at++;
    if (!c.take('on|onwards?|forwards?')) return null;
    return { items: [], stream: before.stream, later: true, from: String(t.n) };
  });
}
/** AFTER: said to follow the clause before it ("followed by", "then"): its lines come after that clause's in the output. */
interface Clause { set: ItemSet; shown: boolean; after?: true; ordered?: true }
interface Said { clauses: Clause[]; only: boolean; owner?: number | 'last'; partial: boolean }

class Cursor {
  constructor(readonly toks: Tok[], public at = 0) {}
  get done() { return this.at >= this.toks.length; }
  peek(k = 0): Tok | undefined { return this.toks[this.at + k]; }
  word(k = 0): string { const t = this.peek(k); return t?.kind === 'word' ? t.low : ''; }
  /** Takes the words of PHRASE (space-separated, each a regex of one word) where they come next. */
  take(...phrase: string[]): boolean {
    if (phrase.some((p, k) => !new RegExp(`^(?:${p})$`).test(this.word(k)))) return false;
    this.at += phrase.length;
    return true;
  }
  punct(p: string): boolean {
    const t = this.peek();
    if (t?.kind === 'punct' && t.text === p) { this.at++; return true; }
    return false;
  }
  /** Runs READ; where it fails (null), the cursor goes back. */
  attempt<T>(read: () => T | null): T | null {
    const at = this.at;
    const got = read();
    if (got === null) this.at = at;
    return got;
  }
}

const countOf = (c: Cursor): number | null => {
  const t = c.peek();
  if (t?.kind === 'num') { c.at++; return t.n; }
  const n = NUMBER_WORDS.indexOf(c.word());
  if (n < 0) return null;
  c.at++;
  // "four (4)": a number said twice.
  if (c.peek()?.kind === 'punct' && (c.peek() as { text: string }).text === '(' && c.peek(1)?.kind === 'num' && (c.peek(1) as { n: number }).n === n && c.peek(2)?.kind === 'punct') c.at += 3;
  return n;
};

/** The executor's own lines among the output (placeholders, omission indicators, the closing notes), spec-run's messages, and a JSON member (of the --log file's lines). */
const EXECUTOR_NOTE = /^\(|^(?:stdout|stderr):\s|^spec-run\b|\blines? omitted\b|^"[^"]*"\s*:/i;

/** A word with a number in it, as commands print them (`line3`, `e1`, `out-2`): its text and its number. */
const NUMBERED = /^([a-z][a-z_-]*?)(\d+)$/i;

/** "7", "`warn`", "line3", "1 to 5", "1-5", "line1 to line3": the texts a list item names, or null. */
function item(c: Cursor): string[] | null {
  return c.attempt(() => {
    c.take('lines?');
    const t = c.peek();
    // A quoted text is a line of the command's, never one of the executor's notes about the output ("(stdout: output hidden …)", "stdout: ... (3 lines omitted)").
    if (t?.kind === 'code') { c.at++; return t.text.trim() === '' || EXECUTOR_NOTE.test(t.text.trim()) ? null : [t.text]; }
    const first = t?.kind === 'num' ? { prefix: '', n: t.n } : t?.kind === 'word' && NUMBERED.test(t.text) ? { prefix: NUMBERED.exec(t.text)![1], n: +NUMBERED.exec(t.text)![2] } : null;
    if (!first) return null;
    c.at++;
    const to = c.attempt(() => {
      if (!(c.take('to|through|thru|until') || c.punct('-'))) return null;
      c.take('lines?');
      const u = c.peek();
      const last = first.prefix === '' ? (u?.kind === 'num' ? u.n : null) : u?.kind === 'word' && NUMBERED.exec(u.text)?.[1] === first.prefix ? +NUMBERED.exec(u.text)![2] : null;
      if (last === null) return null;
      c.at++;
      return last;
    });
    if (to !== null && (to <= first.n || to - first.n > 1000)) return null;
    return Array.from({ length: (to ?? first.n) - first.n + 1 }, (_, k) => `${first.prefix}${first.n + k}`);
  });
}

/** "1, 2 and 3", "line 6 and line 106", "e1 and e2": the items of a list. */
function list(c: Cursor): string[] | null {
  const first = item(c);
  if (!first) return null;
  const all = [...first];
  for (;;) {
    const next = c.attempt(() => {
      const comma = c.punct(',');
      const and = c.take('and|or');
      return comma || and ? item(c) : null;
    });
    if (!next) return all;
    all.push(...next);
  }
}

/** "of stdout", "from standard error", "on the error stream", "(stderr)": a set's stream said after it. */
function streamAfter(c: Cursor): StreamName | null {
  return c.attempt(() => {
    const paren = c.punct('(');
    if (!paren && !c.take('of|from|on|in|to|for')) return null;
    c.take('the|its');
    const t = c.peek();
    if (t?.kind !== 'stream') return null;
    c.at++;
    if (paren && !c.punct(')')) return null;
    return t.stream;
  });
}

const LINE_NOUN = 'lines?|numbers?';

/** A set of output lines: "the stdout lines 23, 24 and 25", "all four stderr lines, 101 to 104,", "the last three lines, 23, 24 and 25", "1, 2 and 3 from stdout", "the later lines". */
function itemSet(c: Cursor): ItemSet | null {
  return c.attempt(() => {
    const all = c.take('all');
    c.take('the');
    const end = c.take('first') ? 'first' : c.take('last') ? 'last' : undefined;
    const later = !all && end === undefined && c.take('later|following|remaining');
    const count = end !== undefined || all ? countOf(c) : null;
    if ((end !== undefined || all) && count === null) return null;
    let stream: StreamName | undefined;
    const s = c.peek();
    if (s?.kind === 'stream') { stream = s.stream; c.at++; }
    const noun = c.take('output') ? c.take(LINE_NOUN) : c.take(LINE_NOUN);
    if (later) {
      if (!noun) return null;
      const after = streamAfter(c);
      if (after && stream && after !== stream) return null;
      return { items: [], stream: stream ?? after ?? undefined, later: true };
    }
    c.punct(',');
    const items = list(c);
    // "the last 10 lines are shown", its lines not named: whether no others are is not said, and it is left unread.
    if (!items) return null;
    if (count !== null && count !== items.length) return null;
    const closedComma = c.attempt(() => (c.punct(',') && c.peek()?.kind === 'word' && /^(?:are|is|were|was|shall|should|must|will)$/.test(c.word()) ? true : null));
    const after = closedComma ? null : streamAfter(c);
    if (after && stream && after !== stream) return null;
    return { items, stream: stream ?? after ?? undefined, end };
  });
}

/** "in the output", "under Output:", "as partial output", "under Partial Output:", "in the report": where the lines are said shown. Whether it names the partial output, or null for no place. */
function place(c: Cursor): { partial: boolean } | null {
  return c.attempt(() => {
    if (c.take('in|on', 'the', 'output|report') || c.take('in|on', 'the', 'output', 'section|block') || c.take('under', 'output:?') || c.take('under', 'the', 'output:?', 'heading|block|section')) return { partial: false };
    if (c.take('as', 'partial', 'output') || c.take('under', 'partial', 'output:?') || c.take('under', 'the', 'partial', 'output:?', 'heading|block|section')) return { partial: true };
    return null;
  });
}

const IS = 'are|is|were|was';
const MODAL = 'shall|should|must|will';
const SHOWN = 'shown|displayed|kept|visible|present|retained|listed|included|printed';

/** The predicate of a passive clause: true for shown, false for not, null for none; and where. */
function predicate(c: Cursor): { shown: boolean; partial: boolean } | null {
  return c.attempt(() => {
    let shown: boolean | null = null;
    const at = c.at;
    if (c.take(IS, 'not') || c.take("aren't|isn't|weren't|wasn't") || c.take(MODAL, 'not', 'be') || c.take("shan't|shouldn't|mustn't|won't", 'be')) {
      c.take('shown|displayed|kept|visible|present|retained|listed|included');
      shown = false;
    } else if (c.take(IS, 'absent|missing|omitted|dropped|hidden') || c.take(IS, 'left', 'out') || c.take(MODAL, 'be', 'absent|missing|omitted|dropped|hidden') || c.take(MODAL, 'be', 'left', 'out') || c.take('do|does|did|shall|should|must|will', 'not', 'appear|show') || c.take("don't|doesn't|didn't|won't", 'appear|show') || c.take('never', 'appears?') || c.take('appears?', 'nowhere')) {
      shown = false;
    } else if (c.take(IS, 'all|both|still', SHOWN) || c.take(IS, SHOWN) || c.take(MODAL, 'be', SHOWN) || c.take(MODAL, 'be', 'all|still', SHOWN) || c.take('appears?|show', 'up') || c.take('appears?|shows') || c.take(MODAL, 'appear')) {
      shown = true;
    } else if (c.take(IS, 'among', 'the', 'lines', 'shown') || c.take(IS, 'among', 'the', 'shown', 'lines')) shown = true;
    if (shown === null) return null;
    const appearing = c.toks.slice(at, c.at).some((t) => t.kind === 'word' && /^(?:appears?|show|shows)$/.test(t.low));
    const where = place(c);
    // "`result.json` appears", "`x` never shows up": without a place, what appears may be a file of the project.
    if (appearing && where === null) return null;
    return { shown, partial: where?.partial ?? false };
  });
}

/** ", in that order", "in this order", "in the same order", "in order": said of the set before it. */
const inThatOrder = (c: Cursor) => c.attempt(() => ((c.punct(',') || true) && (c.take('in', 'that|this', 'order') || c.take('in', 'the', 'same', 'order') || c.take('in', 'order')) ? true : null)) === true;

/** Whether the lines of SET stand among the lines shown in the order the set names them, each on its stream. */
function inOrder(c: CommandRecord, set: ItemSet): boolean {
  const shown = linesOf(c, set.stream);
  let from = 0;
  for (const x of set.items) {
    const at = shown.indexOf(x, from);
    if (at < 0) return false;
    from = at + 1;
  }
  return true;
}

/** "are not", "is not": a clause that denies a set, its verb of showing said before (elided). */
const elidedDenial = (c: Cursor) => c.attempt(() => (c.take(IS, 'not') || c.take("aren't|isn't|weren't|wasn't") || c.take(MODAL, 'not') ? true : null));

/** ", and", "; ", "but", ", while": between clauses. */
const joint = (c: Cursor) => {
  const sep = c.punct(',') || c.punct(';');
  const word = c.take('and|but|while|whereas');
  return sep || word;
};

/** "The first report", "the second job's output", "the operator", "it": the subject before an active verb; its command and stream. */
function subject(c: Cursor): { owner?: number | 'last'; partial: boolean } | null {
  return c.attempt(() => {
    if (c.take('it|we|i|you') || c.take('the', 'operator|user|reader|caller')) return { partial: false };
    // A stream as the subject ("stderr shows …") is not read: writers say so of spec-run's own standard error as well.
    if (c.take('partial', 'output:?')) return { partial: true };
    if (c.take('output:?')) return { partial: false };
    if (!c.take('the|its')) return null;
    const ordinal = ORDINALS.indexOf(c.word());
    if (ordinal >= 0 || c.word() === 'last') {
      c.at++;
      if (!c.take("(?:report|command|job|step|task|stage|check)(?:'s)?")) return null;
      c.take('report|output');
      return { owner: ordinal >= 0 ? ordinal : 'last', partial: false };
    }
    if (c.take('partial', 'output:?')) { c.take('section|block'); return { partial: true }; }
    if (c.take('output|report|console') ) { c.take('section|block|log'); return { partial: false }; }
    return null;
  });
}

const ACTIVE = 'shows|displays|keeps|contains|includes|lists|has|sees|prints|gets|show|display|keep|contain|include|list|have|see|print|get';
const ACTIVE_BARE = 'show|display|keep|contain|include|list|have|see|print|get';

/** The sentence as sets of lines said shown or not, or null where any word of it is not so read. */
function parse(toks: Tok[]): Said | null {
  const c = new Cursor(toks);
  const clauses: Clause[] = [];
  let partial = false;
  const who = c.attempt(() => {
    const s = subject(c);
    if (!s) return null;
    return c.take(ACTIVE) || c.take(MODAL, ACTIVE_BARE) ? s : null;
  });
  if (who) {
    // Active: "shows 1, 2 and 3 from stdout and 101 to 103 from stderr, but none of the later lines".
    const only = c.take('only');
    let first = true;
    while (!c.done) {
      const after = !first && c.attempt(() => (((c.punct(',') || true) && (c.take('followed', 'by') || c.take('and', 'then') || c.take('then'))) ? true : null)) === true;
      if (!first && !after && !joint(c)) return null;
      first = false;
      const later = after ? null : rest(c, clauses.at(-1)?.set);
      if (later) { clauses.push({ set: later, shown: false }); continue; }
      const denied = c.take('not') || c.take('none', 'of') || c.take('no') || c.take('nor') || c.take('neither') || c.take('but', 'not');
      const set = itemSet(c);
      if (!set) return null;
      const where = place(c);
      partial ||= where?.partial ?? false;
      const ordered = inThatOrder(c);
      if (after && denied) return null;
      if (ordered && (denied || set.items.length < 2)) return null;
      clauses.push({ set: { ...set, stream: set.stream }, shown: !denied, ...(after ? { after: true as const } : {}), ...(ordered ? { ordered: true as const } : {}) });
    }
    return clauses.length === 0 ? null : { clauses, only, owner: who.owner, partial: partial || who.partial };
  }
  // Passive: "lines 1 to 5 of stdout and 101 to 105 of stderr are shown, line 6 and line 106 are not".
  let only = false;
  let first = true;
  while (!c.done) {
    if (!first && !joint(c)) return null;
    const lead = first && c.take('only') ? 'only' : c.take('none', 'of') ? 'none' : c.take('neither') ? 'neither' : '';
    if (lead === 'only') only = true;
    first = false;
    const sets: ItemSet[] = [];
    for (;;) {
      const set = itemSet(c);
      if (!set) return null;
      sets.push(set);
      if (!c.attempt(() => (((c.punct(',') && (c.take('and') || true)) || c.take('and') || (lead === 'neither' && c.take('nor'))) && c.peek() !== undefined && !/^(?:are|is|were|was|shall|should|must|will)$/.test(c.word()) ? true : null))) break;
    }
    const pred = lead === 'none' || lead === 'neither' ? predicate(c) : predicate(c) ?? (elidedDenial(c) ? { shown: false, partial: false } : null);
    if (!pred) return null;
    // "None of the lines 1 to 10 is shown": the denial is the set's; "none … are not shown" says two denials, not read.
    if ((lead === 'none' || lead === 'neither') && !pred.shown) return null;
    partial ||= pred.partial;
    const shown = lead === 'none' || lead === 'neither' ? false : pred.shown;
    // "lines 21 to 25 are shown, in that order": the lines of each set shown, in the order the set names them.
    const ordered = inThatOrder(c);
    if (ordered && (!shown || sets.some((set) => set.items.length < 2))) return null;
    clauses.push(...sets.map((set) => ({ set, shown, ...(ordered ? { ordered: true as const } : {}) })));
  }
  return clauses.length === 0 ? null : { clauses, only, partial };
}

const lost = (c: CommandRecord, stream: StreamName | undefined) => (stream === undefined ? ['stdout', 'stderr'] : [stream]).reduce((n, s) => n + c.streams[s as StreamName].printed - c.streams[s as StreamName].shown, 0);
const linesOf = (c: CommandRecord, stream: StreamName | undefined) => c.lines.filter((l) => stream === undefined || l.stream === stream).map((l) => l.text.trim());
/** Where lines a limit left out are, as the command kept its output: the lost lines are before the shown ones, or after. */
const lostBefore = (c: CommandRecord) => c.limits.keepOutput === 'tail';

/** Whether every line of LATER comes after every line of EARLIER among the lines shown, each on its stream. */
function follows(c: CommandRecord, earlier: ItemSet, later: ItemSet): boolean {
  const at = (set: ItemSet) => c.lines.flatMap((l, k) => ((set.stream === undefined || l.stream === set.stream) && set.items.includes(l.text.trim()) ? [k] : []));
  const [before, after] = [at(earlier), at(later)];
  return before.length > 0 && after.length > 0 && Math.max(...before) < Math.min(...after);
}

function holds(said: Said, c: CommandRecord): boolean {
  if (said.partial && !c.report.split('\n').some((l) => l.trim() === 'Partial Output:')) return false;
  const ok = said.clauses.every(({ set, shown }, i) => {
    const texts = linesOf(c, set.stream);
    if (set.later) {
      // The lines after the set before it: it ends the stream's lines shown, and lines after it were printed and left out.
      const before = said.clauses[i - 1]?.set.items.at(-1);
      if (set.anyPrinted) return !shown && before !== undefined && texts.at(-1) === before;
      if (set.from !== undefined && texts.includes(set.from)) return false;
      return !shown && before !== undefined && texts.at(-1) === before && lost(c, set.stream) > 0 && !lostBefore(c);
    }
    if (!shown) return set.items.every((x) => !texts.includes(x)) && lost(c, set.stream) >= set.items.length;
    if (!set.items.every((x) => texts.includes(x))) return false;
    if (said.clauses[i].after && !follows(c, said.clauses[i - 1].set, set)) return false;
    if (said.clauses[i].ordered && !inOrder(c, set)) return false;
    if (set.end === undefined) return true;
    const n = set.items.length;
    const ends = set.end === 'last' ? texts.slice(-n) : texts.slice(0, n);
    const atEnd = lost(c, set.stream) === 0 || (set.end === 'last' ? lostBefore(c) : !lostBefore(c));
    return atEnd && ends.join('\n') === set.items.join('\n');
  });
  if (!ok || !said.only) return ok;
  const named = said.clauses.filter((cl) => cl.shown);
  const streams = new Set(named.map((cl) => cl.set.stream));
  const scope = streams.size === 1 ? [...streams][0] : undefined;
  const allowed = new Set(named.flatMap((cl) => cl.set.items));
  return linesOf(c, scope).every((x) => allowed.has(x));
}

const onStream = (s: StreamName | undefined) => (s === undefined ? '' : ` on ${s}`);
function describe(said: Said): string {
  const parts = said.clauses.map(({ set, shown }, i) => {
    const lostText = `and ${set.stream ?? 'stdout and stderr together'} left out at least`;
    if (set.anyPrinted) return `no line the command printed${onStream(set.stream)} shown after ${JSON.stringify(said.clauses[i - 1]?.set.items.at(-1) ?? '')} (it is the last shown${onStream(set.stream)})`;
    if (set.later) return `no line${onStream(set.stream)} ${set.from !== undefined ? `from ${JSON.stringify(set.from)} on` : `after ${JSON.stringify(said.clauses[i - 1]?.set.items.at(-1) ?? '')}`} shown (${JSON.stringify(said.clauses[i - 1]?.set.items.at(-1) ?? '')} is the last shown${onStream(set.stream)}, ${lostText} 1 line after it)`;
    const texts = set.items.map((x) => JSON.stringify(x)).join(', ');
    if (!shown) return `no shown line${onStream(set.stream)} reads any of ${texts}, ${lostText} ${set.items.length} line(s)`;
    const following = `${said.clauses[i].ordered ? ', in that order' : ''}${said.clauses[i].after ? `, after those of ${said.clauses[i - 1].set.items.map((x) => JSON.stringify(x)).join(', ')}` : ''}`;
    return `a shown line${onStream(set.stream)} reads each of ${texts}${following}${set.end === undefined ? '' : ` and they are the ${set.end} lines shown${onStream(set.stream)}, any lines left out at the other end`}`;
  });
  if (said.only) parts.push('no other line is shown');
  if (said.partial) parts.push('under the report\'s "Partial Output:"');
  const who = said.owner === undefined ? 'some command' : said.owner === 'last' ? 'the last command' : `command ${said.owner + 1}`;
  return `${who}: ${parts.join('; ')}`;
}

/** The reading of a sentence that names sets of the command's output lines as shown or not; null for any other sentence. */
export function outputItemsReading(sentence: string): Reading<Check> | null {
  const toks = tokens(sentence.trim().replace(/[.;]$/, '').replace(/\s+/g, ' '));
  const said = toks && parse(toks);
  if (!said) return null;
  // "none of the later lines" alone follows no set.
  if (said.clauses.every((cl) => cl.set.items.length === 0)) return null;
  const check: Check = {
    text: describe(said),
    evaluate(o) {
      const all = o.record.commands;
      const chosen = said.owner === undefined ? all : said.owner === 'last' ? all.slice(-1) : all.slice(said.owner, said.owner + 1);
      const shown = chosen.map((c) => `command ${c.index + 1} shows ${JSON.stringify(c.lines.slice(0, 12).map((l) => `${l.stream}: ${l.text}`))}${c.lines.length > 12 ? '…' : ''} (stdout ${c.streams.stdout.printed} printed, ${c.streams.stdout.shown} shown; stderr ${c.streams.stderr.printed} printed, ${c.streams.stderr.shown} shown; keeps the ${c.limits.keepOutput === 'tail' ? 'last' : 'first'} lines)`);
      return { ok: chosen.some((c) => holds(said, c)), actual: chosen.length === 0 ? 'no such command ran' : shown.join('; ') };
    },
  };
  return { ok: true, parts: [check], rules: ['sets of output lines shown and not'] };
}
