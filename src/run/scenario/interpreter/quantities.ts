// Numbers and durations as people write them in prose, read from the lowercase words of
// a sentence: "2h30m", "1m30s", "1.5s", "500 ms", "90 seconds", "two seconds",
// "twenty-five seconds", "half a second", "one and a half seconds", "an hour and a
// half", "1 minute 30 seconds", "a couple of seconds", "five hundred", "1,500".

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const MULTIPLIERS: Record<string, number> = { hundred: 100, thousand: 1000 };
/** Words that are a number by themselves, but not where a number word would read as a pronoun or an article. */
const WORDS_OF_ONE_KIND: Record<string, number> = { single: 1, dozen: 12, couple: 2, half: 0.5 };

/** A unit of time, written as a word or a letter, in milliseconds; longest spellings are the same unit. */
const TIME_UNITS: [RegExp, number][] = [
  [/^(ms|msec|msecs|millis|milliseconds?)$/, 1],
  [/^(s|sec|secs|seconds?)$/, 1000],
  [/^(m|min|mins|minutes?)$/, 60_000],
  [/^(h|hr|hrs|hours?)$/, 3_600_000],
];

/** Nouns after "a second" that make "second" an ordinal ("a second command"), not a unit. */
const COUNTED_AFTER_SECOND = /^(command|commands|one|stop|entry|item|line|time|signal|run|container|attempt|process|job|step|scenario|sigterm|sigkill)$/;

export function unitMs(word: string | undefined): number | null {
  if (word === undefined) return null;
  for (const [re, ms] of TIME_UNITS) if (re.test(word)) return ms;
  return null;
}

/** A whole number written in figures, with thousands separated or not ("1,500"), or a decimal ("1.5"). */
function figures(word: string | undefined): number | null {
  if (word === undefined) return null;
  if (/^-?\d+(\.\d+)?$/.test(word)) return Number(word);
  if (/^\d{1,3}(,\d{3})+$/.test(word)) return Number(word.replace(/,/g, ''));
  return null;
}

/** "twenty", "twenty five", "twenty-five", "five": a number below a hundred in words. */
function belowHundred(words: readonly string[], i: number): { n: number; used: number } | null {
  const w = words[i];
  if (w === undefined) return null;
  const hyphen = /^([a-z]+)-([a-z]+)$/.exec(w);
  if (hyphen && Object.hasOwn(TENS, hyphen[1]) && Object.hasOwn(UNITS, hyphen[2]) && UNITS[hyphen[2]] < 10) return { n: TENS[hyphen[1]] + UNITS[hyphen[2]], used: 1 };
  if (Object.hasOwn(TENS, w)) {
    const next = words[i + 1];
    if (next !== undefined && Object.hasOwn(UNITS, next) && UNITS[next] > 0 && UNITS[next] < 10) return { n: TENS[w] + UNITS[next], used: 2 };
    return { n: TENS[w], used: 1 };
  }
  if (Object.hasOwn(UNITS, w)) return { n: UNITS[w], used: 1 };
  return null;
}

/**
 * The number written at WORDS[i]: figures, number words (with "hundred" and "thousand"),
 * "a couple of", "a dozen", "a hundred"; null for anything else, the bare article "a"
 * included (it is one only before a unit: see `readDuration`).
 */
export function readNumber(words: readonly string[], i: number): { n: number; used: number } | null {
  const w = words[i];
  const inFigures = figures(w);
  if (inFigures !== null) return { n: inFigures, used: 1 };
  if (w === 'a' || w === 'an') {
    const next = words[i + 1];
    if (next === 'couple' && words[i + 2] === 'of') return { n: 2, used: 3 };
    if (next === 'dozen' || next === 'single') return { n: WORDS_OF_ONE_KIND[next], used: 2 };
    if (next !== undefined && Object.hasOwn(MULTIPLIERS, next)) return { n: MULTIPLIERS[next], used: 2 };
    return null;
  }
  if (w !== undefined && Object.hasOwn(WORDS_OF_ONE_KIND, w) && w !== 'half') return { n: WORDS_OF_ONE_KIND[w], used: 1 };
  const small = belowHundred(words, i);
  if (!small) return null;
  let { n, used } = small;
  // "five hundred", "two thousand", "two thousand five hundred and twenty"
  for (;;) {
    const multiplier = words[i + used];
    if (multiplier === undefined || !Object.hasOwn(MULTIPLIERS, multiplier) || n === 0) break;
    n *= MULTIPLIERS[multiplier];
    used += 1;
    const and = words[i + used] === 'and' ? 1 : 0;
    const more = belowHundred(words, i + used + and);
    if (!more) break;
    n += more.n;
    used += and + more.used;
  }
  return { n, used };
}

/** "2h30m", "1m30s", "1.5s", "500ms" as one word: parts of decreasing units. */
function compact(word: string | undefined): { ms: number; smallest: number } | null {
  if (word === undefined || !/^(\d+(\.\d+)?[a-z]+)+$/.test(word)) return null;
  let ms = 0;
  let previous = Infinity;
  for (const [, n, , unit] of word.matchAll(/(\d+(\.\d+)?)([a-z]+)/g)) {
    const size = /^(ms|s|sec|secs|m|min|mins|h|hr|hrs)$/.test(unit) ? unitMs(unit) : null;
    if (size === null || size >= previous) return null;
    ms += Number(n) * size;
    previous = size;
  }
  return { ms, smallest: previous };
}

