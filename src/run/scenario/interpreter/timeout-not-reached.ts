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

const SAID = new RegExp(String.raw`^${SUBJECT}\s+${SAYS}\s+(?:that\s+)?${TIMEOUT}\s+(?:${NOT_REACHED})\s*\.?$`, 'i');
const SAID_AS = new RegExp(String.raw`^${SUBJECT}\s+${SAYS}\s+${TIMEOUT}\s+(?:${AS_NOT_REACHED})\s*\.?$`, 'i');

/** A duration as the sentence wrote it ("5m", "`5m`", "5 minutes", "5-minute"), in ms; null where it is none. */
function durationMs(text: string): number | null {
  const bare = text.replace(/`/g, '').trim();
  const compact = compactDuration(bare.replace(/\s+/g, ''));
  if (compact !== null) return compact;
  const words = bare.replace(/-/g, ' ').split(/\s+/);
  const read = readDuration(words, 0);
  return read !== null && read.used === words.length ? read.ms : null;
}

/** The check SENTENCE says, where it says the report records a timeout not reached; null where it says anything else. */
export function timeoutNotReachedSaid(sentence: string): Check | { unreadDuration: string } | null {
  const m = SAID.exec(sentence.trim()) ?? SAID_AS.exec(sentence.trim());
  if (!m) return null;
  const said = m.slice(1).find((g) => g !== undefined);
  const ms = said === undefined ? undefined : durationMs(said);
  if (ms === null) return { unreadDuration: said! };
  return {
    text: `a command's report has the line "Timeout: … (not reached)"${ms === undefined ? '' : `, its timeout ${showDuration(ms)} as configured`}`,
    evaluate: (o) => {
      const reporting = o.record.commands.filter((c) => c.report.split('\n').some((l) => /^Timeout: .* \(not reached\)$/.test(l)));
      const ok = reporting.length > 0 && (ms === undefined || reporting.some((c) => o.documented[c.index]?.ms === ms));
      const actual = reporting.length === 0 ? 'no report has a "Timeout: … (not reached)" line' : reporting.map((c) => `${c.report.split('\n').find((l) => l.startsWith('Timeout: '))} (configured ${o.documented[c.index]?.ms ?? 'none'} ms)`).join('; ');
      return { ok, actual };
    },
  };
}
