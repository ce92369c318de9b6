// Durations, the one parser of them: a positive integer and exactly one unit (s, m
// or h). The stop-hook configuration writes them as strings ("30s"; YAML null means
// "no limit" and is the caller's); the command line also accepts a bare number of
// seconds (--timeout 90); scenario steps name units in words ("5 minutes").

export const VALID_DURATIONS = "Valid: '30s', '5m', '2h', null";

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/**
 * The longest duration: Node's timers take at most 2^31 - 1 ms, and a longer one fires at
 * once (a 600h timeout stopped its command after 1 ms, as a timeout).
 */
export const LONGEST_DURATION_MS = 2 ** 31 - 1;
type Unit = keyof typeof UNIT_MS;

const UNIT_WORDS: Record<string, Unit> = { second: 's', minute: 'm', hour: 'h' };

/** Milliseconds in a unit written as a letter or a word: "s", "minute", "Hours". */
export function unitMs(word: string): number {
  const lower = word.toLowerCase();
  const singular = lower.replace(/s$/, '');
  const unit = Object.hasOwn(UNIT_MS, lower) ? (lower as Unit) : Object.hasOwn(UNIT_WORDS, singular) ? UNIT_WORDS[singular] : undefined;
  if (unit === undefined) throw new RangeError(`unknown unit of time '${word}'`);
  return UNIT_MS[unit];
}

export type DurationParse = { ok: true; ms: number; text: string } | { ok: false; reason: string };

export interface DurationOptions {
  /** The unit of a bare number ("90"); without it a bare number is rejected. */
  unitless?: Unit;
}

/** Parses "30s", "5m", "2h". Anything else is rejected with the reason. */
export function parseDuration(value: unknown, options: DurationOptions = {}): DurationParse {
  if (typeof value === 'number') {
    // The example offered must itself be accepted: a number that is no positive whole one gets '30s'.
    const example = Number.isSafeInteger(value) && value > 0 ? `${value}s` : '30s';
    return { ok: false, reason: `must be a string with a unit (e.g. '${example}'), not the number ${value}` };
  }
  if (typeof value !== 'string') return { ok: false, reason: `must be a string like '30s', not ${describe(value)}` };
  const m = /^(-?\d+)([a-zA-Z]*)$/.exec(value);
  if (!m) {
    if (/^\d+[smh](\d+[smh])+$/.test(value)) return { ok: false, reason: 'only a single unit is allowed (not several like "2h30m")' };
    if (/\s/.test(value.trim())) return { ok: false, reason: 'no spaces are allowed between the number and its unit' };
    // " 30s" or "30s ": the space is around the value, and saying "between" pointed at nothing there.
    if (/\s/.test(value)) return { ok: false, reason: `no spaces are allowed before or after the value (write '${value.trim()}')` };
    return { ok: false, reason: 'must be a positive integer followed by one unit: s, m or h' };
  }
  const [, digits, written] = m;
  // A zero or a negative number is refused for what it is, whatever its unit: adding one would not help.
  if (Number(digits) <= 0) return { ok: false, reason: Number(digits) === 0 ? 'the number must be positive (> 0), not zero' : 'the number must be positive, not negative' };
  const unit = written === '' ? options.unitless : written;
  if (unit === undefined) return { ok: false, reason: 'the unit is missing: add s, m or h' };
  if (!Object.hasOwn(UNIT_MS, unit)) return { ok: false, reason: `unknown unit '${unit}': use s, m or h` };
  const n = Number(digits);
  if (n < 0 || digits.startsWith('-')) return { ok: false, reason: 'the number must be positive, not negative' };
  if (n === 0) return { ok: false, reason: 'the number must be positive (> 0), not zero' };
  if (!Number.isSafeInteger(n * UNIT_MS[unit as Unit])) return { ok: false, reason: 'the number is too large' };
  if (n * UNIT_MS[unit as Unit] > LONGEST_DURATION_MS) return { ok: false, reason: `is longer than the longest limit, ${LONGEST_DURATION_MS / 1000 | 0}s (596h, about 24.8 days)` };
  return { ok: true, ms: n * UNIT_MS[unit as Unit], text: value };
}

/** The written form of a whole number of seconds, in the largest unit that divides it: 300000 -> "5m". */
export function formatDuration(ms: number): string {
  if (ms % UNIT_MS.h === 0) return `${ms / UNIT_MS.h}h`;
  if (ms % UNIT_MS.m === 0) return `${ms / UNIT_MS.m}m`;
  if (ms % UNIT_MS.s === 0) return `${ms / UNIT_MS.s}s`;
  throw new RangeError(`${ms} ms is not a whole number of seconds`);
}

/** A measured time as the timeout report shows it: "5m 0.234s", "1.012s", "1h 0m 3.000s". */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / UNIT_MS.h);
  const m = Math.floor((total % UNIT_MS.h) / UNIT_MS.m);
  const s = ((total % UNIT_MS.m) / 1000).toFixed(3);
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}
