// How far one written word is from another: "did you mean" for names, keys and values.

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** A key as its words, without case, separators or a plural ending: `Timing_Sensitive` and `timingSensitive`, `retry` and `retries` meet. */
export const keyWords = (key: string): string => key.toLowerCase().replace(/[-_\s]/g, '').replace(/ies$/, 'y').replace(/s$/, '');

/** The word of KNOWN that WRITTEN is a slip of (case, separators or number aside; a third of its letters at most), or null. */
export function meantWord(written: string, known: readonly string[]): string | null {
  const sameWords = known.find((word) => keyWords(word) === keyWords(written));
  if (sameWords !== undefined) return sameWords;
  const scored = known.map((word) => ({ word, distance: editDistance(written.toLowerCase(), word.toLowerCase()) }));
  const best = scored.sort((a, b) => a.distance - b.distance)[0];
  return best && best.distance <= Math.max(1, Math.floor(best.word.length / 3)) ? best.word : null;
}

/**
 * A fence's language as a reader sees it: compatibility forms (fullwidth `ｌｉｓｐ`, mathematical `𝐥𝐢𝐬𝐩`) as the letters
 * they show (NFKC), lower-cased. A language whose seen form is one a family runs, itself not, is a look-alike: written
 * so, it would not run, in silence, while it reads as the language that would.
 */
export const seenLanguage = (lang: string): string => lang.normalize('NFKC').toLowerCase();