/** A part of a duration: one number and its unit, "and a half" before or after the unit. */
function part(words: readonly string[], i: number): { ms: number; used: number; unit: number; whole: boolean } | null {
  const packed = compact(words[i]);
  if (packed) return { ms: packed.ms, used: 1, unit: packed.smallest, whole: Number.isInteger(packed.ms / packed.smallest) };
  const w = words[i];
  // "half a second", "half an hour"
  if (w === 'half' && (words[i + 1] === 'a' || words[i + 1] === 'an')) {
    const unit = unitMs(words[i + 2]);
    return unit === null ? null : { ms: unit / 2, used: 3, unit, whole: false };
  }
  // "a quarter of an hour", "three quarters of a minute"
  const quarters = w === 'a' || w === 'an' || w === 'one' ? (words[i + 1] === 'quarter' ? { n: 1, at: i + 2 } : null) : w === 'three' && words[i + 1] === 'quarters' ? { n: 3, at: i + 2 } : null;
  if (quarters && words[quarters.at] === 'of' && (words[quarters.at + 1] === 'a' || words[quarters.at + 1] === 'an')) {
    const unit = unitMs(words[quarters.at + 2]);
    return unit === null ? null : { ms: (unit * quarters.n) / 4, used: quarters.at + 3 - i, unit, whole: false };
  }
  // The article is one of a unit that follows at once: "a second", "an hour and a half" (but "a second command").
  const article = (w === 'a' || w === 'an') && unitMs(words[i + 1]) !== null && !(words[i + 1] === 'second' && COUNTED_AFTER_SECOND.test(words[i + 2] ?? ''));
  const number = article ? { n: 1, used: 1 } : readNumber(words, i);
  if (!number || number.n < 0) return null;
  let at = i + number.used;
  const halfBefore = words[at] === 'and' && words[at + 1] === 'a' && words[at + 2] === 'half' ? 3 : 0;
  at += halfBefore;
  const unit = unitMs(words[at]);
  if (unit === null) return null;
  // A letter for a unit is one only after figures ("2 s", not "two s").
  if (/^[smh]$/.test(words[at]) && figures(words[i]) === null) return null;
  at += 1;
  const halfAfter = !halfBefore && words[at] === 'and' && words[at + 1] === 'a' && words[at + 2] === 'half' ? 3 : 0;
  const n = number.n + (halfBefore || halfAfter ? 0.5 : 0);
  return { ms: n * unit, used: at + halfAfter - i, unit, whole: Number.isInteger(n) };
}

/**
 * The duration written at WORDS[i], and how many words it takes: one part, or parts of
 * decreasing units ("1 minute 30 seconds", "1 minute and 30 seconds", "1h 30m"); null
 * when no duration starts there.
 */
export function readDuration(words: readonly string[], i: number): { ms: number; used: number } | null {
  const first = part(words, i);
  if (!first) return null;
  let { ms, used, unit, whole } = first;
  for (;;) {
    const and = words[i + used] === 'and' ? 1 : 0;
    const next = whole ? part(words, i + used + and) : null;
    if (!next || next.unit >= unit) break;
    ms += next.ms;
    used += and + next.used;
    unit = next.unit;
    whole = next.whole;
  }
  return { ms: Math.round(ms * 1000) / 1000, used };
}

/** A duration written as one word ("30s", "2h30m"), as in a YAML value or code marks. */
export function compactDuration(word: string): number | null {
  return compact(word.trim().toLowerCase())?.ms ?? null;
}

/** Words that say a time clearly under another ("well under ten"), after which a writer leaves the unit out. */
const CLEARLY_UNDER = /\b(?:well|far|much|comfortably)\s+(?:under|below|short of|less than|within|before)\s+$/i;

/**
 * "at least three seconds … and well under ten": a number after words that say a time clearly
 * under it, with no unit, in a sentence whose times are all of one unit, is of that unit. A number
 * followed by a noun of its own ("well under ten lines") is left as it is.
 */
export function elidedTimeUnits(sentence: string): string {
  const units = [...sentence.matchAll(/\b(?:\d+(?:\.\d+)?|[a-z]+)[\s-]+(seconds?|minutes?|hours?|milliseconds?)\b/gi)].map((m) => m[1].toLowerCase().replace(/s$/, ''));
  if (units.length === 0 || new Set(units).size !== 1) return sentence;
  const unit = `${units[0]}s`;
  return sentence.replace(/(?<![\d.])\b(\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)?)(?=\s*(?:[,;:)]|\.(?!\d)|\band\b|$))/gi, (number: string, _n: string, at: number) => {
    const words = number.toLowerCase().split('-');
    const read = readNumber(words, 0);
    return read && read.used === words.length && CLEARLY_UNDER.test(sentence.slice(0, at)) ? `${number} ${unit}` : number;
  });
}

