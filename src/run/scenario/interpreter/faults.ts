// What is wrong with a configuration value, as a reason for refusing it: the lexicon's
// concept for each fault, and how the executor's error says it. A sentence says the
// fault in its own words ("because only a single unit is allowed", "as a bare number",
// "the unit is unknown"); the error is matched by the executor's own wording of it
// (src/executor/duration.ts), never by the sentence's.

export interface Fault {
  /** The fault as the reading says it. */
  text: string;
  /** The executor's error message for it. */
  pattern: RegExp;
}

/** Faults of any value. */
export const VALUE_FAULTS: Record<string, Fault> = {
  NEGATIVE: { text: 'negative', pattern: /negative/i },
  NOT_NUMBER: { text: 'not a whole number', pattern: /number|integer|numeric/i },
  TOO_LARGE: { text: 'out of range', pattern: /range|large|maximum|at most|too/i },
  RELATIVE: { text: 'relative (not absolute)', pattern: /relative|absolute/i },
  UNKNOWN: { text: 'unknown', pattern: /unknown/i },
};

/**
 * Faults of a duration as written ("2h30m", 300, "0s", "5 m", "5x", "5"): each the one
 * reason the executor gives for it. "A number without a unit" is one fault whether the
 * YAML wrote a number (300: "must be a string with a unit") or a string ("5": "the unit
 * is missing"): a reader says both the same way.
 */
export const DURATION_FAULTS: Record<string, Fault> = {
  SEVERAL_UNITS: { text: 'written with several units (only a single unit is allowed)', pattern: /only a single unit is allowed/ },
  NO_UNIT: { text: 'a number without a unit', pattern: /must be a string with a unit|the unit is missing/ },
  ZERO: { text: 'zero (the number must be positive)', pattern: /must be positive \(> 0\), not zero/ },
  NOT_POSITIVE: { text: 'not positive (zero or negative)', pattern: /the number must be positive/ },
  SPACES: { text: 'written with a space between the number and its unit', pattern: /no spaces are allowed (?:between the number and its unit|before or after the value)/ },
  UNKNOWN_UNIT: { text: 'of an unknown unit', pattern: /unknown unit '/ },
};

/** Every fault a sentence may give as the reason a value is refused. */
export const FAULTS: Record<string, Fault> = { ...VALUE_FAULTS, ...DURATION_FAULTS };
