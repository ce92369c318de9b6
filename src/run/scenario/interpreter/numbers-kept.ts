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

/** The words of a number of TOKENS that none of the checks' TEXTS holds, or [] where each is kept. */
export function numbersDropped(tokens: readonly Token[], texts: readonly string[]): string[] {
  // A count of one ("one line ends with `x`") is the article; a number of the texts a check names ("the three lines `a`, `b` and `c`", "the two placeholders") is theirs.
  const kept = ({ n, counted }: { n: number; counted: boolean }) => texts.some((text) => holdsNumber(text, n) || textsNamed(text) === n || (counted && n === 1));
  return saidNumbers(tokens).filter((said) => !kept(said)).map(({ text }) => text);
}