/** A number as a range's end is written: figures or one word ("three"). */
const RANGE_END = String.raw`(\d+(?:\.\d+)?|[a-z]+)`;
const TIME_UNIT = String.raw`(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hours?)`;

/** Whether WORD is a number a range's end may be: figures, or a number word read whole. */
const isRangeEnd = (word: string) => {
  const read = readNumber([word.toLowerCase()], 0);
  return read !== null && read.used === 1;
};

/**
 * A time said as a range, "between 3 and 4 seconds", "3 to 4 seconds", "from 3 s to 4 s",
 * "3–4 seconds": at least the first and at most the second, each of the unit written (the
 * first takes the second's where it has none). Said as the two bounds the rules read. A
 * range whose first end is not below its second is left as written.
 */
export function durationRanges(sentence: string): string {
  const bounds = (whole: string, low: string, lowUnit: string | undefined, high: string, unit: string) => {
    if (!isRangeEnd(low) || !isRangeEnd(high)) return whole;
    const ms = (n: string, u: string) => (readNumber([n.toLowerCase()], 0)?.n ?? NaN) * (unitMs(u) ?? NaN);
    if (!(ms(low, lowUnit ?? unit) < ms(high, unit))) return whole;
    // No "and" between them: a conjunction would split the clause the range belongs to.
    return `at least ${low} ${lowUnit ?? unit} at most ${high} ${unit}`;
  };
  return sentence
    .replace(new RegExp(String.raw`\bbetween\s+${RANGE_END}(?:[\s-]*${TIME_UNIT})?\s+and\s+${RANGE_END}[\s-]*${TIME_UNIT}\b`, 'gi'), (whole, low: string, lowUnit: string | undefined, high: string, unit: string) => bounds(whole, low, lowUnit, high, unit))
    .replace(new RegExp(String.raw`(?<![\w.\`-])(?:from\s+)?${RANGE_END}(?:[\s-]*${TIME_UNIT})?\s*(?:\bto\b|–|-)\s*${RANGE_END}[\s-]*${TIME_UNIT}\b`, 'gi'), (whole, low: string, lowUnit: string | undefined, high: string, unit: string) => bounds(whole, low, lowUnit, high, unit));
}

/** A tolerance as written: "±", "+/-", "plus or minus", "give or take". */
const TOLERANCE = String.raw`(?:±|\+\/-|\+-|plus or minus|give or take)`;
/** A word of approximation before a time with a tolerance, which the tolerance says more exactly. */
const APPROXIMATELY = String.raw`(?:(?:≈|~|about|approximately|roughly|around|circa)\s*)?`;

/** The time a tolerance states ("0.5 s", "half a second", "0.5", in UNIT where it has none), in ms; null where it is not one. */
function toleranceMs(text: string, unit: string): number | null {
  const words = text.trim().toLowerCase().split(/\s+/);
  const duration = readDuration(words, 0);
  if (duration !== null) return duration.used === words.length ? duration.ms : null;
  const number = readNumber(words, 0);
  return number !== null && number.used === words.length ? number.n * (unitMs(unit) ?? NaN) : null;
}

/**
 * A time with a tolerance, "≈ 3 s (± 0.5 s)", "3 s ± 0.5 s", "about 3 s (give or take half a second)": at least
 * the time less the tolerance and at most the time plus it, said as the two bounds the rules read (as a range is,
 * see durationRanges); the tolerance takes the time's unit where it has none. One the time is not above is left as written.
 */
export function durationTolerances(sentence: string): string {
  const bounds = (whole: string, n: string, unit: string, tolerance: string) => {
    const ms = (readNumber([n.toLowerCase()], 0)?.n ?? NaN) * (unitMs(unit.toLowerCase()) ?? NaN);
    const slack = toleranceMs(tolerance, unit.toLowerCase());
    if (slack === null || !(slack > 0 && slack < ms)) return whole;
    return `at least ${ms - slack} ms at most ${ms + slack} ms`;
  };
  const time = String.raw`${APPROXIMATELY}${RANGE_END}[\s-]*${TIME_UNIT}`;
  // Quoted texts are the writer's words, never read so.
  const parts = sentence.split(/(`[^`]*`|“[^”]*”)/);
  if (parts.length > 1) return parts.map((part, i) => (i % 2 === 1 ? part : durationTolerances(part))).join('');
  return sentence
    .replace(new RegExp(String.raw`(?<![\w.])${time}\s*\(\s*${TOLERANCE}\s*([^()]+?)\s*\)`, 'gi'), (whole, n: string, unit: string, tolerance: string) => bounds(whole, n, unit, tolerance))
    .replace(new RegExp(String.raw`(?<![\w.])${time},?\s*${TOLERANCE}\s*((?:\d+(?:\.\d+)?|half a|a|an)(?:[\s-]*${TIME_UNIT})?)(?=$|[\s,.;:)])`, 'gi'), (whole, n: string, unit: string, tolerance: string) => bounds(whole, n, unit, tolerance));
}
