// How writers bound a time beside the claim itself, read as one class each, in whatever words they choose:
// - a measurement they saw, in parentheses ("(measured: 2.021 s to 2.130 s)", "(we saw 1.079s)", "(the report
//   showed Duration: 3.061s)"): one run on their machine, not what the sentence claims; left aside, and said so;
// - the time as arithmetic of the configuration ("about 4 seconds: the 2s timeout plus the 2s grace period",
//   "(one second of limit plus two of grace)"): the sum is checked against the configuration of the command stopped
//   at its timeout, and against the time said (equal to it, or inside the range said);
// - "within a few seconds": a documented bound, at most FEW_SECONDS_MS;
// - a second bound after the first ("around 2 seconds, well under 10 seconds"): the same subject, bound twice;
// - a verb that gives a time its value ("the Duration: line states at least 3 s", "the duration lies between …").
import { GRACE_MS } from '../../../executor/result.js';
import { showDuration } from './lexicon.js';
import { readDuration, readNumber, unitMs } from './quantities.js';
import type { Check } from './then.js';

/** "a few seconds", as a bound of a time ("within a few seconds"): at most this long. */
export const FEW_SECONDS_MS = 5000;

/** A duration as a phrase writes it: figures or number words, and a unit ("2 s", "2s", "two seconds", "2-second", "one-second"). */
const NUMBER = String.raw`(?:\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)?)`;
const UNIT = String.raw`(?:ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?)`;
const DURATION = String.raw`${NUMBER}(?:\s*|-)${UNIT}`;

/** The time a phrase of DURATION says, in ms; null where its words are no duration. */
function durationOf(text: string): number | null {
  const words = text.toLowerCase().replace(/(\d)([a-z])/g, '$1 $2').split(/[\s-]+/).filter(Boolean);
  const read = readDuration(words, 0);
  return read !== null && read.used === words.length ? read.ms : null;
}

/** A number with no unit ("two" of "two of grace"), in UNIT_MS; null where it is none. */
function bareOf(text: string, unitMsOf: number): number | null {
  const words = text.toLowerCase().split(/[\s-]+/);
  const read = readNumber(words, 0);
  return read !== null && read.used === words.length ? read.n * unitMsOf : null;
}

// ---- measurements the writer saw -------------------------------------------------------------------------------

/** The words that open a measurement of the writer's run: "measured:", "we saw", "observed", "the report showed". */
const SEEN = String.raw`(?:measured|as\s+measured|we\s+(?:saw|measured|got|observed)|observed|seen|in\s+our\s+runs?|(?:the\s+report\s+)?showed|typically|last\s+run)`;
/** What such a measurement holds: times alone (and the report's label of them), joined by "to", "and", commas. */
const SEEN_TIMES = String.raw`(?:(?:\`?Duration:?\`?\s*)?(?:~|≈|about\s+)?\d+(?:\.\d+)?\s*(?:ms|s|sec|secs|seconds?)?\`?(?:\s*(?:,|to|and|–|-|or)\s*)?)+`;
const MEASUREMENT = new RegExp(String.raw`\s*\(\s*${SEEN}\s*:?\s*(${SEEN_TIMES})\s*\)`, 'gi');
/**
 * The same remark as the last part of a parenthesis that says something else first ("(1s timeout + 2s grace; seen
 * 3.006s-3.020s)", "(…, here 3.01s)"): the remark goes, the parenthesis stays with what else it says. ("e.g." is no
 * such opening: the executor's own messages give their examples so, "(e.g. '300s')".)
 */
const SEEN_TAIL_WORDS = String.raw`(?:${SEEN}|here|on\s+(?:my|our)\s+(?:machine|box|laptop|board|bench|runner))`;
const MEASUREMENT_TAIL = new RegExp(String.raw`\s*[;,]\s*${SEEN_TAIL_WORDS}\s*:?\s*(${SEEN_TIMES})\s*(?:here\s*)?(?=\))`, 'gi');

// ---- the time as the timeout plus the grace period --------------------------------------------------------------

const TIMEOUT_WORD = String.raw`(?:time-?out|time\s+limit|limit|deadline|budget|walltime|wall-clock\s+limit)`;
const GRACE_WORD = String.raw`(?:grace(?:\s+period|\s+time)?|kill\s+grace)`;
/** One term of the sum: "the 2-second timeout", "2s timeout", "the timeout", "one second of timeout", "two of grace". */
const term = (word: string) => String.raw`(?:(?:the|its|a)\s+)?(?:(${DURATION})\s+)?${word}|(${DURATION}|${NUMBER})\s+of\s+(?:the\s+)?${word}`;
/** Where the sum stands beside the time: after a colon, a comma, a dash, in parentheses, or "that is". */
const APPOSED = String.raw`(?:\s*[:,;]\s*|\s*[—–]\s*|\s+-\s+|\s*\(\s*)(?:(?:that\s+is|i\.e\.|which\s+is|namely)\s*,?\s*)?`;
const SUM = new RegExp(String.raw`${APPOSED}(?:${term(TIMEOUT_WORD)})\s+(?:plus|\+)\s+(?:${term(GRACE_WORD)})(?:\s*\)|\s*[—–](?=\s)|(?=\s*(?:[,;.]|\s+and\b|$)))`, 'i');

