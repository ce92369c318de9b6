// A reading keeps every number its sentence says. Inside a compound sentence ("3 lines shown,
// 7 omitted", "it shows 3 lines and omits 7") a fact that reads one clause may take the words of
// another as its own and drop the rest: the sentence then binds to a weaker reading, or to
// another (the omitted count read as 3). A count or a bare number of the sentence that no check
// of its reading holds is such a clause dropped, and the sentence is left unread instead.

import type { Token } from './lexicon.js';

/** A word of denial or contrast: "not 20", "rather than 124", "11 is not". */
const denies = (t: Token | undefined) => t?.kind === 'word' && t.concepts.some((c) => c === 'NOT' || c === 'CONTRAST');

/** A plural noun after a number, not a verb of showing or leaving out ("7 omitted"): what the number counts. */
const countsThings = (t: Token | undefined) => t?.kind === 'word' && /^[a-z]{3,}s$/i.test(t.text) && !t.concepts.some((c) => ['OMITTED', 'SHOWN', 'WRITE', 'MENTION', 'FUNCTION'].includes(c));

/**
 * The numbers of TOKENS that a reading must hold: counts with their unit and bare numbers, outside quotes. Not a number
 * denied ("exits 3, not 5", "1 to 10 are printed and 11 is not"): the value read for its measure denies it already.
 */
function saidNumbers(tokens: readonly Token[]): { n: number; text: string; counted: boolean }[] {
  return tokens.flatMap((t, i) => {
    if (t.kind !== 'entity' || (t.entity.type !== 'count' && t.entity.type !== 'number')) return [];
    if ([tokens[i - 1], tokens[i - 2], tokens[i + 1], tokens[i + 2]].some(denies)) return [];
    // "the two limits", "both of its three notes": a number of things named by a plural noun after it, which the fact reads as those things.
    if (t.entity.type === 'number' && countsThings(tokens[i + 1])) return [];
    return [{ n: t.entity.n, text: t.text, counted: t.entity.type === 'count' }];
  });
}

/** How many quoted texts TEXT (a check's interpretation) names, the heading a block is under aside: "the block under "Output:" holds "a" and "b"" names 2. */
const textsNamed = (text: string) => [...text.matchAll(/"(?:[^"\\]|\\.)*"/g)].filter((m) => !/\bunder $/.test(text.slice(0, m.index))).length;

/** Whether TEXT (a check's interpretation) holds N as a number of its own. */
function holdsNumber(text: string, n: number): boolean {
  return new RegExp(`(?<![\\d.])${String(n).replace('.', '\\.')}(?![\\d]|\\.\\d)`).test(text);
}

/** A number of TOKENS at I, a count or a bare one: its value. */
const numberAt = (tokens: readonly Token[], i: number): number | null => {
  const t = tokens[i];
  return t?.kind === 'entity' && (t.entity.type === 'count' || t.entity.type === 'number') ? t.entity.n : null;
};

/**
 * "10 of 50 output lines", "2 out of 4 commands": a part of a whole, one quantity said with two numbers. A reading
 * that checks the two apart (10 anywhere, 50 lines anywhere) says less than the sentence: some check must hold them
 * together ("10 of 50"). The words of each such ratio no check holds.
 */
function ratiosSplit(tokens: readonly Token[], texts: readonly string[]): string[] {
  return tokens.flatMap((t, i) => {
    const part = numberAt(tokens, i);
    const out = tokens[i + 1]?.kind === 'word' && tokens[i + 1].text.toLowerCase() === 'out' ? 1 : 0;
    const of = tokens[i + 1 + out];
    const whole = numberAt(tokens, i + 2 + out);
    if (part === null || whole === null || of?.kind !== 'word' || of.text.toLowerCase() !== 'of') return [];
    const together = new RegExp(`(?<![\\d.])${part}\\s+(?:out\\s+)?of\\s+${whole}(?![\\d.])`);
    return texts.some((text) => together.test(text)) ? [] : [`${t.text} ${out ? 'out of' : 'of'} ${tokens[i + 2 + out].text}`];
  });
}

/** Whether TOKEN is a word of the grace period ("grace", "grace period"). */
const isGrace = (t: Token | undefined) => t?.kind === 'word' && /^grace\b/i.test(t.text);

/**
 * "SIGKILL after 2.000s grace period", "a grace period of 2 s": a duration said of the grace. A reading that seeks it as
 * any duration of the report is met by the timeout's figure as well ("timeout 2s"); some check must hold it as the grace
 * ("grace period == 2 s", or the time from SIGTERM to SIGKILL). The words of each such duration no check holds so.
 */
function graceFiguresElsewhere(tokens: readonly Token[], texts: readonly string[]): string[] {
  const ofGrace = texts.some((text) => /\bgrace(?: period)? == |SIGKILL − SIGTERM/.test(text));
  return tokens.flatMap((t, i) => {
    if (t.kind !== 'entity' || t.entity.type !== 'duration') return [];
    const before = tokens.slice(Math.max(0, i - 3), i);
    const said = isGrace(tokens[i + 1]) || (before.some(isGrace) && before.at(-1)?.kind === 'word' && /^(?:of|is|was|=|:)$/i.test(before.at(-1)!.text));
    return said && !ofGrace ? [`${t.text} grace`] : [];
  });
}

/**
 * "failed with exit code 1, the lines …": a number said right after the noun of a code is that code's value. A reading
 * that holds the figure elsewhere (a text "1" shown) and the code as any failure says less than the sentence; some check
 * must hold the code with that value ("exit code == 1", "the messages name the exit code and "1""). The words of each such code no check holds so.
 */
function codesElsewhere(tokens: readonly Token[], texts: readonly string[]): string[] {
  return tokens.flatMap((t, i) => {
    const n = numberAt(tokens, i + 1);
    if (t.kind !== 'word' || !t.concepts.includes('EXIT') || n === null) return [];
    const figure = new RegExp(`(?<![\\d.])${n}(?![\\d.])`);
    return texts.some((text) => /\b(?:code|status)\b/.test(text) && figure.test(text)) ? [] : [`${t.text} ${tokens[i + 1].text}`];
  });
}

/** The words of a number of TOKENS that none of the checks' TEXTS holds, or [] where each is kept. */
export function numbersDropped(tokens: readonly Token[], texts: readonly string[]): string[] {
  // A count of one ("one line ends with `x`") is the article; a number of the texts a check names ("the three lines `a`, `b` and `c`", "the two placeholders") is theirs.
  const kept = ({ n, counted }: { n: number; counted: boolean }) => texts.some((text) => holdsNumber(text, n) || textsNamed(text) === n || (counted && n === 1));
  return [...saidNumbers(tokens).filter((said) => !kept(said)).map(({ text }) => text), ...ratiosSplit(tokens, texts), ...graceFiguresElsewhere(tokens, texts), ...codesElsewhere(tokens, texts)];
}
