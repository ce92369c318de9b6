// "the report records that the timeout of 5m was not reached", "the report says the 5-minute timeout was never hit",
// "the error notes its timeout as not reached": what the report says of a timeout that did not end the command.
// The executor says it in one place only: the `Timeout: 5m (not reached)` line of a command ended otherwise (at its
// memory limit). Read as the negation of a timeout the report names, these sentences failed where true: the line
// names the timeout. A timeout not reached, said without the report ("the timeout was not reached"), is the
// outcome's fact, read elsewhere.
import { compactDuration, readDuration } from './quantities.js';
import { showDuration } from './lexicon.js';
import type { Check } from './then.js';

const SUBJECT = String.raw`(?:the|its|their|each|that)\s+(?:(?:error|failure|run(?:'s)?|command(?:'s)?)\s+)?(?:report|summary|message|output)`;
const SAYS = String.raw`(?:records?|says?|shows?|notes?|states?|mentions?|reports?|indicates?|confirms?|makes\s+clear|tells(?:\s+us)?)`;
const DURATION = String.raw`(\`[^\`]+\`|\d+(?:\.\d+)?(?:\s*|-)[a-z]+)`;
const TIMEOUT = String.raw`(?:the|its|a)\s+(?:${DURATION}\s+)?timeout(?:\s*\(\s*${DURATION}\s*\)|\s+of\s+${DURATION})?`;
const NOT_REACHED = String.raw`(?:(?:was|is|had\s+been|has\s+been)\s+(?:not|never)|wasn't|isn't|hasn't\s+been|hadn't\s+been)\s+(?:reached|hit|exceeded|triggered)|(?:did\s+not|didn't|never)\s+(?:fire|expire|trigger|elapse|kick\s+in|get\s+hit)|never\s+(?:fired|expired|triggered|elapsed|kicked\s+in)`;
const AS_NOT_REACHED = String.raw`as\s+(?:not|never)\s+(?:reached|hit|exceeded|triggered)|as\s+unreached`;

/** The clause ends the sentence, or a comma or "and" opens another one ("…, and the exit code is 137"), read on its own. */
const THEN_REST = String.raw`(?:\s*\.?$|\s*(?:,|;)\s*(?:and\s+)?(.+)$|\s+and\s+(.+)$)`;
const SAID = new RegExp(String.raw`^${SUBJECT}\s+${SAYS}\s+(?:that\s+)?${TIMEOUT}\s+(?:${NOT_REACHED})${THEN_REST}`, 'i');
const SAID_AS = new RegExp(String.raw`^${SUBJECT}\s+${SAYS}\s+${TIMEOUT}\s+(?:${AS_NOT_REACHED})${THEN_REST}`, 'i');
/** Said otherwise ("the report says the timeout of later was not reached"): never the denial of a timeout named, which failed where true. */
const SAID_OTHERWISE = new RegExp(String.raw`\b${SAYS}\b.*\btimeout\b.*?((?:${NOT_REACHED})|(?:${AS_NOT_REACHED}))`, 'i');

/** A duration as the sentence wrote it ("5m", "`5m`", "5 minutes", "5-minute"), in ms; null where it is none. */
function durationMs(text: string): number | null {
  const bare = text.replace(/`/g, '').trim();
  const compact = compactDuration(bare.replace(/\s+/g, ''));
  if (compact !== null) return compact;
  const words = bare.replace(/-/g, ' ').split(/\s+/);
  const read = readDuration(words, 0);
  return read !== null && read.used === words.length ? read.ms : null;
}

/**
 * The check SENTENCE says, where it says the report records a timeout not reached (with the clause after it, to be read
 * on its own); the words not read where it says so in words no reading has; null where it says nothing of it.
 */
export function timeoutNotReachedSaid(sentence: string): { check: Check; rest?: string } | { unread: string } | null {
  const m = SAID.exec(sentence.trim()) ?? SAID_AS.exec(sentence.trim());
  if (!m) {
    const otherwise = SAID_OTHERWISE.exec(sentence);
    return otherwise ? { unread: otherwise[1] } : null;
  }
  const said = m.slice(1, 4).find((g) => g !== undefined);
  const rest = m[4] ?? m[5];
  const ms = said === undefined ? undefined : durationMs(said);
  if (ms === null) return { unread: said! };
  const check: Check = {
    text: `a command's report has the line "Timeout: … (not reached)"${ms === undefined ? '' : `, its timeout ${showDuration(ms)} as configured`}`,
    evaluate: (o) => {
      const reporting = o.record.commands.filter((c) => c.report.split('\n').some((l) => /^Timeout: .* \(not reached\)$/.test(l)));
      const ok = reporting.length > 0 && (ms === undefined || reporting.some((c) => o.documented[c.index]?.ms === ms));
      const actual = reporting.length === 0 ? 'no report has a "Timeout: … (not reached)" line' : reporting.map((c) => `${c.report.split('\n').find((l) => l.startsWith('Timeout: '))} (configured ${o.documented[c.index]?.ms ?? 'none'} ms)`).join('; ');
      return { ok, actual };
    },
  };
  return { check, rest };
}