/** The time said right before the sum: the duration its text ends with, or the range it ends with. */
function timeBefore(text: string): { low: number; high: number } | null {
  const t = text.trim();
  const range = new RegExp(String.raw`(?:between|from)\s+(${NUMBER}(?:[\s-]*${UNIT})?)\s+(?:and|to)\s+(${DURATION})$`, 'i').exec(t)
    ?? new RegExp(String.raw`(?:at\s+least|no\s+less\s+than|not\s+less\s+than)\s+(${DURATION})\s*,?\s*(?:and|but)?\s*(?:less\s+than|under|below|at\s+most|no\s+more\s+than|not\s+more\s+than)\s+(${DURATION})$`, 'i').exec(t)
    ?? /\bat least (\d+(?:\.\d+)?) ms at most (\d+(?:\.\d+)?) ms$/i.exec(t);
  if (range) {
    const high = durationOf(range[2]) ?? (/ms$/.test(range[0]) ? Number(range[2]) : null);
    if (high === null) return null;
    const low = durationOf(range[1]) ?? (/ms$/.test(range[0]) ? Number(range[1]) : (bareOf(range[1], unitMs(range[2].toLowerCase().match(/[a-z]+$/)?.[0]) ?? NaN)));
    return low === null || Number.isNaN(low) ? null : { low, high };
  }
  const last = new RegExp(String.raw`(${DURATION})$`, 'i').exec(t);
  const ms = last ? durationOf(last[1]) : null;
  return ms === null ? null : { low: ms, high: ms };
}

/** A term's time: its own duration, or a bare number in the unit of the other term ("one second of limit plus two of grace"). */
function termMs(written: string | undefined, otherUnitMs: number | null): number | null | undefined {
  if (written === undefined) return undefined;
  return durationOf(written) ?? (otherUnitMs === null ? null : bareOf(written, otherUnitMs));
}

/** The unit a term is written in ("2s", "one-second"), in ms; null where it has none ("two"). */
const unitOf = (written: string | undefined) => unitMs(written?.toLowerCase().match(/([a-z]+)$/)?.[1]);

/** The check that a command stopped at its timeout has TIMEOUT + GRACE (each as said where said) within the time said. */
function sumCheck(said: { low: number; high: number }, timeoutMs: number | undefined, graceMs: number | undefined, words: string): Check {
  const stated = (ms: number | undefined, name: string) => (ms === undefined ? name : `${name} ${showDuration(ms)}`);
  const time = said.low === said.high ? `= ${showDuration(said.low)}` : `within ${showDuration(said.low)} – ${showDuration(said.high)}`;
  return {
    text: `a command stopped at its timeout has ${stated(timeoutMs, 'timeout')} + ${stated(graceMs, 'grace period')} ${time}, the time said ("${words}")`,
    evaluate: (o) => {
      const sums = o.record.commands.flatMap((c, i) => {
        const timeout = o.documented[i]?.ms;
        if (c.outcome !== 'timeout' || timeout === null || timeout === undefined) return [];
        return [{ timeout, grace: c.graceMs ?? GRACE_MS }];
      });
      const ok = sums.some((s) => (timeoutMs === undefined || s.timeout === timeoutMs) && (graceMs === undefined || s.grace === graceMs) && s.timeout + s.grace >= said.low && s.timeout + s.grace <= said.high);
      const actual = sums.length === 0 ? 'no command was stopped at its timeout' : sums.map((s) => `timeout ${showDuration(s.timeout)} + grace ${showDuration(s.grace)} = ${showDuration(s.timeout + s.grace)}`).join('; ');
      return { ok, actual };
    },
  };
}

// ---- a second bound of the same time ------------------------------------------------------------------------------

/** The words of a first bound of a time, which end the subject of a clause ("the duration is [about] …", "stopped [after roughly] …"). */
const FIRST_BOUND = String.raw`(?:(?:after|in|within|at)\s+)?(?:about|around|roughly|approximately|close\s+to|nearly|just\s+over|just\s+under|a\s+little\s+over|slightly\s+over|at\s+least|no\s+less\s+than|at\s+most|under|less\s+than|within|after)\s+`;
/** A second bound, clearly under a time: "well under 10 seconds", "far short of ten seconds", "long before 30 s". */
const CLEAR_BOUND = String.raw`(?:well|far|much|long|comfortably)\s+(?:under|below|before|short\s+of|less\s+than|within)\s+${DURATION}`;
const SECOND_BOUND = new RegExp(String.raw`^(.*?\S)\s+(${FIRST_BOUND}${DURATION})\s*(?:,|\(|—|–)\s*(${CLEAR_BOUND})\s*\)?\s*([.]?)$`, 'i');

// ---- verbs that give a time its value -------------------------------------------------------------------------------

const TIME_SUBJECT = String.raw`((?:the\s+|its\s+)?(?:report's\s+|reported\s+)?(?:\`Duration:?\`|Duration:?|duration)(?:\s+line)?)`;
const GIVES = String.raw`(?:lies|stays|remains|states|reads|gives|sits|lands|falls|comes\s+(?:out|in)|recorded\s+is|is\s+recorded\s+as)`;
const TIME_VALUE = new RegExp(String.raw`(?<!\w)${TIME_SUBJECT}\s+${GIVES}\s+(?=(?:at\s+least|at\s+most|no\s+less\s+than|no\s+more\s+than|between|about|around|roughly|under|below|less\s+than|within|close\s+to)\b)`, 'gi');

export interface TimeClaim {
  /** The sentences to read in its place (the claim without the words this class accounts for; a second bound, its own). */
  sentences: string[];
  /** Checks the class adds (a sum against the configuration). */
  checks: Check[];
  /** What the class read, for the reading's rules. */
  notes: string[];
  /** What the reading must show beside its checks: what was left aside, or the bound a word of no number was read as. */
  shown: string[];
}

/** SENTENCE with what this module reads taken out, and what it adds; null where it says none of it. */
export function timeClaimSaid(sentence: string): TimeClaim | null {
  let text = sentence;
  const notes: string[] = [];
  const checks: Check[] = [];
  const shown: string[] = [];
  for (const remark of [MEASUREMENT, MEASUREMENT_TAIL]) {
    text = text.replace(remark, (whole) => {
      shown.push(`the writer's own measurement ${remark === MEASUREMENT_TAIL ? `(${whole.trim().replace(/^[;,]\s*/, '')})` : whole.trim()} not checked: one run seen, not a claim`);
      return '';
    });
  }
  text = text.replace(/\b(within|in|under|inside)\s+a\s+few\s+(seconds|secs)\b/gi, (_w, within: string) => {
    shown.push(`"a few seconds" read as at most ${showDuration(FEW_SECONDS_MS)}`);
    return `${within} ${FEW_SECONDS_MS / 1000} seconds`;
  });
  text = text.replace(TIME_VALUE, (_w, subject: string) => {
    notes.push('a verb giving a time its value, read as "is"');
    // The report's label names its line; a duration said otherwise stays as written.
    return /duration:/i.test(subject) ? "the report's `Duration:` line is " : `${subject.replace(/\s+line$/i, '')} is `;
  });
  const sum = SUM.exec(text);
  // A sum said of no time right before it ("ends about four seconds after it started: its timeout plus …") is the stop rules'.
  const said = sum ? timeBefore(text.slice(0, sum.index)) : null;
  const [timeoutWritten, graceWritten] = sum ? [sum[1] ?? sum[2], sum[3] ?? sum[4]] : [];
  const timeoutMs = termMs(timeoutWritten, unitOf(graceWritten));
  const graceMs = termMs(graceWritten, unitOf(timeoutWritten));
  // Read here where both terms have lengths that add up to the time said, or neither has one (the configuration's); a sum
  // with one length only, or one that adds up to another time, is left to the rules of the stop, which read it apart.
  const bothOrNeither = (timeoutMs === undefined) === (graceMs === undefined) && timeoutMs !== null && graceMs !== null;
  const addsUp = timeoutMs == null || graceMs == null || (said !== null && timeoutMs + graceMs >= said.low && timeoutMs + graceMs <= said.high);
  if (sum && said !== null && bothOrNeither && addsUp) {
    checks.push(sumCheck(said, timeoutMs ?? undefined, graceMs ?? undefined, sum[0].trim().replace(/^[:,;(—–-]\s*|\s*[)—–]$/g, '')));
    // Dashes around the sum part it from what follows as a comma would.
    const after = text.slice(sum.index + sum[0].length);
    text = `${text.slice(0, sum.index)}${/[—–]\s*$/.test(sum[0]) && after.trim() !== '' ? ',' : ''}${after}`;
  }
  const second = SECOND_BOUND.exec(text);
  const sentences = [text];
  if (second) {
    const [, subject, first, bound, stop] = second;
    sentences.splice(0, 1, `${subject} ${first}${stop}`, `${subject} ${bound}${stop}`);
    notes.push(`a second bound of the same time ("${bound}"), read of the same subject`);
  }
  return notes.length === 0 && checks.length === 0 && shown.length === 0 ? null : { sentences, checks, notes: [...notes, ...shown], shown };
}
